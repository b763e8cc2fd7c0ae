import VibesCore

/// The frame around every screen: tab bar on top, status line and key footer at the bottom.
enum Chrome {
  /// The tab bar, made to fit by rule: full titles with the app's name; then without the name; then
  /// short titles; then short titles without padding around the tabs not selected; then those cut to four
  /// letters; only then numbers only, except the selected tab's title. Every tab's number always shows, and
  /// at 60 columns every tab's name too (so Profile and Tracker can be found).
  static func renderTabBar(into grid: inout Grid, _ tabs: TabList, selected: TabID, demo: Bool = false, _ t: Localizer)
  {
    // The titles are the language's (`Localizer` is its language): the tab list, the language, the selected tab,
    // the demo mark and the width decide the whole bar, so a frame looks nothing up when they have not changed.
    let inputs = TabBarInputs(tabs: tabs, language: t.language, selected: selected, demo: demo, width: grid.width)
    let chosen = tabBarMemo.value(inputs) { fitTabBar(tabs, selected: selected, demo: demo, width: grid.width, t) }
    let appName = chosen.appName
    var column = 1
    if chosen.name { column += grid.write(appName, row: 0, column: column, style: Theme.title) + 2 }
    if demo { column += grid.write(" DEMO ", row: 0, column: column, style: Theme.warningMark) + 1 }
    for (id, label) in zip(chosen.ids, chosen.labels) {
      let style = id == selected ? Theme.selected : Theme.hint
      column += grid.write(label, row: 0, column: column, style: style) + 1
    }
    grid.write(String(repeating: "─", count: grid.width), row: 1, column: 0, style: Theme.hint)
  }

  private static func fitTabBar(_ tabs: TabList, selected: TabID, demo: Bool, width: Int, _ t: Localizer)
    -> TabBarLabels
  {
    let screens = tabs.screens.map { (id: $0.id, title: $0.screen.title(t), short: $0.screen.shortTitle(t)) }
    func labels(padded: Bool = true, _ title: ((id: TabID, title: String, short: String)) -> String) -> [String] {
      screens.enumerated().map { index, screen in
        let name = title(screen)
        if !padded, screen.id != selected { return name.isEmpty ? "\(index + 1)" : "\(index + 1) \(name)" }
        return name.isEmpty ? " \(index + 1) " : " \(index + 1) \(name) "
      }
    }
    let appName = t[.appName]
    let candidates: [(name: Bool, labels: [String])] = [
      (true, labels { $0.title }), (false, labels { $0.title }), (false, labels { $0.short }),
      (false, labels(padded: false) { $0.short }),
      (false, labels(padded: false) { $0.id == selected ? $0.short : String($0.short.prefix(4)) }),
      (false, labels { $0.id == selected ? $0.short : "" }),
    ]
    // Under `vibes demo` a DEMO mark follows the name (and stays when the name gives way).
    let mark = demo ? 7 : 0
    func candidateWidth(_ candidate: (name: Bool, labels: [String])) -> Int {
      1 + mark + (candidate.name ? DisplayWidth.of(appName) + 2 : 0)
        + candidate.labels.map { DisplayWidth.of($0) + 1 }.reduce(0, +)
    }
    let fitting = candidates.first { candidateWidth($0) <= width } ?? candidates[candidates.count - 1]
    return TabBarLabels(appName: appName, name: fitting.name, ids: screens.map(\.id), labels: fitting.labels)
  }

  /// Everything the tab bar reads: the tabs (a run's list is fixed; lists compare by their ids), the language of
  /// the titles and the app's name, which tab is selected, the DEMO mark, the width.
  private struct TabBarInputs: Hashable, Sendable {
    let tabs: TabList
    let language: Language
    let selected: TabID
    let demo: Bool
    let width: Int
  }

  private struct TabBarLabels: Sendable {
    let appName: String
    let name: Bool
    let ids: [TabID]
    let labels: [String]
  }

