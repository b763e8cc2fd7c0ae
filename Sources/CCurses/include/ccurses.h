// The C edge of vibes' terminal: ncurses shims Swift cannot import (macros, C globals that Swift 6 refuses),
// plus the async-signal-safe parts (signal self-pipe, crash guard) that must be written in C.
#ifndef VIBES_CCURSES_H
#define VIBES_CCURSES_H

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <ncursesw/curses.h>
#include <stdio.h>
#include <wchar.h>

// MARK: - Globals and macros that Swift 6 cannot read directly

static inline WINDOW *ccurses_stdscr(void) { return stdscr; }
static inline WINDOW *ccurses_curscr(void) { return curscr; }
static inline int ccurses_lines(void) { return LINES; }
static inline int ccurses_cols(void) { return COLS; }
static inline int ccurses_colors(void) { return COLORS; }
static inline int ccurses_color_pairs(void) { return COLOR_PAIRS; }
static inline FILE *ccurses_stdin(void) { return stdin; }
static inline FILE *ccurses_stdout(void) { return stdout; }
static inline int ccurses_err(void) { return ERR; }

static inline attr_t ccurses_a_normal(void) { return A_NORMAL; }
static inline attr_t ccurses_a_bold(void) { return A_BOLD; }
static inline attr_t ccurses_a_dim(void) { return A_DIM; }
static inline attr_t ccurses_a_underline(void) { return A_UNDERLINE; }
static inline attr_t ccurses_a_reverse(void) { return A_REVERSE; }

/// Attribute bits as the Swift side encodes them (TextAttributes.rawValue): 1 bold, 2 dim, 4 underline, 8 reverse.
static inline attr_t ccurses_attrs_from_bits(int bits) {
  attr_t a = A_NORMAL;
  if (bits & 1) a |= A_BOLD;
  if (bits & 2) a |= A_DIM;
  if (bits & 4) a |= A_UNDERLINE;
  if (bits & 8) a |= A_REVERSE;
  return a;
}

// MARK: - Functions (ccurses.c)

/// setlocale(LC_ALL, ""); if the resulting codeset is not UTF-8, setlocale(LC_CTYPE, "C.UTF-8").
/// Returns 1 when the final LC_CTYPE codeset is UTF-8.
int ccurses_setup_locale(void);

/// Looks `term` up in terminfo without writing anything (setupterm + tigetstr("cup"), then frees it).
/// Returns -1 when the terminal is unknown (or no terminfo database), 0 when known without `cup`, 1 when usable.
int ccurses_probe_terminal(const char *term, int fd);

/// ioctl(TIOCGWINSZ) on fd. Returns 0 and fills rows/cols (both > 0), or -1.
int ccurses_terminal_size(int fd, int *rows, int *cols);

/// Display width of one character in the current locale (wcwidth): 2 wide, 1 narrow, 0 combining, -1 unprintable.
int ccurses_wcwidth(wchar_t character);

/// Draws one grapheme (a NUL-terminated spacing char plus combining chars) at (y, x) of stdscr with the given
/// attribute bits and colour pair. Falls back to the first character alone when ncurses rejects the combination.
int ccurses_put_cell(int y, int x, const wchar_t *wstr, int attr_bits, int pair);

/// Installs handlers for SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGQUIT that write the signal number as one byte to a
/// non-blocking self-pipe. Call after ncurses has started (replaces its handlers). Returns the read end
/// (non-blocking, close-on-exec; the same fd on repeated calls) or -1.
int ccurses_signal_pipe_install(void);

/// Puts SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGQUIT back to SIG_DFL (the pipe stays open).
void ccurses_signal_pipe_uninstall(void);

/// Saves the termios of `fd` (before ncurses changes it) and installs, once, an alternate signal stack for the
/// calling thread (sigaltstack, 64 KiB, so a stack overflow is handled too), handlers for SIGSEGV, SIGBUS, SIGILL,
/// SIGTRAP, SIGABRT, SIGFPE (SA_SIGINFO | SA_ONSTACK | SA_RESETHAND) and an atexit hook. While the guard is
/// active, a crash or exit() restores the saved termios and writes "ESC[0m ESC[?2004l ESC[?25h ESC[?1049l" to fd;
/// on a crash the signal's default action is then put back and the signal re-raised, so the process still dies
/// of it. Call on the main thread. Returns 0, or -1 when the termios could not be read.
int ccurses_crash_guard_install(int fd);

/// Arms (1) or disarms (0) the crash guard; disarm after a clean restore.
void ccurses_crash_guard_set_active(int active);

#endif
