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
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
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

int ccurses_terminal_pixels(int fd, int *width, int *height) {
  struct winsize ws;
  memset(&ws, 0, sizeof ws);
  if (ioctl(fd, TIOCGWINSZ, &ws) != 0 || ws.ws_xpixel == 0 || ws.ws_ypixel == 0 || ws.ws_row == 0 ||
      ws.ws_col == 0)
    return -1;
  *width = ws.ws_xpixel / ws.ws_col;
  *height = ws.ws_ypixel / ws.ws_row;
  return (*width > 0 && *height > 0) ? 0 : -1;
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

/* Creates the self-pipe once and routes `sig` into it; 0 on success. */
static int pipe_signal(int sig) {
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
  return sigaction(sig, &action, NULL);
}

int ccurses_signal_pipe_install(void) {
  for (int i = 0; i < PIPED_SIGNAL_COUNT; i++) {
    if (pipe_signal(piped_signals[i]) != 0 && signal_pipe[0] < 0) return -1;
  }
  return signal_pipe[0];
}

int ccurses_signal_pipe_watch(int sig) { return pipe_signal(sig); }

void ccurses_signal_pipe_uninstall(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  for (int i = 0; i < PIPED_SIGNAL_COUNT; i++) sigaction(piped_signals[i], &action, NULL);
}

// MARK: - Restore state and crash guard (only async-signal-safe calls in the handlers)
//
// Written in C rather than as a Swift closure: a Swift function may allocate, retain/release or take runtime
// locks (metadata, exclusivity checks), none of which is async-signal-safe, and the crashing thread may hold
// exactly those locks. Here the handlers touch only a termios, byte strings and fds prepared before the crash.
//
// One restore state serves every path that puts the terminal back without ncurses: the crash handler, the
// signal watchdog on the input thread (SignalWatchdog) and the atexit hook. It is computed once, before ncurses
// starts; whichever path comes first restores (an atomic exchange on `guard_active`), the others do nothing.

static struct termios saved_termios;
static int saved_fd = -1;
// A close-on-exec copy of the terminal fd the restore writes to, and /dev/null: the restore first points `saved_fd`
// at /dev/null, so a thread still drawing (the main thread while another crashes, a busy one under the watchdog)
// can no longer write after the restore bytes, onto the shell's screen.
static int tty_fd = -1;
static int null_fd = -1;
// The stderr vibes started with (a dup taken before the UI sends fd 2 to the log), for the crash line.
static int saved_stderr = -1;
// The log file, opened before the UI starts, for the crash line.
static int crash_log_fd = -1;
static volatile sig_atomic_t guard_active = 0;
static int guard_installed = 0;
// Set by the first crashing thread; a second one waits for `crash_done` and then dies of its own signal.
static volatile int crash_claimed = 0;
static volatile int crash_done = 0;
static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE};
#define CRASH_SIGNAL_COUNT ((int)(sizeof crash_signals / sizeof crash_signals[0]))
// SGR reset, bracketed paste off, cursor shown, alternate screen left: the one place these bytes are written.
static const char restore_sequence[] = "\033[0m\033[?2004l\033[?25h\033[?1049l";
// The handler runs here, so a stack overflow (SIGSEGV on the guard page) still has a stack to run on.
#define CRASH_STACK_SIZE (64 * 1024)
static char crash_stack[CRASH_STACK_SIZE] __attribute__((aligned(16)));

const unsigned char *ccurses_restore_sequence(size_t *length) {
  *length = sizeof restore_sequence - 1;
  return (const unsigned char *)restore_sequence;
}

