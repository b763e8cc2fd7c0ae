import Foundation

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
  /// The same sign-in, also asking for the player scopes (Play on Spotify's re-consent).
  case connectWithPlayerScopes(requestID: Int)
  /// The user pasted the redirected URL (or only the code) for attempt `requestID`.
  case submitRedirect(requestID: Int, text: String)
  case disconnect
  /// Re-read the profile with a fresh access token (refreshing it if needed).
  case refreshProfile

  /// The request id this effect can be cancelled by (AppEffect.cancel), if any.
  public var cancellationID: Int? {
    switch self {
    case .connect(let requestID), .connectWithPlayerScopes(let requestID): return requestID
    default: return nil
    }
  }
}

/// What the Spotify screen's bindings do.
public enum SpotifyCommand: Sendable, Hashable {
  case connect
  case askDisconnect
  case confirmDisconnect
  case keepConnection
  case openDashboard
  case copyRedirectURI
  case submitPaste
  case openAuthorizeURL
  case copyAuthorizeURL
  /// Esc while an attempt runs.
  case cancel
}

extension FeedTab {
  mutating func reduceSpotify(_ action: SpotifyAction, _ context: inout AppContext) -> [AppEffect] {
    switch action {
    case .screenOpened:
      let connected = context.facts?.storedSecrets.contains(.spotify) ?? false
      return connected ? [.spotify(.refreshProfile)] : []

    case .statusLoaded(let info, let status):
      context.spotify.info = info
      context.spotify.profileName = status.profileName
      context.spotify.needsReconnect = status.needsReconnect
      return []

    case .authorizationReady(let requestID, let authorization):
      updateSpotify(requestID: requestID) { $0.phase = .waiting(requestID: requestID, authorization) }
      return []

    case .exchangeStarted(let requestID):
      updateSpotify(requestID: requestID) { connect in
        if let authorization = connect.authorization {
          connect.phase = .exchanging(requestID: requestID, authorization)
        }
      }
      return []

    case .connected(let requestID, let name):
      context.spotify.profileName = name
      context.spotify.needsReconnect = false
      guard case .spotify(let connect)? = path.last, connect.requestID == requestID else { return [] }
      context.notice = .saved(.spotify)
      popToChecklist()
      return []

    case .denied(let requestID):
      updateSpotify(requestID: requestID) { $0 = SpotifyConnectState() }
      return []

    case .failed(let requestID, let failure):
      updateSpotify(requestID: requestID) { $0 = SpotifyConnectState(phase: .failed(failure)) }
      return []

    case .pasteRejected(let requestID, let failure):
      updateSpotify(requestID: requestID) { connect in
        if let authorization = connect.authorization {
          connect.phase = .waiting(requestID: requestID, authorization)
        }
        connect.pasteError = failure
      }
      return []

    case .disconnected:
      context.spotify.profileName = nil
      context.spotify.needsReconnect = false
      context.notice = .removed(.spotify)
      if case .spotify? = path.last { path[path.count - 1] = .spotify(SpotifyConnectState()) }
      return []

    case .disconnectFailed:
      updateSpotify { $0 = SpotifyConnectState(phase: .failed(.storageFailed)) }
      return []

    case .reconnectNeeded:
      context.spotify.needsReconnect = true
      context.spotify.profileName = nil
      return []

    case .profileRefreshed(let name):
      context.spotify.profileName = name
      return []
    }
  }

  /// Applies `body` to the Spotify screen on top (when `requestID` is given, only while it waits for that
  /// attempt; a late answer for a cancelled attempt is dropped).
  mutating func updateSpotify(requestID: Int? = nil, _ body: (inout SpotifyConnectState) -> Void) {
    guard case .spotify(var connect)? = path.last else { return }
    if let requestID, connect.requestID != requestID { return }
    body(&connect)
    path[path.count - 1] = .spotify(connect)
  }

