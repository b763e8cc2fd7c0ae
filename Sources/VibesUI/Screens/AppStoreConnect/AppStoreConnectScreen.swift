import VibesCore

/// The App Store Connect tab: setup until credentials are verified, then the dashboard; settings on top.
public enum AppStoreConnectScreen {
  static func render(_ state: AppState, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    if case .settings(let settings)? = state.appStoreConnect.path.last {
      AppStoreConnectSettingsScreen.render(settings, into: &grid, area, t)
      return
    }
    switch state.appStoreConnect.root {
    case .loading:
      grid.write(t[.ascLoading], row: area.row + 1, column: 2, style: Theme.pending)
    case .setup:
      AppStoreConnectSetupScreen.render(state, into: &grid, area, t)
    case .dashboard:
      AppStoreConnectDashboardScreen.render(state, into: &grid, area, t)
    }
  }

  static func failure(_ failure: AppStoreConnectFailure, _ t: Localizer) -> String {
    switch failure {
    case .malformedKey: return t[.ascFailureMalformedKey]
    case .keyFileUnreadable: return t[.ascFailureKeyFileUnreadable]
    case .notAuthorized: return t[.ascFailureNotAuthorized]
    case .roleTooLow: return t[.ascFailureRoleTooLow]
    case .agreementRequired: return t[.ascFailureAgreement]
    case .rateLimited: return t[.ascFailureRateLimited]
    case .rateLimitedRetryAfter(let seconds): return t.format(.ascFailureRateLimitedFor, ["seconds": "\(seconds)"])
    case .transport(let transport): return t.transportFailure(transport, service: "App Store Connect")
    // Never shown (the app drops a cancelled request's result); worded as a request that got no answer.
    case .cancelled: return t.transportFailure(.cancelled, service: "App Store Connect")
    case .server: return t[.ascFailureServer]
    case .unexpectedStatus, .invalidResponse: return t[.ascFailureUnexpected]
    case .storageFailed: return t[.ascFailureStorage]
    case .notConfigured: return t[.ascFailureNotConfigured]
    }
  }

  @discardableResult
  static func wrapped(
    _ text: String, into grid: inout Grid, row: Int, area: Rect, style: CellStyle = .plain,
    column: Int = 2
  ) -> Int {
    var current = row
    for line in WordWrap.lines(text, width: area.width - column - 2) where current < area.bottom {
      grid.write(line, row: current, column: column, style: style)
      current += 1
    }
    return current
  }
}

enum AppStoreConnectSetupScreen {
  static func render(_ state: AppState, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    let setup = state.appStoreConnect.setup
    grid.write(t[.ascSetupTitle], row: area.row, column: 2, style: Theme.title)
    var row = area.row + 1
    // The guidance is always drawn, however small the terminal: a screen taller than the terminal scrolls (the
    // focused field and a check's message are kept in view, PgUp shows the notes). Dropping the notes when they did
    // not fit left "stays on this device" and the T+1/T+2 delay unreadable at 60×20 and in German at 80×24.
    let url = AppStoreConnectState.keysURL
    let inputs = setup.fields.compactMap { field -> AppStoreConnectField? in
      if case .field(let id) = field.id { return id }
      return nil
    }
    row = AppStoreConnectScreen.wrapped(t[.ascSetupIntro], into: &grid, row: row, area: area)
    for note in [t[.ascSetupLocalOnly], t[.ascSetupDelay]] {
      row = AppStoreConnectScreen.wrapped(note, into: &grid, row: row, area: area, style: Theme.hint)
    }
    row = LinkLine.render(
      url: url, keys: t[.ascLinkKeys], label: t[.ascLinkLabel], into: &grid, row: row, area: area, t)
    row += 1

    let labels = inputs.map { label($0, t) }
    let inputColumn = 5 + (labels.map { DisplayWidth.of($0) }.max() ?? 0)
    let inputWidth = max(8, area.width - inputColumn - 2)
    let editing = state.isEditingText
    for field in inputs where row < area.bottom {
      let focused = setup.focus == .field(field)
      FormFieldView.drawLabel(label(field, t), focused: focused, into: &grid, row: row)
      let cursor = renderInput(
        setup, field, t, into: &grid, row: row, column: inputColumn, width: inputWidth)
      if focused && editing { grid.cursor = GridPosition(row: row, column: cursor) }
      row += 1
      if let error = setup.errors[field] {
        grid.write(
          fieldError(error, t), row: row, column: inputColumn, style: Theme.error,
          maxWidth: inputWidth)
      } else if field == .privateKey, let problem = setup.keyProblem {
        grid.write(
          AppStoreConnectScreen.failure(problem, t), row: row, column: inputColumn,
          style: Theme.error,
          maxWidth: inputWidth)
      } else if field == .privateKey, let summary = setup.keySummary,
        AppStoreConnectTime.looksLikePath(setup.privateKey.text)
      {
        grid.write(
          keyLoaded(summary, t), row: row, column: inputColumn, style: Theme.complete,
          maxWidth: inputWidth)
      } else if focused {
        // Wrapped under the field (a narrow terminal cut "Shown above the list of keys in App Store…").
        let lines = WordWrap.lines(helper(field, t), width: inputWidth)
        for (index, line) in lines.enumerated() {
          grid.write(line, row: row + index, column: inputColumn, style: Theme.hint, maxWidth: inputWidth)
        }
        // Kept in view with the field on a short terminal (a message drawn later takes over).
        if lines.count > 1 { grid.attentionRow = row + lines.count - 1 }
        row += max(0, lines.count - 1)
      }
      row += 1
    }

    var buttonLabel = t[.ascButtonConnect]
    if case .failed(let failure) = setup.phase, failure.isRetryable {
      buttonLabel = t[.ascButtonRetry]
    }
    FormFieldView.drawButton(buttonLabel, focused: setup.focus == .connect, into: &grid, row: row, column: inputColumn)
    row += 2
    switch setup.phase {
    case .editing, .saving, .confirmingRemoval, .removing, .removalFailed:
      break
    case .checking:
      row = AppStoreConnectScreen.wrapped(
        t[.ascVerifying], into: &grid, row: row, area: area, style: Theme.pending)
      grid.attentionRow = row - 1
    case .failed(let failure):
      row = AppStoreConnectScreen.wrapped(
        AppStoreConnectScreen.failure(failure, t) + " " + t[.ascNothingSaved], into: &grid,
        row: row, area: area,
        style: Theme.error)
      // On a short terminal the form scrolls so the new message shows, not only the fields above it.
      grid.attentionRow = row - 1
      if failure.isRetryable {
        row = AppStoreConnectScreen.wrapped(
          t[.ascRetryHint], into: &grid, row: row, area: area, style: Theme.title)
        grid.attentionRow = row - 1
      }
    }
  }

