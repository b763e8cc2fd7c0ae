import Foundation
import VibesCore
import VibesServices

extension SocialRepository {
  /// Your profile with your streak and unlocked achievements, from one read of `users/{uid}` (nil when there is no
  /// profile yet). Stored values are other devices' writes: the streak is clamped (`StreakRecord(storedFields:)`),
  /// achievement ids unknown to this version are skipped.
  public func profileWithStanding(uid: String) async throws(SocialError)
    -> (profile: SocialProfile, streak: StreakRecord, achievements: AchievementBook)?
  {
    guard FirestorePath.isValidID(uid), let document = try await profileDocument(uid) else { return nil }
    return (Self.profile(document), Self.streakRecord(document.fields), Self.achievementBook(document.fields))
  }

  /// `achievements` (ids) and `achievementDates` (id → seconds since 1970, a double or an integer).
  static func achievementBook(_ fields: [String: FirestoreValue]) -> AchievementBook {
    let ids = (fields["achievements"]?.arrayValue ?? []).compactMap(\.stringValue)
    var dates: [String: Double] = [:]
    if case .map(let map)? = fields["achievementDates"] {
      for (id, value) in map {
        switch value {
        case .double(let seconds) where seconds.isFinite: dates[id] = seconds
        case .integer(let seconds): dates[id] = Double(seconds)
        default: break
        }
      }
    }
    return AchievementBook(storedIDs: ids, dates: dates)
  }
}
