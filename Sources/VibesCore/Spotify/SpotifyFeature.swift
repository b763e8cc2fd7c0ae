/// The Spotify connection (OAuth Authorization Code with PKCE) on the Feed tab's Spotify step.
/// The core only tracks what the user sees; PKCE, `state`, the loopback listener and the tokens
/// live at the edge (random numbers and sockets are I/O).
public enum SpotifyAction: Sendable, Hashable {
  /// The Connect Spotify screen was pushed.
  case screenOpened
  /// Configuration and the non-secret connection status (profile name, reconnect flag).
  case statusLoaded(SpotifySetupInfo, SpotifyStatus)
  /// The listener runs (or could not start) and the authorize URL is ready.
  case authorizationReady(requestID: Int, SpotifyAuthorization)
  /// A code arrived (callback or paste) and is being exchanged.
  case exchangeStarted(requestID: Int)
  case connected(requestID: Int, profileName: String)
  /// `error=access_denied`: the user said no. Silent.
  case denied(requestID: Int)
  case failed(requestID: Int, SpotifyFailure)
  /// A pasted URL or code was not accepted; the attempt goes on.
  case pasteRejected(requestID: Int, SpotifyFailure)
  case disconnected
  case disconnectFailed
  /// The stored connection was refused on refresh (`invalid_grant`): tokens dropped.
  case reconnectNeeded
  case profileRefreshed(name: String)
}

public enum SpotifyEffect: Sendable, Hashable {
  case loadStatus
  /// Start an attempt: PKCE + state, listener, authorize URL, browser; then wait and exchange.
  case connect(requestID: Int)
  /// The user pasted the redirected URL (or only the code) for attempt `requestID`.
  case submitRedirect(requestID: Int, text: String)
  case disconnect
  /// Re-read the profile with a fresh access token (refreshing it if needed).
  case refreshProfile

  /// The request id this effect can be cancelled by (AppEffect.cancel), if any.
  public var cancellationID: Int? {
    switch self {
    case .connect(let requestID): return requestID
    default: return nil
    }
  }
}

extension AppReducer {
  static func spotifyStarted(_ state: inout AppState) -> [AppEffect] { [.spotify(.loadStatus)] }

  static func reduceSpotify(_ state: inout AppState, _ action: SpotifyAction) -> [AppEffect] {
    switch action {
    case .screenOpened:
      let connected = state.facts?.storedSecrets.contains(.spotify) ?? false
      return connected ? [.spotify(.refreshProfile)] : []

    case .statusLoaded(let info, let status):
      state.spotify.info = info
      state.spotify.profileName = status.profileName
      state.spotify.needsReconnect = status.needsReconnect
      return []

    case .authorizationReady(let requestID, let authorization):
      updateSpotify(&state, requestID: requestID) { $0.phase = .waiting(requestID: requestID, authorization) }
      return []

    case .exchangeStarted(let requestID):
      updateSpotify(&state, requestID: requestID) { connect in
        if let authorization = connect.authorization {
          connect.phase = .exchanging(requestID: requestID, authorization)
        }
      }
      return []

    case .connected(let requestID, let name):
      state.spotify.profileName = name
      state.spotify.needsReconnect = false
      guard case .spotify(let connect)? = state.router.feedPath.last, connect.requestID == requestID else { return [] }
      state.notice = .saved(.spotify)
      state.router.popToChecklist()
      return []

    case .denied(let requestID):
      updateSpotify(&state, requestID: requestID) { $0 = SpotifyConnectState() }
      return []

    case .failed(let requestID, let failure):
      updateSpotify(&state, requestID: requestID) { $0 = SpotifyConnectState(phase: .failed(failure)) }
      return []

    case .pasteRejected(let requestID, let failure):
      updateSpotify(&state, requestID: requestID) { connect in
        if let authorization = connect.authorization {
          connect.phase = .waiting(requestID: requestID, authorization)
        }
        connect.pasteError = failure
      }
      return []

    case .disconnected:
      state.spotify.profileName = nil
      state.spotify.needsReconnect = false
      state.notice = .removed(.spotify)
      if case .spotify? = state.router.feedPath.last {
        state.router.feedPath[state.router.feedPath.count - 1] = .spotify(SpotifyConnectState())
      }
      return []

    case .disconnectFailed:
      updateSpotify(&state) { $0 = SpotifyConnectState(phase: .failed(.storageFailed)) }
      return []

    case .reconnectNeeded:
      state.spotify.needsReconnect = true
      state.spotify.profileName = nil
      return []

    case .profileRefreshed(let name):
      state.spotify.profileName = name
      return []
    }
  }

  /// Applies `body` to the Spotify screen on top of the Feed stack (when `requestID` is given, only
  /// while it waits for that attempt; a late answer for a cancelled attempt is dropped).
  static func updateSpotify(
    _ state: inout AppState, requestID: Int? = nil, _ body: (inout SpotifyConnectState) -> Void
  ) {
    guard case .spotify(var connect)? = state.router.feedPath.last else { return }
    if let requestID, connect.requestID != requestID { return }
    body(&connect)
    state.router.feedPath[state.router.feedPath.count - 1] = .spotify(connect)
  }

