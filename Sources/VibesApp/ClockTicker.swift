import Foundation

/// The wall clock for the core, delivered at a fixed interval while the UI runs: "Updated N min ago" moves on and a
/// stale Feed refreshes itself, while the core never reads the clock (tests send the tick instead).
public struct ClockTicker: Sendable {
  /// How often the runtime ticks: often enough for a minute-grained "ago", rare enough for an idle process.
  public static let defaultInterval: Duration = .seconds(30)

  public let interval: Duration
  private let now: @Sendable () -> Date

  public init(interval: Duration = ClockTicker.defaultInterval, now: @escaping @Sendable () -> Date = Date.init) {
    self.interval = interval
    self.now = now
  }

  /// Sleeps `interval`, then hands `now()` to `tick`, until the task is cancelled (no busy loop: one timer wait).
  public func run(_ tick: @Sendable (Date) -> Void) async {
    while !Task.isCancelled {
      do {
        try await Task.sleep(for: interval)
      } catch {
        return
      }
      tick(now())
    }
  }
}
