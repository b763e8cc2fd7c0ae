import Foundation
import VibesCore
import VibesServices

extension SocialRepository {
  /// Who follows you: ids from `friendships`, profiles in batches of 30, blocked users (either way) left out.
  public func followers() async throws(SocialError) -> [SocialProfile] {
    let uid = try await me()
    let firestore = self.firestore
    let query = FirestoreQuery(collection: "friendships", filters: [.init("followingId", .equal, .string(uid))])
    let documents = try await run { token throws(FirebaseError) in try await firestore.runQuery(query, idToken: token) }
    let ids = documents.compactMap { $0.fields["followerId"]?.stringValue }
    let (blocked, blockedMe) = try await blockSets()
    return try await profiles(ids.filter { !blocked.contains($0) && !blockedMe.contains($0) })
  }

  /// Whether you follow `other` (the friendship document exists).
  public func isFollowing(_ other: String) async throws(SocialError) -> Bool {
    let uid = try await me()
    guard FirestorePath.isValidID(other) else { return false }
    let firestore = self.firestore
    let path = "friendships/\(uid)_\(other)"
    return try await run { token throws(FirebaseError) in try await firestore.get(path, idToken: token) } != nil
  }
}
