import Foundation
import VibesCore

/// Issue 24's screens of the People area: the achievements list (every achievement with its glyph, its word and the
/// day it was unlocked or how far along it is) and the Blend with a friend on top ("Mixing…", then the name, the
/// taste match and the songs with where each comes from). Both through the one `ListView`; the screen scrolls as a
/// whole. Song titles and names are model and other people's text: sanitised again here and cut to the row.
public enum GamifyScreen {
  static func render(_ state: AppState, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    let gamify = state.gamify
    if let blend = gamify.blend {
      renderBlend(blend, quota: state.context.geminiUsage, into: &grid, area, t)
    } else {
      renderAchievements(gamify, into: &grid, area, t)
    }
  }

  static func clean(_ text: String) -> String { TerminalText.sanitize(text) }

  static func dayFormatter(_ t: Localizer) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: t.language.localeIdentifier)
    formatter.dateFormat = "d MMM yyyy"
    return formatter
  }

  // MARK: Achievements

  static func renderAchievements(_ gamify: GamifyFeature, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    var row = area.row
    let book = gamify.report?.book ?? AchievementBook()
    grid.write(
      t[.gamifyTitle] + " · "
        + t.format(
          .gamifyUnlockedCount, ["count": "\(book.unlocked.count)", "total": "\(Achievement.allCases.count)"]),
      row: row, column: area.column + 2, style: Theme.title, maxWidth: area.width - 4)
    row += 1
    if gamify.loading != nil {
      grid.write(t[.gamifyLoading], row: row, column: area.column + 2, style: Theme.pending, maxWidth: area.width - 4)
      row += 1
    }
    if let failure = gamify.failure {
      row = PeopleScreen.paragraph(
        t.format(.gamifyFailed, ["reason": t[failure.reason]]), row: row, area, style: Theme.error, into: &grid)
      grid.attentionRow = row - 1
    }
    guard let report = gamify.report else { return }
    row += 1
    let formatter = dayFormatter(t)
    let achievements = Achievement.allCases
    ListView.render(
      count: achievements.count, selected: gamify.list.selected, top: row, markerColumn: area.column + 1, into: &grid
    ) { grid, item in
      let achievement = achievements[item.index]
      let unlocked = report.book.unlocked[achievement]
      let state: String
      if let unlocked {
        state = t.format(.gamifyUnlockedOn, ["date": formatter.string(from: unlocked)])
      } else if report.measured.contains(achievement) {
        let progress = achievement.progress(report.facts)
        state = t.format(
          achievement.progressText, ["count": "\(progress.count)", "target": "\(progress.target)"])
      } else {
        state = t[.gamifyNotYet]
      }
      let glyph = unlocked == nil ? "·" : achievement.glyph
      let text = "\(glyph) \(t[achievement.title]) · \(state)"
      grid.write(
        text, row: item.row, column: area.column + 3, style: item.style(unlocked == nil ? Theme.hint : .plain),
        maxWidth: area.width - 5)
    }
  }

  // MARK: Blend

  static func renderBlend(
    _ blend: BlendPage, quota: GeminiUsage? = nil, into grid: inout Grid, _ area: Rect, _ t: Localizer
  ) {
    var row = area.row
    let name = clean(blend.person.shortName)
    grid.write(
      t.format(.blendTitle, ["name": name]), row: row, column: area.column + 2, style: Theme.title,
      maxWidth: area.width - 4)
    row += 1
    if blend.mixing != nil {
      grid.write(t[.blendMixing], row: row, column: area.column + 2, style: Theme.pending, maxWidth: area.width - 4)
      return
    }
    if let problem = blend.problem {
      row = PeopleScreen.paragraph(problemText(problem, name: name, t), row: row, area, style: Theme.error, into: &grid)
      grid.attentionRow = row - 1
      if problem.setupStep != nil {
        row = PeopleScreen.paragraph(t[.blendSetupHint], row: row, area, style: Theme.hint, into: &grid)
      }
      PeopleScreen.paragraph(t[.blendPublicNote], row: row + 1, area, style: Theme.hint, into: &grid)
      return
    }
    guard let result = blend.result else { return }
    let preview = result.preview
    grid.write(
      clean(preview.name), row: row, column: area.column + 2, style: Theme.title, maxWidth: area.width - 4)
    row += 1
    grid.write(
      t.format(.gamifyTasteMatch, ["percent": "\(preview.matchPercent)"]) + " · "
        + t.format(.blendFound, ["found": "\(result.foundCount)", "count": "\(preview.tracks.count)"]),
      row: row, column: area.column + 2, maxWidth: area.width - 4)
    row += 1
    if let hint = quota?.hint {
      row = PeopleScreen.paragraph(t[hint], row: row, area, style: Theme.warning, into: &grid)
    }
    if !result.mineShared {
      row = PeopleScreen.paragraph(t[.blendMineNotShared], row: row, area, style: Theme.hint, into: &grid)
    }
    row = statusLines(blend, name: name, row: row, into: &grid, area, t)
    row += 1
    let labelWidth = BlendSource.allCases.map { DisplayWidth.of(t[$0.label]) }.max() ?? 0
    ListView.render(
      count: preview.tracks.count, selected: blend.list.selected, top: row, markerColumn: area.column + 1,
      into: &grid
    ) { grid, item in
      let track = preview.tracks[item.index]
      let found = result.found.indices.contains(item.index) ? result.found[item.index] : false
      let label = t[track.source.label]
      grid.write(label, row: item.row, column: area.column + 3, style: Theme.hint, maxWidth: labelWidth)
      let column = area.column + 3 + labelWidth + 1
      var text = clean(track.title) + " — " + clean(track.artist)
      if !found { text += " (" + t[.blendNotFoundMark] + ")" }
      grid.write(
        text, row: item.row, column: column, style: item.style(found ? .plain : Theme.hint),
        maxWidth: max(1, area.width - column - 1))
    }
  }

  /// Saving, saved (with the link), sending, sent, and what failed. Returns the row below.
  static func statusLines(
    _ blend: BlendPage, name: String, row: Int, into grid: inout Grid, _ area: Rect, _ t: Localizer
  ) -> Int {
    var row = row
    if blend.saving != nil {
      row = PeopleScreen.paragraph(t[.blendSaving], row: row, area, style: Theme.pending, into: &grid)
    }
    if let url = blend.savedURL {
      row = PeopleScreen.paragraph(t.format(.blendSaved, ["url": clean(url)]), row: row, area, into: &grid)
      if blend.collaborativeRefused {
        row = PeopleScreen.paragraph(t[.blendNotCollaborative], row: row, area, style: Theme.warning, into: &grid)
      }
    }
    if let failure = blend.saveFailure {
      row = PeopleScreen.paragraph(
        t.format(.blendSaveFailed, ["reason": t.createFailure(failure)]), row: row, area, style: Theme.error,
        into: &grid)
      grid.attentionRow = row - 1
    }
    if blend.sharing != nil {
      row = PeopleScreen.paragraph(t[.blendSharing], row: row, area, style: Theme.pending, into: &grid)
    }
    if blend.shared {
      row = PeopleScreen.paragraph(t.format(.blendShared, ["name": name]), row: row, area, into: &grid)
    }
    if let failure = blend.shareFailure {
      row = PeopleScreen.paragraph(
        t.format(.blendShareFailed, ["reason": t[failure.reason]]), row: row, area, style: Theme.error, into: &grid)
      grid.attentionRow = row - 1
    }
    return row
  }

  /// Exactly what is missing, in words.
  static func problemText(_ problem: BlendProblem, name: String, _ t: Localizer) -> String {
    switch problem {
    case .noTasteSummary: t.format(.blendNoTasteSummary, ["name": name])
    case .noOwnTaste: t[.blendNoOwnTaste]
    case .create(let failure): t.createFailure(failure)
    case .social(let failure): t.format(.blendProblemSocial, ["reason": t[failure.reason]])
    }
  }
}

/// The area as the app's `TabModule` sees it (no place in the tab bar; Profile shows selected).
extension GamifyScreen: TabScreen {
  public typealias Feature = GamifyFeature
  public static func title(_ t: Localizer) -> String { t[.gamifyTitle] }
  public static func draw(_ state: AppState, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    render(state, into: &grid, area, t)
  }
}
