import Foundation
import VibesCore
import VibesServices

extension SocialRepository {
  /// Read-apply-write rounds before giving up when other devices keep writing the profile meanwhile.
  public static let streakWriteAttempts = 4

  /// Your streak as stored on `users/{uid}` (Docs/social.md).
  public func streak() async throws(SocialError) -> StreakRecord {
    let uid = try await me()
    guard let profile = try await profileDocument(uid) else { throw .noProfile }
    return Self.streakRecord(profile.fields)
  }

  /// Counts a share for the streak (FR-9.2): reads the profile, applies `StreakRecord.sharing(on:)` to today in
  /// `timeZone`, and writes the four streak fields with the read's `updateTime` as precondition, so two devices
  /// never both add 1 for one day: the later write fails its precondition, re-reads and finds today counted.
  /// Returns the stored record.
  @discardableResult
  public func recordShareForStreak(now: Date = Date(), timeZone: TimeZone = .current) async throws(SocialError)
    -> StreakRecord
  {
    let uid = try await me()
    let today = LocalDay(now, in: timeZone)
    let firestore = self.firestore
    for _ in 0..<Self.streakWriteAttempts {
      guard let document = try await profileDocument(uid), let version = document.updateTime else {
        throw .noProfile
      }
      let stored = Self.streakRecord(document.fields)
      let next = stored.sharing(on: today)
      if next == stored { return stored }
      let fields = next.storedFields.mapValues { FirestoreValue.integer(Int64($0)) }
      let write = FirestoreWrite.update(
        path: "users/\(uid)", fields: fields, mask: fields.keys.sorted(), precondition: .updateTime(version))
      do {
        try await run { token throws(FirebaseError) in try await firestore.commit([write], idToken: token) }
        return next
      } catch .firebase(.failedPrecondition) {
        continue
      }
    }
    throw .firebase(.failedPrecondition)
  }

  func profileDocument(_ uid: String) async throws(SocialError) -> FirestoreDocument? {
    let firestore = self.firestore
    return try await run { token throws(FirebaseError) in try await firestore.get("users/\(uid)", idToken: token) }
  }

  static func streakRecord(_ fields: [String: FirestoreValue]) -> StreakRecord {
    var ints: [String: Int] = [:]
    for name in ["streak", "streakDay", "streakFreezeWeek", "streakLongest"] {
      if let value = fields[name]?.integerValue { ints[name] = Int(clamping: value) }
    }
    return StreakRecord(storedFields: ints)
  }
}
