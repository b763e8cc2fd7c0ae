import Foundation
import VibesCore
import VibesServices

extension SocialRepository {
  /// Where the achievement progress only the app can count is kept, private to the owner (the rules'
  /// `users/{uid}/**`): `genres` and `forYouTracks`, two lists of strings (`AchievementProgress`).
  public static func achievementProgressPath(uid: String) -> String { "users/\(uid)/private/achievements" }

  /// The stored progress; empty when none is stored.
  public func achievementProgress() async throws(SocialError) -> AchievementProgress {
    let uid = try await me()
    return Self.progress(try await progressDocument(uid)?.fields ?? [:])
  }

  /// Adds `added` to the stored progress (the union) and returns the result. Written with the read's `updateTime`
  /// (or "must not exist yet") as precondition and re-read on a conflict, so two devices writing at once both
  /// count. Nothing is written when nothing is new.
  @discardableResult
  public func recordAchievementProgress(_ added: AchievementProgress) async throws(SocialError)
    -> AchievementProgress
  {
    let uid = try await me()
    let path = Self.achievementProgressPath(uid: uid)
    let firestore = self.firestore
    for _ in 0..<Self.streakWriteAttempts {
      let document = try await progressDocument(uid)
      let stored = Self.progress(document?.fields ?? [:])
      if stored.contains(added) { return stored }
      let next = stored.merging(added)
      let fields: [String: FirestoreValue] = [
        "genres": .array(next.genres.sorted().map(FirestoreValue.string)),
        "forYouTracks": .array(next.forYouTracks.sorted().map(FirestoreValue.string)),
      ]
      let precondition: FirestoreWrite.Precondition =
        document?.updateTime.map { .updateTime($0) } ?? .exists(false)
      let write = FirestoreWrite.update(
        path: path, fields: fields, mask: ["forYouTracks", "genres"], precondition: precondition)
      do {
        try await run { token throws(FirebaseError) in try await firestore.commit([write], idToken: token) }
        return next
      } catch .firebase(.failedPrecondition), .firebase(.alreadyExists) {
        continue
      }
    }
    throw .firebase(.failedPrecondition)
  }

  func progressDocument(_ uid: String) async throws(SocialError) -> FirestoreDocument? {
    let path = Self.achievementProgressPath(uid: uid)
    let firestore = self.firestore
    return try await run { token throws(FirebaseError) in try await firestore.get(path, idToken: token) }
  }

  static func progress(_ fields: [String: FirestoreValue]) -> AchievementProgress {
    func strings(_ name: String) -> [String] {
      (fields[name]?.arrayValue ?? []).prefix(1000).compactMap(\.stringValue)
    }
    return AchievementProgress(genres: strings("genres"), forYouTracks: strings("forYouTracks"))
  }
}
