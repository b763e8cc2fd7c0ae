import VibesCore

/// The demo console: status, the actions, and a log of what each send did.
enum TrackerDemoScreen {
  static func render(
    _ state: AppState, _ configuration: TrackerConfiguration, into grid: inout Grid, _ area: Rect,
    _ t: Localizer
  ) {
    let tracker = state.tracker
    let used = grid.write(
      t[TrackerL10n.trackerDemoTitle], row: area.row, column: 2, style: Theme.title)
    let (statusText, statusStyle): (String, CellStyle) =
      if tracker.initializedAt != nil {
        (
          Theme.completeSymbol + " " + t[TrackerL10n.trackerStatusInitializedAt].lowercased(),
          Theme.complete
        )
      } else if tracker.startupRequestID != nil {
        (t[TrackerL10n.trackerInitializingShort], Theme.pending)
      } else {
        (t[TrackerL10n.trackerNotInitialized], Theme.incomplete)
      }
    if tracker.initializedAt == nil {
      grid.write(statusText, row: area.row, column: 4 + used, style: statusStyle)
    }

    let none = t[TrackerL10n.trackerNone]
    let userID = tracker.currentUserID
    let status: [(TrackerL10n, String, CellStyle)] = [
      (.trackerStatusEnvironment, t.trackerEnvironment(configuration.environment), .plain),
      (
        .trackerStatusAPIURL,
        tracker.apiURLs[configuration.environment] ?? configuration.environment.defaultURL, .plain
      ),
      (.trackerStatusBrandID, configuration.brandID, .plain),
      (.trackerStatusUserID, userID.isEmpty ? none : userID, .plain),
      (
        .trackerStatusInitializedAt,
        tracker.initializedAt.map(Localizer.trackerTimestamp)
          ?? t[TrackerL10n.trackerNotInitialized],
        tracker.initializedAt == nil ? Theme.incomplete : Theme.complete
      ),
      (
        .trackerStatusLastError, tracker.lastError.map(t.trackerFailure) ?? none,
        tracker.lastError == nil ? .plain : Theme.error
      ),
      (
        .trackerStatusQueue, String(tracker.queuedCount),
        tracker.queuedCount > 0 ? Theme.warning : .plain
      ),
    ]
    let labelWidth = status.map { DisplayWidth.of(t[$0.0]) }.max() ?? 0
    var row = area.row + 2
    for (label, value, style) in status where row < area.bottom {
      grid.write(t[label], row: row, column: 2, style: Theme.hint)
      grid.write(
        TerminalText.sanitize(value), row: row, column: 4 + labelWidth, style: style,
        maxWidth: area.width - labelWidth - 6)
      row += 1
    }
    row += 1

    let actionsTop = row
    let actionsWidth = min(32, area.width / 2)
    let actions = TrackerDemoAction.allCases
    row = ListView.render(
      count: actions.count, selected: actions.firstIndex(of: tracker.selection), limit: area.bottom - row, top: row,
      markerColumn: 1, into: &grid
    ) { grid, item in
      let action = actions[item.index]
      grid.write(String(action.shortcut), row: item.row, column: 3, style: Theme.title)
      grid.write(t.trackerAction(action), row: item.row, column: 5, style: item.style(), maxWidth: actionsWidth - 6)
    }

    let logColumn = actionsWidth + 1
    let logWidth = area.width - logColumn - 1
    grid.write(
      t[TrackerL10n.trackerLogTitle], row: actionsTop, column: logColumn, style: Theme.title)
    let logRows = max(0, area.row + area.visibleHeight - actionsTop - 1)
    // Newest at the bottom; long lines wrap so no result is cut off.
    var lines: [(String, CellStyle)] = []
    for entry in tracker.log.suffix(logRows) {
      let text = t.trackerLog(entry)
      let style: CellStyle =
        text.hasPrefix(Theme.completeSymbol)
        ? Theme.complete : text.hasPrefix("✗") ? Theme.error : .plain
      for (index, line) in WordWrap.lines(text, width: logWidth - 2).enumerated() {
        lines.append((index == 0 ? line : "  " + line, style))
      }
    }
    if lines.isEmpty {
      grid.write(
        t[TrackerL10n.trackerLogEmpty], row: actionsTop + 1, column: logColumn, style: Theme.hint,
        maxWidth: logWidth)
    }
    for (offset, line) in lines.suffix(logRows).enumerated() {
      grid.write(
        line.0, row: actionsTop + 1 + offset, column: logColumn, style: line.1, maxWidth: logWidth)
    }

    if tracker.reset != .idle {
      let text =
        tracker.reset == .resetting
        ? t[TrackerL10n.trackerResetting]
        : t.format(TrackerL10n.trackerConfirmReset, ["count": String(tracker.queuedCount)])
      let wrapped = WordWrap.lines(text, width: area.width - 4)
      var current = area.row + area.visibleHeight - wrapped.count
      for line in wrapped {
        grid.clear(Rect(row: current, column: 0, width: area.width, height: 1))
        grid.write(line, row: current, column: 2, style: Theme.warning)
        current += 1
      }
    }
  }
}
