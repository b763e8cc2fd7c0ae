import Foundation

/// How `SpotifyWebClient` retries: short 429 waits are taken automatically, 5xx answers to idempotent requests are
/// retried with exponential backoff and full jitter. Sleep and randomness are injectable so tests are fast and
/// deterministic.
public struct SpotifyRetryPolicy: Sendable {
  /// A 429 whose Retry-After is at most this many seconds is waited out and retried.
  public var maxAutomaticWait: TimeInterval
  /// How many 429s per call are waited out before `rateLimited` is thrown.
  public var maxRateLimitRetries: Int
  /// How many 5xx answers per call are retried.
  public var maxServerRetries: Int
  /// The first backoff ceiling; doubles per retry up to `maxBackoff`.
  public var baseBackoff: TimeInterval
  public var maxBackoff: TimeInterval
  /// Sleeps for the given seconds; throws when the task is cancelled.
  public var sleep: @Sendable (TimeInterval) async throws -> Void
  /// A uniform random number in [0, 1).
  public var random: @Sendable () -> Double
  /// The clock used to read an HTTP-date Retry-After.
  public var now: @Sendable () -> Date

  public init(
    maxAutomaticWait: TimeInterval = 5, maxRateLimitRetries: Int = 2, maxServerRetries: Int = 2,
    baseBackoff: TimeInterval = 0.5, maxBackoff: TimeInterval = 8,
    sleep: @escaping @Sendable (TimeInterval) async throws -> Void = SpotifyRetryPolicy.taskSleep,
    random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
    now: @escaping @Sendable () -> Date = Date.init
  ) {
    self.maxAutomaticWait = maxAutomaticWait
    self.maxRateLimitRetries = max(0, maxRateLimitRetries)
    self.maxServerRetries = max(0, maxServerRetries)
    self.baseBackoff = max(0, baseBackoff)
    self.maxBackoff = max(0, maxBackoff)
    self.sleep = sleep
    self.random = random
    self.now = now
  }

  /// `Task.sleep` for the given seconds.
  public static let taskSleep: @Sendable (TimeInterval) async throws -> Void = { seconds in
    guard seconds > 0 else { return }
    try await Task.sleep(nanoseconds: UInt64(min(seconds, 3600) * 1_000_000_000))
  }

  /// Full jitter: a random delay between 0 and min(maxBackoff, baseBackoff × 2^attempt); attempt counts from 0.
  public func backoff(attempt: Int) -> TimeInterval {
    let ceiling = min(maxBackoff, baseBackoff * pow(2, Double(min(attempt, 30))))
    let fraction = min(max(random(), 0), 1)
    return ceiling * fraction
  }

  /// Parses `Retry-After` as delta seconds or an HTTP-date (RFC 9110), capped at `RetryAfter.maxSeconds`; nil when
  /// absent or unreadable.
  public func retryAfterSeconds(_ header: String?) -> Int? {
    RetryAfter.seconds(header, now: now())
  }

  static func httpDate(_ raw: String) -> Date? {
    for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(identifier: "GMT")
      formatter.dateFormat = format
      if let date = formatter.date(from: raw) { return date }
    }
    return nil
  }
}
