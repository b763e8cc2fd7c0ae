import Foundation
import VibesCore
import VibesServices

/// What one suggestion refresh read: the evidence to rank, and what it cost in Firestore.
public struct SuggestionRead: Sendable {
  public var evidence: SuggestionEvidence
  /// Queries and gets sent.
  public var requests: Int
  /// Documents read as Firestore bills them (every returned document, at least one per query).
  public var billedReads: Int
}

extension SocialRepository {
  /// How many of the people you follow one refresh looks at (one `followerId IN [≤30]` query).
  public static let suggestionExpand = FirestoreQuery.maxInValues
  /// At most this many of their follows are read.
  public static let suggestionFollowsRead = 100
  /// At most this many taste matches are read (`tasteKeys` array-contains-any).
  public static let suggestionTasteRead = 20

  /// The most one refresh can cost: the two block queries (each as large as the blocks), the follows of the first
  /// 30 people you follow, your own profile (for your taste), the taste matches and one profile batch of 30.
  public static func suggestionReadCeiling(blocks: Int) -> Int {
    max(1, blocks) + 1 + suggestionFollowsRead + 1 + suggestionTasteRead + inBatch
  }

  /// The evidence for People's suggestions (FR-8.4), in at most six requests:
  ///
  /// 1–2. `blocks` where `blockerId == me` and where `blockedId == me` (`blockSets`);
  /// 3. `friendships` where `followerId IN` the first 30 of `following` (not blocked), at most 100: people followed
  ///    by people you follow;
  /// 4. your profile (a get): your public taste summary;
  /// 5. `users` where `tasteKeys` array-contains-any your artist keys (≤ 20 values), at most 20: similar taste,
  ///    scored with `TasteMatch`;
  /// 6. `users` where `uid IN` the 30 most followed candidates not already read.
  ///
  /// Every query is one the rules allow for any signed-in user (`friendships` and `users` are readable; `blocks`
  /// are pinned to you) and none needs a composite index (one equality-type filter, no order).
  public func suggestionEvidence(following: [PersonSummary]) async throws(SocialError) -> SuggestionRead {
    let uid = try await me()
    var requests = 0
    var billed = 0
    func count(_ documents: Int) {
      requests += 1
      billed += max(1, documents)
    }
    let (blocked, blockedMe) = try await blockSets()
    count(blocked.count)
    count(blockedMe.count)
    let blockedAll = blocked.union(blockedMe)
    let followingIDs = Set(following.map(\.uid))
    var people: [String: PersonSummary] = [:]
    for person in following { people[person.uid] = person }
    let firestore = self.firestore

    var followedBy: [String: Set<String>] = [:]
    let expanded = following.map(\.uid).filter { FirestorePath.isValidID($0) && !blockedAll.contains($0) }
      .prefix(Self.suggestionExpand)
    if !expanded.isEmpty {
      let query = FirestoreQuery(
        collection: "friendships",
        filters: [.init("followerId", .in, .array(expanded.map(FirestoreValue.string)))],
        limit: Self.suggestionFollowsRead)
      let documents = try await run { token throws(FirebaseError) in try await firestore.runQuery(query, idToken: token)
      }
      count(documents.count)
      for document in documents {
        guard let follower = document.fields["followerId"]?.stringValue,
          let followed = document.fields["followingId"]?.stringValue, expanded.contains(follower),
          FirestorePath.isValidID(followed), followed != uid, !followingIDs.contains(followed),
          !blockedAll.contains(followed)
        else { continue }
        followedBy[followed, default: []].insert(follower)
      }
    }

    var tastePercent: [String: Int] = [:]
    let mine = try await profileDocument(uid)
    count(mine == nil ? 0 : 1)
    if let mine = mine.flatMap({ Self.tasteSummary($0.fields) }) {
      let keys = PeopleSuggestionRanking.tasteKeys(mine)
      if !keys.isEmpty {
        let query = FirestoreQuery(
          collection: "users",
          filters: [.init("tasteKeys", .arrayContainsAny, .array(keys.map(FirestoreValue.string)))],
          limit: Self.suggestionTasteRead)
        let documents = try await run { token throws(FirebaseError) in
          try await firestore.runQuery(query, idToken: token)
        }
        count(documents.count)
        for document in documents {
          let profile = PersonSummary(Self.profile(document))
          guard profile.uid != uid, !followingIDs.contains(profile.uid), !blockedAll.contains(profile.uid),
            let theirs = Self.tasteSummary(document.fields)
          else { continue }
          tastePercent[profile.uid] = TasteMatch.percent(mine, theirs)
          people[profile.uid] = profile
        }
      }
    }

    let unread = followedBy.filter { people[$0.key] == nil }
      .sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }
      .prefix(Self.inBatch).map(\.key)
    if !unread.isEmpty {
      let found = try await profiles(Array(unread))
      count(found.count)
      for profile in found { people[profile.uid] = PersonSummary(profile) }
    }
    let evidence = SuggestionEvidence(
      me: uid, following: followingIDs, blocked: blockedAll, followedBy: followedBy, tastePercent: tastePercent,
      people: people)
    return SuggestionRead(evidence: evidence, requests: requests, billedReads: billed)
  }
}
