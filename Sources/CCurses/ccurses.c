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
//
// Written in C rather than as a Swift closure: a Swift function may allocate, retain/release or take runtime
// locks (metadata, exclusivity checks), none of which is async-signal-safe, and the crashing thread may hold
// exactly those locks. Here the handler touches only a termios and a byte string prepared before the crash.

static struct termios saved_termios;
static int saved_fd = -1;
static volatile sig_atomic_t guard_active = 0;
static int guard_installed = 0;
static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE};
#define CRASH_SIGNAL_COUNT ((int)(sizeof crash_signals / sizeof crash_signals[0]))
static const char restore_sequence[] = "\033[0m\033[?2004l\033[?25h\033[?1049l";
// The handler runs here, so a stack overflow (SIGSEGV on the guard page) still has a stack to run on.
#define CRASH_STACK_SIZE (64 * 1024)
static char crash_stack[CRASH_STACK_SIZE] __attribute__((aligned(16)));

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
  (void)info;
  (void)context;
  int saved_errno = errno;
  restore_terminal_now();
  // SA_RESETHAND already put SIG_DFL back; say so again in case another handler was installed over it. The
  // action that was there before the guard (the Swift runtime's backtracer) is deliberately not chained to: it
  // writes the backtrace to stdout (the terminal) and, on a tty, waits up to 30 s for a key before exiting.
  struct sigaction fallback;
  memset(&fallback, 0, sizeof fallback);
  fallback.sa_handler = SIG_DFL;
  sigemptyset(&fallback.sa_mask);
  sigaction(sig, &fallback, NULL);
  // Pending (blocked while this handler runs) and delivered with SIG_DFL as soon as it returns, before the
  // faulting instruction could run again: the process dies of `sig`, whatever raised it (a trap, abort(),
  // a fault or kill). Core files stay off (ProcessHardening).
  raise(sig);
  errno = saved_errno;
}

static void restore_at_exit(void) { restore_terminal_now(); }

static int install_alternate_stack(void) {
  stack_t current;
  memset(&current, 0, sizeof current);
  if (sigaltstack(NULL, &current) == 0 && !(current.ss_flags & SS_DISABLE) && current.ss_size >= CRASH_STACK_SIZE)
    return 0;  // this thread already has one big enough
  stack_t stack;
  memset(&stack, 0, sizeof stack);
  stack.ss_sp = crash_stack;
  stack.ss_size = CRASH_STACK_SIZE;
  stack.ss_flags = 0;
  return sigaltstack(&stack, NULL);
}

int ccurses_crash_guard_install(int fd) {
  if (tcgetattr(fd, &saved_termios) != 0) return -1;
  saved_fd = fd;
  if (!guard_installed) {
    guard_installed = 1;
    (void)install_alternate_stack();
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_crash_signal;
    sigemptyset(&action.sa_mask);
    for (int i = 0; i < CRASH_SIGNAL_COUNT; i++) sigaddset(&action.sa_mask, crash_signals[i]);
    action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESETHAND;
    for (int i = 0; i < CRASH_SIGNAL_COUNT; i++) sigaction(crash_signals[i], &action, NULL);
    atexit(restore_at_exit);
  }
  return 0;
}

void ccurses_crash_guard_set_active(int active) { guard_active = active ? 1 : 0; }
