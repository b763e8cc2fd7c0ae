import VibesCore

/// The frame around every screen: tab bar on top, status line and key footer at the bottom.
enum Chrome {
  /// The tab bar, made to fit by rule: full titles with the app's name; then without the name; then
  /// short titles; then numbers only, except the selected tab's title. Every tab's number always shows.
  static func renderTabBar(into grid: inout Grid, selected: TabID, demo: Bool = false, _ t: Localizer) {
    let screens = TabScreens.all
    func labels(_ title: (TabScreen) -> String) -> [String] {
      screens.enumerated().map { index, screen in
        let name = title(screen)
        return name.isEmpty ? " \(index + 1) " : " \(index + 1) \(name) "
      }
    }
    let candidates: [(name: Bool, labels: [String])] = [
      (true, labels { $0.title(t) }), (false, labels { $0.title(t) }), (false, labels { $0.shortTitle(t) }),
      (false, labels { $0.id == selected ? $0.shortTitle(t) : "" }),
    ]
    let appName = t[.appName]
    // Under `vibes demo` a DEMO mark follows the name (and stays when the name gives way).
    let mark = demo ? 7 : 0
    func width(_ candidate: (name: Bool, labels: [String])) -> Int {
      1 + mark + (candidate.name ? DisplayWidth.of(appName) + 2 : 0)
        + candidate.labels.map { DisplayWidth.of($0) + 1 }.reduce(0, +)
    }
    let chosen = candidates.first { width($0) <= grid.width } ?? candidates[candidates.count - 1]
    var column = 1
    if chosen.name { column += grid.write(appName, row: 0, column: column, style: Theme.title) + 2 }
    if demo { column += grid.write(" DEMO ", row: 0, column: column, style: Theme.warningMark) + 1 }
    for (screen, label) in zip(screens, chosen.labels) {
      let style = screen.id == selected ? Theme.selected : Theme.hint
      column += grid.write(label, row: 0, column: column, style: style) + 1
    }
    grid.write(String(repeating: "─", count: grid.width), row: 1, column: 0, style: Theme.hint)
  }

  /// The status rows (`StatusLine.rows`), the last just above the footer.
  static func renderStatus(into grid: inout Grid, _ rows: [StatusLine.Row]) {
    let top = grid.height - 1 - rows.count
    for (index, row) in rows.enumerated() {
      let used = grid.write(row.text, row: top + index, column: 1, style: row.style, maxWidth: grid.width - 2)
      if let hint = row.hint {
        grid.write(hint, row: top + index, column: 2 + used, style: Theme.title, maxWidth: grid.width - 3 - used)
      }
    }
  }

  static func renderFooter(into grid: inout Grid, _ hints: [KeyHint], _ t: Localizer) {
    grid.write(footer(hints, width: grid.width - 2, t), row: grid.height - 1, column: 1, style: Theme.hint)
  }

  /// The footer generated from the bindings in force, in their order: "key what" pairs while they fit;
  /// past that, a binding keeps only its key, so every key stays listed; the scroll keys and "? help"
  /// (or "F1 help" in a field) always end the line.
  static func footer(_ hints: [KeyHint], width: Int, _ t: Localizer) -> String {
    var seen = Set<String>()
    let shown = hints.filter { $0.inFooter && seen.insert($0.label).inserted }
    let full = shown.map { "\(t.keyLabel($0.label)) \(t.help($0.help))" }
    if DisplayWidth.of(full.joined(separator: " · ")) <= width { return full.joined(separator: " · ") }
    // Help and scrolling are never dropped: without them the rest cannot be found or reached.
    let kept: Set<HelpText> = [.common(.helpHelp), .common(.helpScroll)]
    let helpHint = shown.first { $0.help == .common(.helpHelp) }
    let scroll = shown.first { $0.help == .common(.helpScroll) }.map { t.keyLabel($0.label) }
    let tail =
      (scroll.map { $0 + " · " } ?? "")
      + (helpHint.map { "\(t.keyLabel($0.label)) \(t.help($0.help))" } ?? "F1 \(t[.helpHelp])")
    let rest = shown.filter { !kept.contains($0.help) }
    let keys = rest.map { t.keyLabel($0.label) }
    var parts: [String] = []
    for (index, hint) in rest.enumerated() {
      let long = "\(keys[index]) \(t.help(hint.help))"
      let after = Array(keys[(index + 1)...]) + [tail]
      let withLong = (parts + [long] + after).joined(separator: " · ")
      parts.append(DisplayWidth.of(withLong) <= width ? long : keys[index])
    }
    while !parts.isEmpty, DisplayWidth.of((parts + [tail]).joined(separator: " · ")) > width { parts.removeLast() }
    return (parts + [tail]).joined(separator: " · ")
  }
}

extension Localizer {
  /// A binding's description in this language.
  public func help(_ text: HelpText) -> String {
    switch text {
    case .common(let key): return self[key]
    case .tracker(let key): return self[key]
    case .appStoreConnect(let key): return self[key]
    case .spotify(let key): return self[key]
    case .localized(let text): return self[text]
    }
  }
}
