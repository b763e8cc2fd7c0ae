#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Gives a thread vibes starts its own alternate signal stack (64 KiB below a guard page) for as long as `body`
/// runs, so the app's fatal-signal handler (VibesTerminal `FatalSignalHandler`, installed with `SA_ONSTACK`) still
/// has a stack to restore the terminal on when this thread overflows its own. The same as CCurses'
/// `ccurses_thread_alt_stack_install`, for the threads of this module (which does not link ncurses).
public enum ThreadSignalStack {
  /// The size of the alternate stack.
  public static let size = 64 * 1024

  /// Runs `body` with an alternate signal stack on the calling thread (unless it already has one).
  public static func run(_ body: () -> Void) {
    var current = stack_t()
    if sigaltstack(nil, &current) == 0, current.ss_flags & Int32(SS_DISABLE) == 0, current.ss_size >= size {
      return body()
    }
    let page = max(4096, sysconf(Int32(_SC_PAGESIZE)))
    let total = page + size
    guard
      let base = mmap(nil, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0),
      base != MAP_FAILED
    else { return body() }
    _ = mprotect(base, page, PROT_NONE)
    var stack = stack_t(ss_sp: base + page, ss_flags: 0, ss_size: size)
    guard sigaltstack(&stack, nil) == 0 else {
      munmap(base, total)
      return body()
    }
    defer {
      var off = stack_t(ss_sp: nil, ss_flags: Int32(SS_DISABLE), ss_size: 0)
      _ = sigaltstack(&off, nil)
      munmap(base, total)
    }
    body()
  }

  /// The size of the calling thread's alternate signal stack, 0 when it has none.
  public static var currentSize: Int {
    var current = stack_t()
    guard sigaltstack(nil, &current) == 0, current.ss_flags & Int32(SS_DISABLE) == 0 else { return 0 }
    return current.ss_size
  }
}
