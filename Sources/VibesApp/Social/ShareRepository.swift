import Foundation
import VibesCore
import VibesServices

/// How a share, send or reply ended.
public enum ShareOutcome: Sendable, Equatable {
  case sent
  /// The document already existed: an earlier attempt whose answer was lost went through (no duplicate).
  case alreadySent
}

/// Shares, sends, replies, the inbox and the social feed's queries, at exactly the paths and fields of the shared
/// data model (`shares/{id}`, `threads/{id}`, `threads/{id}/messages/{m}`). Writes are idempotent: the share's id is
/// chosen in the `ShareDraft` before the first attempt and every write of it is created with `exists=false`, so a
/// retry after a lost answer is a 409 and never a duplicate. Everything read from other people is sanitised and
/// capped; blocked users (either way) are never returned.
public struct ShareRepository: Sendable {
  /// Caps on stored track names when drawn.
  public static let trackTextLimit = 200
  /// Firestore takes at most 30 values per `IN`.
  public static let inBatch = FirestoreQuery.maxInValues

  public let social: SocialRepository

  public init(social: SocialRepository) {
    self.social = social
  }

  var firestore: FirestoreClient { social.firestore }

  // MARK: Drafts

  /// A draft from you (your profile's names) with a fresh random id; `recipientId` nil shares to all followers.
  public static func draft(
    from me: SocialProfile, to recipientId: String?, track: SharedTrack, message: String?
  ) -> ShareDraft {
    var generator = SystemRandomNumberGenerator()
    return ShareDraft(
      id: ShareDraft.newID(using: &generator), senderId: me.uid, senderUsername: me.username ?? "",
      senderDisplayName: me.displayName, recipientId: recipientId, track: track, message: message)
  }

  /// The writes of one draft, in one commit: the share (`exists=false`, `createdAt` by the server); for a send or
  /// reply also the thread (created or updated: `participants`, `lastMessageAt`) and a message pointing at the share
  /// (its id is the share's id, `exists=false`).
  public static func writes(for draft: ShareDraft) -> [FirestoreWrite] {
    var fields: [String: FirestoreValue] = [
      "senderId": .string(draft.senderId), "senderUsername": .string(draft.senderUsername),
      "senderDisplayName": .string(draft.senderDisplayName),
      "recipientId": draft.recipientId.map(FirestoreValue.string) ?? .null,
      "trackId": .string(draft.track.trackId), "trackName": .string(draft.track.trackName),
      "artistName": .string(draft.track.artistName), "albumName": .string(draft.track.albumName),
      "trackUri": .string(draft.track.trackUri),
    ]
    if let message = draft.message { fields["message"] = .string(message) }
    guard let recipient = draft.recipientId, let thread = draft.threadId else {
      return [
        .update(
          path: "shares/\(draft.id)", fields: fields, mask: nil, precondition: .exists(false),
          transforms: [.serverTime(field: "createdAt")])
      ]
    }
    fields["threadId"] = .string(thread)
    return [
      .update(
        path: "shares/\(draft.id)", fields: fields, mask: nil, precondition: .exists(false),
        transforms: [.serverTime(field: "createdAt")]),
      .update(
        path: "threads/\(thread)",
        fields: ["participants": .array(ThreadID.participants(draft.senderId, recipient).map(FirestoreValue.string))],
        mask: ["participants"], precondition: nil, transforms: [.serverTime(field: "lastMessageAt")]),
      .update(
        path: "threads/\(thread)/messages/\(draft.id)",
        fields: ["senderId": .string(draft.senderId), "shareId": .string(draft.id)], mask: nil,
        precondition: .exists(false), transforms: [.serverTime(field: "createdAt")]),
    ]
  }

  // MARK: Writes

