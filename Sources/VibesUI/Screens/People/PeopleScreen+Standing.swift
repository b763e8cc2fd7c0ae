import Foundation
import VibesCore

extension PeopleScreen {
  /// Your streak with its tier ("◆ 12-day streak · bronze"), the late-day reminder when today's share is missing,
  /// or how a day counts before the first one; then your badges with their dates. Returns the row below.
  static func renderStanding(
    _ standing: ProfileStanding, row: Int, frame: Int = 0, into grid: inout Grid, _ area: Rect, _ t: Localizer
  ) -> Int {
    var row = row
    for (text, style) in standingLines(standing, frame: frame, t) {
      row = paragraph(text, row: row, area, style: style, into: &grid)
    }
    return row
  }

  /// The block's texts with their styles (the streak line, the reminder, the badges).
  static func standingLines(_ standing: ProfileStanding, frame: Int = 0, _ t: Localizer) -> [(String, CellStyle)] {
    var lines: [(String, CellStyle)] = []
    let days = standing.days
    if days > 0 {
      let tier = standing.tier
      let count = days == 1 ? t[.gamifyStreakOneDay] : t.format(.gamifyStreakDays, ["count": "\(days)"])
      let glyph = tier.glyph(frame: frame)
      var line = glyph.isEmpty ? count : glyph + " " + count
      if let word = tier.word { line += " · " + t[word] }
      lines.append((line, Theme.title))
      if standing.reminderDue {
        lines.append((t.format(.gamifyStreakReminder, ["count": "\(days)"]), Theme.warning))
      }
    } else {
      lines.append((t[.gamifyStreakNone], Theme.hint))
    }
    if !standing.badges.isEmpty {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: t.language.localeIdentifier)
      formatter.dateFormat = "d MMM yyyy"
      let badges = standing.badges.map { badge in
        let title = t[badge.achievement.title]
        return badge.date.map { "\(title) (\(formatter.string(from: $0)))" } ?? title
      }
      lines.append((t[.gamifyBadges] + " " + badges.joined(separator: " · "), .plain))
    }
    return lines
  }
}
