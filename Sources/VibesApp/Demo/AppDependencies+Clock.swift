import Foundation

extension AppDependencies {
  /// Runs every clock the app shows time from on `now` (the app's own and the tracker's); `vibes demo` passes
  /// its fixed clock so recordings match. The clients' own clocks (rate limits, token expiry, signed tokens)
  /// stay on the real time.
  public mutating func useClock(_ now: @escaping @Sendable () -> Date) {
    self.now = now
    tracker.now = now
  }
}
