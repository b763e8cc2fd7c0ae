import Foundation

/// A token bucket: at most `rate` requests per second, bursts of at most `burst`, waiting with an injectable clock
/// and sleep so tests run instantly. Ticketmaster's 5/s is a spike arrest that counts per 1/5 s, so the default
/// burst of 1 spaces requests 200 ms apart.
public actor RequestRateLimiter {
  public typealias Clock = @Sendable () -> TimeInterval
  public typealias Sleep = @Sendable (TimeInterval) async throws -> Void

  public let rate: Double
  public let burst: Int
  private let clock: Clock
  private let sleep: Sleep
  /// The theoretical arrival time of the next request (GCRA): each request reserves its slot before waiting, so
  /// concurrent callers queue up instead of all waking at once, and nothing ever spins.
  private var nextSlot: TimeInterval

  /// `clock` returns monotonic seconds; `sleep` waits that many seconds (and throws on cancellation).
  public init(
    requestsPerSecond: Double = 5, burst: Int = 1, clock: @escaping Clock = RequestRateLimiter.monotonicSeconds,
    sleep: @escaping Sleep = RequestRateLimiter.taskSleep
  ) {
    rate = max(0.1, requestsPerSecond)
    self.burst = max(1, burst)
    self.clock = clock
    self.sleep = sleep
    nextSlot = clock()
  }

  /// Reserves the next slot and waits for it (at most one sleep, no loop).
  public func acquire() async throws {
    let interval = 1 / rate
    let now = clock()
    nextSlot = max(nextSlot, now)
    let wait = max(0, nextSlot - Double(burst - 1) * interval - now)
    nextSlot += interval
    if wait > 0 { try await sleep(wait) }
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
