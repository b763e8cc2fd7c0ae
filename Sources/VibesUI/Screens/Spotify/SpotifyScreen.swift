import VibesCore

/// "Connect Spotify": why, how to configure the app, the connect action, the waiting state with the
/// full sign-in link (OSC 8, copyable), the ssh tunnel hint and the paste field; or "Connected as".
enum SpotifyScreen {
  typealias S = SpotifyL10n

  static func render(
    _ state: AppState, _ connect: SpotifyConnectState, into grid: inout Grid, _ area: Rect, _ t: Localizer
  ) {
    var writer = LineWriter(grid: grid, area: area)
    if case .waiting(_, let authorization) = connect.phase {
      // The link and the paste field must fit: on a small terminal the title and the hints go first.
      var probe = LineWriter(
        grid: Grid(width: grid.width, height: 400), area: Rect(row: 0, column: 0, width: area.width, height: 400))
      renderAttempt(state, connect, authorization, compact: false, into: &probe, t)
      let compact = probe.row + 2 > area.visibleHeight
      if !compact {
        writer.line(t[S.title], style: Theme.title)
        writer.skip()
      }
      renderAttempt(state, connect, authorization, compact: compact, into: &writer, t)
      grid = writer.grid
      return
    }
    writer.line(t[S.title], style: Theme.title)
    writer.skip()
    let connected = state.facts?.storedSecrets.contains(.spotify) ?? false

    switch connect.phase {
    case .waiting(_, let authorization), .exchanging(_, let authorization):
      renderAttempt(state, connect, authorization, compact: false, into: &writer, t)
    case .starting:
      writer.paragraph(t[S.waiting], style: Theme.pending)
    case .disconnecting:
      writer.paragraph(t[S.disconnecting], style: Theme.pending)
    case .idle, .failed, .confirmingDisconnect:
      if connected {
        renderConnected(state, connect, into: &writer, t)
      } else if state.spotify.info?.clientConfigured != true {
        writer.paragraph(t[S.why])
        writer.skip()
        renderConfiguration(state, into: &writer, t)
      } else {
        writer.paragraph(t[S.why])
        writer.skip()
        if state.spotify.needsReconnect {
          writer.paragraph(t[S.reconnectNeeded], style: Theme.warning)
          writer.skip()
        }
        writer.line(" " + t[S.connectAction] + " ", style: Theme.selected)
        if case .failed(let failure) = connect.phase {
          writer.skip()
          writer.paragraph(t.spotifyFailure(failure) + " " + t[S.spRetryHint], style: Theme.error)
        }
        if let info = state.spotify.info {
          writer.skip()
          writer.paragraph(t[S.redirectRegistered], style: Theme.hint)
          writer.line("   " + info.registeredRedirectURI, style: Theme.hint)
        }
      }
    }
    grid = writer.grid
  }

  static func renderConnected(
    _ state: AppState, _ connect: SpotifyConnectState, into writer: inout LineWriter, _ t: Localizer
  ) {
    let name = state.spotify.profileName.map { TerminalText.sanitize($0) }
    let text = name.map { t.format(S.connectedAs, ["name": $0]) } ?? t[S.connectedNoName]
    writer.line(Theme.completeSymbol + " " + text, style: Theme.complete)
    writer.skip()
    if case .confirmingDisconnect = connect.phase {
      writer.paragraph(t[S.confirmDisconnect], style: Theme.warning)
    } else {
      writer.line(t[S.disconnectAction], style: Theme.title)
    }
    if case .failed(let failure) = connect.phase {
      writer.skip()
      writer.paragraph(t.spotifyFailure(failure), style: Theme.error)
    }
  }

  static func renderConfiguration(_ state: AppState, into writer: inout LineWriter, _ t: Localizer) {
    if let source = state.spotify.info?.rejectedClientID {
      writer.paragraph(t.rejectedClientID(source), style: Theme.error)
      writer.paragraph(t[S.clientIDFormat], style: Theme.error)
      writer.skip()
    }
    writer.line(t[S.setupTitle], style: Theme.title)
    writer.paragraph(t[S.setupCreateApp])
    writer.link("   ", SetupStep.spotify.credentialsURL)
    guard let info = state.spotify.info else { return }
    writer.paragraph(t[S.setupRedirect])
    writer.line("   " + info.registeredRedirectURI, style: Theme.link)
    writer.paragraph(t.format(S.setupClientID, ["path": info.configFilePath]))
    writer.paragraph(t[S.setupNoSecret], style: Theme.hint)
  }

