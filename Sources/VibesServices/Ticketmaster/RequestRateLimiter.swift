import Foundation

/// A token bucket: at most `rate` requests per second (bursts up to `rate`), waiting with an injectable clock and
/// sleep so tests run instantly.
public actor RequestRateLimiter {
  public typealias Clock = @Sendable () -> TimeInterval
  public typealias Sleep = @Sendable (TimeInterval) async throws -> Void

  public let rate: Double
  private let clock: Clock
  private let sleep: Sleep
  private var tokens: Double
  private var updatedAt: TimeInterval

  /// `clock` returns monotonic seconds; `sleep` waits that many seconds (and throws on cancellation).
  public init(
    requestsPerSecond: Double = 5, clock: @escaping Clock = RequestRateLimiter.monotonicSeconds,
    sleep: @escaping Sleep = RequestRateLimiter.taskSleep
  ) {
    rate = max(0.1, requestsPerSecond)
    self.clock = clock
    self.sleep = sleep
    tokens = max(1, rate)
    updatedAt = clock()
  }

  /// Waits until a request may go out, then takes its token.
  public func acquire() async throws {
    while true {
      refill()
      if tokens >= 1 {
        tokens -= 1
        return
      }
      try await sleep((1 - tokens) / rate)
    }
  }

  private func refill() {
    let now = clock()
    tokens = min(max(1, rate), tokens + max(0, now - updatedAt) * rate)
    updatedAt = now
  }

  /// Seconds from a monotonic clock.
  public static let monotonicSeconds: Clock = {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e9
  }

  /// `Task.sleep`, so cancellation ends the wait.
  public static let taskSleep: Sleep = { seconds in
    guard seconds > 0 else { return }
    try await Task.sleep(nanoseconds: UInt64(min(seconds, 3_600) * 1e9))
  }
}

/// Bounded exponential backoff with full jitter: try `n` waits `random(0 ... min(cap, base·2ⁿ))`, or the server's
/// reset time when it gave one (capped too), and gives up after `maxAttempts` tries in all.
public struct BackoffPolicy: Sendable {
  public var maxAttempts: Int
  public var baseDelay: TimeInterval
  public var maxDelay: TimeInterval
  /// A uniform random value in the range (injectable for tests).
  public var random: @Sendable (ClosedRange<Double>) -> Double

  public init(
    maxAttempts: Int = 4, baseDelay: TimeInterval = 1, maxDelay: TimeInterval = 30,
    random: @escaping @Sendable (ClosedRange<Double>) -> Double = { Double.random(in: $0) }
  ) {
    self.maxAttempts = max(1, maxAttempts)
    self.baseDelay = max(0, baseDelay)
    self.maxDelay = max(0, maxDelay)
    self.random = random
  }

  /// The wait before retry number `retry` (0 for the first retry). A server reset wins when it is within
  /// `maxDelay`; a reset further away means waiting is pointless now, so nil (give up and report it).
  public func delay(retry: Int, serverRetryAfter: TimeInterval?) -> TimeInterval? {
    if let serverRetryAfter {
      guard serverRetryAfter <= maxDelay else { return nil }
      // A little jitter on top so many clients do not return in the same millisecond.
      return max(0, serverRetryAfter) + random(0...min(1, baseDelay))
    }
    let ceiling = min(maxDelay, baseDelay * pow(2, Double(min(retry, 30))))
    return random(0...max(0, ceiling))
  }
}
