import Foundation
import VibesCore
import VibesServices

/// Why a social action did not happen (nothing changed locally or remotely then).
public enum SocialError: Error, Equatable, Sendable {
  case invalidUsername(UsernameRule.Problem)
  /// Someone else holds the name (the `usernames/{name}` create failed its `exists=false` precondition).
  case usernameTaken
  /// A block stands between the two users (either way).
  case blocked
  case cannotFollowYourself
  /// The signed-in user has no profile document yet.
  case noProfile
  /// A fresh sign-in (before deleting the account) chose another Google account; nothing more was deleted.
  case differentAccount
  /// A share's message is longer than 280 characters (as the user sees them); nothing was sent.
  case messageTooLong(Int)
  case firebase(FirebaseError)
}

/// The social graph in Firestore, exactly at the paths and field names of the shared data model
/// (/work/shared/docs/social-data-model.md, mirrored in Docs/firebase-setup.md): `users/{uid}`, `usernames/{name}`,
/// `friendships/{follower}_{following}`, `blocks/{blocker}_{blocked}`, `shares/{id}`. Only writes the rules allow;
/// profile edits patch with an update mask; everything read from other people is sanitised and capped.
public struct SocialRepository: Sendable {
  /// Firestore takes at most 30 values per `IN`.
  public static let inBatch = FirestoreQuery.maxInValues
  /// The profile photo's one path per user (the Storage rules allow `users/{uid}/{file}`).
  public static func photoPath(uid: String) -> String { "users/\(uid)/profile-photo" }
  /// A sign-in younger than this is recent enough for `accounts:delete` (Firebase allows about 5 minutes).
  public static let recentSignIn: TimeInterval = 240

  public let session: FirebaseSession
  let auth: FirebaseAuthClient
  let firestore: FirestoreClient
  let storage: FirebaseStorageClient?

  public init(
    session: FirebaseSession, auth: FirebaseAuthClient, firestore: FirestoreClient, storage: FirebaseStorageClient?
  ) {
    self.session = session
    self.auth = auth
    self.firestore = firestore
    self.storage = storage
  }

  // MARK: Plumbing

  func me() async throws(SocialError) -> String {
    do {
      return try await session.uid()
    } catch {
      throw .firebase(error)
    }
  }

  /// Runs a Firestore call with a fresh ID token (one refresh and one retry on a 401).
  func run<T: Sendable>(_ operation: @Sendable (String) async throws(FirebaseError) -> T) async throws(SocialError)
    -> T
  {
    do {
      return try await session.authorized(operation)
    } catch {
      throw .firebase(error)
    }
  }

  static func profile(_ document: FirestoreDocument) -> SocialProfile {
    let fields = document.fields
    func text(_ key: String, _ limit: Int) -> String {
      SocialTextLimits.clean(fields[key]?.stringValue ?? "", limit: limit)
    }
    let username = text("username", SocialTextLimits.username)
    let photo = fields["photoUrl"]?.stringValue.flatMap { url -> String? in
      let clean = TerminalText.sanitize(url)
      return clean.hasPrefix("https://") || clean.hasPrefix("http://127.0.0.1") ? String(clean.prefix(2048)) : nil
    }
    return SocialProfile(
      uid: document.id, displayName: text("displayName", SocialTextLimits.displayName),
      username: username.isEmpty ? nil : username, bio: text("bio", SocialTextLimits.bio), photoURL: photo,
      followingCount: WireNumbers.clampedCount(Int(clamping: fields["followingCount"]?.integerValue ?? 0)),
      streak: WireNumbers.clampedCount(Int(clamping: fields["streak"]?.integerValue ?? 0)),
      achievements: (fields["achievements"]?.arrayValue ?? []).compactMap(\.stringValue).prefix(50).map {
        SocialTextLimits.clean($0, limit: 60)
      },
      createdAt: fields["createdAt"]?.timestampValue?.date)
  }

