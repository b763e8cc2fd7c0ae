import VibesCore

/// Profile's lower part: every connection in words with where its secret is kept, Sign out (with its
/// confirmation), the version and the paths of the data, config and log files.
enum ProfileSettingsView {
  static func render(
    _ state: AppState, statsRows: Int, row top: Int, into grid: inout Grid, _ area: Rect, _ t: Localizer
  ) {
    let profile = state.profile
    let left = area.column + 2
    let width = area.width - 4
    var row = top
    grid.write(t[.profileConnections], row: row, column: left, style: Theme.title)
    row += 1
    if let account = profile.info?.account {
      let (symbol, words, style) = describe(account, t)
      grid.write(t[.profileAccount], row: row, column: left, style: Theme.title, maxWidth: 20)
      grid.write(symbol, row: row, column: left + 20, style: style)
      // Wrapped, not cut: the way to sign in is the point of the line.
      for line in WordWrap.lines(words, width: max(1, width - 22)) {
        grid.write(line, row: row, column: left + 22, style: style, maxWidth: max(0, width - 22))
        row += 1
      }
    }
    let store: String
    switch state.context.secretStore?.kind {
    case .secretService?: store = t[.profileKeysInSecretService]
    case .vault?: store = t[.profileKeysInVault]
    case nil: store = ""
    }
    for (index, settingsRow) in profile.settingsRows.enumerated() {
      let selected = profile.list.selected == statsRows + index && profile.signOut == .idle
      switch settingsRow {
      case .connection(let service):
        // Each case marks its own row: the tutorial button sits one row lower, and a marker drawn here too left
        // a second marker on the blank row above it.
        ListView.mark(selected, row: row, column: area.column + 1, into: &grid)
        let status = profile.info?.connections.first { $0.service == service }
        let (symbol, words, style) = describe(status?.state, store, t)
        grid.write(service.title, row: row, column: left, style: selected ? Theme.selected : Theme.title, maxWidth: 20)
        grid.write(
          "\(symbol) \(words)", row: row, column: left + 20, style: style, maxWidth: max(0, width - 20))
      case .shareTaste:
        ListView.mark(selected, row: row, column: area.column + 1, into: &grid)
        let shares = profile.info?.sharesTaste == true
        grid.write(
          t[.profileTaste], row: row, column: left, style: selected ? Theme.selected : Theme.title, maxWidth: 20)
        let words = shares ? t[.profileTasteOn] : t[.profileTasteOff]
        let symbol = shares ? Theme.completeSymbol : Theme.incompleteSymbol
        let style = shares ? Theme.complete : Theme.hint
        let lines = WordWrap.lines(symbol + " " + words, width: max(1, width - 20))
        for (index, line) in lines.enumerated() {
          grid.write(line, row: row, column: left + 20, style: style, maxWidth: max(0, width - 20))
          if index < lines.count - 1 { row += 1 }
        }
      case .artwork:
        row += 1
        ListView.mark(selected, row: row, column: area.column + 1, into: &grid)
        grid.write(
          t[.profileArtwork], row: row, column: left, style: selected ? Theme.selected : Theme.title, maxWidth: 20)
        let on = state.facts?.artworkOn ?? true
        let words =
          on ? (state.artwork.isShown ? t[.profileArtworkOn] : t[.profileArtworkNotHere]) : t[.profileArtworkOff]
        let symbol = on && state.artwork.isShown ? Theme.completeSymbol : Theme.incompleteSymbol
        // Wrapped, not cut: why no picture shows is the point of the line.
        let lines = WordWrap.lines("\(symbol) \(words)", width: max(1, width - 20))
        for (index, line) in lines.enumerated() {
          grid.write(
            line, row: row + index, column: left + 20, style: on && state.artwork.isShown ? Theme.complete : Theme.hint,
            maxWidth: max(0, width - 20))
        }
        row += lines.count - 1
      case .replayTutorial:
        ListView.mark(selected, row: row, column: area.column + 1, into: &grid)
        grid.write(
          "[ " + t[.profileReplayTutorial] + " ]", row: row, column: left,
          style: selected ? Theme.selected : Theme.title)
      case .signOut:
        ListView.mark(selected, row: row, column: area.column + 1, into: &grid)
        grid.write(
          "[ " + t[.profileSignOutAll] + " ]", row: row, column: left,
          style: selected ? Theme.selected : Theme.title)
      }
      row += 1
    }
    switch profile.signOut {
    case .confirming:
      row += 1
      let text = t[.profileConfirmSignOut]
      grid.attentionRow = row
      for line in WordWrap.lines(text, width: width) {
        grid.write(line, row: row, column: left, style: Theme.warning)
        grid.attentionRow = row
        row += 1
      }
    case .signingOut:
      row += 1
      grid.write(t[.profileSigningOut], row: row, column: left, style: Theme.pending)
      grid.attentionRow = row
      row += 1
    case .idle, .failed:
      break
    }
    row += 1
    guard let info = profile.info else { return }
    let facts: [(String, String)] = [
      (t[.profileVersion], info.version), (t[.profileData], info.dataPath),
      (t[.profileConfig], info.configPath), (t[.profileLog], info.logPath),
    ]
    for (label, value) in facts {
      grid.write(label, row: row, column: left, style: Theme.hint, maxWidth: 14)
      // A long path continues on the next rows instead of being cut: the whole path is what the user needs.
      for piece in Self.pieces(TerminalText.sanitize(value), width: max(1, width - 14)) {
        grid.write(piece, row: row, column: left + 14, maxWidth: max(0, width - 14))
        row += 1
      }
    }
  }

