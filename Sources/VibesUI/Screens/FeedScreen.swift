import Foundation
import VibesCore

/// The Feed root: the SetupCard, always first and always visible, the refresh status line under it, then the
/// cached cards (a window of them, never the whole cache).
enum FeedScreen {
  static func render(_ state: AppState, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    let feed = state.feed
    let cardFocused = feed.list.selectedItem == nil
    SetupCard.render(
      facts: state.facts, vaultDamaged: state.vaultRecovery != nil,
      vaultResettable: state.vaultRecovery?.damage.kind.offersReset ?? true, focused: cardFocused, into: &grid,
      Rect(row: area.row, column: 1, width: area.width - 2, height: ScreenLayout.setupCardRows), t)
    // The quick actions bar (FR-4.3) in the card's lower border: it stays while the list scrolls.
    QuickActionsBar.render(
      state, row: area.row + ScreenLayout.setupCardRows - 1, right: area.width - 3, into: &grid, t)

    let statusRow = area.row + ScreenLayout.setupCardRows
    // Friends' songs add their own word when offline or paused for the day (the Feed's own status first).
    let status = [t.feedStatusLine(feed.refresh), t.socialStatus(feed.social, now: feed.refresh.now)]
      .compactMap { $0 }.joined(separator: " · ")
    if !status.isEmpty {
      grid.write(status, row: statusRow, column: 2, style: statusStyle(feed.refresh.phase), maxWidth: area.width - 4)
    }

    let headingRow = statusRow + 1
    var column = 2
    column += grid.write(t[.feedHeading], row: headingRow, column: column, style: Theme.title)
    if let total = feed.list.totalCount, total > 0 {
      column +=
        1
        + grid.write(
          "· " + t.format(.feedCount, ["count": t.grouped(total)]),
          row: headingRow, column: column + 1, style: Theme.hint)
    }
    // Where the concerts come from, at the right of the heading, when all of it fits.
    if let facts = state.facts, facts.isComplete(.ticketmaster), let city = facts.ticketmasterCity {
      let text = t.concertsWithin(radiusKm: facts.concertRadiusKm, city: city)
      let start = area.width - 2 - DisplayWidth.of(text)
      if start >= column + 3 { grid.write(text, row: headingRow, column: start, style: Theme.hint) }
    }

    let listTop = headingRow + 1
    let rows = ScreenLayout.feedVisibleRows(state.size)
    guard let total = feed.list.totalCount else {
      grid.write(t[.feedLoading], row: listTop, column: 2, style: Theme.hint)
      return
    }
    guard total > 0 else {
      let lines = emptyLines(state, t).flatMap { WordWrap.lines($0, width: area.width - 4) }
      for (offset, line) in lines.enumerated() where offset < rows {
        grid.write(line, row: listTop + offset, column: 2, style: Theme.hint)
      }
      return
    }
    ListView.render(
      count: total, selected: feed.list.selectedItem, first: feed.list.selection.scrollTop, limit: rows, top: listTop,
      markerColumn: 1, look: .bar, barWidth: area.width - 2, into: &grid
    ) { grid, row in
      guard feed.list.isLoaded(row.index) else {
        grid.write("…", row: row.row, column: 2, style: Theme.hint)
        return
      }
      FeedCardRow.render(
        feed.list.card(at: row.index), selected: row.selected, row: row.row, width: area.width, into: &grid, t)
    }
  }

  /// What an empty Feed says, by what is missing.
  static func emptyLines(_ state: AppState, _ t: Localizer) -> [String] {
    guard let facts = state.facts else { return [t[.feedEmpty]] }
    // The spec's empty state first (FR-4.1), then what setting up would add.
    var lines = [t[SocialFeedL10n.emptyNoActivity]]
    if state.tabs.contains(.people) { lines.append(t[SocialFeedL10n.emptyFindPeople]) }
    if !facts.isComplete(.ticketmaster) {
      lines.append(t[FeedL10n.emptyNoCity])
    } else if state.feed.refresh.updatedAt != nil, !state.feed.refresh.isUpdating {
      let city = TerminalText.sanitize(facts.ticketmasterCity ?? "")
      lines.append(t.format(FeedL10n.emptyNoConcerts, ["city": city]))
    }
    if !facts.isComplete(.spotify) { lines.append(t[FeedL10n.emptyNoSpotify]) }
    return lines
  }

  static func statusStyle(_ phase: FeedRefreshState.Phase) -> CellStyle {
    switch phase {
    case .idle, .updating: return Theme.hint
    case .offline, .rateLimited, .needsTicketmaster: return Theme.warning
    case .failed, .diskFull: return Theme.error
    }
  }
}

/// "Setup · 1/3 complete ›" or "Setup complete ✓", in a box at the very top of the Feed.
enum SetupCard {
  static func render(
    facts: SetupFacts?, vaultDamaged: Bool = false, vaultResettable: Bool = true, focused: Bool, into grid: inout Grid,
    _ rect: Rect,
    _ t: Localizer
  ) {
    let text: String
    let style: CellStyle
    if let facts {
      if facts.isAllComplete {
        text = t[.setupCardComplete]
        style = Theme.complete
      } else {
        text =
          t.format(.setupCardProgress, ["done": "\(facts.completedCount)", "total": "\(facts.totalCount)"])
          + " ›"
        style = Theme.title
      }
    } else if vaultDamaged {
      // A file refused for its mode or owner is fixed with chmod/chown, not a reset: say so.
      text = t[vaultResettable ? VaultRecoveryL10n.setupCard : VaultRecoveryL10n.setupCardInsecure]
      style = Theme.incomplete
    } else {
      text = t[.setupCardLoading]
      style = Theme.hint
    }
    grid.box(rect, style: focused ? Theme.focusedBorder : Theme.hint)
    let row = rect.row + 1
    if focused {
      grid.paint(Rect(row: row, column: rect.column + 1, width: rect.width - 2, height: 1), style: Theme.selected)
    }
    grid.write(
      text, row: row, column: rect.column + 2, style: focused ? style.merged(Theme.selected) : style,
      maxWidth: rect.width - 4)
    if let facts, !facts.isAllComplete {
      let dots = SetupStep.allCases.map { facts.isComplete($0) ? "●" : "○" }.joined()
      let hint = focused ? t[.setupCardHint] + "  " + dots : dots
      let hintWidth = DisplayWidth.of(hint)
      if DisplayWidth.of(text) + hintWidth + 6 < rect.width {
        grid.write(
          hint, row: row, column: rect.right - 2 - hintWidth,
          style: focused ? Theme.selected : Theme.hint)
      }
    }
  }
}

extension CellStyle {
  /// This style with `other`'s attributes added (colours from `self` unless `self` has none).
  func merged(_ other: CellStyle) -> CellStyle {
    CellStyle(
      foreground: foreground == .default ? other.foreground : foreground,
      background: background == .default ? other.background : background,
      attributes: attributes.union(other.attributes))
  }
}
