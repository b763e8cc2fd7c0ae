import Foundation
import VibesCore

/// The Create tab: the prompt form with the history at the root, the preview and Grow pushed.
public enum CreateScreen {
  static func render(_ state: AppState, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    switch state.create.path.last {
    case .preview(let preview)?: CreatePreviewScreen.render(state, preview, into: &grid, area, t)
    case .grow(let grow)?: CreateGrowScreen.render(grow, into: &grid, area, t)
    case nil: renderRoot(state, into: &grid, area, t)
    }
  }

  static func renderRoot(_ state: AppState, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    let create = state.create
    var row = area.row
    grid.write(
      t[.createTitle], row: row, column: 2,
      style: Theme.title)
    row += 2
    guard let hasKey = create.hasGeminiKey(state.context) else {
      grid.write(t[.createLoading], row: row, column: 2, style: Theme.pending)
      return
    }
    guard hasKey else {
      row = paragraph(t.createFailure(.geminiKeyMissing), row: row, area: area, style: Theme.warning, into: &grid)
      grid.attentionRow = row - 1
      return
    }
    if let hint = state.context.geminiUsage?.hint {
      row = paragraph(t[hint], row: row, area: area, style: Theme.warning, into: &grid) + 1
    }
    let label = t[.createPrompt]
    let songsLabel = t[.createSongs]
    let labelWidth = max(DisplayWidth.of(label), DisplayWidth.of(songsLabel)) + 1
    let fieldColumn = 2 + labelWidth + 1
    let fieldWidth = max(8, area.width - fieldColumn - 2)
    let editing = state.isEditingText && create.focus == .prompt
    grid.write(label, row: row, column: 2, style: create.focus == .prompt ? Theme.focusedBorder : Theme.hint)
    let cursor = TextFieldView.draw(
      create.prompt, placeholder: create.prompt.placeholder.map { t[$0] }, into: &grid, row: row, column: fieldColumn,
      width: fieldWidth)
    if editing { grid.cursor = GridPosition(row: row, column: cursor) }
    if create.focus == .prompt { grid.focusRow = row }
    row += 1
    grid.write(
      t[.createExampleHint], row: row, column: fieldColumn,
      style: Theme.hint, maxWidth: fieldWidth)
    row += 1
    grid.write(songsLabel, row: row, column: 2, style: create.focus == .length ? Theme.focusedBorder : Theme.hint)
    let lengthText = "‹ \(create.length) ›"
    grid.write(lengthText, row: row, column: fieldColumn, style: create.focus == .length ? Theme.selected : .plain)
    grid.write(
      "(\(CreateState.lengthRange.lowerBound)–\(CreateState.lengthRange.upperBound))", row: row,
      column: fieldColumn + DisplayWidth.of(lengthText) + 1, style: Theme.hint)
    if create.focus == .length { grid.focusRow = row }
    row += 2

    switch create.phase {
    case .generating(_, _, let elapsed):
      grid.write(
        t.format(.createAsking, ["seconds": "\(elapsed)"]),
        row: row, column: 2, style: Theme.pending, maxWidth: area.width - 4)
      grid.attentionRow = row
      row += 2
    case .failed(let failure):
      var text = Theme.incompleteSymbol + " " + t.createFailure(failure)
      if case .rateLimitedPerMinute = failure {
        if let countdown = create.countdown {
          text += " " + t.format(.createRetryIn, ["seconds": "\(countdown.secondsLeft)"])
        } else {
          text += " " + t[.createRetryNow]
        }
      }
      row = paragraph(text, row: row, area: area, style: Theme.error, into: &grid)
      grid.attentionRow = row - 1
      row += 1
    case .idle:
      break
    }
    switch create.hint {
    case .promptEmpty?:
      grid.write(
        t[.createPromptEmpty],
        row: row, column: 2, style: Theme.warning, maxWidth: area.width - 4)
      row += 2
    case .waitForCountdown?:
      let left = create.countdown?.secondsLeft ?? 0
      grid.write(
        t.format(.createWaitCountdown, ["seconds": "\(left)"]), row: row,
        column: 2, style: Theme.warning, maxWidth: area.width - 4)
      row += 2
    case nil:
      break
    }

    grid.write(
      t[.createHistory], row: row, column: 2,
      style: create.focus == .history ? Theme.focusedBorder : Theme.title)
    row += 1
    if create.history.isEmpty {
      grid.write(
        t[.createHistoryEmpty], row: row, column: 2,
        style: Theme.hint, maxWidth: area.width - 4)
      return
    }
    ListView.render(
      count: create.history.count, selected: create.focus == .history ? create.historyList.selected : nil, top: row,
      markerColumn: 1, into: &grid
    ) { grid, item in
      let playlist = create.history[item.index]
      let row = item.row
      let status: String
      switch playlist.saveState {
      case .saved: status = t[.createSaved]
      case .saving: status = t[.createPartlySaved]
      case .notSaved:
        status =
          create.queuedSaves.contains(playlist.id)
          ? t[.createWaitingForNetwork] : t[.createNotSaved]
      }
      // A long name gives way (with an ellipsis) so the count and the save state stay readable.
      let details =
        " · " + t.counted(playlist.songs.count, one: CreateL10n.createSongCountOne, other: .createSongCount) + " · "
        + status
      let style = item.style()
      let room = area.width - 5
      let nameWidth = max(min(12, room), room - DisplayWidth.of(details))
      let used = grid.write(
        TerminalText.sanitize(playlist.name), row: row, column: 3, style: style, maxWidth: nameWidth)
      grid.write(details, row: row, column: 3 + used, style: style, maxWidth: room - used)
    }
  }

  /// Word-wrapped text; returns the row after it.
  static func paragraph(_ text: String, row: Int, area: Rect, style: CellStyle, into grid: inout Grid) -> Int {
    var row = row
    for line in WordWrap.lines(text, width: max(10, area.width - 4)) {
      grid.write(line, row: row, column: 2, style: style, maxWidth: area.width - 4)
      row += 1
    }
    return row
  }
}