  // MARK: Profile

  /// Another user's (or your own) profile; nil when there is none.
  public func profile(uid: String) async throws(SocialError) -> SocialProfile? {
    guard FirestorePath.isValidID(uid) else { return nil }
    let firestore = self.firestore
    return try await run { token throws(FirebaseError) in
      try await firestore.get("users/\(uid)", idToken: token).map(Self.profile)
    }
  }

  /// Your profile, created on first use (`exists=false`, counts at 0, `createdAt` set by the server).
  @discardableResult
  public func ensureProfile(displayName: String) async throws(SocialError) -> SocialProfile {
    let uid = try await me()
    if let existing = try await profile(uid: uid) { return existing }
    let name = String(displayName.trimmingCharacters(in: .whitespacesAndNewlines).prefix(SocialTextLimits.displayName))
    let write = FirestoreWrite.update(
      path: "users/\(uid)",
      fields: [
        "uid": .string(uid), "displayName": .string(name), "bio": .string(""), "followingCount": .integer(0),
        "streak": .integer(0), "achievements": .array([]),
      ], mask: nil, precondition: .exists(false), transforms: [.serverTime(field: "createdAt")])
    let firestore = self.firestore
    do {
      try await run { token throws(FirebaseError) in try await firestore.commit([write], idToken: token) }
    } catch .firebase(.alreadyExists) {
      // Created meanwhile (another device): read it below.
    }
    guard let created = try await profile(uid: uid) else { throw .noProfile }
    return created
  }

  /// Changes only the given fields (an update mask names exactly them; counts, streak, achievements stay).
  public func edit(_ edit: ProfileEdit) async throws(SocialError) {
    let uid = try await me()
    var fields: [String: FirestoreValue] = [:]
    if let name = edit.displayName {
      fields["displayName"] = .string(
        String(name.trimmingCharacters(in: .whitespacesAndNewlines).prefix(SocialTextLimits.displayName)))
    }
    if let bio = edit.bio { fields["bio"] = .string(String(bio.prefix(SocialTextLimits.bio))) }
    guard !fields.isEmpty else { return }
    let mask = fields.keys.sorted()
    let firestore = self.firestore
    let values = fields
    _ = try await run { token throws(FirebaseError) in
      try await firestore.patch("users/\(uid)", fields: values, mask: mask, exists: true, idToken: token)
    }
  }

  // MARK: Username

  /// True when nobody holds `name` (normalised first).
  public func isUsernameAvailable(_ raw: String) async throws(SocialError) -> Bool {
    let name = UsernameRule.normalize(raw)
    if let problem = UsernameRule.problem(name) { throw .invalidUsername(problem) }
    let firestore = self.firestore
    let uid = try await me()
    let holder = try await run { token throws(FirebaseError) in
      try await firestore.get("usernames/\(name)", idToken: token)?.fields["uid"]?.stringValue
    }
    return holder == nil || holder == uid
  }

  /// Claims `raw` in one commit: create `usernames/{name}` (`exists=false`), set the profile's `username` (masked),
  /// and delete the old name on a rename. A taken name fails the whole commit: `.usernameTaken`.
  @discardableResult
  public func claimUsername(_ raw: String) async throws(SocialError) -> String {
    let name = UsernameRule.normalize(raw)
    if let problem = UsernameRule.problem(name) { throw .invalidUsername(problem) }
    let uid = try await me()
    guard let current = try await profile(uid: uid) else { throw .noProfile }
    if current.username == name { return name }
    var writes: [FirestoreWrite] = [
      .update(path: "usernames/\(name)", fields: ["uid": .string(uid)], mask: nil, precondition: .exists(false)),
      .update(
        path: "users/\(uid)", fields: ["username": .string(name)], mask: ["username"], precondition: .exists(true)),
    ]
    if let old = current.username, UsernameRule.isValid(old) {
      writes.append(.delete(path: "usernames/\(old)", precondition: .exists(true)))
    }
    let firestore = self.firestore
    let all = writes
    do {
      try await run { token throws(FirebaseError) in try await firestore.commit(all, idToken: token) }
    } catch .firebase(.alreadyExists) {
      throw .usernameTaken
    } catch .firebase(.failedPrecondition) {
      throw .usernameTaken
    }
    try? await session.setUsername(name)
    return name
  }

