import Foundation
import VibesCore
import VibesServices

/// What one poll of the social Feed read: blocks both ways, the people you follow (when asked afresh), the
/// followers' feed, songs sent to you and new followers, and the documents Firestore bills for them.
public struct SocialPollAnswer: Sendable, Equatable {
  /// Whom you blocked and who blocked you (their shares, sends and follows are already left out below).
  public var hidden: Set<String>
  public var following: [String]
  /// Newest first, at most the page's limit.
  public var feed: [SongShare]
  public var sent: [SongShare]
  public var follows: [NewFollow]
  /// Queries answered.
  public var queries: Int
}

extension ShareRepository {
  /// At most this many of one poll's queries are in flight together: `r` with up to 330 people followed (11 `IN`
  /// batches and its 5 other queries) goes out in one wave, one round trip, instead of two waves under the 10 it
  /// was. The queries are reads, so they go on the transport's pooled connections (`FirestoreClient`, `readOnly`),
  /// never more than this many at once.
  public static let pollMaxInFlight = 16

  /// One query of a poll, named for where its answer goes.
  enum PollSlot: Hashable, Comparable {
    case blocked, blockedMe, following, sent, follows
    case feed(Int)
  }

  /// One poll, its queries run together (at most `pollMaxInFlight` in flight): blocks both ways, songs sent to
  /// you, new followers and, when `askFollowing` (or nothing is `known`), the people you follow start at once;
  /// the followers' feed's `senderId IN [≤30]` batches start at once for the people `known` to be followed (a
  /// memo), and when the list asked afresh names people the memo did not, batches for just those follow as soon
  /// as it answers. Shares of people no longer followed are left out. So the list (one read per person, the
  /// largest answer) is decoded while the batches are in flight, not before them. Blocks are read once. Answers are merged by slot, never by arrival, so the result
  /// does not depend on which answer came first. The first failure ends the poll (the other queries are
  /// cancelled) and is thrown. `reads` grows by the documents Firestore bills for the answers that came (one per
  /// document returned, one for a query that returns none), failure or not, so the daily budget stays exact.
  public func poll(
    following known: [String]?, askFollowing: Bool = true, after: Date?, limit: Int, reads: inout Int
  ) async throws(SocialError) -> SocialPollAnswer {
    let uid = try await social.me()
    let (mine, theirs) = SocialRepository.blockQueries(uid)
    let asks = askFollowing || known == nil
    var waiting: [(PollSlot, FirestoreQuery)] = asks ? [(.following, SocialRepository.followingQuery(uid))] : []
    waiting += [
      (.blocked, mine), (.blockedMe, theirs), (.sent, Self.sentToMeQuery(uid, before: nil, after: after, limit: limit)),
      (.follows, Self.newFollowersQuery(uid, limit: limit)),
    ]
    let covered = Set(Self.senders(known ?? [], uid: uid))
    waiting += feedSlots(Array(covered), uid: uid, after: after, limit: limit, first: 0)
    let firstAdded = waiting.count
    let social = self.social
    let (answers, failure): ([PollSlot: PollAnswer], SocialError?) = await withTaskGroup(
      of: (PollSlot, Result<PollAnswer, SocialError>).self
    ) { group in
      var inFlight = 0
      func startWaiting() {
        while inFlight < Self.pollMaxInFlight, !waiting.isEmpty {
          let (slot, query) = waiting.removeFirst()
          inFlight += 1
          group.addTask {
            do throws(SocialError) {
              let firestore = social.firestore
              let documents = try await social.run { token throws(FirebaseError) in
                try await firestore.runQuery(query, idToken: token)
              }
              return (slot, .success(PollAnswer(slot, documents)))
            } catch {
              return (slot, .failure(error))
            }
          }
        }
      }
      startWaiting()
      var answers: [PollSlot: PollAnswer] = [:]
      while let (slot, answer) = await group.next() {
        inFlight -= 1
        switch answer {
        case .failure(let error):
          group.cancelAll()
          return (answers, error)
        case .success(let answer):
          answers[slot] = answer
          if slot == .following {
            let added = Self.senders(Self.followingIDs(answer.documents), uid: uid).filter { !covered.contains($0) }
            waiting += feedSlots(added, uid: uid, after: after, limit: limit, first: firstAdded)
          }
        }
        startWaiting()
      }
      return (answers, nil)
    }
    reads += answers.values.reduce(0) { $0 + max(1, $1.count) }
    if let failure { throw failure }
    let hidden = Set((answers[.blocked]?.documents ?? []).compactMap { $0.fields["blockedId"]?.stringValue })
      .union((answers[.blockedMe]?.documents ?? []).compactMap { $0.fields["blockerId"]?.stringValue })
    let batches = answers.keys.sorted().compactMap { slot -> [SongShare]? in
      guard case .feed = slot else { return nil }
      return answers[slot]?.shares
    }
    let following = asks ? Self.followingIDs(answers[.following]?.documents ?? []) : known ?? []
    // Unfollowed since the memo: their batch was asked, their shares are not shown.
    let unfollowed = covered.subtracting(following)
    return SocialPollAnswer(
      hidden: hidden, following: following,
      feed: Self.mergedFeed(shares: batches, hidden: hidden.union(unfollowed), limit: limit),
      sent: (answers[.sent]?.shares ?? []).filter { !hidden.contains($0.senderId) },
      follows: Self.follows(answers[.follows]?.documents ?? [], hidden: hidden), queries: answers.count)
  }

  /// One query's answer as the poll keeps it: the shares of the followers' feed and of songs sent to you are
  /// decoded in the query's own task as soon as it answers (while the others are in flight), so only the last
  /// answer's decoding is left between it and the cards; the other slots keep their documents.
  struct PollAnswer: Sendable {
    var documents: [FirestoreDocument]
    var shares: [SongShare]
    /// Documents returned (what Firestore bills).
    var count: Int

    init(_ slot: PollSlot, _ documents: [FirestoreDocument]) {
      count = documents.count
      switch slot {
      case .feed, .sent:
        self.documents = []
        shares = documents.compactMap(ShareRepository.share)
      case .blocked, .blockedMe, .following, .follows:
        self.documents = documents
        shares = []
      }
    }
  }

  /// The people whose shares the feed asks for: those followed, without yourself and invalid ids, each once,
  /// sorted (so the batches are the same for the same people).
  static func senders(_ following: [String], uid: String) -> [String] {
    Array(Set(following.filter { $0 != uid && FirestorePath.isValidID($0) })).sorted()
  }

  /// The followers' feed batches for `senders`, as poll slots numbered from `first`.
  func feedSlots(_ senders: [String], uid: String, after: Date?, limit: Int, first: Int)
    -> [(PollSlot, FirestoreQuery)]
  {
    Self.feedQueries(senders: Self.senders(senders, uid: uid), before: nil, after: after, limit: limit).enumerated()
      .map { (.feed(first + $0.offset), $0.element) }
  }

  static func followingIDs(_ documents: [FirestoreDocument]) -> [String] {
    documents.compactMap { $0.fields["followingId"]?.stringValue }
  }
}
