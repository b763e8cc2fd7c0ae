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

/// One cell's size in pixels from ioctl(TIOCGWINSZ) (ws_xpixel / ws_col, ws_ypixel / ws_row). Returns 0, or -1
/// when the terminal does not report pixels (many leave them 0).
int ccurses_terminal_pixels(int fd, int *width, int *height);

/// Display width of one character in the current locale (wcwidth): 2 wide, 1 narrow, 0 combining, -1 unprintable.
int ccurses_wcwidth(wchar_t character);

/// Draws one grapheme (a NUL-terminated spacing char plus combining chars) at (y, x) of stdscr with the given
/// attribute bits and colour pair. Falls back to the first character alone when ncurses rejects the combination.
int ccurses_put_cell(int y, int x, const wchar_t *wstr, int attr_bits, int pair);

/// Installs handlers for SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGQUIT that write the signal number as one byte to a
/// non-blocking self-pipe. Call after ncurses has started (replaces its handlers). Returns the read end
/// (non-blocking, close-on-exec; the same fd on repeated calls) or -1.
int ccurses_signal_pipe_install(void);

/// Also sends `sig` through the self-pipe (the test crash trigger's SIGUSR2 for the input thread). 0, or -1.
int ccurses_signal_pipe_watch(int sig);

/// Puts SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGQUIT back to SIG_DFL (the pipe stays open).
void ccurses_signal_pipe_uninstall(void);

/// Computes the one restore state every path shares (the crash handler, the signal watchdog, the atexit hook):
/// saves the termios of `fd` (before ncurses changes it) and a close-on-exec copy of stderr (before the UI sends
/// fd 2 to the log). Installs, once, an alternate signal stack for the calling thread (sigaltstack, 64 KiB, so a
/// stack overflow is handled too), handlers for SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE
/// (SA_SIGINFO | SA_ONSTACK) and an atexit hook. While the guard is active, a crash or exit() restores the saved
/// termios and writes `ccurses_restore_sequence` to fd; a crash then writes one line (signal, thread, pid, UTC
/// time) to the crash log and the saved stderr, puts the signal's default action back and re-raises it, so the
/// process still dies of it. The first crashing thread does this; another crashing at the same time waits for it
/// (at most 2 s) and then dies of its own signal. Call on the main thread. Returns 0, or -1 when the termios could
/// not be read.
int ccurses_crash_guard_install(int fd);

/// Arms (1) or disarms (0) the restore state; disarm after a clean restore.
void ccurses_crash_guard_set_active(int active);

/// Opens (append, create 0600, close-on-exec) the file the crash handler writes its line to. 0, or -1.
int ccurses_crash_guard_set_log(const char *path);

/// The bytes every restore path writes: SGR reset, bracketed paste off, cursor on, main screen.
const unsigned char *ccurses_restore_sequence(size_t *length);

/// If the guard is active: disarms it (atomically, so only the first caller does this), points the terminal fd
/// at /dev/null (no other thread can draw after the restore), then through a saved copy of the terminal fd
/// restores the saved termios and writes `ccurses_restore_sequence`. Async-signal-safe. Returns 1 when this call
/// restored.
int ccurses_restore_terminal(void);

/// `ccurses_restore_terminal`, then `_exit(status)`. Async-signal-safe.
void ccurses_restore_terminal_and_exit(int status) __attribute__((noreturn));

/// Gives the calling thread its own alternate signal stack (64 KiB, mmap'd with a guard page) so the crash
/// handler runs even when the thread overflowed its stack. Returns the handle for
/// `ccurses_thread_alt_stack_remove`, or NULL (none needed, or none could be made).
void *ccurses_thread_alt_stack_install(void);

/// Disables and frees the calling thread's alternate stack made by `ccurses_thread_alt_stack_install`.
void ccurses_thread_alt_stack_remove(void *handle);

/// The size of the calling thread's alternate signal stack, or 0 when it has none.
int ccurses_thread_alt_stack_size(void);

/// Names the calling thread (at most 15 bytes; the crash line reports it).
void ccurses_thread_set_name(const char *name);

/// The crash line the handler writes to stderr, for `sig` on the calling thread (without the newline). Test aid.
size_t ccurses_crash_line_for_test(int sig, char *buffer, size_t capacity);

#endif
