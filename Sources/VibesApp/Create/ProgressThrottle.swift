import Foundation

/// Thins out a resolve's progress reports: each one redraws the screen, and four answers arrive together at the
/// end of every search round. Passes the first report, the last (everything resolved), and otherwise at most one
/// per `interval`.
public final class ProgressThrottle: @unchecked Sendable {
  // @unchecked: every access to `lastSent` holds the lock.
  private let lock = NSLock()
  private var lastSent: ContinuousClock.Instant?
  private let interval: Duration

  /// `interval`: the shortest time between two passed reports (except the last).
  public init(interval: Duration = .milliseconds(100)) {
    self.interval = interval
  }

  /// True when `progress`, arriving at `now`, should be sent.
  public func shouldSend(_ progress: ResolveProgress, now: ContinuousClock.Instant = .now) -> Bool {
    lock.withLock {
      let isLast = progress.resolved >= progress.total
      if !isLast, let lastSent, now - lastSent < interval { return false }
      lastSent = now
      return true
    }
  }
}
