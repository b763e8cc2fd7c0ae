import Foundation

/// Firestore's REST API has no push, so the social Feed and inbox poll. The budget: one open terminal spends at
/// most `dailyReadBudget` document reads per UTC day (a tenth of the free tier's 50,000), refreshing on start, on
/// `r`, and on a gentle interval that grows when the user is idle and after errors, and stretches further when
/// the day's budget would otherwise run out. Pure: the app feeds it times and read counts.
public struct SocialPollingPolicy: Sendable, Hashable {
  /// The interval while the user is active.
  public var baseInterval: TimeInterval = 120
  /// No key press for this long counts as idle: the interval doubles per idle refresh.
  public var idleAfter: TimeInterval = 600
  /// The longest interval (idle or after errors).
  public var maxInterval: TimeInterval = 1_800
  /// Reads per UTC day this terminal may spend (Firestore's free tier: 50,000 for the whole project).
  public var dailyReadBudget = 5_000
  /// `r` refreshes at most this often (key repeat never hammers; measured on the key's own time, so a second
  /// `r` a moment later, after a friend said "I sent it", does poll). The daily budget bounds the rest.
  public var minManualGap: TimeInterval = 1

  public init() {}

  /// Firestore bills one read per document returned and at least one per query, even an empty one. A refresh
  /// runs: the two block queries, one followers' feed query per 30 people followed, songs sent to you, new
  /// follows, the inbox; each query returns at most `pageSize` documents. The worst case: every query full.
  public static func worstCaseReads(following: Int, pageSize: Int) -> Int {
    let feedQueries = (max(0, following) + 29) / 30
    let queries = 2 + feedQueries + 3
    return queries * max(1, pageSize)
  }

  /// A refresh that asks only for what is newer than the last one returns mostly nothing: one read per query.
  public static func quietReads(following: Int) -> Int { 2 + (max(0, following) + 29) / 30 + 3 }
}

/// What the poller remembers (kept in memory; the count restarts with the UTC day).
public struct SocialPollState: Sendable, Hashable {
  public var day: String = ""
  public var readsToday = 0
  public var consecutiveErrors = 0
  public var idleRefreshes = 0
  public var lastRefresh: Date?
  /// When `r` last started a refresh (or queued one behind a running refresh): the key-repeat gap is measured
  /// from it, so a start-up or timed refresh never makes `r` wait.
  public var lastManual: Date?
  public var lastInput: Date?

  public init() {}
}

public enum SocialPollTrigger: Sendable, Equatable {
  case start
  /// The user pressed `r`.
  case manual
  /// The interval timer fired.
  case timer
}

public enum SocialPollDecision: Sendable, Equatable {
  case refresh
  /// Not now; ask again at this time.
  case wait(until: Date)
  /// The day's budget is spent: only the cache is shown until the next UTC day starts (at this time).
  case overBudget(until: Date)
}

public enum SocialPolling {
  static func utcDay(_ date: Date) -> (key: String, end: Date) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let start = calendar.startOfDay(for: date)
    let parts = calendar.dateComponents([.year, .month, .day], from: start)
    let key = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    return (key, start.addingTimeInterval(86_400))
  }

  /// The state moved to `now`'s UTC day (a new day starts with no reads counted).
  public static func rolled(_ state: SocialPollState, now: Date) -> SocialPollState {
    var state = state
    let day = utcDay(now).key
    if state.day != day {
      state.day = day
      state.readsToday = 0
    }
    return state
  }

  /// The wait before the next timed refresh: the base interval, doubled per idle refresh and per consecutive
  /// error (capped at `maxInterval`), and at least as long as spreading the day's remaining budget over the rest
  /// of the day at `readsPerRefresh` each requires.
  public static func interval(
    _ state: SocialPollState, policy: SocialPollingPolicy, now: Date, readsPerRefresh: Int
  ) -> TimeInterval {
    let state = rolled(state, now: now)
    let doublings = min(16, state.consecutiveErrors + state.idleRefreshes)
    let backedOff = min(policy.maxInterval, policy.baseInterval * pow(2, Double(doublings)))
    let remaining = max(0, policy.dailyReadBudget - state.readsToday)
    let secondsLeft = utcDay(now).end.timeIntervalSince(now)
    let refreshesLeft = Double(remaining) / Double(max(1, readsPerRefresh))
    let spread = refreshesLeft >= 1 ? secondsLeft / refreshesLeft : secondsLeft
    return max(backedOff, spread)
  }

  /// Whether to refresh now. Start and `r` refresh at once (within the budget; `r` not more often than
  /// `minManualGap` after the last `r` that refreshed); the timer refreshes once `interval` has passed since the
  /// last refresh.
  public static func decide(
    _ trigger: SocialPollTrigger, state: SocialPollState, policy: SocialPollingPolicy, now: Date,
    readsPerRefresh: Int
  ) -> SocialPollDecision {
    let state = rolled(state, now: now)
    if state.readsToday + max(1, readsPerRefresh) > policy.dailyReadBudget {
      return .overBudget(until: utcDay(now).end)
    }
    switch trigger {
    case .start:
      return .refresh
    case .manual:
      guard let lastManual = state.lastManual else { return .refresh }
      let next = lastManual.addingTimeInterval(policy.minManualGap)
      return now >= next ? .refresh : .wait(until: next)
    case .timer:
      guard let last = state.lastRefresh else { return .refresh }
      let next = last.addingTimeInterval(
        interval(state, policy: policy, now: now, readsPerRefresh: readsPerRefresh))
      return now >= next ? .refresh : .wait(until: next)
    }
  }

  /// Records a finished refresh: its reads count against the day; an error backs off; a timed refresh while the
  /// user is idle backs off too.
  public static func record(
    _ state: SocialPollState, trigger: SocialPollTrigger, reads: Int, succeeded: Bool, policy: SocialPollingPolicy,
    now: Date
  ) -> SocialPollState {
    var state = rolled(state, now: now)
    state.readsToday += max(0, reads)
    state.lastRefresh = now
    state.consecutiveErrors = succeeded ? 0 : state.consecutiveErrors + 1
    let idle = now.timeIntervalSince(state.lastInput ?? .distantPast) >= policy.idleAfter
    if trigger == .timer, idle {
      state.idleRefreshes += 1
    } else if trigger != .timer {
      state.idleRefreshes = 0
    }
    return state
  }

  /// `r` asked for a refresh at `now` (one that starts, or one queued behind a running refresh).
  public static func askedManually(_ state: SocialPollState, now: Date) -> SocialPollState {
    var state = state
    state.lastManual = now
    return state
  }

  /// A key press: the user is back, the idle backoff ends.
  public static func input(_ state: SocialPollState, now: Date) -> SocialPollState {
    var state = state
    state.lastInput = now
    state.idleRefreshes = 0
    return state
  }
}