  // MARK: Follow

  /// Follows `other`: creates `friendships/{me}_{other}` (`exists=false`) and adds 1 to your `followingCount` in
  /// the same commit. Following someone you already follow changes nothing (not a duplicate, not an error).
  public func follow(_ other: String) async throws(SocialError) {
    let uid = try await me()
    guard other != uid else { throw .cannotFollowYourself }
    guard FirestorePath.isValidID(other) else { throw .firebase(.notFound) }
    let (blocked, blockedMe) = try await blockSets()
    if blocked.contains(other) || blockedMe.contains(other) { throw .blocked }
    let writes: [FirestoreWrite] = [
      .update(
        path: "friendships/\(uid)_\(other)",
        fields: ["followerId": .string(uid), "followingId": .string(other), "status": .string("accepted")],
        mask: nil, precondition: .exists(false), transforms: [.serverTime(field: "createdAt")]),
      .update(
        path: "users/\(uid)", fields: [:], mask: [], precondition: .exists(true),
        transforms: [.increment(field: "followingCount", by: 1)]),
    ]
    let firestore = self.firestore
    do {
      try await run { token throws(FirebaseError) in try await firestore.commit(writes, idToken: token) }
    } catch .firebase(.alreadyExists) {
      return
    } catch .firebase(.permissionDenied) {
      throw .blocked
    }
  }

  /// Unfollows `other` (deletes the friendship, takes 1 from `followingCount`); not following is not an error.
  /// The friendship is read first: deleting a missing one would be refused by the rules (they read `resource`).
  public func unfollow(_ other: String) async throws(SocialError) {
    let uid = try await me()
    guard FirestorePath.isValidID(other) else { return }
    let firestore = self.firestore
    let path = "friendships/\(uid)_\(other)"
    let existing = try await run { token throws(FirebaseError) in try await firestore.get(path, idToken: token) }
    guard existing != nil else { return }
    let writes: [FirestoreWrite] = [
      .delete(path: "friendships/\(uid)_\(other)", precondition: .exists(true)),
      .update(
        path: "users/\(uid)", fields: [:], mask: [], precondition: .exists(true),
        transforms: [.increment(field: "followingCount", by: -1)]),
    ]
    do {
      try await run { token throws(FirebaseError) in try await firestore.commit(writes, idToken: token) }
    } catch .firebase(.notFound) {
      return
    }
  }

  /// How many follow `uid`: an aggregation over `friendships` (never a counter in someone else's document).
  public func followerCount(of uid: String) async throws(SocialError) -> Int {
    let firestore = self.firestore
    let query = FirestoreQuery(collection: "friendships", filters: [.init("followingId", .equal, .string(uid))])
    let count = try await run { token throws(FirebaseError) in try await firestore.count(query, idToken: token) }
    return WireNumbers.clampedCount(count)
  }

  /// How many `uid` follows, counted (cannot drift).
  public func followingCount(of uid: String) async throws(SocialError) -> Int {
    let firestore = self.firestore
    let query = FirestoreQuery(collection: "friendships", filters: [.init("followerId", .equal, .string(uid))])
    let count = try await run { token throws(FirebaseError) in try await firestore.count(query, idToken: token) }
    return WireNumbers.clampedCount(count)
  }

  /// The uids `uid` follows.
  public func followingIDs(of uid: String) async throws(SocialError) -> [String] {
    let firestore = self.firestore
    let query = Self.followingQuery(uid)
    let documents = try await run { token throws(FirebaseError) in try await firestore.runQuery(query, idToken: token) }
    return Self.followingIDs(documents)
  }

