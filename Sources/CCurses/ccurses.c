#define _GNU_SOURCE 1
#include "ccurses.h"

#include <ncursesw/term.h>

#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

// MARK: - Locale, terminfo, size

int ccurses_setup_locale(void) {
  setlocale(LC_ALL, "");
  const char *codeset = nl_langinfo(CODESET);
  if (codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0)) return 1;
  if (setlocale(LC_CTYPE, "C.UTF-8") == NULL) return 0;
  codeset = nl_langinfo(CODESET);
  return (codeset != NULL && strcmp(codeset, "UTF-8") == 0) ? 1 : 0;
}

int ccurses_probe_terminal(const char *term, int fd) {
  if (term == NULL || term[0] == '\0') return -1;
  TERMINAL *previous = cur_term;
  int err = 0;
  if (setupterm(term, fd, &err) != OK) {
    set_curterm(previous);
    return -1;
  }
  const char *cup = tigetstr("cup");
  int usable = (cup != NULL && cup != (char *)-1 && cup[0] != '\0') ? 1 : 0;
  TERMINAL *probe = set_curterm(previous);
  if (probe != NULL && probe != previous) del_curterm(probe);
  return usable;
}

int ccurses_terminal_size(int fd, int *rows, int *cols) {
  struct winsize ws;
  memset(&ws, 0, sizeof ws);
  if (ioctl(fd, TIOCGWINSZ, &ws) != 0 || ws.ws_row == 0 || ws.ws_col == 0) return -1;
  *rows = ws.ws_row;
  *cols = ws.ws_col;
  return 0;
}

// MARK: - Drawing

int ccurses_wcwidth(wchar_t character) { return wcwidth(character); }

int ccurses_put_cell(int y, int x, const wchar_t *wstr, int attr_bits, int pair) {
  cchar_t cell;
  attr_t attrs = ccurses_attrs_from_bits(attr_bits);
  if (setcchar(&cell, wstr, attrs, (short)pair, NULL) == ERR) {
    wchar_t first[2] = {wstr[0], L'\0'};
    if (setcchar(&cell, first, attrs, (short)pair, NULL) == ERR) return ERR;
  }
  return mvwadd_wch(stdscr, y, x, &cell);
}

// MARK: - Signal self-pipe (only async-signal-safe calls in the handler)

static int signal_pipe[2] = {-1, -1};
static const int piped_signals[] = {SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGQUIT};
#define PIPED_SIGNAL_COUNT ((int)(sizeof piped_signals / sizeof piped_signals[0]))

static void on_piped_signal(int sig) {
  int saved_errno = errno;
  unsigned char byte = (unsigned char)sig;
  if (signal_pipe[1] >= 0) (void)!write(signal_pipe[1], &byte, 1);
  errno = saved_errno;
}

int ccurses_signal_pipe_install(void) {
  if (signal_pipe[0] < 0) {
    if (pipe2(signal_pipe, O_NONBLOCK | O_CLOEXEC) != 0) {
      signal_pipe[0] = signal_pipe[1] = -1;
      return -1;
    }
  }
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = on_piped_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  for (int i = 0; i < PIPED_SIGNAL_COUNT; i++) sigaction(piped_signals[i], &action, NULL);
  return signal_pipe[0];
}

void ccurses_signal_pipe_uninstall(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  for (int i = 0; i < PIPED_SIGNAL_COUNT; i++) sigaction(piped_signals[i], &action, NULL);
}

// MARK: - Crash guard (only async-signal-safe calls in the handler)

static struct termios saved_termios;
static int saved_fd = -1;
static volatile sig_atomic_t guard_active = 0;
static int guard_installed = 0;
static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE};
#define CRASH_SIGNAL_COUNT ((int)(sizeof crash_signals / sizeof crash_signals[0]))
static struct sigaction previous_crash_actions[CRASH_SIGNAL_COUNT];
static const char restore_sequence[] = "\033[0m\033[?2004l\033[?25h\033[?1049l";

static void restore_terminal_now(void) {
  if (!guard_active || saved_fd < 0) return;
  guard_active = 0;
  (void)tcsetattr(saved_fd, TCSANOW, &saved_termios);
  const char *p = restore_sequence;
  size_t left = sizeof restore_sequence - 1;
  while (left > 0) {
    ssize_t n = write(saved_fd, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    p += n;
    left -= (size_t)n;
  }
}

static void on_crash_signal(int sig, siginfo_t *info, void *context) {
  (void)context;
  int saved_errno = errno;
  restore_terminal_now();
  struct sigaction fallback;
  memset(&fallback, 0, sizeof fallback);
  fallback.sa_handler = SIG_DFL;
  sigemptyset(&fallback.sa_mask);
  const struct sigaction *next = &fallback;
  for (int i = 0; i < CRASH_SIGNAL_COUNT; i++) {
    if (crash_signals[i] == sig && previous_crash_actions[i].sa_handler != SIG_IGN) {
      next = &previous_crash_actions[i];
    }
  }
  sigaction(sig, next, NULL);
  // A hardware fault (SEGV, BUS, ILL, FPE raised by the kernel) simply happens again when this handler returns,
  // now with the previous action and the true fault address. Anything else (abort(), kill, SIGTRAP) is re-raised:
  // pending until this handler returns, then delivered to the previous action with the original context.
  int refaults = info != NULL && info->si_code > 0 && sig != SIGTRAP && sig != SIGABRT;
  if (!refaults) raise(sig);
  errno = saved_errno;
}

static void restore_at_exit(void) { restore_terminal_now(); }

int ccurses_crash_guard_install(int fd) {
  if (tcgetattr(fd, &saved_termios) != 0) return -1;
  saved_fd = fd;
  if (!guard_installed) {
    guard_installed = 1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_crash_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    for (int i = 0; i < CRASH_SIGNAL_COUNT; i++) {
      sigaction(crash_signals[i], &action, &previous_crash_actions[i]);
    }
    atexit(restore_at_exit);
  }
  return 0;
}

void ccurses_crash_guard_set_active(int active) { guard_active = active ? 1 : 0; }