  /// Draws a field's input line; returns the cursor column. The private key is never drawn: only a path
  /// typed into it, or a summary of the loaded key.
  static func renderInput(
    _ setup: AppStoreConnectSetupForm, _ field: AppStoreConnectField, _ t: Localizer,
    into grid: inout Grid, row: Int,
    column: Int, width: Int
  ) -> Int {
    let textField = setup.form.textField(.field(field))
    let input = textField.input
    if !input.isEmpty, field == .privateKey, !AppStoreConnectTime.looksLikePath(input.text) {
      let text: String
      let style: CellStyle
      if let summary = setup.keySummary {
        text = keyLoaded(summary, t)
        style = Theme.field.merged(Theme.complete)
      } else if setup.inspectionID != nil {
        text = t[.ascKeyReading]
        style = Theme.field.merged(Theme.pending)
      } else {
        text = t.format(.ascKeyEntered, ["count": String(input.graphemeCount)])
        style = Theme.field
      }
      grid.write(String(repeating: " ", count: width), row: row, column: column, style: Theme.field)
      grid.write(text, row: row, column: column, style: style, maxWidth: width)
      return column
    }
    return TextFieldView.draw(
      textField, placeholder: placeholder(field, t), lineBreakSymbol: "⏎", into: &grid, row: row, column: column,
      width: width)
  }

  static func keyLoaded(_ summary: PrivateKeySummary, _ t: Localizer) -> String {
    t.format(.ascKeyLoaded, ["curve": summary.curve, "fingerprint": summary.fingerprint])
  }

  static func label(_ field: AppStoreConnectField, _ t: Localizer) -> String {
    switch field {
    case .issuerID: return t[.ascFieldIssuerID]
    case .keyID: return t[.ascFieldKeyID]
    case .privateKey: return t[.ascFieldPrivateKey]
    }
  }

  static func placeholder(_ field: AppStoreConnectField, _ t: Localizer) -> String {
    switch field {
    case .issuerID: return t[.ascPlaceholderIssuerID]
    case .keyID: return t[.ascPlaceholderKeyID]
    case .privateKey: return t[.ascPlaceholderPrivateKey]
    }
  }

  static func helper(_ field: AppStoreConnectField, _ t: Localizer) -> String {
    switch field {
    case .issuerID: return t[.ascHelperIssuerID]
    case .keyID: return t[.ascHelperKeyID]
    case .privateKey: return t[.ascHelperPrivateKey]
    }
  }

  static func fieldError(_ error: AppStoreConnectFieldError, _ t: Localizer) -> String {
    switch error {
    case .required: return t[.ascErrorRequired]
    case .issuerFormat: return t[.ascErrorIssuerFormat]
    case .keyIDFormat: return t[.ascErrorKeyIDFormat]
    }
  }
}

