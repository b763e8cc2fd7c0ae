import Foundation
import VibesCore

/// The Feed root: the SetupCard, always first and always visible, then the cached items.
enum FeedScreen {
  static func render(_ state: AppState, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    let cardFocused = state.feed.list.selectedItem == nil
    SetupCard.render(
      facts: state.facts, vaultDamaged: state.vaultRecovery != nil, focused: cardFocused, into: &grid,
      Rect(row: area.row, column: 1, width: area.width - 2, height: ScreenLayout.setupCardRows), t)

    let headingRow = area.row + ScreenLayout.setupCardRows + 1
    var column = 2
    column += grid.write(t[.feedHeading], row: headingRow, column: column, style: Theme.title)
    if let total = state.feed.list.totalCount, total > 0 {
      grid.write(
        "· " + t.format(.feedCount, ["count": total.formatted(.number.grouping(.automatic))]),
        row: headingRow, column: column + 1, style: Theme.hint)
    }

    let listTop = headingRow + 1
    let rows = ScreenLayout.feedVisibleRows(state.size)
    guard let total = state.feed.list.totalCount else {
      grid.write(t[.feedLoading], row: listTop, column: 2, style: Theme.hint)
      return
    }
    guard total > 0 else {
      for (offset, line) in WordWrap.lines(t[.feedEmpty], width: area.width - 4).enumerated()
      where offset < rows {
        grid.write(line, row: listTop + offset, column: 2, style: Theme.hint)
      }
      return
    }
    for offset in 0..<rows {
      let index = state.feed.list.scrollTop + offset
      guard index < total else { break }
      let row = listTop + offset
      let isSelected = state.feed.list.selectedItem == index
      guard let item = state.feed.list.item(at: index) else {
        grid.write("…", row: row, column: 2, style: Theme.hint)
        continue
      }
      renderItem(item, selected: isSelected, row: row, width: area.width, into: &grid)
    }
  }

  static func renderItem(_ item: FeedItem, selected: Bool, row: Int, width: Int, into grid: inout Grid) {
    let style = selected ? Theme.selected : CellStyle.plain
    if selected { grid.paint(Rect(row: row, column: 1, width: width - 2, height: 1), style: style) }
    let date = item.publishedAt.formatted(.dateTime.year().month(.twoDigits).day(.twoDigits))
    let meta = TerminalText.sanitize(item.source) + " · " + date
    let metaWidth = DisplayWidth.of(meta)
    let titleWidth = max(4, width - 6 - metaWidth)
    grid.write(selected ? "›" : " ", row: row, column: 1, style: style)
    grid.write(TerminalText.sanitize(item.title), row: row, column: 3, style: style, maxWidth: titleWidth)
    grid.write(
      meta, row: row, column: max(3, width - 2 - metaWidth),
      style: selected ? style : Theme.hint)
  }
}

/// "Setup · 1/3 complete ›" or "Setup complete ✓", in a box at the very top of the Feed.
enum SetupCard {
  static func render(
    facts: SetupFacts?, vaultDamaged: Bool = false, focused: Bool, into grid: inout Grid, _ rect: Rect,
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
      text = t[VaultRecoveryL10n.setupCard]
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
