import VibesCore

/// The Gemini and Ticketmaster forms: header, instructions, the link, fields, buttons and the
/// lifecycle message (checking, failed with retry, confirm removal).
enum FormScreen {
  static func render(
    _ state: AppState, _ form: CredentialForm, into grid: inout Grid, _ area: Rect, _ t: Localizer
  ) {
    let facts = state.facts ?? SetupFacts()
    let complete = facts.isComplete(form.step)
    let titleWidth = grid.write(t.stepTitle(form.step), row: area.row, column: 2, style: Theme.title)
    let status =
      (complete ? Theme.completeSymbol : Theme.incompleteSymbol) + " "
      + t.stepStatus(form.step, complete: complete)
    grid.write(status, row: area.row, column: 4 + titleWidth, style: complete ? Theme.complete : Theme.incomplete)

    var row = area.row + 2
    let intro = form.step == .ticketmaster ? t[.ticketmasterIntro] : t[.geminiIntro]
    for line in WordWrap.lines(intro, width: area.width - 4) where row < area.bottom {
      grid.write(line, row: row, column: 2)
      row += 1
    }
    row = LinkLine.render(url: form.step.credentialsURL, keys: t[.linkKeys], into: &grid, row: row, area: area, t)
    row += 1

    let inputs = form.fields.compactMap { field -> (FieldID, Field<CredentialFocus>)? in
      guard case .field(let id) = field.id else { return nil }
      return (id, field)
    }
    let labelWidth = inputs.map { DisplayWidth.of(t.fieldLabel($0.0)) }.max() ?? 0
    let inputColumn = 5 + labelWidth
    let inputWidth = max(8, area.width - inputColumn - 2)
    let editing = state.isEditingText
    for (id, field) in inputs {
      let focused = form.focus == field.id
      FormFieldView.drawLabel(t.fieldLabel(id), focused: focused, into: &grid, row: row)
      let cursorColumn = FormFieldView.drawInput(
        field, t, into: &grid, row: row, column: inputColumn, width: inputWidth)
      if id == .radius {
        // "‹ 50 km ›": ← → change it.
        let km = field.selectedOption.flatMap { Int($0) } ?? ConcertRadius.defaultKm
        grid.write(
          "‹ " + t.radius(km) + " ›", row: row, column: inputColumn, style: focused ? Theme.selected : Theme.field)
      }
      if focused && editing { grid.cursor = GridPosition(row: row, column: cursorColumn) }
      row += 1
      if let error = field.error {
        grid.write(
          t.fieldError(error), row: row, column: inputColumn, style: Theme.error, maxWidth: inputWidth)
      }
      row += 1
      if id == .city, focused, !form.citySuggestions.isEmpty {
        // The shipped city list's matches, largest first; ↑/↓ picks one (marked and highlighted), Enter takes it.
        row =
          ListView.render(
            labels: form.citySuggestions.map { TerminalText.sanitize($0.label) }, selected: form.pickedSuggestion,
            top: row, markerColumn: inputColumn - 2, column: inputColumn, width: inputWidth, normal: Theme.hint,
            into: &grid) + 1
      }
    }

    var column = inputColumn
    for button in form.fields where button.kind == .button {
      let label: String
      switch button.id {
      case .remove: label = t[.buttonRemove]
      case .save, .field:
        if case .failed(let failure) = form.phase, failure.isRetryable {
          label = t[.buttonRetry]
        } else {
          label = t[.buttonSave]
        }
      }
      column +=
        FormFieldView.drawButton(label, focused: form.focus == button.id, into: &grid, row: row, column: column) + 2
    }
    row += 2
    renderPhase(form, into: &grid, row: row, area: area, t)
  }

  static func renderPhase(_ form: CredentialForm, into grid: inout Grid, row: Int, area: Rect, _ t: Localizer) {
    var lines: [(String, CellStyle)] = []
    switch form.phase {
    case .editing:
      return
    case .checking:
      lines = [(form.step == .ticketmaster ? t[.checkingTicketmaster] : t[.checkingGemini], Theme.pending)]
    case .saving:
      lines = [(t[.savingCredential], Theme.pending)]
    case .removing:
      lines = [(t[.removingCredential], Theme.pending)]
    case .failed(let failure):
      var message = t.failure(failure, step: form.step) + " " + t[.nothingSaved]
      if failure == .storageFailed { message = t.failure(failure, step: form.step) }
      lines = [(message, Theme.error)]
      if failure.isRetryable { lines.append((t[.retryHint], Theme.title)) }
    case .confirmingRemoval:
      lines = [(t[.confirmRemoval], Theme.warning)]
    case .removalFailed:
      lines = [(t[.removalFailed], Theme.error)]
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
