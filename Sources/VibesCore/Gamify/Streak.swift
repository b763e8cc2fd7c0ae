import Foundation

/// A calendar day in the user's time zone, as a day number (days since 1970-01-01 of the proleptic Gregorian
/// calendar). Built from the local year, month and day, so a DST change (a 23- or 25-hour day) never shifts it.
public struct LocalDay: Sendable, Hashable, Comparable, Codable {
  public var number: Int

  public init(number: Int) { self.number = number }

  /// The day `date` falls on in `timeZone`.
  public init(_ date: Date, in timeZone: TimeZone) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    number = Self.daysFromCivil(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
  }

  public init(year: Int, month: Int, day: Int) {
    number = Self.daysFromCivil(year: year, month: month, day: day)
  }

  public static func < (lhs: LocalDay, rhs: LocalDay) -> Bool { lhs.number < rhs.number }

  public func adding(_ days: Int) -> LocalDay { LocalDay(number: number + days) }

  /// The Monday-based week the day belongs to (1970-01-01 was a Thursday, so week 0 runs 1969-12-29 … 1970-01-04).
  public var week: Int { Int((Double(number + 3) / 7).rounded(.down)) }

  /// Howard Hinnant's days-from-civil.
  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = (month + 9) % 12
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }
}

/// The streak tiers of FR-9.2. In a terminal the top tier is a glyph and a word, gently animated only where the
/// screen redraws anyway (`glyph(frame:)`).
public enum StreakTier: Int, Sendable, CaseIterable, Comparable {
  case none = 0
  case bronze = 7
  case silver = 30
  case gold = 100
  case legend = 365

  /// The highest tier a streak of `days` has reached.
  public init(days: Int) {
    self = Self.allCases.last { days >= $0.rawValue } ?? .none
  }

  public static func < (lhs: StreakTier, rhs: StreakTier) -> Bool { lhs.rawValue < rhs.rawValue }

  /// Only the top tier is animated.
  public var isAnimated: Bool { self == .legend }

  /// The tier's glyph; the top tier cycles through `legendFrames`, one step per redraw.
  public func glyph(frame: Int = 0) -> String {
    switch self {
    case .none: ""
    case .bronze: "◆"
    case .silver: "◆◆"
    case .gold: "★"
    case .legend:
      Self.legendFrames[((frame % Self.legendFrames.count) + Self.legendFrames.count) % Self.legendFrames.count]
    }
  }

  static let legendFrames = ["✦", "✧", "★", "✧"]

  /// The tier's word.
  public var word: GamifyL10n? {
    switch self {
    case .none: nil
    case .bronze: .gamifyTierBronze
    case .silver: .gamifyTierSilver
    case .gold: .gamifyTierGold
    case .legend: .gamifyTierLegend
    }
  }
}

/// The streak as stored on `users/{uid}` (fields `streak`, `streakDay`, `streakFreezeWeek`, `streakLongest`;
/// Docs/social.md). Every device applies the same pure step to the stored record, so two devices agree, and every
/// change is +1 for a new day or a reset to 1 — what `firestore.rules` allows.
public struct StreakRecord: Sendable, Hashable, Codable {
  /// Days with a share in the running streak (grace days keep it but do not add to it).
  public var count: Int
  /// The local day of the last counted share; nil before the first share.
  public var lastDay: LocalDay?
  /// The week (`LocalDay.week`) whose grace day was used last; one grace day per week.
  public var freezeWeek: Int?
  /// The longest streak ever reached.
  public var longest: Int

  public init(count: Int = 0, lastDay: LocalDay? = nil, freezeWeek: Int? = nil, longest: Int = 0) {
    self.count = count
    self.lastDay = lastDay
    self.freezeWeek = freezeWeek
    self.longest = max(longest, count)
  }

  /// Whether the one missed day `missed` can be bridged by a grace day: none used yet in its week.
  func graceAvailable(for missed: LocalDay) -> Bool { freezeWeek != missed.week }