  /// The people `followingQuery`'s friendships name.
  static func followingIDs(_ documents: [FirestoreDocument]) -> [String] {
    documents.compactMap { $0.fields["followingId"]?.stringValue }
  }

  /// The friendships `uid` made (one document per person followed).
  static func followingQuery(_ uid: String) -> FirestoreQuery {
    FirestoreQuery(collection: "friendships", filters: [.init("followerId", .equal, .string(uid))])
  }

  /// The profiles of `uids`: one `uid IN [≤30]` query per batch, all in flight together, merged and ordered by name.
  public func profiles(_ uids: [String]) async throws(SocialError) -> [SocialProfile] {
    let unique = Array(Set(uids.filter(FirestorePath.isValidID))).sorted()
    let batches = stride(from: 0, to: unique.count, by: Self.inBatch).map {
      Array(unique[$0..<min($0 + Self.inBatch, unique.count)])
    }
    let queries = batches.map { batch in
      FirestoreQuery(collection: "users", filters: [.init("uid", .in, .array(batch.map(FirestoreValue.string)))])
    }
    let profiles = try await runQueries(queries).flatMap { $0.map(Self.profile) }
    return profiles.sorted { ($0.displayName.lowercased(), $0.uid) < ($1.displayName.lowercased(), $1.uid) }
  }

  /// Your following list: ids from `friendships`, profiles in batches of 30, blocked users left out.
  public func following() async throws(SocialError) -> [SocialProfile] {
    let uid = try await me()
    // Whom you follow and the blocks both ways together (one round trip), then their profiles.
    let (mine, theirs) = Self.blockQueries(uid)
    let answers = try await runQueries([Self.followingQuery(uid), mine, theirs])
    let ids = Self.followingIDs(answers[0])
    let (blocked, blockedMe) = Self.blockSets(mine: answers[1], theirs: answers[2])
    return try await profiles(ids.filter { !blocked.contains($0) && !blockedMe.contains($0) })
  }

  /// Users whose @username or display name starts with `prefix` (at most `limit`), without you and anyone blocked.
  public func findUsers(prefix raw: String, limit: Int = 20) async throws(SocialError) -> [SocialProfile] {
    let text = String(raw.trimmingCharacters(in: .whitespacesAndNewlines).prefix(SocialTextLimits.displayName))
    guard !text.isEmpty else { return [] }
    let uid = try await me()
    let username = UsernameRule.normalize(text)
    func prefixQuery(_ field: String, _ value: String) -> FirestoreQuery {
      FirestoreQuery(
        collection: "users",
        filters: [
          .init(field, .greaterThanOrEqual, .string(value)), .init(field, .lessThan, .string(value + "\u{f8ff}")),
        ], orderBy: [.init(field)], limit: limit)
    }
    var queries = [prefixQuery("displayName", text)]
    if !username.isEmpty, username.allSatisfy({ $0.isASCII }) {
      queries.insert(prefixQuery("username", username), at: 0)
    }
    // The name queries and both block queries together: one round trip, not four.
    let (mine, theirs) = Self.blockQueries(uid)
    let answers = try await runQueries(queries + [mine, theirs])
    var seen = Set<String>()
    var found: [SocialProfile] = []
    for documents in answers.prefix(queries.count) {
      for profile in documents.map(Self.profile) where seen.insert(profile.uid).inserted {
        found.append(profile)
      }
    }
    let (blocked, blockedMe) = Self.blockSets(mine: answers[queries.count], theirs: answers[queries.count + 1])
    return Array(
      found.filter { $0.uid != uid && !blocked.contains($0.uid) && !blockedMe.contains($0.uid) }.prefix(limit))
  }

  // MARK: Blocks