  /// `text` cut into rows of at most `width` columns, at a "/" where one is near the end of a row.
  static func pieces(_ text: String, width: Int) -> [String] {
    var rest = Substring(text)
    var rows: [String] = []
    while DisplayWidth.of(String(rest)) > width {
      var cut = rest.startIndex
      var used = 0
      for index in rest.indices {
        let next = DisplayWidth.of(String(rest[index]))
        if used + next > width { break }
        used += next
        cut = rest.index(after: index)
      }
      if cut == rest.startIndex { cut = rest.index(after: cut) }
      if let slash = rest[..<cut].lastIndex(of: "/"), rest.distance(from: rest.startIndex, to: slash) > width / 2 {
        cut = rest.index(after: slash)
      }
      rows.append(String(rest[..<cut]))
      rest = rest[cut...]
    }
    if !rest.isEmpty || rows.isEmpty { rows.append(String(rest)) }
    return rows
  }

  /// The account line: who you are signed in as, or how to sign in.
  static func describe(_ account: ProfileAccount, _ t: Localizer) -> (String, String, CellStyle) {
    switch account {
    case .notConfigured:
      return (Theme.incompleteSymbol, t[.profileAccountNotConfigured], Theme.incomplete)
    case .signedOut:
      return (Theme.incompleteSymbol, t[.profileAccountSignedOut], Theme.incomplete)
    case .signedIn(nil):
      return (Theme.completeSymbol, t[.profileAccountNoUsername], Theme.complete)
    case .signedIn(let username?):
      let name = "@" + TerminalText.sanitize(username)
      return (Theme.completeSymbol, t.format(.profileAccountSignedIn, ["name": name]), Theme.complete)
    }
  }

  static func describe(_ state: ConnectionStatus.State?, _ store: String, _ t: Localizer) -> (String, String, CellStyle)
  {
    switch state {
    case nil:
      return ("…", t[.profileChecking], Theme.pending)
    case .notConfigured?:
      return (Theme.incompleteSymbol, t[.profileNotConfigured], Theme.incomplete)
    case .configured(let detail)?:
      let words = [t[.profileConfigured], detail.map { TerminalText.sanitize($0) }, store]
        .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
      return (Theme.completeSymbol, words, Theme.complete)
    case .unreadable(let reason)?:
      return (
        Theme.incompleteSymbol, t.format(.profileUnreadable, ["reason": reason]),
        Theme.warning
      )
    }
  }
}