  static func renderAttempt(
    _ state: AppState, _ connect: SpotifyConnectState, _ authorization: SpotifyAuthorization, compact: Bool,
    into writer: inout LineWriter, _ t: Localizer
  ) {
    if case .exchanging = connect.phase {
      writer.paragraph(t[S.exchanging], style: Theme.pending)
      return
    }
    writer.paragraph(t[S.waiting], style: Theme.pending)
    if !compact {
      writer.paragraph(
        authorization.browserOpened ? t[S.browserOpened] : t[S.browserNotOpened], style: Theme.hint)
    }
    writer.line(t[S.authorizeLabel], style: Theme.title)
    writer.wrappedLink(authorization.url)
    let remote = state.spotify.info?.isRemoteSession ?? false
    if !authorization.listenerRunning {
      writer.paragraph(t.format(S.listenerDown, ["uri": authorization.redirectURI]), style: Theme.warning)
    } else if remote {
      if !compact { writer.paragraph(t[S.sshHint], style: Theme.hint) }
      let host = TerminalText.sanitize(state.spotify.info?.hostName ?? "")
      writer.line(
        "   ssh -N -L \(authorization.port):127.0.0.1:\(authorization.port) \(host)", style: Theme.title)
    }
    writer.paragraph(t[S.pasteLabel])
    // The paste form's one field, drawn by the one text field: its `.query` masking keeps the address readable
    // and dots the code.
    if writer.row < writer.area.bottom {
      let row = writer.row
      let used = writer.grid.write("› ", row: row, column: 2, style: Theme.field)
      let cursor = TextFieldView.draw(
        connect.form.textField(.redirect), into: &writer.grid, row: row, column: 2 + used,
        width: writer.width - used)
      writer.grid.cursor = GridPosition(row: row, column: cursor)
      writer.skip()
    } else {
      // Below a short terminal's edge the field still takes the typing (the cursor says so).
      writer.grid.cursor = GridPosition(row: writer.area.bottom - 1, column: 2)
    }
    if let error = connect.form.phase.failure {
      writer.paragraph(t.spotifyFailure(error), style: Theme.error)
    }
  }

  /// The checklist's status word for the Spotify row.
  static func stepStatus(_ state: AppState, complete: Bool, _ t: Localizer) -> String {
    if complete, let name = state.spotify.profileName {
      return t.format(S.statusConnectedAs, ["name": TerminalText.sanitize(name)])
    }
    if !complete, state.spotify.needsReconnect { return t[S.statusReconnect] }
    return t.stepStatus(.spotify, complete: complete)
  }
}

/// Writes top to bottom inside an area, wrapping paragraphs; stops at the bottom.
struct LineWriter {
  var grid: Grid
  let area: Rect
  var row: Int

  init(grid: Grid, area: Rect) {
    self.grid = grid
    self.area = area
    self.row = area.row
  }

  var width: Int { area.width - 4 }

  @discardableResult
  mutating func line(_ text: String, style: CellStyle = .plain) -> Int {
    guard row < area.bottom else { return 0 }
    let used = grid.write(text, row: row, column: 2, style: style, maxWidth: width)
    row += 1
    return used
  }

  /// Wrapped text; a numbered step ("3. …") keeps its continuation lines under its text.
  mutating func paragraph(_ text: String, style: CellStyle = .plain) {
    let number = text.prefix { $0.isNumber }
    guard !number.isEmpty, text.dropFirst(number.count).hasPrefix(". ") else {
      for line in WordWrap.lines(text, width: width) { self.line(line, style: style) }
      return
    }
    let hang = String(repeating: " ", count: number.count + 2)
    for (index, line) in WordWrap.lines(text, width: width - hang.count).enumerated() {
      self.line(index == 0 ? line : hang + line, style: style)
    }
  }

  mutating func skip() { row += 1 }

  mutating func link(_ indent: String, _ url: String) {
    guard row < area.bottom else { return }
    grid.link(url, row: row, column: 2 + indent.count, style: Theme.link, maxWidth: width - indent.count)
    row += 1
  }

  /// A long URL printed in full over as many lines as it needs; every piece links to the whole URL.
  mutating func wrappedLink(_ url: String) {
    row += grid.wrappedLink(url, row: row, column: 2, width: width, limit: area.bottom, style: Theme.link)
  }
}