static void write_all(int fd, const char *p, size_t left) {
  if (fd < 0) return;
  while (left > 0) {
    ssize_t n = write(fd, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    p += n;
    left -= (size_t)n;
  }
}

static int restore_terminal(int silence_others) {
  if (saved_fd < 0) return 0;
  if (!__atomic_exchange_n(&guard_active, 0, __ATOMIC_SEQ_CST)) return 0;
  int fd = saved_fd;
  if (silence_others && tty_fd >= 0 && null_fd >= 0 && dup2(null_fd, saved_fd) >= 0) fd = tty_fd;
  (void)tcsetattr(fd, TCSANOW, &saved_termios);
  write_all(fd, restore_sequence, sizeof restore_sequence - 1);
  return 1;
}

int ccurses_restore_terminal(void) { return restore_terminal(1); }

void ccurses_restore_terminal_and_exit(int status) {
  (void)ccurses_restore_terminal();
  _exit(status);
}

// MARK: Crash line (async-signal-safe formatting: no stdio, no locale, no allocation)

typedef struct {
  char bytes[256];
  size_t used;
} line_buffer;

static void put_text(line_buffer *line, const char *text) {
  while (*text != '\0' && line->used < sizeof line->bytes) line->bytes[line->used++] = *text++;
}

static void put_unsigned(line_buffer *line, unsigned long long value, int min_digits) {
  char digits[24];
  int count = 0;
  do {
    digits[count++] = (char)('0' + value % 10);
    value /= 10;
  } while (value > 0 && count < (int)sizeof digits);
  while (count < min_digits && count < (int)sizeof digits) digits[count++] = '0';
  while (count > 0 && line->used < sizeof line->bytes) line->bytes[line->used++] = digits[--count];
}

static const char *signal_name(int sig) {
  switch (sig) {
  case SIGSEGV: return "SIGSEGV";
  case SIGBUS: return "SIGBUS";
  case SIGILL: return "SIGILL";
  case SIGTRAP: return "SIGTRAP";
  case SIGABRT: return "SIGABRT";
  case SIGFPE: return "SIGFPE";
  default: return "signal";
  }
}

// UTC "YYYY-MM-DDTHH:MM:SSZ" from CLOCK_REALTIME (civil-from-days, H. Hinnant).
static void put_utc_time(line_buffer *line) {
  struct timespec now;
  if (clock_gettime(CLOCK_REALTIME, &now) != 0) {
    put_text(line, "?");
    return;
  }
  long long seconds = (long long)now.tv_sec;
  long long days = seconds / 86400;
  long long rest = seconds % 86400;
  if (rest < 0) {
    rest += 86400;
    days -= 1;
  }
  long long z = days + 719468;
  long long era = (z >= 0 ? z : z - 146096) / 146097;
  long long doe = z - era * 146097;
  long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  long long mp = (5 * doy + 2) / 153;
  long long day = doy - (153 * mp + 2) / 5 + 1;
  long long month = mp < 10 ? mp + 3 : mp - 9;
  long long year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  put_unsigned(line, (unsigned long long)year, 4);
  put_text(line, "-");
  put_unsigned(line, (unsigned long long)month, 2);
  put_text(line, "-");
  put_unsigned(line, (unsigned long long)day, 2);
  put_text(line, "T");
  put_unsigned(line, (unsigned long long)(rest / 3600), 2);
  put_text(line, ":");
  put_unsigned(line, (unsigned long long)(rest / 60 % 60), 2);
  put_text(line, ":");
  put_unsigned(line, (unsigned long long)(rest % 60), 2);
  put_text(line, "Z");
}

// "SIGSEGV on thread vibes-input (tid 123), process 456": the thread's name (prctl, a plain system call) and ids.
static void put_crash_facts(line_buffer *line, int sig) {
  put_text(line, signal_name(sig));
  put_text(line, " on thread ");
  pid_t pid = getpid();
  pid_t tid = (pid_t)syscall(SYS_gettid);
  char name[17];
  memset(name, 0, sizeof name);
  if (tid == pid) {
    put_text(line, "main");
  } else if (prctl(PR_GET_NAME, (unsigned long)name, 0, 0, 0) == 0 && name[0] != '\0') {
    for (int i = 0; i < 16 && name[i] != '\0'; i++) {
      unsigned char c = (unsigned char)name[i];
      name[i] = (c < 0x20 || c >= 0x7f) ? '?' : (char)c;
    }
    put_text(line, name);
  } else {
    put_text(line, "unnamed");
  }
  put_text(line, " (tid ");
  put_unsigned(line, (unsigned long long)tid, 1);
  put_text(line, "), process ");
  put_unsigned(line, (unsigned long long)pid, 1);
}

static void write_crash_lines(int sig) {
  line_buffer log_line = {.used = 0};
  put_utc_time(&log_line);
  put_text(&log_line, " critical vibes: crashed: ");
  put_crash_facts(&log_line, sig);
  put_text(&log_line, "\n");
  write_all(crash_log_fd, log_line.bytes, log_line.used);

  line_buffer err_line = {.used = 0};
  put_text(&err_line, "vibes: crashed: ");
  put_crash_facts(&err_line, sig);
  put_text(&err_line, " at ");
  put_utc_time(&err_line);
  put_text(&err_line, "\n");
  write_all(saved_stderr, err_line.bytes, err_line.used);
}

size_t ccurses_crash_line_for_test(int sig, char *buffer, size_t capacity) {
  line_buffer line = {.used = 0};
  put_text(&line, "vibes: crashed: ");
  put_crash_facts(&line, sig);
  put_text(&line, " at ");
  put_utc_time(&line);
  size_t count = line.used < capacity ? line.used : capacity;
  memcpy(buffer, line.bytes, count);
  return count;
}

// MARK: Handler

static void die_of(int sig) {
  // The action that was there before the guard (the Swift runtime's backtracer) is deliberately not chained to:
  // it writes the backtrace to stdout (the terminal) and, on a tty, waits up to 30 s for a key before exiting.
  struct sigaction fallback;
  memset(&fallback, 0, sizeof fallback);
  fallback.sa_handler = SIG_DFL;
  sigemptyset(&fallback.sa_mask);
  sigaction(sig, &fallback, NULL);
  // Pending (blocked while this handler runs) and delivered with SIG_DFL as soon as it returns, before the
  // faulting instruction could run again: the process dies of `sig`, whatever raised it (a trap, abort(),
  // a fault or kill). Core files stay off (ProcessHardening).
  raise(sig);
}

static void on_crash_signal(int sig, siginfo_t *info, void *context) {
  (void)info;
  (void)context;
  int saved_errno = errno;
  if (__atomic_exchange_n(&crash_claimed, 1, __ATOMIC_SEQ_CST) == 0) {
    // The first crashing thread: the terminal back, then one line in the log and on the real stderr.
    (void)ccurses_restore_terminal();
    write_crash_lines(sig);
    __atomic_store_n(&crash_done, 1, __ATOMIC_SEQ_CST);
  } else {
    // Another thread is restoring: let it finish (at most 2 s), so its own re-raise ends the process with the
    // terminal restored. If it has not ended the process by then, this thread dies of its own signal.
    for (int waited = 0; waited < 200 && !__atomic_load_n(&crash_done, __ATOMIC_SEQ_CST); waited++) {
      struct timespec pause = {0, 10 * 1000 * 1000};
      nanosleep(&pause, NULL);
    }
    struct timespec pause = {0, 200 * 1000 * 1000};
    nanosleep(&pause, NULL);
  }
  die_of(sig);
  errno = saved_errno;
}

// exit() with the guard armed: the exiting thread is the one that could draw, and stdout stays usable for
// whatever exit() still flushes.
static void restore_at_exit(void) { (void)restore_terminal(0); }

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

void *ccurses_thread_alt_stack_install(void) {
  stack_t current;
  memset(&current, 0, sizeof current);
  if (sigaltstack(NULL, &current) == 0 && !(current.ss_flags & SS_DISABLE) && current.ss_size >= CRASH_STACK_SIZE)
    return NULL;  // this thread already has one big enough
  long page = sysconf(_SC_PAGESIZE);
  if (page <= 0) page = 4096;
  size_t total = (size_t)page + CRASH_STACK_SIZE;
  char *base = mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
  if (base == MAP_FAILED) return NULL;
  // A guard page below the stack: a handler that overflows the alternate stack faults instead of writing
  // over other memory.
  (void)mprotect(base, (size_t)page, PROT_NONE);
  stack_t stack;
  memset(&stack, 0, sizeof stack);
  stack.ss_sp = base + page;
  stack.ss_size = CRASH_STACK_SIZE;
  stack.ss_flags = 0;
  if (sigaltstack(&stack, NULL) != 0) {
    munmap(base, total);
    return NULL;
  }
  return base;
}

void ccurses_thread_alt_stack_remove(void *handle) {
  if (handle == NULL) return;
  stack_t off;
  memset(&off, 0, sizeof off);
  off.ss_flags = SS_DISABLE;
  (void)sigaltstack(&off, NULL);
  long page = sysconf(_SC_PAGESIZE);
  if (page <= 0) page = 4096;
  munmap(handle, (size_t)page + CRASH_STACK_SIZE);
}

int ccurses_thread_alt_stack_size(void) {
  stack_t current;
  memset(&current, 0, sizeof current);
  if (sigaltstack(NULL, &current) != 0 || (current.ss_flags & SS_DISABLE)) return 0;
  return (int)current.ss_size;
}

int ccurses_crash_guard_install(int fd) {
  if (tcgetattr(fd, &saved_termios) != 0) return -1;
  saved_fd = fd;
  if (tty_fd >= 0) close(tty_fd);
  tty_fd = fcntl(fd, F_DUPFD_CLOEXEC, 3);
  if (null_fd < 0) null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
  if (saved_stderr < 0) saved_stderr = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3);
  if (!guard_installed) {
    guard_installed = 1;
    (void)install_alternate_stack();
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_crash_signal;
    sigemptyset(&action.sa_mask);
    for (int i = 0; i < CRASH_SIGNAL_COUNT; i++) sigaddset(&action.sa_mask, crash_signals[i]);
    // No SA_RESETHAND: a second thread crashing with the same signal while the first restores must reach the
    // handler too (with the default action back it would end the process before the terminal is restored).
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    for (int i = 0; i < CRASH_SIGNAL_COUNT; i++) sigaction(crash_signals[i], &action, NULL);
    atexit(restore_at_exit);
  }
  return 0;
}

void ccurses_crash_guard_set_active(int active) { __atomic_store_n(&guard_active, active ? 1 : 0, __ATOMIC_SEQ_CST); }

int ccurses_crash_guard_set_log(const char *path) {
  int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
  if (fd < 0) return -1;
  int previous = crash_log_fd;
  crash_log_fd = fd;
  if (previous >= 0) close(previous);
  return 0;
}

void ccurses_thread_set_name(const char *name) { (void)prctl(PR_SET_NAME, (unsigned long)name, 0, 0, 0); }
