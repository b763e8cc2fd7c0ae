import Foundation
import VibesCore
import VibesServices
import VibesStorage

/// Fetches the social Feed (shares to all by the people you follow, songs sent to you, new follows) through
/// `ShareRepository` (blocked users filtered there and here again for cached cards), merges it with the cached
/// social cards, ranks it with the Feed's own cards (`SocialFeedCards.merge`) and writes the whole order to
/// `feedCard`. Counts the documents it reads, so the poller keeps within the daily budget. Signed out, or signed in
/// to another account: the social cards go and the Feed shows its other cards.
public struct SocialFeedRefresher: Sendable {
  /// Newest shares, sent songs and follows asked for per refresh.
  public static let pageSize = 50
  /// The people you follow are asked for again on start and `r`; a timed poll reuses them for this long.
  public static let followingMaxAge: TimeInterval = 3600

  public let shares: ShareRepository?
  public let database: AppDatabase
  let now: @Sendable () -> Date

  public init(shares: ShareRepository?, database: AppDatabase, now: @escaping @Sendable () -> Date = Date.init) {
    self.shares = shares
    self.database = database
    self.now = now
  }

  /// Built on the app's one set of Firebase clients.
  static func live(_ dependencies: AppDependencies) -> SocialFeedRefresher {
    let firebase = FirebaseDependencies.shared(dependencies)
    return SocialFeedRefresher(
      shares: firebase.repository().map(ShareRepository.init(social:)), database: dependencies.database,
      now: dependencies.now)
  }

  /// The signed-in uid, read locally (no network); nil when not configured or signed out.
  func owner() async -> String? {
    guard let shares else { return nil }
    return try? await shares.social.me()
  }

  /// Whether an account is signed in and when its social cards were fetched; another account's or a signed-out
  /// user's cards are dropped here.
  public func status() async -> FeedAction {
    let uid = await owner()
    let cachedOwner = (try? database.socialFeedOwner()) ?? nil
    if cachedOwner != nil, cachedOwner != uid { try? database.removeSocialFeedCards() }
    guard let uid else { return .socialStatusLoaded(signedIn: false, fetchedAt: nil, now: now()) }
    let fetched = (try? database.socialFeedFetchedAt(owner: uid)) ?? nil
    return .socialStatusLoaded(signedIn: true, fetchedAt: fetched, now: now())
  }

  /// One refresh: a timed poll asks only for what is newer than the newest cached card (a quiet poll costs about
  /// one read per query); start and `r` ask for the newest page. The queries run together
  /// (`ShareRepository.poll`, at most 10 in flight): about two round trips, not one per query. What does not need
  /// the network (the cache, your conversations) is read before the answers come, so little is left after them.
  /// `window`: the Feed's cards to send back from the new order (what the Feed would read next), so the new cards
  /// are drawn without reading the cache back.
  public func refresh(_ trigger: SocialPollTrigger, window: FeedWindowRequest? = nil) async -> SocialRefreshReport {
    let (report, write) = await refreshDrawingFirst(trigger, window: window)
    guard let write else { return report }
    return write.run() ? report : write.failedReport(report)
  }

