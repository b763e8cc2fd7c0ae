import VibesCore

/// "?" (or F1 in a text field): the keys of the current screen in a box over it.
enum HelpOverlay {
  static func entries(for state: AppState, _ t: Localizer) -> [(String, String)] {
    var entries: [(String, String)] = []
    switch state.router.selectedTab {
    case .feed: break
    case .appStoreConnect:
      return AppStoreConnectScreen.helpEntries(state, t) + [
        ("1 2 3", t[.helpTabs]), ("q", t[.helpQuit]), ("Ctrl-C", t[.helpQuitAnywhere]),
      ]
    case .tracker:
      return TrackerScreen.helpEntries(state, t) + [
        ("1 2 3", t[.helpTabs]), ("q", t[.helpQuit]), ("Ctrl-C", t[.helpQuitAnywhere]),
      ]
    }
    let feedTop = state.router.selectedTab == .feed ? state.router.feedPath.last : nil
    switch feedTop {
    case .credentialForm:
      entries += [
        ("Tab / Shift-Tab", t[.helpNextField]), ("Enter", t[.helpNextField]), ("Ctrl-S", t[.helpSubmit]),
        ("Ctrl-U", t[.helpClear]), ("Alt-Enter / Ctrl-J", t[.helpNewline]), ("← → Home End", t[.helpEditing]),
        ("Ctrl-O", t[.helpOpenLink]), ("Ctrl-Y", t[.helpCopyLink]), ("Ctrl-R", t[.helpRetry]),
        ("Esc", t[.helpBack]), ("F1", t[.helpHelp]),
      ]
    case .spotify(let connect):
      entries += SpotifyScreen.helpEntries(state, connect, t)
    case .checklist, nil:
      entries += [("↑ ↓ / j k", t[.helpMove]), ("Enter", t[.helpOpen]), ("g / G", t[.helpTop])]
      entries += [("Esc", t[.helpBack]), ("?", t[.helpHelp])]
    }
    entries += [("1 2 3", t[.helpTabs]), ("q", t[.helpQuit]), ("Ctrl-C", t[.helpQuitAnywhere])]
    return entries
  }

  static func render(into grid: inout Grid, entries unlabelled: [(String, String)], _ t: Localizer) {
    let entries = unlabelled.map { (t.keyLabel($0.0), $0.1) }
    let keyWidth = entries.map { DisplayWidth.of($0.0) }.max() ?? 0
    let textWidth = entries.map { DisplayWidth.of($0.1) }.max() ?? 0
    let width = min(grid.width - 2, max(keyWidth + textWidth + 7, DisplayWidth.of(t[.helpClose]) + 4))
    let height = min(grid.height - 2, entries.count + 4)
    let rect = Rect(row: (grid.height - height) / 2, column: (grid.width - width) / 2, width: width, height: height)
    grid.clear(rect)
    grid.box(rect, style: Theme.focusedBorder)
    grid.write(" " + t[.helpTitle] + " ", row: rect.row, column: rect.column + 2, style: Theme.title)
    for (offset, entry) in entries.enumerated() where offset < height - 4 {
      let row = rect.row + 1 + offset
      grid.write(entry.0, row: row, column: rect.column + 2, style: Theme.title, maxWidth: keyWidth)
      grid.write(entry.1, row: row, column: rect.column + 4 + keyWidth, maxWidth: rect.width - keyWidth - 6)
    }
    grid.write(t[.helpClose], row: rect.bottom - 2, column: rect.column + 2, style: Theme.hint, maxWidth: width - 4)
  }
}

extension Localizer {
  /// Key names as this language's keyboards print them: German keyboards say Strg and Umschalt.
  public func keyLabel(_ keys: String) -> String {
    switch language {
    case .en: return keys
    case .de:
      return keys.replacingOccurrences(of: "Ctrl-", with: "Strg-").replacingOccurrences(of: "Shift-", with: "Umschalt-")
    }
  }
}