  static func startSpotifyConnect(_ state: inout AppState) -> [AppEffect] {
    guard state.spotify.info?.clientConfigured == true else { return [] }
    let id = state.makeRequestID()
    updateSpotify(&state) { $0 = SpotifyConnectState(phase: .starting(requestID: id)) }
    return [.spotify(.connect(requestID: id))]
  }

  static func handleSpotifyKey(_ state: inout AppState, _ key: Key) -> [AppEffect] {
    guard case .spotify(let connect)? = state.router.feedPath.last else { return [] }
    let connected = state.facts?.storedSecrets.contains(.spotify) ?? false
    let info = state.spotify.info
    switch connect.phase {
    case .waiting(let requestID, let authorization):
      return handleSpotifyPasteFieldKey(&state, requestID: requestID, authorization, key)
    case .starting, .exchanging, .disconnecting:
      return []
    case .confirmingDisconnect:
      switch key {
      case .character("y"), .enter:
        updateSpotify(&state) { $0.phase = .disconnecting }
        return [.spotify(.disconnect)]
      case .character("n"):
        updateSpotify(&state) { $0.phase = .idle }
        return []
      default:
        return []
      }
    case .idle, .failed:
      switch key {
      case .enter, .character("c"), .ctrl("r"), .character("r"):
        return connected ? [] : startSpotifyConnect(&state)
      case .character("d") where connected:
        updateSpotify(&state) { $0.phase = .confirmingDisconnect }
        return []
      case .character("o"), .ctrl("o"):
        return [.openURL(SetupStep.spotify.credentialsURL)]
      case .character("y"), .ctrl("y"):
        state.notice = .linkCopied
        return [.copyToClipboard(info?.registeredRedirectURI ?? SetupStep.spotify.credentialsURL)]
      default:
        return []
      }
    }
  }

  static func handleSpotifyPasteFieldKey(
    _ state: inout AppState, requestID: Int, _ authorization: SpotifyAuthorization, _ key: Key
  ) -> [AppEffect] {
    switch key {
    case .escape:
      return goBack(&state)
    case .function(1):
      state.isHelpVisible = true
    case .enter, .ctrl("s"):
      guard case .spotify(let connect)? = state.router.feedPath.last else { return [] }
      let text = connect.paste.text.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !text.isEmpty else { return [] }
      updateSpotify(&state) {
        $0.pasteError = nil
        $0.phase = .exchanging(requestID: requestID, authorization)
      }
      return [.spotify(.submitRedirect(requestID: requestID, text: text))]
    case .ctrl("o"):
      return [.openURL(authorization.url)]
    case .ctrl("y"):
      state.notice = .linkCopied
      return [.copyToClipboard(authorization.url)]
    case .ctrl("u"):
      updateSpotify(&state) { $0.paste.clear() }
    case .backspace:
      updateSpotify(&state) { $0.paste.deleteBackward() }
    case .delete:
      updateSpotify(&state) { $0.paste.deleteForward() }
    case .left:
      updateSpotify(&state) { $0.paste.moveLeft() }
    case .right:
      updateSpotify(&state) { $0.paste.moveRight() }
    case .home, .ctrl("a"):
      updateSpotify(&state) { $0.paste.moveToStart() }
    case .end, .ctrl("e"):
      updateSpotify(&state) { $0.paste.moveToEnd() }
    case .character(let character):
      updateSpotify(&state) {
        $0.paste.insert(String(character))
        $0.pasteError = nil
      }
    default:
      break
    }
    return []
  }

  static func handleSpotifyPaste(_ state: inout AppState, _ text: String) -> [AppEffect] {
    guard spotifyIsEditingText(state) else { return [] }
    let cleaned = text.filter { !$0.isNewline && !$0.isWhitespace && $0.unicodeScalars.allSatisfy { $0.value >= 0x20 } }
    updateSpotify(&state) {
      $0.paste.insert(cleaned)
      $0.pasteError = nil
    }
    return []
  }

  /// True while the paste field takes typed characters.
  static func spotifyIsEditingText(_ state: AppState) -> Bool {
    guard case .spotify(let connect)? = state.router.feedPath.last else { return false }
    if case .waiting = connect.phase { return true }
    return false
  }

  /// Esc on the Spotify screen: cancel the running attempt or the confirmation; nil = pop.
  static func spotifyGoBack(_ state: inout AppState) -> [AppEffect]? {
    guard case .spotify(let connect)? = state.router.feedPath.last else { return nil }
    switch connect.phase {
    case .starting(let id), .waiting(let id, _), .exchanging(let id, _):
      updateSpotify(&state) { $0 = SpotifyConnectState() }
      return [.cancel(requestID: id)]
    case .confirmingDisconnect:
      updateSpotify(&state) { $0.phase = .idle }
      return []
    case .disconnecting:
      return []
    case .idle, .failed:
      return nil
    }
  }
}
