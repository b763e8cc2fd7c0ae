import Foundation

/// One unlocked achievement as a badge on your profile: its title and the day it was unlocked (nil when the stored
/// date was missing or implausible).
public struct ProfileBadge: Sendable, Hashable, Codable {
  public var achievement: Achievement
  public var date: Date?

  public init(achievement: Achievement, date: Date?) {
    self.achievement = achievement
    self.date = date
  }
}

/// Your streak and badges as the People root's account block shows them (FR-9.1, FR-9.2): read from your
/// `users/{uid}` document when the lists load and kept in their offline copy. `today` and `reminderDue` are worked
/// out at the edge, in the user's time zone, each time the lists (or their copy) are handed to the core.
public struct ProfileStanding: Sendable, Hashable, Codable {
  public var streak: StreakRecord
  /// Unlocked achievements, oldest first.
  public var badges: [ProfileBadge]
  /// The user's local day when this was handed over.
  public var today: LocalDay
  /// True when today's share is still missing late in the day (`StreakReminder.isDue`).
  public var reminderDue: Bool

  public init(streak: StreakRecord, badges: [ProfileBadge], today: LocalDay, reminderDue: Bool = false) {
    self.streak = streak
    self.badges = badges
    self.today = today
    self.reminderDue = reminderDue
  }

  /// The stored achievements' dates older than vibes or more than a day ahead of `now` are shown without a date.
  public static let earliestBadgeDate = Date(timeIntervalSince1970: 1_700_000_000)

  /// Built from the stored record and book at `now` in `timeZone`.
  public init(streak: StreakRecord, achievements: AchievementBook, now: Date, timeZone: TimeZone) {
    let latest = now.addingTimeInterval(86_400)
    let badges = achievements.list.map { item in
      ProfileBadge(
        achievement: item.achievement,
        date: (Self.earliestBadgeDate...latest).contains(item.date) ? item.date : nil)
    }
    self.init(streak: streak, badges: badges, today: LocalDay(now, in: timeZone))
    refresh(now: now, timeZone: timeZone)
  }

  /// Today and the reminder again, for a copy read later.
  public mutating func refresh(now: Date, timeZone: TimeZone) {
    today = LocalDay(now, in: timeZone)
    reminderDue = StreakReminder.isDue(streak, now: now, timeZone: timeZone)
  }

  /// The streak shown today (0 once it has lapsed).
  public var days: Int { streak.current(on: today) }
  public var tier: StreakTier { StreakTier(days: days) }
}