  /// The tab bar's labels change only with the tab, the language or the width: fitted once per set of inputs.
  private static let tabBarMemo = RenderMemo<TabBarInputs, TabBarLabels>()

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

  /// The footer generated from the bindings in force, in their order, by rule — every key it lists keeps a
  /// label: "key what" pairs while they fit; then each label shortened to its core (the words before a
  /// parenthesis, a slash or a comma), from the last entry back; then to its verb (`verb`); then whole entries
  /// dropped (they stay in the
  /// `?` help): first the keys every screen shares (Esc, q, list movement), then from the end. The scroll keys
  /// and "? help" (or "F1 help" in a field) always end the line.
  static func footer(_ hints: [KeyHint], width: Int, _ t: Localizer) -> String {
    footerMemo.value(FooterInputs(hints: hints, width: width, language: t.language)) {
      fitFooter(hints, width: width, t)
    }
  }

  private struct FooterInputs: Hashable, Sendable {
    let hints: [KeyHint]
    let width: Int
    let language: Language
  }

  /// The footer is the same on nearly every key: fitted once per set of hints, width and language.
  private static let footerMemo = RenderMemo<FooterInputs, String>()

  private static func fitFooter(_ hints: [KeyHint], width: Int, _ t: Localizer) -> String {
    var seen = Set<String>()
    let shown = hints.filter { $0.inFooter && seen.insert($0.label).inserted }
    /// 0: the whole label; 1: its core; 2: its verb alone.
    func entry(_ hint: KeyHint, short: Int) -> String {
      let help = t.help(hint.help)
      let label = short == 0 ? help : short == 1 ? abbreviated(help) : verb(abbreviated(help), t.language)
      return "\(t.keyLabel(hint.label)) \(label)"
    }
    let full = shown.map { entry($0, short: 0) }
    if DisplayWidth.of(full.joined(separator: " · ")) <= width { return full.joined(separator: " · ") }
    // Help and scrolling are never dropped: without them the rest cannot be found or reached.
    let kept: Set<HelpText> = [.common(.helpHelp), .common(.helpScroll)]
    let tail =
      shown.filter { $0.help == .common(.helpScroll) }.map { entry($0, short: 2) }
      + [shown.first { $0.help == .common(.helpHelp) }.map { entry($0, short: 0) } ?? "F1 \(t[.helpHelp])"]
    var rest = shown.filter { !kept.contains($0.help) }
    var short = Array(repeating: 0, count: rest.count)
    func line() -> String {
      (zip(rest, short).map { entry($0, short: $1) } + tail).joined(separator: " · ")
    }
    for level in 1...2 {
      for index in rest.indices.reversed() where DisplayWidth.of(line()) > width { short[index] = level }
    }
    let shared: Set<HelpText> = [
      .common(.helpBack), .common(.helpQuit), .common(.helpMove), .common(.helpTop), .common(.helpPage),
      .common(.helpLeaveField),
    ]
    while DisplayWidth.of(line()) > width, let index = rest.lastIndex(where: { shared.contains($0.help) }) {
      rest.remove(at: index)
      short.remove(at: index)
    }
    while DisplayWidth.of(line()) > width, !rest.isEmpty {
      rest.removeLast()
      short.removeLast()
    }
    return line()
  }

  /// A label's verb: English puts it first ("save to Spotify" → "save"), German last ("Link kopieren" → "kopieren").
  static func verb(_ help: String, _ language: Language) -> String {
    let words = help.split(separator: " ")
    guard words.count > 1 else { return help }
    switch language {
    case .en: return String(words[0])
    case .de: return String(words[words.count - 1])
    }
  }

  /// A label's core: the words before a parenthesis, a slash or a comma ("quit (from a first screen)" → "quit").
  static func abbreviated(_ help: String) -> String {
    var core = help
    for separator in [" (", " / ", ", ", " – ", " — "] {
      if let range = core.range(of: separator) { core = String(core[..<range.lowerBound]) }
    }
    return core.isEmpty ? help : core
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