  /// Shares to all followers, sends to one person or replies: checks the draft (yours, message ≤ 280 characters as
  /// the user sees them, not to yourself, no block either way) before anything is sent, then commits it once.
  @discardableResult
  public func send(_ draft: ShareDraft) async throws(SocialError) -> ShareOutcome {
    let uid = try await social.me()
    guard draft.senderId == uid, FirestorePath.isValidID(draft.id) else { throw .firebase(.permissionDenied) }
    guard ShareMessageRule.isValid(draft.message) else {
      throw .messageTooLong(ShareMessageRule.count(draft.message ?? ""))
    }
    if let recipient = draft.recipientId {
      guard recipient != uid else { throw .cannotFollowYourself }
      guard FirestorePath.isValidID(recipient) else { throw .firebase(.notFound) }
      let (blocked, blockedMe) = try await social.blockSets()
      if blocked.contains(recipient) || blockedMe.contains(recipient) { throw .blocked }
    }
    return try await commitOnce(Self.writes(for: draft))
  }

  /// Commits `writes` as one; a document that already exists means a retry after a lost answer: "already sent".
  func commitOnce(_ writes: [FirestoreWrite]) async throws(SocialError) -> ShareOutcome {
    let firestore = self.firestore
    do {
      try await social.run { token throws(FirebaseError) in try await firestore.commit(writes, idToken: token) }
      return .sent
    } catch .firebase(.alreadyExists) {
      return .alreadySent
    }
  }

  /// Shares `track` to all your followers (`recipientId` an explicit null).
  @discardableResult
  public func shareToAll(_ track: SharedTrack, message: String?, from me: SocialProfile) async throws(SocialError)
    -> ShareOutcome
  {
    try await send(Self.draft(from: me, to: nil, track: track, message: message))
  }

  /// Sends `track` to one person; the conversation thread is created or updated.
  @discardableResult
  public func send(_ track: SharedTrack, to recipient: String, message: String?, from me: SocialProfile)
    async throws(SocialError) -> ShareOutcome
  {
    try await send(Self.draft(from: me, to: recipient, track: track, message: message))
  }

  /// Replies to a received share with a song: it goes back to the sender, in the same thread.
  @discardableResult
  public func reply(to share: SongShare, with track: SharedTrack, message: String?, from me: SocialProfile)
    async throws(SocialError) -> ShareOutcome
  {
    try await send(Self.draft(from: me, to: share.senderId, track: track, message: message))
  }

  // MARK: Reads

  static func share(_ document: FirestoreDocument) -> SongShare? {
    let fields = document.fields
    func text(_ key: String, _ limit: Int) -> String {
      SocialTextLimits.clean(fields[key]?.stringValue ?? "", limit: limit)
    }
    guard let sender = fields["senderId"]?.stringValue, FirestorePath.isValidID(sender) else { return nil }
    let recipient = fields["recipientId"]?.stringValue
    let message = fields["message"]?.stringValue.map { SocialTextLimits.clean($0, limit: SocialTextLimits.message) }
    let thread = fields["threadId"]?.stringValue.flatMap { FirestorePath.isValidID($0) ? $0 : nil }
    let limit = Self.trackTextLimit
    return SongShare(
      id: document.id, senderId: sender, senderUsername: text("senderUsername", SocialTextLimits.username),
      senderDisplayName: text("senderDisplayName", SocialTextLimits.displayName), recipientId: recipient,
      track: SharedTrack(
        trackId: text("trackId", 64), trackName: text("trackName", limit), artistName: text("artistName", limit),
        albumName: text("albumName", limit), trackUri: text("trackUri", limit)),
      message: message.flatMap { $0.isEmpty ? nil : $0 }, threadId: thread,
      createdAt: fields["createdAt"]?.timestampValue?.date)
  }

  func query(_ query: FirestoreQuery) async throws(SocialError) -> [FirestoreDocument] {
    let firestore = self.firestore
    return try await social.run { token throws(FirebaseError) in try await firestore.runQuery(query, idToken: token) }
  }

  /// Both ways: whom you blocked and who blocked you.
  func hidden() async throws(SocialError) -> Set<String> {
    let (blocked, blockedMe) = try await social.blockSets()
    return blocked.union(blockedMe)
  }

