import CCurses
import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A hidden, test-only way to make the real binary crash on its main thread, so end-to-end tests can check that a
/// crash restores the terminal. Nothing typed reaches it: it is armed only when the environment holds
/// `VIBES_TEST_HOOKS=1` and one of
/// - `VIBES_TEST_CRASH_AFTER_MS=<n>`: crash n milliseconds after the UI started;
/// - `VIBES_TEST_CRASH_ON_SIGNAL=USR2`: crash when the process receives SIGUSR2.
///
/// `VIBES_TEST_CRASH_KIND` picks the crash: `trap` (default, `fatalError`, as a runtime failure traps: SIGILL on
/// x86_64, SIGTRAP on arm64) or `overflow` (unbounded recursion: SIGSEGV on the stack's guard page).
/// `VIBES_TEST_CRASH_THREAD` picks where: `main` (default) or `input` (the input thread, which gets SIGUSR2
/// through the signal self-pipe).
public enum TestCrashTrigger {
  /// Which thread crashes.
  public enum Place: String, Sendable {
    case main
    case input
  }

  /// How the process is made to crash.
  public enum Kind: String, Sendable {
    case trap
    case overflow
  }

  /// When the crash happens.
  public enum Moment: Equatable, Sendable {
    case afterMilliseconds(Int)
    case onSIGUSR2
  }

  /// The trigger the environment asks for, or nil (always nil without `VIBES_TEST_HOOKS=1`).
  public static func requested(in environment: [String: String]) -> (moment: Moment, kind: Kind, place: Place)? {
    guard environment["VIBES_TEST_HOOKS"] == "1" else { return nil }
    guard let kind = Kind(rawValue: environment["VIBES_TEST_CRASH_KIND"] ?? "trap") else { return nil }
    guard let place = Place(rawValue: environment["VIBES_TEST_CRASH_THREAD"] ?? "main") else { return nil }
    if let value = environment["VIBES_TEST_CRASH_AFTER_MS"], let milliseconds = Int(value), milliseconds >= 0 {
      return (.afterMilliseconds(milliseconds), kind, place)
    }
    if environment["VIBES_TEST_CRASH_ON_SIGNAL"] == "USR2" { return (.onSIGUSR2, kind, place) }
    return nil
  }

  /// Arms the trigger the environment asks for; does nothing otherwise. A main-thread crash runs on the main
  /// queue (the main thread, where the UI's main actor runs); an input-thread crash runs on the input thread when
  /// SIGUSR2 reaches it through the signal self-pipe (after n ms the process sends itself SIGUSR2). Call once the
  /// terminal session is up.
  public static func arm(environment: [String: String]) {
    guard let (moment, kind, place) = requested(in: environment) else { return }
    if place == .input {
      inputThreadCrash.store(kind == .overflow ? 2 : 1, ordering: .sequentiallyConsistent)
      _ = ccurses_signal_pipe_watch(SIGUSR2)
      if case .afterMilliseconds(let milliseconds) = moment {
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(milliseconds)) { _ = kill(getpid(), SIGUSR2) }
      }
      return
    }
    switch moment {
    case .afterMilliseconds(let milliseconds):
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(milliseconds)) { crash(kind) }
    case .onSIGUSR2:
      signal(SIGUSR2, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: SIGUSR2, queue: .main)
      source.setEventHandler { crash(kind) }
      source.resume()
      signalSource = source
    }
  }

  /// 0: no input-thread crash armed; 1: trap; 2: overflow.
  private static let inputThreadCrash = Atomic<Int>(0)

  /// Called by the input thread when SIGUSR2 comes through the self-pipe: crashes there if armed, else nothing.
  static func inputThreadSignalArrived() {
    switch inputThreadCrash.load(ordering: .sequentiallyConsistent) {
    case 1: crash(.trap)
    case 2: crash(.overflow)
    default: return
    }
  }

  /// Kept alive for the life of the process once armed.
  nonisolated(unsafe) private static var signalSource: (any DispatchSourceSignal)?

  private static func crash(_ kind: Kind) {
    switch kind {
    case .trap:
      fatalError("vibes: test crash requested by VIBES_TEST_HOOKS")
    case .overflow:
      var frame: (Int, Int, Int, Int, Int, Int, Int, Int) = (1, 2, 3, 4, 5, 6, 7, 8)
      _ = recurse(1, &frame)
    }
  }

  /// Recurses until the stack runs out; each frame keeps a buffer whose address escapes, so the recursion
  /// cannot be turned into a loop.
  @inline(never)
  private static func recurse(_ depth: Int, _ previous: inout (Int, Int, Int, Int, Int, Int, Int, Int)) -> Int {
    if depth < 0 { return previous.0 }
    var frame = previous
    frame.0 = depth
    return recurse(depth &+ 1, &frame) &+ frame.7
  }
}
