/*
 * The floor for `make bench`: the least a C ncurses program needs to show what vibes shows on its Feed
 * (tab bar, a boxed setup card, a heading and one screenful of feed rows, a footer), a three-row checklist
 * and a one-field form, answering Down/Up, Enter, Esc, printable keys and q like vibes does.
 *
 * Usage: floor ITEM_COUNT. Rows are generated on demand from their index with the same text the bench
 * writes into vibes' SQLite cache (see bench/run.py, fixture_item), so both draw the same characters.
 * Built by the bench itself: cc -O2 -o bench/out/floor bench/floor.c -lncursesw
 */
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <ncursesw/curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum page { FEED, CHECKLIST, FORM };

static long total;
static int selected = -1; /* -1: the card */
static long top;
static enum page page = FEED;
static int step;
static char field[128];
static int field_length;

static const char *sources[] = {"Pitchfork", "Ticketmaster", "Bandcamp", "Resident Advisor", "Spotify"};

static void item_text(long index, char *title, size_t title_size, char *meta, size_t meta_size) {
  /* newest first: index 0 is the highest id */
  long id = total - index;
  time_t published = 1735689600 + (time_t)id * 60; /* 2025-01-01 plus one minute per item */
  struct tm tm;
  gmtime_r(&published, &tm);
  snprintf(title, title_size, "Headline %ld: new music and concerts near you", id);
  snprintf(meta, meta_size, "%s · %02d/%02d/%04d", sources[id % 5], tm.tm_mon + 1, tm.tm_mday,
           tm.tm_year + 1900);
}

static int list_rows(void) { return LINES - 2 - 2 - 3 - 2; }

static void chrome(const char *footer) {
  attrset(A_BOLD);
  mvaddstr(0, 1, "vibes");
  attrset(A_REVERSE | A_BOLD);
  mvaddstr(0, 8, " 1 Feed ");
  attrset(A_DIM);
  addstr("  2 App Store Connect   3 Tracker ");
  move(1, 0);
  for (int column = 0; column < COLS; column++) addstr("─");
  mvaddstr(LINES - 1, 1, footer);
  attrset(A_NORMAL);
}

static void draw_row(int row, long index) {
  char title[160], meta[80];
  item_text(index, title, sizeof title, meta, sizeof meta);
  int is_selected = index == selected;
  attrset(is_selected ? (A_REVERSE | A_BOLD) : A_NORMAL);
  move(row, 1);
  for (int column = 1; column < COLS - 1; column++) addch(' ');
  mvaddstr(row, 1, is_selected ? "›" : " ");
  int meta_width = (int)strlen(meta) - 1; /* "·" is two bytes, one column */
  int title_width = COLS - 6 - meta_width;
  mvaddnstr(row, 3, title, title_width < 4 ? 4 : title_width);
  if (!is_selected) attrset(A_DIM);
  mvaddstr(row, COLS - 2 - meta_width, meta);
  attrset(A_NORMAL);
}

static void draw_feed(void) {
  erase();
  chrome("↑↓ move  Enter open  ? help  q quit");
  int focused = selected < 0;
  attrset(focused ? (A_BOLD | COLOR_PAIR(1)) : A_DIM);
  mvaddstr(2, 1, "┌");
  for (int column = 2; column < COLS - 2; column++) addstr("─");
  addstr("┐");
  mvaddstr(3, 1, "│");
  mvaddstr(3, COLS - 2, "│");
  mvaddstr(4, 1, "└");
  for (int column = 2; column < COLS - 2; column++) addstr("─");
  addstr("┘");
  attrset(focused ? (A_REVERSE | A_BOLD) : A_BOLD);
  move(3, 2);
  for (int column = 2; column < COLS - 2; column++) addch(focused ? ' ' : ' ');
  mvaddstr(3, 3, "Setup · 0/3 complete ›");
  if (focused) mvaddstr(3, COLS - 22, "Enter to set up  ○○○");
  attrset(A_BOLD);
  mvaddstr(6, 2, "Feed");
  attrset(A_DIM);
  if (total > 0) printw(" · %ld cached", total);
  else mvaddstr(7, 2, "Nothing in your feed yet. Finish the setup above to fill it with music and");
  attrset(A_NORMAL);
  for (int offset = 0; offset < list_rows() && top + offset < total; offset++) draw_row(7 + offset, top + offset);
}