  /// `refresh`, except that when the window's cards come from the answer its cache write is handed back instead of
  /// done: the caller sends the report first (the new cards are drawn) and then runs the write, telling the Feed
  /// when it failed. Without a window (or when something else wrote cards meanwhile) it writes before it returns.
  public func refreshDrawingFirst(_ trigger: SocialPollTrigger, window: FeedWindowRequest? = nil) async -> (
    SocialRefreshReport, SocialCardsWrite?
  ) {
    guard let shares, let uid = await owner() else {
      return (SocialRefreshReport(outcome: .signedOut, reads: 0, now: now()), nil)
    }
    var reads = 0
    do {
      if let cachedOwner = try database.socialFeedOwner(), cachedOwner != uid { try database.removeSocialFeedCards() }
      let cached = try database.allFeedCards()
      let cachedSocial = SocialFeedCards.socialInputs(cached)
      let cachedKeys = Set(cached.filter { FeedCard.socialKinds.contains($0.kind) }.map(\.id))
      let after = trigger == .timer ? cachedSocial.shares.compactMap(\.createdAt).max() : nil
      let talks = conversations(uid)
      let previousFetchedAt = (try? database.socialFeedFetchedAt(owner: uid)) ?? nil

      // Start and r ask for the people you follow afresh, but the feed's batches for those known from the last
      // poll start at once beside that query; a timed poll reuses the list for `followingMaxAge`.
      let known = FollowingMemo.shared.get(uid)?.ids
      let askFollowing = trigger != .timer || memoizedFollowing(uid) == nil
      let answer = try await shares.poll(
        following: known, askFollowing: askFollowing, after: after, limit: Self.pageSize, reads: &reads)
      if askFollowing { FollowingMemo.shared.set(uid, ids: answer.following, at: now()) }
      let hidden = answer.hidden
      let (feed, sent, follows) = (answer.feed, answer.sent, answer.follows)
      var names = cachedSocial.names
      let unknown = Array(Set(follows.map(\.followerId)).subtracting(names.keys)).sorted()
      if !unknown.isEmpty {
        let profiles = try await shares.social.profiles(unknown)
        for profile in profiles {
          names[profile.uid] = SocialName(username: profile.username ?? "", displayName: profile.displayName)
        }
        let batches = (unknown.count + ShareRepository.inBatch - 1) / ShareRepository.inBatch
        reads += max(batches, profiles.count)
      }

      var seen = Set<String>()
      let allShares = (feed + sent + cachedSocial.shares).filter {
        !hidden.contains($0.senderId) && seen.insert($0.id).inserted
      }
      var seenFollows = Set<String>()
      let allFollows = (follows + cachedSocial.follows).filter {
        !hidden.contains($0.followerId) && seenFollows.insert($0.followerId).inserted
      }
      let date = now()
      let ranked = SocialFeedCards.merge(
        feed: cached, shares: allShares, follows: allFollows, names: names, read: cachedSocial.read,
        interactions: SocialFeedCards.interactions(allShares, conversations: talks), now: date)
      let write = SocialCardsWrite(
        database: database, ranked: ranked, owner: uid, fetchedAt: date,
        previousFetchedAt: previousFetchedAt)
      // The window from the order about to be written, when the cache still holds what was read above.
      let drawn = window.flatMap { slice(ranked, $0, cachedCount: cached.count) }
      if drawn == nil { try database.replaceSocialCards(rankedFeed: ranked, owner: uid, fetchedAt: date) }
      let newDirect =
        sent
        .filter { !cachedKeys.contains("share:" + $0.id) && !hidden.contains($0.senderId) }
        .map { SongShareCard($0, isUnread: true).senderName }
        .map { SocialTextLimits.clean($0, limit: SocialTextLimits.username + 1) }
      let report = SocialRefreshReport(
        outcome: .updated, reads: reads, following: answer.following.count, newDirectSenders: newDirect,
        fetchedAt: date, now: date, window: drawn)
      return (report, drawn == nil ? nil : write)
    } catch let error as SocialError {
      return (SocialRefreshReport(outcome: Self.outcome(error), reads: max(1, reads), now: now()), nil)
    } catch {
      return (SocialRefreshReport(outcome: .failed, reads: max(1, reads), now: now()), nil)
    }
  }

  /// After another kind of card was refreshed (concerts, releases): the cached social cards woven in again, no
  /// network, so they keep their place among the fresh cards.
  public func reweave() {
    // After a social write still running (`SocialCardsWrite`), never from the order it replaces.
    SocialCardsWrite.gate.withLock { reweaveNow() }
  }