enum AppStoreConnectDashboardScreen {
  static func render(_ state: AppState, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    let dashboard = state.appStoreConnect.dashboard
    var column = 2 + grid.write(t[.ascDashboardTitle], row: area.row, column: 2, style: Theme.title)
    column += grid.write(" · ", row: area.row, column: column, style: Theme.hint)
    grid.write(t.appsCount(dashboard.apps.count), row: area.row, column: column)

    let syncLine =
      dashboard.lastSync.map { t.format(.ascLastSync, ["time": AppStoreConnectTime.format($0)]) }
      ?? t[.ascNeverSynced]
    grid.write(syncLine, row: area.row + 1, column: 2, style: Theme.hint, maxWidth: area.width - 4)
    var noteRow: Int? = area.row + 3
    switch dashboard.sync {
    case .idle:
      break
    case .syncing(_, let fetched):
      grid.write(
        t.format(.ascSyncing, ["apps": t.appsCount(fetched)]), row: area.row + 2, column: 2,
        style: Theme.pending,
        maxWidth: area.width - 4)
    case .failed(let failure):
      // The whole reason (its wait time is at the end): up to three lines, over the delay note and the
      // spacer, so the table stays where the list's keys expect it.
      let text = t.format(.ascSyncFailed, ["reason": AppStoreConnectScreen.failure(failure, t)])
      let lines = WordWrap.lines(text, width: area.width - 4)
      noteRow = lines.count > 1 ? nil : noteRow
      for index in 0..<min(3, lines.count) {
        let line = index == 2 ? lines[2...].joined(separator: " ") : lines[index]
        grid.write(line, row: area.row + 2 + index, column: 2, style: Theme.error, maxWidth: area.width - 4)
      }
    }
    if let noteRow {
      grid.write(t[.ascDelayNote], row: noteRow, column: 2, style: Theme.hint, maxWidth: area.width - 4)
    }

    let tableRow = area.row + 5
    let width = area.width - 4
    let nameWidth = max(10, width * 2 / 5)
    let bundleWidth = max(10, width * 2 / 5)
    let skuColumn = 2 + nameWidth + 1 + bundleWidth + 1
    grid.write(t[.ascColumnName], row: tableRow, column: 2, style: Theme.title, maxWidth: nameWidth)
    grid.write(
      t[.ascColumnBundleID], row: tableRow, column: 3 + nameWidth, style: Theme.title,
      maxWidth: bundleWidth)
    grid.write(
      t[.ascColumnSKU], row: tableRow, column: skuColumn, style: Theme.title,
      maxWidth: area.right - skuColumn - 1)
    if dashboard.apps.isEmpty {
      if dashboard.lastSync != nil {
        grid.write(t[.ascNoApps], row: tableRow + 1, column: 2, style: Theme.hint, maxWidth: width)
      }
      return
    }
    let rows = min(AppStoreConnectState.visibleRows(state.size), area.bottom - tableRow - 1)
    ListView.render(
      count: dashboard.apps.count, selected: dashboard.list.selected, first: dashboard.list.scrollTop, limit: rows,
      top: tableRow + 1, markerColumn: 1, look: .bar, barWidth: area.width - 2, into: &grid
    ) { grid, item in
      let app = dashboard.apps[item.index]
      let row = item.row
      let style = item.style()
      grid.write(
        TerminalText.sanitize(app.name), row: row, column: 2, style: style, maxWidth: nameWidth)
      grid.write(
        TerminalText.sanitize(app.bundleID), row: row, column: 3 + nameWidth, style: style,
        maxWidth: bundleWidth)
      grid.write(
        TerminalText.sanitize(app.sku), row: row, column: skuColumn, style: style,
        maxWidth: area.right - skuColumn - 1)
    }
  }
}

enum AppStoreConnectSettingsScreen {
  static func render(
    _ settings: AppStoreConnectSettingsState, into grid: inout Grid, _ area: Rect, _ t: Localizer
  ) {
    grid.write(t[.ascSettingsTitle], row: area.row, column: 2, style: Theme.title)
    var row = AppStoreConnectScreen.wrapped(
      t[.ascRemoveExplain], into: &grid, row: area.row + 2, area: area)
    row += 1
    grid.write(
      "[ \(t[.ascRemoveButton]) ]", row: row, column: 2, style: Theme.selected,
      maxWidth: area.width - 4)
    row += 2
    switch settings.removal {
    case .idle: break
    case .confirming:
      AppStoreConnectScreen.wrapped(
        t[.ascConfirmRemoval], into: &grid, row: row, area: area, style: Theme.warning)
    case .removing:
      AppStoreConnectScreen.wrapped(
        t[.ascRemoving], into: &grid, row: row, area: area, style: Theme.pending)
    case .failed:
      AppStoreConnectScreen.wrapped(
        t[.ascRemovalFailed], into: &grid, row: row, area: area, style: Theme.error)
    }
  }
}