  static func newestFirst(_ a: SongShare, _ b: SongShare) -> Bool {
    let (x, y) = (a.createdAt ?? .distantPast, b.createdAt ?? .distantPast)
    return x != y ? x > y : a.id < b.id
  }

  /// The followers' feed: shares to all (`recipientId == null`) by the people you follow, newest first, at most
  /// `limit`, older than `before` when paging, newer than `after` when polling (a quiet poll then costs one read
  /// per query). One `senderId IN [≤30]` query per batch of followed people (each with the page's limit, so the
  /// merged top `limit` is exact), merged and cut to the page. Blocked users never.
  public func followersFeed(following: [String]? = nil, before: Date? = nil, after: Date? = nil, limit: Int = 20)
    async throws(SocialError) -> [SongShare]
  {
    let uid = try await social.me()
    let hidden = try await hidden()
    let ids: [String]
    if let following {
      ids = following
    } else {
      ids = try await social.followingIDs(of: uid)
    }
    let senders = Array(Set(ids.filter { $0 != uid && FirestorePath.isValidID($0) && !hidden.contains($0) })).sorted()
    guard !senders.isEmpty, limit > 0 else { return [] }
    var batches: [[FirestoreDocument]] = []
    for batch in Self.feedQueries(senders: senders, before: before, after: after, limit: limit) {
      batches.append(try await query(batch))
    }
    return Self.mergedFeed(batches, hidden: hidden, limit: limit)
  }

  /// The followers' feed queries: one `senderId IN [≤30]` per batch of `senders` (sorted, so the batches and their
  /// order are the same for the same people), each with the page's limit.
  static func feedQueries(senders: [String], before: Date?, after: Date?, limit: Int) -> [FirestoreQuery] {
    guard limit > 0 else { return [] }
    return stride(from: 0, to: senders.count, by: Self.inBatch).map { start in
      let batch = senders[start..<min(start + Self.inBatch, senders.count)]
      let filters: [FirestoreQuery.Filter] =
        [.init("senderId", .in, .array(batch.map(FirestoreValue.string))), .init("recipientId", .equal, .null)]
        + Self.window(before: before, after: after)
      return FirestoreQuery(
        collection: "shares", filters: filters, orderBy: [.init("createdAt", descending: true)], limit: limit)
    }
  }

  /// The batches' answers merged: newest first (ties by id, so the order does not depend on which answer came
  /// first), each share once, blocked senders never, cut to `limit`.
  static func mergedFeed(_ batches: [[FirestoreDocument]], hidden: Set<String>, limit: Int) -> [SongShare] {
    mergedFeed(shares: batches.map { $0.compactMap(Self.share) }, hidden: hidden, limit: limit)
  }

  /// `mergedFeed` of batches already decoded.
  static func mergedFeed(shares batches: [[SongShare]], hidden: Set<String>, limit: Int) -> [SongShare] {
    let merged = batches.joined().filter { !hidden.contains($0.senderId) }
    var seen = Set<String>()
    return Array(merged.sorted(by: Self.newestFirst).filter { seen.insert($0.id).inserted }.prefix(limit))
  }

  static func window(before: Date?, after: Date?) -> [FirestoreQuery.Filter] {
    var filters: [FirestoreQuery.Filter] = []
    if let before { filters.append(.init("createdAt", .lessThan, .timestamp(FirestoreTimestamp(before)))) }
    if let after { filters.append(.init("createdAt", .greaterThan, .timestamp(FirestoreTimestamp(after)))) }
    return filters
  }

  /// Songs sent to you, newest first (`recipientId == me`), without blocked senders; `before`/`after` as in
  /// `followersFeed`.
  public func sentToMe(before: Date? = nil, after: Date? = nil, limit: Int = 20) async throws(SocialError)
    -> [SongShare]
  {
    let uid = try await social.me()
    let hidden = try await hidden()
    let documents = try await query(Self.sentToMeQuery(uid, before: before, after: after, limit: limit))
    return documents.compactMap(Self.share).filter { !hidden.contains($0.senderId) }
  }

