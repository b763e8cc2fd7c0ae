import Foundation
import VibesCore

/// The one song menu widget (FR-2.3): every song surface's `.` shows it. The song (title, artist, album) on top,
/// then the page: the items through the one `ListView`, the Send-to-one picker with its filter field, the message
/// composer with its live count ("12/280", characters as the user sees them), or why an account or Spotify is
/// needed. Song names come from Spotify or from other people: sanitised before they are drawn.
public enum SongMenuView {
  static func clean(_ text: String) -> String { TerminalText.sanitize(text) }

  /// Wraps `text` from `row`; returns the row below it.
  @discardableResult
  static func paragraph(_ text: String, row: Int, area: Rect, style: CellStyle, into grid: inout Grid) -> Int {
    var row = row
    for line in WordWrap.lines(text, width: max(1, area.width - 4)) {
      grid.write(line, row: row, column: area.column + 2, style: style, maxWidth: area.width - 4)
      row += 1
    }
    return row
  }

  /// The label of one item.
  static func label(_ item: SongMenuItem, _ menu: SongMenuFeature, _ t: Localizer) -> String {
    switch item {
    case .replyTo: return t.format(.songMenuItemReplyTo, ["name": clean(menu.reply?.name ?? "")])
    case .shareToAll: return t[.songMenuItemShareToAll]
    case .sendToOne: return t[.songMenuItemSendToOne]
    case .addToLibrary: return t[.songMenuItemAddToLibrary]
    case .addToPlaylist: return t[.songMenuItemAddToPlaylist]
    case .playPreview: return t[.songMenuItemPlayPreview]
    case .openInSpotify: return t[.songMenuItemOpenInSpotify]
    case .copyLink: return t[.songMenuItemCopyLink]
    }
  }

  public static func render(_ menu: SongMenuFeature, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    var row = area.row
    if case .findReply(let field) = menu.page {
      renderFindReply(menu, field, into: &grid, area, row: row, t)
      return
    }
    guard let song = menu.song else { return }
    grid.write(
      "♪ " + clean(song.trackName), row: row, column: area.column + 2, style: Theme.title, maxWidth: area.width - 4)
    row += 1
    let byline = [song.artistName, song.albumName].map(clean).filter { !$0.isEmpty }.joined(separator: " · ")
    grid.write(byline, row: row, column: area.column + 2, style: Theme.hint, maxWidth: area.width - 4)
    row += 1
    if let waiting = menu.queued, waiting > 0 {
      grid.write(
        t.format(.songMenuWaiting, ["waiting": "\(waiting)"]), row: row, column: area.column + 2, style: Theme.warning,
        maxWidth: area.width - 4)
      row += 1
    }
    row += 1
    switch menu.page {
    case .menu, .findReply:
      ListView.render(
        labels: menu.items.map { label($0, menu, t) }, selected: menu.list.selected, top: row,
        markerColumn: area.column + 1, column: area.column + 3, width: area.width - 5, into: &grid)
    case .people(let picker):
      renderPeople(picker, into: &grid, area, row: row, t)
    case .compose(let composer):
      renderComposer(composer, into: &grid, area, row: row, t)
    case .needsAccount(let failure):
      grid.attentionRow = row
      paragraph(failure.text(t), row: row, area: area, style: Theme.warning, into: &grid)
    case .needsSpotify:
      grid.attentionRow = row
      paragraph(t[.songMenuNeedsSpotify], row: row, area: area, style: Theme.warning, into: &grid)
    }
  }

  /// A label, then the one text field after it (the cursor in it while it is edited).
  static func field(
    _ label: String, _ field: TextField, editing: Bool, row: Int, area: Rect, into grid: inout Grid, _ t: Localizer
  ) {
    let used = grid.write(label, row: row, column: area.column + 2, style: Theme.title)
    let column = area.column + 3 + used
    let cursor = TextFieldView.draw(
      field, placeholder: field.placeholder.map { t[$0] }, style: Theme.focusedBorder, into: &grid, row: row,
      column: column, width: max(4, area.width - column - 2))
    if editing { grid.cursor = GridPosition(row: row, column: cursor) }
  }

  static func renderFindReply(
    _ menu: SongMenuFeature, _ search: TextField, into grid: inout Grid, _ area: Rect, row: Int, _ t: Localizer
  ) {
    var row = row
    grid.write(
      t.format(.songMenuReplyTitle, ["name": clean(menu.reply?.name ?? "")]), row: row, column: area.column + 2,
      style: Theme.title, maxWidth: area.width - 4)
    row += 2
    field(t[.songMenuReplySearchLabel], search, editing: true, row: row, area: area, into: &grid, t)
  }

  static func renderPeople(
    _ picker: SongPeoplePicker, into grid: inout Grid, _ area: Rect, row: Int, _ t: Localizer
  ) {
    var row = row
    grid.write(t[.songMenuPeopleTitle], row: row, column: area.column + 2, style: Theme.title, maxWidth: area.width - 4)
    row += 1
    if picker.loading != nil {
      grid.write(t[.songMenuLoading], row: row, column: area.column + 2, style: Theme.pending)
      return
    }
    if picker.failure != nil {
      grid.attentionRow = row
      paragraph(t[.songMenuPeopleFailed], row: row, area: area, style: Theme.error, into: &grid)
      return
    }
    if picker.people.isEmpty {
      paragraph(t[.songMenuNoPeople], row: row, area: area, style: Theme.hint, into: &grid)
      return
    }
    field(t[.songMenuFilterLabel], picker.filter, editing: true, row: row, area: area, into: &grid, t)
    row += 2
    let shown = picker.shown
    if shown.isEmpty {
      paragraph(t[.songMenuNoMatch], row: row, area: area, style: Theme.hint, into: &grid)
      return
    }
    ListView.render(
      labels: shown.map { clean($0.name) }, selected: picker.list.selected, top: row, markerColumn: area.column + 1,
      column: area.column + 3, width: area.width - 5, into: &grid)
  }

  static func renderComposer(
    _ composer: SongComposer, into grid: inout Grid, _ area: Rect, row: Int, _ t: Localizer
  ) {
    var row = row
    let heading: String
    switch composer.recipient {
    case .everyone: heading = t[.songMenuComposeAll]
    case .person(let person): heading = t.format(.songMenuComposeTo, ["name": clean(person.name)])
    case .reply(let target): heading = t.format(.songMenuComposeReply, ["name": clean(target.name)])
    }
    grid.write(heading, row: row, column: area.column + 2, style: Theme.title, maxWidth: area.width - 4)
    row += 1
    field(
      t[.songMenuMessageLabel], composer.message, editing: composer.sending == nil, row: row, area: area, into: &grid,
      t)
    row += 1
    let count = t.format(.songMenuCount, ["count": "\(composer.count)", "max": "\(ShareMessageRule.maxLength)"])
    grid.write(count, row: row, column: area.column + 2, style: composer.isOverLimit ? Theme.error : Theme.hint)
    row += 1
    if composer.sending != nil {
      grid.write(t[.songMenuSending], row: row, column: area.column + 2, style: Theme.pending)
      row += 1
    }
    if let failure = composer.failure {
      grid.attentionRow = row
      paragraph(failure.text(t), row: row, area: area, style: Theme.error, into: &grid)
    }
  }
}