static void draw_checklist(void) {
  /* vibes' boxed checklist: a red, bold box per step; the selected step's two inner rows in reverse. */
  static const char *names[] = {"Spotify", "Gemini API Key", "Ticketmaster"};
  static const char *subtitles[] = {"Connect your music library", "Enable AI features", "Discover concerts near you"};
  attr_t red = COLOR_PAIR(2) | A_BOLD;
  erase();
  chrome("↑↓ move · Enter open · Esc back · ? help");
  attrset(A_BOLD);
  mvaddstr(2, 2, "Setup checklist");
  attrset(A_DIM);
  addstr(" · 0 of 3 complete");
  for (int index = 0; index < 3; index++) {
    int top = 4 + index * 4, selected_row = index == step;
    attr_t base = selected_row ? (A_REVERSE | A_BOLD) : A_NORMAL;
    attrset(red);
    mvaddstr(top, 1, "╭");
    for (int column = 2; column < COLS - 2; column++) addstr("─");
    addstr("╮");
    mvaddstr(top + 3, 1, "╰");
    for (int column = 2; column < COLS - 2; column++) addstr("─");
    addstr("╯");
    for (int row = top + 1; row < top + 3; row++) {
      attrset(red);
      mvaddstr(row, 1, "│");
      mvaddstr(row, COLS - 2, "│");
      attrset(base);
      move(row, 2);
      for (int column = 2; column < COLS - 2; column++) addch(' ');
    }
    attrset(base);
    mvaddstr(top + 1, 2, selected_row ? "›" : " ");
    attrset(red | base);
    mvaddstr(top + 1, 4, "✗");
    attrset(A_BOLD | base);
    mvaddstr(top + 1, 6, names[index]);
    attrset(red | base);
    mvaddstr(top + 1, COLS - 3 - 14, "not configured");
    attrset(selected_row ? base : A_DIM);
    mvaddstr(top + 2, 6, subtitles[index]);
  }
  attrset(A_DIM);
  mvaddstr(17, 2, "Secrets are kept in an encrypted vault file:");
  mvaddstr(18, 2, "/tmp/vibes-bench/floor/.local/share/vibes/secrets.vault");
  attrset(A_NORMAL);
}

static void draw_form(void) {
  erase();
  chrome("Enter check and save  Esc back");
  attrset(A_BOLD);
  mvaddstr(3, 2, "Gemini API key");
  attrset(A_NORMAL);
  mvaddstr(5, 2, "API key");
  attrset(A_UNDERLINE);
  move(6, 2);
  for (int column = 0; column < 60; column++) addch(' ');
  move(6, 2);
  for (int index = 0; index < field_length; index++) addstr("•");
  attrset(A_NORMAL);
  move(6, 2 + field_length);
}

static void draw(void) {
  switch (page) {
  case FEED: curs_set(0); draw_feed(); break;
  case CHECKLIST: curs_set(0); draw_checklist(); break;
  case FORM: curs_set(1); draw_form(); break;
  }
  refresh();
}

int main(int argc, char **argv) {
  total = argc > 1 ? atol(argv[1]) : 0;
  setlocale(LC_ALL, "");
  set_escdelay(25);
  initscr();
  raw();
  noecho();
  nonl();
  keypad(stdscr, TRUE);
  if (has_colors()) {
    start_color();
    use_default_colors();
    init_pair(1, COLOR_CYAN, -1);
    init_pair(2, COLOR_RED, -1);
  }
  leaveok(stdscr, TRUE);
  draw();
  for (;;) {
    wint_t key;
    int kind = get_wch(&key);
    if (kind == ERR) continue;
    if (kind == OK && (key == 3 || (key == 'q' && page == FEED))) break;
    if (kind == OK && key == 27) {
      if (page == FORM) page = CHECKLIST;
      else if (page == CHECKLIST) page = FEED;
    } else if (page == FORM) {
      if (kind == OK && key >= 32 && key < 127 && field_length < 60) field[field_length++] = (char)key;
      else if (kind == KEY_CODE_YES && key == KEY_BACKSPACE && field_length > 0) field_length--;
    } else if (kind == KEY_CODE_YES && key == KEY_DOWN) {
      if (page == CHECKLIST) step = step < 2 ? step + 1 : 2;
      else if (selected + 1 < total) {
        selected++;
        if (selected >= top + list_rows()) top = selected - list_rows() + 1;
      }
    } else if (kind == KEY_CODE_YES && key == KEY_UP) {
      if (page == CHECKLIST) step = step > 0 ? step - 1 : 0;
      else if (selected >= 0) {
        selected--;
        if (selected >= 0 && selected < top) top = selected;
      }
    } else if (kind == OK && key == '\r') {
      if (page == FEED && selected < 0) page = CHECKLIST;
      else if (page == CHECKLIST && step == 1) {
        page = FORM;
        field_length = 0;
      }
    }
    draw();
  }
  endwin();
  return 0;
}