  /// The two queries pinned to `uid` that `blockSets` runs: blocks `uid` made, blocks of `uid`.
  static func blockQueries(_ uid: String) -> (mine: FirestoreQuery, theirs: FirestoreQuery) {
    (
      FirestoreQuery(collection: "blocks", filters: [.init("blockerId", .equal, .string(uid))]),
      FirestoreQuery(collection: "blocks", filters: [.init("blockedId", .equal, .string(uid))])
    )
  }

  /// (whom you blocked, who blocked you).
  public func blockSets() async throws(SocialError) -> (blocked: Set<String>, blockedMe: Set<String>) {
    let uid = try await me()
    let (mine, theirs) = Self.blockQueries(uid)
    let answers = try await runQueries([mine, theirs])
    return Self.blockSets(mine: answers[0], theirs: answers[1])
  }

  /// Blocks `other`: creates `blocks/{me}_{other}` and removes the follows both ways, in one commit.
  public func block(_ other: String) async throws(SocialError) {
    let uid = try await me()
    guard other != uid, FirestorePath.isValidID(other) else { throw .cannotFollowYourself }
    let firestore = self.firestore
    let mine = "friendships/\(uid)_\(other)"
    let theirs = "friendships/\(other)_\(uid)"
    // Friendships are readable by any signed-in user, missing or not; a missing block is not (its read rule reads
    // `resource.data`), so whether the block exists comes from the query pinned to you.
    let existing = try await run { token throws(FirebaseError) in
      try await firestore.batchGet([mine, theirs], idToken: token)
    }
    let alreadyBlocked = try await blockSets().blocked.contains(other)
    var writes: [FirestoreWrite] = []
    if !alreadyBlocked {
      writes.append(
        .update(
          path: "blocks/\(uid)_\(other)", fields: ["blockerId": .string(uid), "blockedId": .string(other)], mask: nil,
          precondition: .exists(false), transforms: [.serverTime(field: "createdAt")]))
    }
    if existing[mine] != nil {
      writes.append(.delete(path: mine, precondition: .exists(true)))
      writes.append(
        .update(
          path: "users/\(uid)", fields: [:], mask: [], precondition: .exists(true),
          transforms: [.increment(field: "followingCount", by: -1)]))
    }
    if existing[theirs] != nil { writes.append(.delete(path: theirs, precondition: .exists(true))) }
    let all = writes
    try await run { token throws(FirebaseError) in try await firestore.commit(all, idToken: token) }
  }

  /// Removes your block of `other` (follows are not restored); not blocking is not an error.
  public func unblock(_ other: String) async throws(SocialError) {
    let uid = try await me()
    guard FirestorePath.isValidID(other) else { return }
    guard try await blockSets().blocked.contains(other) else { return }
    let firestore = self.firestore
    do {
      try await run { token throws(FirebaseError) in
        try await firestore.commit(
          [.delete(path: "blocks/\(uid)_\(other)", precondition: .exists(true))], idToken: token)
      }
    } catch .firebase(.notFound) {
      return
    }
  }

  // MARK: Photo

  /// Uploads a photo (an image under 5 MB, checked before any upload) and stores its download URL as `photoUrl`.
  @discardableResult
  public func setPhoto(_ data: Data) async throws(SocialError) -> String {
    do {
      _ = try FirebaseStorageClient.checkPhoto(data)
    } catch {
      throw .firebase(error)
    }
    guard let storage else { throw .firebase(.notSignedIn) }
    let uid = try await me()
    let object = try await run { token throws(FirebaseError) in
      try await storage.uploadPhoto(data, path: Self.photoPath(uid: uid), idToken: token)
    }
    guard let url = object.downloadURL else { throw .firebase(.service(.invalidResponse)) }
    let firestore = self.firestore
    _ = try await run { token throws(FirebaseError) in
      try await firestore.patch(
        "users/\(uid)", fields: ["photoUrl": .string(url)], mask: ["photoUrl"], exists: true, idToken: token)
    }
    return url
  }

