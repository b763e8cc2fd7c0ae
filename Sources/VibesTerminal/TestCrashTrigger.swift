import Dispatch

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
public enum TestCrashTrigger {
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
  public static func requested(in environment: [String: String]) -> (moment: Moment, kind: Kind)? {
    guard environment["VIBES_TEST_HOOKS"] == "1" else { return nil }
    guard let kind = Kind(rawValue: environment["VIBES_TEST_CRASH_KIND"] ?? "trap") else { return nil }
    if let value = environment["VIBES_TEST_CRASH_AFTER_MS"], let milliseconds = Int(value), milliseconds >= 0 {
      return (.afterMilliseconds(milliseconds), kind)
    }
    if environment["VIBES_TEST_CRASH_ON_SIGNAL"] == "USR2" { return (.onSIGUSR2, kind) }
    return nil
  }

  /// Arms the trigger the environment asks for; does nothing otherwise. The crash runs on the main queue
  /// (the main thread, where the UI's main actor runs).
  public static func arm(environment: [String: String]) {
    guard let (moment, kind) = requested(in: environment) else { return }
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
