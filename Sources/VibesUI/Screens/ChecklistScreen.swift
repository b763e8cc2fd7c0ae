import VibesCore

/// Three large rows, red with ✗ and "not configured" until done, green with ✓ and "configured" after.
enum ChecklistScreen {
  static func render(
    _ state: AppState, _ checklist: ChecklistState, into grid: inout Grid, _ area: Rect, _ t: Localizer
  ) {
    let facts = state.facts ?? SetupFacts()
    var column = 2
    column += grid.write(t[.checklistTitle], row: area.row, column: column, style: Theme.title)
    if state.facts != nil {
      grid.write(
        "· " + t.format(.checklistProgress, ["done": "\(facts.completedCount)", "total": "\(facts.totalCount)"]),
        row: area.row, column: column + 1, style: Theme.hint)
    }

    // Boxed rows when there is room, two-line rows on short terminals.
    let boxed = area.visibleHeight >= 17
    let rowHeight = boxed ? 4 : 3
    var top = area.row + 2
    for step in SetupStep.allCases {
      let rect = Rect(row: top, column: 1, width: area.width - 2, height: boxed ? 4 : 2)
      let complete = facts.isComplete(step)
      let status = step == .spotify ? SpotifyScreen.stepStatus(state, complete: complete, t) : nil
      renderRow(
        step, complete: complete, status: status, subtitle: subtitle(step, facts, complete: complete, t),
        selected: checklist.selection == step, boxed: boxed, into: &grid, rect, t)
      top += rowHeight
    }
    if let info = state.secretStore {
      renderSecretStore(info, into: &grid, row: top + (boxed ? 1 : 0), width: area.width, limit: area.bottom, t)
    }
  }

  /// A set-up Ticketmaster step says where concerts are searched ("Concerts within 50 km of Berlin").
  static func subtitle(_ step: SetupStep, _ facts: SetupFacts, complete: Bool, _ t: Localizer) -> String? {
    guard step == .ticketmaster, complete, let city = facts.ticketmasterCity else { return nil }
    return t.concertsWithin(radiusKm: facts.concertRadiusKm, city: city)
  }

  static func renderRow(
    _ step: SetupStep, complete: Bool, status: String? = nil, subtitle: String? = nil, selected: Bool, boxed: Bool,
    into grid: inout Grid,
    _ rect: Rect,
    _ t: Localizer
  ) {
    let stateStyle = complete ? Theme.complete : Theme.incomplete
    let symbol = complete ? Theme.completeSymbol : Theme.incompleteSymbol
    let status = status ?? t.stepStatus(step, complete: complete)
    let inner: Rect
    if boxed {
      grid.box(rect, style: selected ? stateStyle.merged(CellStyle(attributes: [.bold])) : stateStyle)
      inner = Rect(row: rect.row + 1, column: rect.column + 1, width: rect.width - 2, height: 2)
    } else {
      grid.write("▌", row: rect.row, column: rect.column, style: stateStyle)
      grid.write("▌", row: rect.row + 1, column: rect.column, style: stateStyle)
      inner = Rect(row: rect.row, column: rect.column + 1, width: rect.width - 1, height: 2)
    }
    ListView.mark(selected, row: inner.row, column: inner.column, bar: inner, into: &grid)
    let base = selected ? Theme.selected : CellStyle.plain
    grid.write(symbol, row: inner.row, column: inner.column + 2, style: stateStyle.merged(base))
    // The status (it may carry a name from the network) gets the room the title leaves, clipped with an
    // ellipsis, and never less than a few columns; it never runs over the title or off the left edge.
    let title = t.stepTitle(step)
    let room = max(min(DisplayWidth.of(status), 10), inner.width - 7 - DisplayWidth.of(title))
    let statusWidth = min(DisplayWidth.of(status), room)
    grid.write(
      title, row: inner.row, column: inner.column + 4, style: Theme.title.merged(base),
      maxWidth: inner.width - statusWidth - 7)
    grid.write(
      status, row: inner.row, column: inner.right - statusWidth - 1, style: stateStyle.merged(base),
      maxWidth: statusWidth)
    grid.write(
      subtitle ?? t.stepSubtitle(step), row: inner.row + 1, column: inner.column + 4,
      style: selected ? base : Theme.hint, maxWidth: inner.width - 5)
  }

  static func renderSecretStore(
    _ info: SecretStoreInfo, into grid: inout Grid, row: Int, width: Int, limit: Int, _ t: Localizer
  ) {
    var lines: [String] = []
    switch info.kind {
    case .secretService: lines.append(t[.secretsInSecretService])
    case .vault: lines.append(t.format(.secretsInVault, ["path": info.location]))
    }
    if let reason = info.fallbackReason {
      lines.append(t.format(.secretsFallback, ["reason": TerminalText.sanitize(reason)]))
    }
    var current = row
    for line in lines.flatMap({ WordWrap.lines($0, width: width - 4) }) where current < limit {
      grid.write(line, row: current, column: 2, style: Theme.hint)
      current += 1
    }
  }
}