  private func reweaveNow() {
    guard let cached = try? database.allFeedCards(), let owner = (try? database.socialFeedOwner()) ?? nil else {
      return
    }
    let social = SocialFeedCards.socialInputs(cached)
    guard !social.shares.isEmpty || !social.follows.isEmpty else { return }
    let ranked = SocialFeedCards.merge(
      feed: cached, shares: social.shares, follows: social.follows, names: social.names, read: social.read,
      interactions: SocialFeedCards.interactions(social.shares, conversations: conversations(owner)), now: now())
    try? database.replaceSocialCards(rankedFeed: ranked, owner: owner, fetchedAt: nil)
  }

  /// `request`'s cards from `ranked`, the order about to be written, when the cache still holds the `cachedCount`
  /// cards it was ranked from (nothing else wrote a card meanwhile; writing `ranked` then leaves exactly it); nil
  /// otherwise (the Feed then reads the cache).
  func slice(_ ranked: [FeedCard], _ request: FeedWindowRequest, cachedCount: Int) -> FeedWindowSlice? {
    guard let total = try? database.feedCardCount(), total == cachedCount else { return nil }
    let start = min(max(0, request.offset), ranked.count)
    let end = min(start + max(0, request.limit), ranked.count)
    return FeedWindowSlice(request: request, total: ranked.count, items: ranked[start..<end].map(Optional.some))
  }

  /// The cached messages of `uid`'s conversations (how often you talk, both directions; no network).
  func conversations(_ uid: String) -> [String: [InboxMessage]] {
    (try? database.inboxConversations(owner: uid)) ?? [:]
  }

  static func outcome(_ error: SocialError) -> SocialRefreshOutcome {
    switch error {
    case .firebase(.notSignedIn), .firebase(.signInAgain), .firebase(.unauthenticated), .firebase(.invalidGrant):
      return .signedOut
    case .firebase(.service): return .offline
    default: return .failed
    }
  }

  /// The people `uid` follows as a timed poll may reuse them (asked afresh on start and `r`, and after
  /// `followingMaxAge`); nil when the poll has to ask.
  func memoizedFollowing(_ uid: String) -> [String]? {
    guard let known = FollowingMemo.shared.get(uid), now().timeIntervalSince(known.at) < Self.followingMaxAge else {
      return nil
    }
    return known.ids
  }
}

/// A social refresh's cache write, run after its cards were sent (`SocialFeedRefresher.refreshDrawingFirst`). Feed
/// reads of the cache wait for it (`SocialCardsWrite.gate`), so no window is read from the order it replaces.
public struct SocialCardsWrite: Sendable {
  let database: AppDatabase
  let ranked: [FeedCard]
  let owner: String
  let fetchedAt: Date
  /// When the cache was fetched before this refresh (what the Feed says once the write failed).
  public let previousFetchedAt: Date?

  /// Taken from before the report is sent until the write is done; the Feed's window reads take it too.
  public static let gate = NSLock()

  /// Writes the ranked cards; false when the cache could not be written.
  public func run() -> Bool {
    do {
      try database.replaceSocialCards(rankedFeed: ranked, owner: owner, fetchedAt: fetchedAt)
      return true
    } catch {
      return false
    }
  }

  /// The report a refresh that wrote before returning gives when the write failed.
  func failedReport(_ report: SocialRefreshReport) -> SocialRefreshReport {
    SocialRefreshReport(outcome: .failed, reads: max(1, report.reads), now: report.now)
  }
}

/// The following list per account for this process (a timed poll need not read 500 friendships every time).
private final class FollowingMemo: @unchecked Sendable {
  // @unchecked: `memo` is only read and written under `lock`.
  static let shared = FollowingMemo()
  private let lock = NSLock()
  private var memo: [String: (ids: [String], at: Date)] = [:]

  func get(_ uid: String) -> (ids: [String], at: Date)? { lock.withLock { memo[uid] } }
  func set(_ uid: String, ids: [String], at: Date) { lock.withLock { memo[uid] = (ids, at) } }
}
