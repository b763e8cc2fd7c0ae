import Foundation
import VibesCore
import VibesServices
import VibesStorage

extension EffectRunner {
  var spotify: SpotifyDependencies { dependencies.spotify }

  /// Runs the Spotify feature's effects against `dependencies.spotify`. Logs say what happened,
  /// never a code, token, verifier, state or URL.
  func runSpotify(_ effect: SpotifyEffect, send: @escaping @Sendable (AppAction) -> Void) async {
    switch effect {
    case .loadStatus:
      send(.spotify(.statusLoaded(spotifySetupInfo(), spotifyStatus())))
    case .connect(let requestID):
      await connectSpotify(requestID: requestID, send: send)
    case .connectWithPlayerScopes(let requestID):
      await connectSpotify(
        requestID: requestID, scopes: SpotifyConfiguration.scopes(includingPlayer: true), send: send)
    case .submitRedirect(let requestID, let text):
      await submitSpotifyRedirect(requestID: requestID, text: text, send: send)
    case .disconnect:
      disconnectSpotify(send: send)
    case .refreshProfile:
      await refreshSpotifyProfile(send: send)
    }
  }

  func spotifySetupInfo() -> SpotifySetupInfo {
    SpotifySetupInfo(
      clientConfigured: spotify.accounts != nil, registeredRedirectURI: spotify.configuration.registeredRedirectURI,
      configFilePath: spotify.configFilePath, isRemoteSession: spotify.isRemoteSession, hostName: spotify.hostName,
      rejectedClientID: spotify.configuration.clientIDProblem.map(SpotifyClientIDSource.init))
  }

  func spotifyStatus() -> SpotifyStatus {
    let record = try? dependencies.database.spotifyConnection()
    return SpotifyStatus(profileName: record?.displayName, needsReconnect: record?.needsReconnect ?? false)
  }

  /// `scopes`: what the sign-in asks for; the player's re-consent passes `SpotifyConfiguration.scopes(includingPlayer:
  /// true)` (the UI flow for it comes with the play action).
  func connectSpotify(
    requestID: Int, scopes: [String] = SpotifyConfiguration.scopes, send: @escaping @Sendable (AppAction) -> Void
  ) async {
    guard let accounts = spotify.accounts else {
      send(.spotify(.failed(requestID: requestID, .notConfigured)))
      return
    }
    let session = spotify.session
    let started = await session.begin(requestID: requestID, port: spotify.configuration.redirectPort)
    let attempt = started.attempt
    guard
      let url = accounts.authorizeURL(
        redirectURI: attempt.redirectURI, state: attempt.state, challenge: started.challenge,
        scopes: scopes)
    else {
      await session.cancel(requestID)
      send(.spotify(.failed(requestID: requestID, .notConfigured)))
      return
    }
    if Task.isCancelled {
      await session.cancel(requestID)
      return
    }
    let opened = dependencies.browser.open(url.absoluteString)
    log.info(
      "spotify: sign-in started (listener: \(attempt.listener != nil ? "running" : "unavailable"), browser: \(opened ? "opened" : "none"))"
    )
    send(
      .spotify(
        .authorizationReady(
          requestID: requestID,
          SpotifyAuthorization(
            url: url.absoluteString, redirectURI: attempt.redirectURI, port: Int(started.port),
            listenerRunning: attempt.listener != nil, browserOpened: opened))))
    guard let listener = attempt.listener else { return }

    let timeout = spotify.callbackTimeout
    let outcome = await withTaskCancellationHandler {
      await listener.outcome(timeout: timeout)
    } onCancel: {
      Task { await listener.close() }
    }
    if Task.isCancelled {
      await session.cancel(requestID)
      log.info("spotify: sign-in cancelled")
      return
    }
    switch outcome {
    case nil:
      // Closed: the paste path took the attempt, or the wait timed out.
      if await session.isActive(requestID) {
        await session.cancel(requestID)
        log.notice("spotify: sign-in timed out")
        send(.spotify(.failed(requestID: requestID, .attemptExpired)))
      }
    case .denied:
      await session.cancel(requestID)
      log.info("spotify: the user declined")
      send(.spotify(.denied(requestID: requestID)))
    case .failed(let error):
      await session.cancel(requestID)
      log.notice("spotify: authorization error \(error ?? "unknown")")
      send(.spotify(.failed(requestID: requestID, .authorizationError(error))))
    case .code(let code):
      guard let taken = await session.take(requestID) else { return }
      await exchangeSpotifyCode(code, attempt: taken, accounts: accounts, send: send)
    }
  }

  func submitSpotifyRedirect(requestID: Int, text: String, send: @escaping @Sendable (AppAction) -> Void) async {
    let session = spotify.session
    guard let accounts = spotify.accounts, let expected = await session.expectedState(requestID) else {
      send(.spotify(.pasteRejected(requestID: requestID, .attemptExpired)))
      return
    }
    switch SpotifyRedirectParser.parse(text, expectedState: expected) {
    case .stateMismatch:
      log.notice("spotify: pasted address with a foreign state refused")
      send(.spotify(.pasteRejected(requestID: requestID, .stateMismatch)))
    case .noCode:
      send(.spotify(.pasteRejected(requestID: requestID, .noCode)))
    case .denied:
      await session.cancel(requestID)
      send(.spotify(.denied(requestID: requestID)))
    case .error(let error):
      await session.cancel(requestID)
      send(.spotify(.failed(requestID: requestID, .authorizationError(error))))
    case .code(let code):
      guard let taken = await session.take(requestID) else {
        send(.spotify(.pasteRejected(requestID: requestID, .attemptExpired)))
        return
      }
      await exchangeSpotifyCode(code, attempt: taken, accounts: accounts, send: send)
    }
  }

