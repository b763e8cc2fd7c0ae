/// A form's lifecycle as an explicit enum: exactly one of these holds at a time. `Failure` is the
/// feature's own failure type (what a live check or save can answer).
public enum FormPhase<Failure: Sendable & Hashable>: Sendable, Hashable {
  case editing
  /// A live check runs; `requestID` ties its answer to this attempt (a stale answer is dropped).
  case checking(requestID: Int)
  case saving(requestID: Int)
  case failed(Failure)
  case confirmingRemoval
  case removing
  case removalFailed

  /// True while the form waits for an answer (no typing, only Esc).
  public var isBusy: Bool {
    switch self {
    case .checking, .saving, .removing: return true
    default: return false
    }
  }

  /// True while a live check runs.
  public var isChecking: Bool {
    if case .checking = self { return true }
    return false
  }

  /// The failure shown, if the phase is `.failed`.
  public var failure: Failure? {
    if case .failed(let failure) = self { return failure }
    return nil
  }
}