  func spotifyBindings(_ connect: SpotifyConnectState, _ context: AppContext) -> [KeyBinding<FeedCommand>] {
    let connected = context.facts?.storedSecrets.contains(.spotify) ?? false
    switch connect.phase {
    case .waiting:
      return [
        KeyBinding([.enter, .ctrl("s")], "Enter", .spotify(.helpSubmitPaste), .spotify(.submitPaste)),
        KeyBinding([.ctrl("o")], "Ctrl-O", .spotify(.helpOpenAuthorize), .spotify(.openAuthorizeURL)),
        KeyBinding([.ctrl("y")], "Ctrl-Y", .spotify(.helpCopyAuthorize), .spotify(.copyAuthorizeURL)),
        KeyBinding([.escape], "Esc", .spotify(.helpCancel), .spotify(.cancel)),
      ]
    case .starting, .exchanging:
      return [KeyBinding([.escape], "Esc", .spotify(.helpCancel), .spotify(.cancel))]
    case .disconnecting:
      return []
    case .confirmingDisconnect:
      return [
        KeyBinding([.character("y"), .enter], "y", .common(.helpConfirm), .spotify(.confirmDisconnect)),
        KeyBinding([.character("n")], "n", .common(.helpKeep), .spotify(.keepConnection)),
      ]
    case .idle, .failed:
      var bindings: [KeyBinding<FeedCommand>] = []
      if connected {
        bindings.append(KeyBinding([.character("d")], "d", .spotify(.helpDisconnect), .spotify(.askDisconnect)))
      } else if context.spotify.info?.clientConfigured == true {
        bindings.append(
          KeyBinding(
            [.enter, .character("c"), .ctrl("r"), .character("r")], "Enter", .spotify(.helpConnect),
            .spotify(.connect)))
      }
      bindings += [
        KeyBinding([.character("o"), .ctrl("o")], "o", .spotify(.helpOpenDashboard), .spotify(.openDashboard)),
        KeyBinding([.character("y"), .ctrl("y")], "y", .spotify(.helpCopyRedirect), .spotify(.copyRedirectURI)),
      ]
      return bindings
    }
  }

  mutating func performSpotify(_ command: SpotifyCommand, _ context: inout AppContext) -> [AppEffect] {
    guard case .spotify(let connect)? = path.last else { return [] }
    switch command {
    case .connect:
      guard context.spotify.info?.clientConfigured == true else { return [] }
      let id = context.makeRequestID()
      updateSpotify { $0 = SpotifyConnectState(phase: .starting(requestID: id)) }
      return [.spotify(.connect(requestID: id))]
    case .askDisconnect:
      updateSpotify { $0.phase = .confirmingDisconnect }
    case .confirmDisconnect:
      updateSpotify { $0.phase = .disconnecting }
      return [.spotify(.disconnect)]
    case .keepConnection:
      updateSpotify { $0.phase = .idle }
    case .openDashboard:
      return [.openURL(SetupStep.spotify.credentialsURL)]
    case .copyRedirectURI:
      context.notice = .linkCopied
      return [.copyToClipboard(context.spotify.info?.registeredRedirectURI ?? SetupStep.spotify.credentialsURL)]
    case .submitPaste:
      guard case .waiting(let requestID, let authorization) = connect.phase else { return [] }
      let text = connect.paste.text.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !text.isEmpty else { return [] }
      updateSpotify {
        $0.pasteError = nil
        $0.phase = .exchanging(requestID: requestID, authorization)
      }
      return [.spotify(.submitRedirect(requestID: requestID, text: text))]
    case .openAuthorizeURL:
      guard let authorization = connect.authorization else { return [] }
      return [.openURL(authorization.url)]
    case .copyAuthorizeURL:
      guard let authorization = connect.authorization else { return [] }
      context.notice = .linkCopied
      return [.copyToClipboard(authorization.url)]
    case .cancel:
      return spotifyGoBack() ?? []
    }
    return []
  }

  /// Typing and pasting into the redirect field while an attempt waits.
  mutating func handleSpotifyText(_ event: InputEvent, _ context: inout AppContext) -> [AppEffect]? {
    guard case .spotify(let connect)? = path.last, case .waiting = connect.phase else { return nil }
    var outcome: TextEditing.Outcome?
    // The form engine: the one key map, paste cleaning for the field's kind, a change clears a shown rejection.
    updateSpotify { connect in outcome = connect.form.edit(event) }
    if outcome == .truncated { context.notice = .fieldFull }
    return outcome == nil ? nil : []
  }

  /// Esc on the Spotify screen: cancel the running attempt or the confirmation; nil = pop.
  mutating func spotifyGoBack() -> [AppEffect]? {
    guard case .spotify(let connect)? = path.last else { return nil }
    switch connect.phase {
    case .starting(let id), .waiting(let id, _), .exchanging(let id, _):
      updateSpotify { $0 = SpotifyConnectState() }
      return [.cancel(requestID: id)]
    case .confirmingDisconnect:
      updateSpotify { $0.phase = .idle }
      return []
    case .disconnecting:
      return []
    case .idle, .failed:
      return nil
    }
  }
}
