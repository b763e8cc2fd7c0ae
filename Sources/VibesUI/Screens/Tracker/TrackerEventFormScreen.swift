import VibesCore

/// A demo action's form: event name / screen name / user id, and properties.
enum TrackerEventFormScreen {
  static func render(
    _ state: AppState, _ form: TrackerEventForm, into grid: inout Grid, _ area: Rect, _ t: Localizer
  ) {
    let (title, primaryLabel, propertiesLabel, required): (TrackerL10n, TrackerL10n, TrackerL10n, TrackerL10n) =
      switch form.kind {
      case .custom:
        (
          .trackerEventCustomTitle, .trackerFieldEventName, .trackerFieldProperties,
          .trackerErrorEventNameRequired
        )
      case .screenView:
        (
          .trackerEventScreenTitle, .trackerFieldScreenName, .trackerFieldProperties,
          .trackerErrorScreenRequired
        )
      case .identify:
        (
          .trackerEventIdentifyTitle, .trackerFieldIdentifyUser, .trackerFieldTraits,
          .trackerErrorUserRequired
        )
      }
    grid.write(t[title], row: area.row, column: 2, style: Theme.title)
    var row = area.row + 2
    let labelWidth = max(DisplayWidth.of(t[primaryLabel]), DisplayWidth.of(t[propertiesLabel]))
    let inputColumn = 5 + labelWidth
    let inputWidth = max(8, area.width - inputColumn - 2)
    for field in form.fields where field.kind != .button {
      let label = field.id == .primary ? primaryLabel : propertiesLabel
      let error =
        field.id == .primary
        ? form.primaryError.map { _ in t[required] }
        : form.propertiesError.map {
          t.format(TrackerL10n.trackerErrorProperties, ["pair": TerminalText.sanitize($0)])
        }
      let focused = form.focus == field.id
      FormFieldView.drawLabel(t[label], focused: focused, into: &grid, row: row)
      let cursor = FormFieldView.drawInput(field, t, into: &grid, row: row, column: inputColumn, width: inputWidth)
      if focused && state.isEditingText { grid.cursor = GridPosition(row: row, column: cursor) }
      row += 1
      if let error {
        grid.write(error, row: row, column: inputColumn, style: Theme.error, maxWidth: inputWidth)
      } else if field.id == .properties {
        grid.write(
          t[TrackerL10n.trackerPropertiesHint], row: row, column: inputColumn, style: Theme.hint,
          maxWidth: inputWidth)
      }
      row += 2
    }
    let focused = form.focus == .send
    ListView.mark(focused, row: row, column: 1, into: &grid)
    grid.write(
      "[ \(t[TrackerL10n.trackerButtonSend]) ]", row: row, column: inputColumn,
      style: focused ? Theme.selected : Theme.title)
  }
}
