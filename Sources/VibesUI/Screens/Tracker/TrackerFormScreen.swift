import VibesCore

/// The configuration form (root while unconfigured, or pushed by Settings).
enum TrackerFormScreen {
  static func render(
    _ state: AppState, _ form: TrackerForm, isSettings: Bool, into grid: inout Grid, _ area: Rect,
    _ t: Localizer
  ) {
    grid.write(
      t[isSettings ? TrackerL10n.trackerSettingsTitle : TrackerL10n.trackerSetupTitle],
      row: area.row, column: 2, style: Theme.title)
    var row = area.row + 2
    for line in WordWrap.lines(t[TrackerL10n.trackerIntro], width: area.width - 4)
    where row < area.bottom {
      grid.write(line, row: row, column: 2)
      row += 1
    }
    row += 1

    let inputs = form.fields.compactMap { field -> (TrackerFieldID, Field<TrackerFormFocus>)? in
      guard case .field(let id) = field.id else { return nil }
      return (id, field)
    }
    let labelWidth = inputs.map { DisplayWidth.of(label($0.0, t)) }.max() ?? 0
    let inputColumn = 5 + labelWidth
    let inputWidth = max(8, area.width - inputColumn - 2)
    let editing = state.isEditingText
    for (id, field) in inputs {
      let focused = form.focus == field.id
      FormFieldView.drawLabel(label(id, t), focused: focused, into: &grid, row: row)
      if case .picker = field.kind {
        renderPicker(form, state, into: &grid, row: row, column: inputColumn, width: inputWidth, t)
        row += 2
        continue
      }
      let cursor = FormFieldView.drawInput(field, t, into: &grid, row: row, column: inputColumn, width: inputWidth)
      if focused && editing { grid.cursor = GridPosition(row: row, column: cursor) }
      row += 1
      if let error = field.error {
        grid.write(
          fieldError(id, error, t), row: row, column: inputColumn, style: Theme.error,
          maxWidth: inputWidth)
      } else if id == .userID {
        grid.write(
          t[TrackerL10n.trackerOptionalHint], row: row, column: inputColumn, style: Theme.hint,
          maxWidth: inputWidth)
      }
      row += 1
    }
    row += 1

    let focused = form.focus == .initialize
    ListView.mark(focused, row: row, column: 1, into: &grid)
    let enabled = form.canInitialize
    let buttonStyle = !enabled ? Theme.hint : (focused ? Theme.selected : Theme.title)
    let used = grid.write(
      "[ \(t[TrackerL10n.trackerButtonInitialize]) ]", row: row, column: inputColumn,
      style: buttonStyle)
    if !enabled {
      grid.write(
        "  " + t[TrackerL10n.trackerInitializeDisabled], row: row, column: inputColumn + used,
        style: Theme.hint,
        maxWidth: area.width - inputColumn - used - 2)
    }
    row += 2
    renderPhase(form, into: &grid, row: row, area: area, t)
  }

  static func fieldError(_ id: TrackerFieldID, _ error: FieldError, _ t: Localizer) -> String {
    switch id {
    case .apiKey: return t[TrackerL10n.trackerErrorAPIKeyRequired]
    case .brandID: return t[TrackerL10n.trackerErrorBrandIDRequired]
    default: return t.fieldError(error)
    }
  }

  /// Both options, the selected one marked by a symbol and a word (not colour alone), and its URL.
  static func renderPicker(
    _ form: TrackerForm, _ state: AppState, into grid: inout Grid, row: Int, column: Int,
    width: Int, _ t: Localizer
  ) {
    var used = 0
    for environment in TrackerEnvironment.allCases {
      let selected = environment == form.environment
      var text = (selected ? "◉ " : "○ ") + t.trackerEnvironment(environment)
      if selected { text += " (\(t[TrackerL10n.trackerSelectedWord]))" }
      let style =
        selected
        ? (form.focus == .field(.environment) ? Theme.selected : Theme.title) : CellStyle.plain
      used +=
        grid.write(text, row: row, column: column + used, style: style, maxWidth: width - used) + 3
    }
    let url = state.tracker.apiURLs[form.environment] ?? form.environment.defaultURL
    grid.write(
      "→ " + TerminalText.sanitize(url), row: row + 1, column: column, style: Theme.hint,
      maxWidth: width)
  }

  static func label(_ id: TrackerFieldID, _ t: Localizer) -> String {
    switch id {
    case .apiKey: return t[TrackerL10n.trackerFieldAPIKey]
    case .brandID: return t[TrackerL10n.trackerFieldBrandID]
    case .userID: return t[TrackerL10n.trackerFieldUserID]
    case .environment: return t[TrackerL10n.trackerFieldEnvironment]
    }
  }

  /// What to do next: correct the entries only when the API refused them; else the same entries are tried
  /// again (after the wait for a rate limit).
  static func retryHint(_ failure: TrackerFailure) -> TrackerL10n {
    switch failure {
    case .invalidAPIKey, .invalidBrandID, .rejected: return .trackerKeptHint
    case .rateLimited: return .trackerRetryHint
    case .transport, .server, .unreadableAnswer, .storageFailed: return .trackerRetryNowHint
    }
  }

  static func renderPhase(
    _ form: TrackerForm, into grid: inout Grid, row: Int, area: Rect, _ t: Localizer
  ) {
    var lines: [(String, CellStyle)] = []
    switch form.phase {
    case .editing, .saving, .confirmingRemoval, .removing, .removalFailed: return
    case .checking: lines = [(t[TrackerL10n.trackerInitializing], Theme.pending)]
    case .failed(let failure):
      lines = [
        (Theme.incompleteSymbol + " " + t.trackerFailure(failure), Theme.error),
        (t[retryHint(failure)], .plain),
      ]
    }
    var current = row
    for (text, style) in lines {
      for line in WordWrap.lines(text, width: area.width - 4) where current < area.bottom {
        grid.write(line, row: current, column: 2, style: style)
        current += 1
      }
    }  // A new message is kept in view on a short terminal (with the focused field when both fit).
    if current > row { grid.attentionRow = current - 1 }
  }
}
