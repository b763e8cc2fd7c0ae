import Foundation

/// Bytes an effect wants on the terminal besides the frame (a desktop notification's OSC 9/777). Effects run off the
/// main actor and never write to the terminal: they post here, the runtime hands what is queued to its
/// `AppPresenter` when the effect ends, and the presenter sends it after the next frame, never in the middle of one.
public final class TerminalOutbox: @unchecked Sendable {
  // @unchecked: `queued` is guarded by `lock`.
  private let lock = NSLock()
  private var queued: [[UInt8]] = []

  public init() {}

  public func post(_ bytes: [UInt8]) {
    guard !bytes.isEmpty else { return }
    lock.withLock { queued.append(bytes) }
  }

  /// Everything posted so far, oldest first; the outbox is empty after.
  public func take() -> [[UInt8]] {
    lock.withLock {
      defer { queued = [] }
      return queued
    }
  }
}