  /// The record after a share on `day` (idempotent within a day; a share on an older day changes nothing).
  public func sharing(on day: LocalDay) -> StreakRecord {
    guard let lastDay else { return StreakRecord(count: 1, lastDay: day, freezeWeek: freezeWeek, longest: longest) }
    var next = self
    switch day.number - lastDay.number {
    case ...0:
      return self
    case 1:
      next.count += 1
    case 2 where count > 0 && graceAvailable(for: lastDay.adding(1)):
      next.count += 1
      next.freezeWeek = lastDay.adding(1).week
    default:
      next.count = 1
    }
    next.lastDay = day
    next.longest = max(longest, next.count)
    return next
  }

  /// The streak to show on `today`: the count while it is alive (a share today or yesterday, or the day before
  /// yesterday with a grace day left for yesterday), else 0.
  public func current(on today: LocalDay) -> Int {
    guard let lastDay, count > 0 else { return 0 }
    switch today.number - lastDay.number {
    case ...1: return count
    case 2: return graceAvailable(for: lastDay.adding(1)) ? count : 0
    default: return 0
    }
  }

  /// Whether today's share is what keeps the streak alive, i.e. the streak is running and there is no share
  /// today yet.
  public func isAtRisk(on today: LocalDay) -> Bool {
    guard let lastDay else { return false }
    return lastDay < today && current(on: today) > 0
  }

  public func tier(on today: LocalDay) -> StreakTier { StreakTier(days: current(on: today)) }
}

/// When to remind the user of a missing share (status line and, where available, a desktop notification).
public enum StreakReminder {
  /// From this local hour on the reminder shows.
  public static let lateHour = 20

  /// True when the streak is running, today's share is still missing and it is `lateHour` or later in `timeZone`.
  public static func isDue(_ record: StreakRecord, now: Date, timeZone: TimeZone) -> Bool {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let hour = calendar.component(.hour, from: now)
    return hour >= lateHour && record.isAtRisk(on: LocalDay(now, in: timeZone))
  }
}

extension StreakRecord {
  /// The Firestore fields as plain values (`streak`, `streakDay`, `streakFreezeWeek`, `streakLongest`).
  public var storedFields: [String: Int] {
    var fields = ["streak": count, "streakLongest": longest]
    if let lastDay { fields["streakDay"] = lastDay.number }
    if let freezeWeek { fields["streakFreezeWeek"] = freezeWeek }
    return fields
  }

  /// The largest stored count or day number read back (day 1,000,000 is in the year 4707): other people's
  /// devices write these fields, and a value near Int.max would overflow the next share's `+ 1`.
  public static let maxStoredValue = 1_000_000

  /// Reads the stored fields; missing, negative or absurd days count as none, counts are clamped.
  public init(storedFields fields: [String: Int]) {
    func plausible(_ value: Int?) -> Int? { value.flatMap { (0...Self.maxStoredValue).contains($0) ? $0 : nil } }
    func count(_ value: Int?) -> Int { min(max(value ?? 0, 0), Self.maxStoredValue) }
    self.init(
      count: count(fields["streak"]), lastDay: plausible(fields["streakDay"]).map(LocalDay.init(number:)),
      freezeWeek: plausible(fields["streakFreezeWeek"]), longest: count(fields["streakLongest"]))
  }
}

extension StreakRecord {
  /// The write `firestore.rules` accepts on `users/{uid}` (mirrored there as `validStreak`): the record unchanged,
  /// or a share on a later day within a day of `utcDay` (the server's day; time zones are at most a day apart)
  /// that either resets to 1 or adds 1 — on the next day, or the day after with the missed day's week newly
  /// recorded as the grace day.
  public static func isAllowedStep(from old: StreakRecord, to new: StreakRecord, utcDay: LocalDay) -> Bool {
    if old.storedFields == new.storedFields { return true }
    guard let day = new.lastDay, abs(day.number - utcDay.number) <= 1, day > (old.lastDay ?? LocalDay(number: -1)),
      new.longest >= new.count, new.longest >= old.longest, new.longest == new.count || new.longest == old.longest
    else { return false }
    if new.count == 1 { return new.freezeWeek == old.freezeWeek }
    guard new.count == old.count + 1, old.count > 0, let oldDay = old.lastDay else { return false }
    switch day.number - oldDay.number {
    case 1: return new.freezeWeek == old.freezeWeek
    case 2:
      let missedWeek = oldDay.adding(1).week
      return new.freezeWeek == missedWeek && old.freezeWeek != missedWeek
    default: return false
    }
  }
}
