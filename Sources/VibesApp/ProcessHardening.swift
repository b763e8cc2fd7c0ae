import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Process-wide hardening applied first thing in `main`: no core dump may carry a secret out of memory.
public enum ProcessHardening {
  /// What `apply()` achieved; each flag is false when the kernel refused that step.
  public struct Outcome: Equatable, Sendable {
    /// RLIMIT_CORE is 0 (soft and hard): the kernel writes no core file.
    public var coreLimitZero: Bool
    /// PR_SET_DUMPABLE is 0: no core via a core_pattern pipe either, and no ptrace attach by other processes.
    public var notDumpable: Bool
  }

  /// Sets RLIMIT_CORE to 0 and PR_SET_DUMPABLE to 0. Safe to call more than once.
  @discardableResult
  public static func apply() -> Outcome {
    #if os(Linux)
      var limit = rlimit(rlim_cur: 0, rlim_max: 0)
      let coreLimitZero = setrlimit(coreResource, &limit) == 0
      let notDumpable = prctl(optionSetDumpable, 0) == 0
      return Outcome(coreLimitZero: coreLimitZero, notDumpable: notDumpable)
    #else
      return Outcome(coreLimitZero: false, notDumpable: false)
    #endif
  }

  /// Whether the process is currently dumpable (PR_GET_DUMPABLE), or nil when it cannot be asked.
  public static func isDumpable() -> Bool? {
    #if os(Linux)
      let result = prctl(optionGetDumpable, 0)
      return result < 0 ? nil : result != 0
    #else
      return nil
    #endif
  }

  #if os(Linux)
    private static let optionGetDumpable: Int32 = 3  // PR_GET_DUMPABLE
    private static let optionSetDumpable: Int32 = 4  // PR_SET_DUMPABLE
    private static let coreResource = __rlimit_resource_t(RLIMIT_CORE.rawValue)

    private typealias PrctlFunction = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32

    /// prctl(2) is variadic in C, which Swift cannot call directly; the libc symbol is called with
    /// all five integer arguments, which is how the kernel interface takes them.
    private static func prctl(_ option: Int32, _ argument: UInt) -> Int32 {
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") else { return -1 }
      let function = unsafeBitCast(symbol, to: PrctlFunction.self)
      return function(option, argument, 0, 0, 0)
    }
  #endif
}