  // MARK: Delete account

  /// Deletes every document of the signed-in user (shares, follows both ways, blocks, username, profile, photo),
  /// then the Firebase account. `reauthenticate` runs a fresh Google sign-in when Firebase says the last one is too
  /// old; the session ends afterwards. Returns what was deleted.
  public func deleteAccount(
    reauthenticate: @Sendable () async throws(SocialError) -> Void
  ) async throws(SocialError) -> AccountDeletionReport {
    let uid = try await me()
    // Firebase deletes an account only within ~5 minutes of a sign-in (`auth_time`, which a refresh keeps). When
    // the session is older, sign in again before anything is deleted, so a cancelled sign-in deletes nothing. A
    // fresh refresh tells the server's `auth_time` even when the ID token in memory is older than the server knows.
    let token: String
    do {
      token = try await session.refreshNow()
    } catch {
      throw .firebase(error)
    }
    if let authTime = JWTClaims.payload(token)?["auth_time"] as? Int,
      Date().timeIntervalSince1970 - TimeInterval(authTime) > Self.recentSignIn
    {
      try await reauthenticate()
      guard try await me() == uid else { throw .differentAccount }
    }
    var report = AccountDeletionReport()
    let firestore = self.firestore
    func ids(_ collection: String, _ field: String) async throws(SocialError) -> [String] {
      let query = FirestoreQuery(collection: collection, filters: [.init(field, .equal, .string(uid))])
      let documents = try await run { token throws(FirebaseError) in try await firestore.runQuery(query, idToken: token)
      }
      return documents.map { "\(collection)/\($0.id)" }
    }
    let shares = try await ids("shares", "senderId")
    let follows = try await ids("friendships", "followerId")
    let followers = try await ids("friendships", "followingId")
    let blocks = try await ids("blocks", "blockerId")
    let profile = try await self.profile(uid: uid)
    var writes: [FirestoreWrite] = (shares + follows + followers + blocks).map {
      .delete(path: $0, precondition: nil)
    }
    if let name = profile?.username, UsernameRule.isValid(name) {
      let holder = try await run { token throws(FirebaseError) in
        try await firestore.get("usernames/\(name)", idToken: token)?.fields["uid"]?.stringValue
      }
      if holder == uid {
        writes.append(.delete(path: "usernames/\(name)", precondition: nil))
        report.username = name
      }
    }
    // The owner's private documents (For You's memory) go too: deleting a document leaves its subcollections.
    writes.append(.delete(path: Self.forYouMemoryPath(uid: uid), precondition: nil))
    if profile != nil { writes.append(.delete(path: "users/\(uid)", precondition: nil)) }
    for start in stride(from: 0, to: writes.count, by: 500) {
      let chunk = Array(writes[start..<min(start + 500, writes.count)])
      try await run { token throws(FirebaseError) in try await firestore.commit(chunk, idToken: token) }
    }
    report.profile = profile != nil
    report.shares = shares.count
    report.follows = follows.count
    report.followers = followers.count
    report.blocks = blocks.count
    if let storage {
      do {
        try await run { token throws(FirebaseError) in
          try await storage.delete(path: Self.photoPath(uid: uid), idToken: token)
        }
        report.photo = profile?.photoURL != nil
      } catch .firebase(.permissionDenied) {
        report.photo = false
      }
    }
    let auth = self.auth
    do {
      try await run { token throws(FirebaseError) in try await auth.deleteAccount(idToken: token) }
    } catch .firebase(.auth(.credentialTooOld)) {
      try await reauthenticate()
      // Never delete whoever signed in instead.
      guard try await me() == uid else { throw .differentAccount }
      try await run { token throws(FirebaseError) in try await auth.deleteAccount(idToken: token) }
    }
    report.account = true
    try? await session.signOut()
    return report
  }
}