  static func sentToMeQuery(_ uid: String, before: Date?, after: Date?, limit: Int) -> FirestoreQuery {
    let filters: [FirestoreQuery.Filter] =
      [.init("recipientId", .equal, .string(uid))] + Self.window(before: before, after: after)
    return FirestoreQuery(
      collection: "shares", filters: filters, orderBy: [.init("createdAt", descending: true)], limit: limit)
  }

  /// People who started following you, newest first, without blocked users.
  public func newFollowers(limit: Int = 20) async throws(SocialError) -> [NewFollow] {
    let uid = try await social.me()
    let hidden = try await hidden()
    return Self.follows(try await query(Self.newFollowersQuery(uid, limit: limit)), hidden: hidden)
  }

  static func newFollowersQuery(_ uid: String, limit: Int) -> FirestoreQuery {
    FirestoreQuery(
      collection: "friendships", filters: [.init("followingId", .equal, .string(uid))],
      orderBy: [.init("createdAt", descending: true)], limit: limit)
  }

  static func follows(_ documents: [FirestoreDocument], hidden: Set<String>) -> [NewFollow] {
    documents.compactMap { document -> NewFollow? in
      guard let follower = document.fields["followerId"]?.stringValue, FirestorePath.isValidID(follower),
        !hidden.contains(follower)
      else { return nil }
      return NewFollow(followerId: follower, createdAt: document.fields["createdAt"]?.timestampValue?.date)
    }
  }

  /// Your conversations, newest first (`participants` contains you, ordered by `lastMessageAt`), without threads
  /// with a blocked user.
  public func inbox(limit: Int = 50) async throws(SocialError) -> [SocialThread] {
    let uid = try await social.me()
    let hidden = try await hidden()
    let documents = try await query(
      FirestoreQuery(
        collection: "threads", filters: [.init("participants", .arrayContains, .string(uid))],
        orderBy: [.init("lastMessageAt", descending: true)], limit: limit))
    return documents.compactMap { document -> SocialThread? in
      let participants = (document.fields["participants"]?.arrayValue ?? []).compactMap(\.stringValue)
      let thread = SocialThread(
        id: document.id, participants: participants,
        lastMessageAt: document.fields["lastMessageAt"]?.timestampValue?.date)
      guard participants.count == 2, participants.contains(uid), let other = thread.other(than: uid),
        !hidden.contains(other)
      else { return nil }
      return thread
    }
  }

  /// The messages of one of your threads, oldest first, each song resolved to its share (the shares of the thread
  /// sent by you and to you: two queries pinned to you, so a deleted share leaves its message without a song).
  public func messages(in threadID: String, limit: Int = 200) async throws(SocialError) -> [ThreadMessage] {
    let uid = try await social.me()
    guard FirestorePath.isValidID(threadID) else { return [] }
    let hidden = try await hidden()
    let documents = try await query(
      FirestoreQuery(
        collection: "messages", orderBy: [.init("createdAt")], limit: limit, parent: "threads/\(threadID)"))
    var shares: [String: SongShare] = [:]
    for field in ["senderId", "recipientId"] {
      let found = try await query(
        FirestoreQuery(
          collection: "shares",
          filters: [.init(field, .equal, .string(uid)), .init("threadId", .equal, .string(threadID))]))
      for share in found.compactMap(Self.share) { shares[share.id] = share }
    }
    return documents.compactMap { document -> ThreadMessage? in
      let fields = document.fields
      guard let sender = fields["senderId"]?.stringValue, !hidden.contains(sender) else { return nil }
      let shareID = fields["shareId"]?.stringValue
      let text = fields["text"]?.stringValue.map { SocialTextLimits.clean($0, limit: SocialTextLimits.message) }
      return ThreadMessage(
        id: document.id, threadId: threadID, senderId: sender, shareId: shareID, text: text,
        createdAt: fields["createdAt"]?.timestampValue?.date, share: shareID.flatMap { shares[$0] })
    }
  }
}