  /// Code -> tokens (secret store) -> profile (SQLite) -> connected. Runs once per attempt.
  func exchangeSpotifyCode(
    _ code: String, attempt: SpotifyConnectSession.Attempt, accounts: SpotifyAccountsClient,
    send: @escaping @Sendable (AppAction) -> Void
  ) async {
    let requestID = attempt.requestID
    send(.spotify(.exchangeStarted(requestID: requestID)))
    let grant: SpotifyTokenGrant
    do {
      grant = try await accounts.exchange(code: code, redirectURI: attempt.redirectURI, verifier: attempt.verifier)
    } catch {
      if error == .service(.cancelled) { return }
      log.notice("spotify: code exchange failed: \(String(describing: error))")
      send(.spotify(.failed(requestID: requestID, SpotifyFailure(error))))
      return
    }
    guard let refreshToken = grant.refreshToken else {
      send(.spotify(.failed(requestID: requestID, .invalidResponse)))
      return
    }
    // Without the profile the screen would claim "connected" with a blank name (issue 15): report the failure and
    // keep nothing, so the state stays "not connected" and connecting again is the retry. The profile is read with
    // the token in memory, before anything is stored, so a failure (or a kill during the read) leaves no token.
    let profile: SpotifyProfile
    do {
      profile = try await spotify.api.currentUser(accessToken: grant.accessToken)
    } catch {
      log.notice("spotify: reading the profile failed: \(String(describing: error))")
      if error == .cancelled { return }
      send(.spotify(.failed(requestID: requestID, SpotifyFailure(.service(error)))))
      return
    }
    let now = dependencies.now()
    let expiresAt = now.addingTimeInterval(TimeInterval(grant.expiresIn))
    do {
      try dependencies.secrets.write(grant.accessToken, for: .spotifyAccessToken)
      try dependencies.secrets.write(refreshToken, for: .spotifyRefreshToken)
    } catch {
      log.error("spotify: storing the tokens failed: \(String(describing: error))")
      try? dependencies.secrets.delete(.spotifyAccessToken)
      try? dependencies.secrets.delete(.spotifyRefreshToken)
      send(.spotify(.failed(requestID: requestID, .storageFailed)))
      return
    }
    do {
      try dependencies.database.saveSpotifyConnected(
        displayName: profile.name, userID: profile.id, at: now, expiresAt: expiresAt)
    } catch {
      log.error("spotify: saving the connection failed: \(String(describing: error))")
    }
    await spotify.tokens?.reset()
    log.info("spotify: connected in \(dependencies.secrets.kind.rawValue)")
    if let facts = try? loadFacts() { send(.factsLoaded(facts)) }
    send(.spotify(.connected(requestID: requestID, profileName: profile.name)))
  }

  func disconnectSpotify(send: @escaping @Sendable (AppAction) -> Void) {
    do {
      try dependencies.secrets.delete(.spotifyAccessToken)
      try dependencies.secrets.delete(.spotifyRefreshToken)
      try dependencies.database.clearSpotifyConnection()
      // Releases found for this account leave the Feed's cache with it.
      try dependencies.database.removeNewReleases()
      log.info("spotify: disconnected")
    } catch {
      log.error("spotify: disconnect failed: \(String(describing: error))")
      send(.spotify(.disconnectFailed))
      return
    }
    let tokens = spotify.tokens
    Task { await tokens?.reset() }
    if let facts = try? loadFacts() { send(.factsLoaded(facts)) }
    send(.spotify(.disconnected))
  }

  func refreshSpotifyProfile(send: @escaping @Sendable (AppAction) -> Void) async {
    guard let tokens = spotify.tokens else { return }
    do {
      let profile: SpotifyProfile
      do {
        profile = try await spotify.api.currentUser(accessToken: try await tokens.accessToken())
      } catch ServiceError.invalidCredentials {
        // Revoked or expired early: one forced refresh, then one more try.
        profile = try await spotify.api.currentUser(accessToken: try await tokens.refreshNow())
      }
      try? dependencies.database.saveSpotifyProfileName(profile.name)
      send(.spotify(.profileRefreshed(name: profile.name)))
    } catch SpotifyTokenError.reconnectNeeded {
      log.notice("spotify: refresh token refused; reconnect needed")
      if let facts = try? loadFacts() { send(.factsLoaded(facts)) }
      send(.spotify(.reconnectNeeded))
    } catch {
      log.notice("spotify: profile refresh failed: \(String(describing: error))")
    }
  }
}

extension SpotifyClientIDSource {
  init(_ problem: SpotifyClientIDProblem) {
    switch problem.source {
    case .environment(let variable): self = .environment(variable: variable)
    case .configFile(let path, let line): self = .configFile(path: path, line: line)
    }
  }
}

extension SpotifyFailure {
  init(_ error: SpotifyAuthError) {
    switch error {
    case .invalidGrant: self = .invalidGrant
    case .oauth(let code): self = .authorizationError(code)
    case .service(let service):
      switch service {
      case .invalidCredentials, .forbidden: self = .authorizationError(nil)
      case .rateLimited(let seconds): self = .rateLimited(seconds: seconds)
      case .server(let status): self = .serverError(status: status)
      case .unexpectedStatus(let status): self = .unexpectedStatus(status)
      case .network(let problem): self = .transport(problem)
      case .cancelled: self = .transport(.cancelled)
      case .invalidResponse: self = .invalidResponse
      }
    }
  }
}
