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

    let labelWidth = form.fields.map { DisplayWidth.of(t.fieldLabel($0.id)) }.max() ?? 0
    let inputColumn = 5 + labelWidth
    let inputWidth = max(8, area.width - inputColumn - 2)
    let editing = state.isEditingText
    for (index, field) in form.fields.enumerated() {
      let focused = form.focus == .field(index)
      grid.write(focused ? "›" : " ", row: row, column: 1, style: Theme.focusedBorder)
      grid.write(t.fieldLabel(field.id), row: row, column: 3, style: focused ? Theme.title : .plain)
      let cursorColumn = renderInput(field, t, into: &grid, row: row, column: inputColumn, width: inputWidth)
      if focused && editing { grid.cursor = GridPosition(row: row, column: cursorColumn) }
      row += 1
      if let error = field.error {
        grid.write(
          t.fieldError(error), row: row, column: inputColumn, style: Theme.error, maxWidth: inputWidth)
      }
      row += 1
    }

    var column = inputColumn
    let saveLabel: String
    if case .failed(let failure) = form.phase, failure.isRetryable {
      saveLabel = t[.buttonRetry]
    } else {
      saveLabel = t[.buttonSave]
    }
    column += renderButton(saveLabel, focused: form.focus == .save, into: &grid, row: row, column: column) + 2
    if form.isConfigured {
      renderButton(t[.buttonRemove], focused: form.focus == .remove, into: &grid, row: row, column: column)
    }
    row += 2
    renderPhase(form, into: &grid, row: row, area: area, t)
  }

  /// Draws the input area; returns the cursor's column.
  static func renderInput(
    _ field: FormField, _ t: Localizer, into grid: inout Grid, row: Int, column: Int, width: Int
  ) -> Int {
    grid.write(String(repeating: " ", count: width), row: row, column: column, style: Theme.field)
    switch field.kind {
    case .secret:
      if field.keepsStoredValue, let preview = field.storedPreview {
        let used = grid.write(preview, row: row, column: column, style: Theme.field)
        grid.write(
          "  " + t[.fieldStoredHint], row: row, column: column + used, style: Theme.field.merged(Theme.hint),
          maxWidth: width - used)
        return column
      }
      return TextFieldView.draw(field.input, secret: true, into: &grid, row: row, column: column, width: width)
    case .text, .multiline:
      return TextFieldView.draw(field.input, lineBreakSymbol: "⏎", into: &grid, row: row, column: column, width: width)
    }
  }

  @discardableResult
  static func renderButton(_ label: String, focused: Bool, into grid: inout Grid, row: Int, column: Int) -> Int {
    grid.write("[ \(label) ]", row: row, column: column, style: focused ? Theme.selected : Theme.title)
  }

  static func renderPhase(_ form: CredentialForm, into grid: inout Grid, row: Int, area: Rect, _ t: Localizer) {
    var lines: [(String, CellStyle)] = []
    switch form.phase {
    case .editing:
      return
    case .validating:
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
