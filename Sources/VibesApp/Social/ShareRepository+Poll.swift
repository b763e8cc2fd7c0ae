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
  /// At most this many of one poll's queries are in flight together (People's refresh sends its 10 `IN` queries
  /// together too): a poll costs about two round trips instead of one per query, and never opens more
  /// connections than that.
  public static let pollMaxInFlight = 10

  /// One query of a poll, named for where its answer goes.
  enum PollSlot: Hashable, Comparable {
    case blocked, blockedMe, following, sent, follows
    case feed(Int)
  }

  /// One poll, its queries run together (at most `pollMaxInFlight` in flight): blocks both ways, songs sent to
  /// you, new followers and, when `following` is nil, the people you follow start at once; the followers' feed's
  /// `senderId IN [≤30]` batches start as soon as the people you follow are known (at once when `following` is
  /// given). Blocks are read once for the whole poll. Answers are merged by slot, never by arrival, so the result
  /// does not depend on which answer came first. The first failure ends the poll (the other queries are
  /// cancelled) and is thrown. `reads` grows by the documents Firestore bills for the answers that came (one per
  /// document returned, one for a query that returns none), failure or not, so the daily budget stays exact.
  public func poll(following known: [String]?, after: Date?, limit: Int, reads: inout Int) async throws(SocialError)
    -> SocialPollAnswer
  {
    let uid = try await social.me()
    let (mine, theirs) = SocialRepository.blockQueries(uid)
    var waiting: [(PollSlot, FirestoreQuery)] = [
      (.blocked, mine), (.blockedMe, theirs), (.sent, Self.sentToMeQuery(uid, before: nil, after: after, limit: limit)),
      (.follows, Self.newFollowersQuery(uid, limit: limit)),
    ]
    if let known {
      waiting += feedSlots(known, uid: uid, after: after, limit: limit)
    } else {
      waiting.insert((.following, SocialRepository.followingQuery(uid)), at: 0)
    }
    let social = self.social
    let (answers, failure): ([PollSlot: [FirestoreDocument]], SocialError?) = await withTaskGroup(
      of: (PollSlot, Result<[FirestoreDocument], SocialError>).self
    ) { group in
      var inFlight = 0
      func startWaiting() {
        while inFlight < Self.pollMaxInFlight, !waiting.isEmpty {
          let (slot, query) = waiting.removeFirst()
          inFlight += 1
          group.addTask {
            do throws(SocialError) {
              let firestore = social.firestore
              return (
                slot,
                .success(
                  try await social.run { token throws(FirebaseError) in
                    try await firestore.runQuery(query, idToken: token)
                  })
              )
            } catch {
              return (slot, .failure(error))
            }
          }
        }
      }
      startWaiting()
      var answers: [PollSlot: [FirestoreDocument]] = [:]
      while let (slot, answer) = await group.next() {
        inFlight -= 1
        switch answer {
        case .failure(let error):
          group.cancelAll()
          return (answers, error)
        case .success(let documents):
          answers[slot] = documents
          if slot == .following {
            waiting += feedSlots(Self.followingIDs(documents), uid: uid, after: after, limit: limit)
          }
        }
        startWaiting()
      }
      return (answers, nil)
    }
    reads += answers.values.reduce(0) { $0 + max(1, $1.count) }
    if let failure { throw failure }
    let hidden = Set((answers[.blocked] ?? []).compactMap { $0.fields["blockedId"]?.stringValue })
      .union((answers[.blockedMe] ?? []).compactMap { $0.fields["blockerId"]?.stringValue })
    let batches = answers.keys.sorted().compactMap { slot -> [FirestoreDocument]? in
      guard case .feed = slot else { return nil }
      return answers[slot]
    }
    return SocialPollAnswer(
      hidden: hidden, following: known ?? Self.followingIDs(answers[.following] ?? []),
      feed: Self.mergedFeed(batches, hidden: hidden, limit: limit),
      sent: (answers[.sent] ?? []).compactMap(Self.share).filter { !hidden.contains($0.senderId) },
      follows: Self.follows(answers[.follows] ?? [], hidden: hidden), queries: answers.count)
  }

  /// The followers' feed batches for `following` (yourself and invalid ids left out), as poll slots.
  func feedSlots(_ following: [String], uid: String, after: Date?, limit: Int) -> [(PollSlot, FirestoreQuery)] {
    let senders = Array(Set(following.filter { $0 != uid && FirestorePath.isValidID($0) })).sorted()
    return Self.feedQueries(senders: senders, before: nil, after: after, limit: limit).enumerated().map {
      (.feed($0.offset), $0.element)
    }
  }

  static func followingIDs(_ documents: [FirestoreDocument]) -> [String] {
    documents.compactMap { $0.fields["followingId"]?.stringValue }
  }
}
