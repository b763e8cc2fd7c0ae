/// The Spotify connection's UI text (English and German).
public enum SpotifyL10n: String, LocalizedKey {
  case title
  case why
  case connectAction
  case setupTitle
  case setupCreateApp
  case setupRedirect
  case redirectRegistered
  case clientIDRejectedVariable
  case clientIDRejectedFile
  case clientIDFormat
  case setupClientID
  case setupNoSecret
  case waiting
  case browserOpened
  case browserNotOpened
  case authorizeLabel
  case sshHint
  case listenerDown
  case pasteLabel
  case exchanging
  case connectedAs
  case connectedNoName
  case disconnectAction
  case confirmDisconnect
  case disconnecting
  case reconnectNeeded
  case tokensNotSavedDiskFull
  case tokensNotSaved
  case statusConnectedAs
  case statusReconnect
  case failureNotConfigured
  case failureStateMismatch
  case failureNoCode
  case failureAttemptExpired
  case failureInvalidGrant
  case failureAuthorization
  case failureAuthorizationNoCode
  case failureRateLimited
  case failureRateLimitedNoSeconds
  case spFailureServer
  case spFailureUnexpected
  case spFailureInvalidResponse
  case spFailureStorage
  case spRetryHint
  case helpConnect
  case helpDisconnect
  case helpSubmitPaste
  case helpOpenAuthorize
  case helpCopyAuthorize
  case helpCopyRedirect
  case helpOpenDashboard
  case helpCancel

  public static func table(for language: Language) -> [SpotifyL10n: String] {
    switch language {
    case .en: return english
    case .de: return german
    }
  }

  static let english: [SpotifyL10n: String] = [
    .title: "Connect Spotify",
    .why:
      "vibes reads your top artists and saved tracks to match concerts and build playlists. The connection uses Spotify's own sign-in (OAuth with PKCE); vibes never sees your password.",
    .connectAction: "Enter  Connect with Spotify",
    .setupTitle: "First, create your Spotify app:",
    .setupCreateApp: "1. Create an app in the Spotify developer dashboard (Web API):",
    .setupRedirect: "2. Add this redirect URI, exactly (y copies it):",
    .redirectRegistered: "Your Spotify app must list this redirect URI, exactly (y copies it):",
    .clientIDRejectedVariable: "The client ID in the variable {variable} was ignored.",
    .clientIDRejectedFile: "The client ID on line {line} of {path} was ignored.",
    .clientIDFormat:
      "Spotify client IDs are 32 hexadecimal characters (0–9, a–f): copy the Client ID from your app's page in the dashboard.",
    .setupClientID:
      "3. Put the app's Client ID into {path} as the line \"spotify-client-id = YOUR_CLIENT_ID\", or set VIBES_SPOTIFY_CLIENT_ID, then start vibes again.",
    .setupNoSecret: "No client secret is needed; never put one anywhere.",
    .waiting: "Waiting for Spotify… finish signing in in your browser.",
    .browserOpened: "The sign-in page was opened in your browser.",
    .browserNotOpened: "No browser could be opened here: open the link below yourself.",
    .authorizeLabel: "Sign-in link:",
    .sshHint: "Over ssh the browser runs on your own computer. Run this there first, then open the link:",
    .listenerDown:
      "vibes could not listen on {uri}, so the redirect cannot arrive: paste the address your browser ends up on.",
    .pasteLabel: "Or paste the address your browser was sent to (or only the code):",
    .exchanging: "Connecting…",
    .connectedAs: "Connected as {name}",
    .connectedNoName: "Connected",
    .disconnectAction: "d  Disconnect",
    .confirmDisconnect: "Disconnect Spotify and delete its tokens?  y yes · n no",
    .disconnecting: "Disconnecting…",
    .reconnectNeeded: "Spotify no longer accepts the stored connection (expired or revoked). Connect again.",
    .tokensNotSavedDiskFull:
      "Spotify's renewed sign-in could not be saved: the disk is full (data folder {path}). It is kept until "
      + "you quit and saved again on the next use: free some space before quitting.",
    .tokensNotSaved:
      "Spotify's renewed sign-in could not be saved. It is kept until you quit and saved again on the next use.",
    .statusConnectedAs: "connected as {name}",
    .statusReconnect: "reconnect needed",
    .failureNotConfigured: "No Spotify client ID is configured yet.",
    .failureStateMismatch: "That address belongs to a different sign-in attempt; it was not used.",
    .failureNoCode: "No sign-in code found in what you pasted.",
    .failureAttemptExpired: "This sign-in attempt is over.",
    .failureInvalidGrant: "Spotify did not accept the sign-in code.",
    .failureAuthorization: "Spotify refused the sign-in ({code}).",
    .failureAuthorizationNoCode: "Spotify refused the sign-in.",
    .failureRateLimited: "Too many requests; try again in {seconds} s.",
    .failureRateLimitedNoSeconds: "Too many requests; try again later.",
    .spFailureServer: "Spotify had a problem (HTTP {status}).",
    .spFailureUnexpected: "Spotify answered unexpectedly (HTTP {status}).",
    .spFailureInvalidResponse: "Spotify sent an answer that could not be read.",
    .spFailureStorage: "The connection could not be saved in the secret store.",
    .spRetryHint: "Press Enter to try again.",
    .helpConnect: "connect",
    .helpDisconnect: "disconnect",
    .helpSubmitPaste: "use the pasted address",
    .helpOpenAuthorize: "open link",
    .helpCopyAuthorize: "copy link",
    .helpCopyRedirect: "copy redirect URI",
    .helpOpenDashboard: "dashboard",
    .helpCancel: "cancel",
  ]

  static let german: [SpotifyL10n: String] = [
    .title: "Spotify verbinden",
    .why:
      "vibes liest deine Top-Künstler und gespeicherten Titel, um Konzerte zu finden und Playlists zu bauen. Die Verbindung nutzt Spotifys eigene Anmeldung (OAuth mit PKCE); vibes sieht nie dein Passwort.",
    .connectAction: "Enter  Mit Spotify verbinden",
    .setupTitle: "Lege zuerst deine Spotify-App an:",
    .setupCreateApp: "1. Erstelle im Spotify-Developer-Dashboard eine App (Web API):",
    .setupRedirect: "2. Trage genau diese Redirect-URI ein (y kopiert sie):",
    .redirectRegistered: "Deine Spotify-App muss genau diese Redirect-URI eingetragen haben (y kopiert sie):",
    .clientIDRejectedVariable: "Die Client-ID in der Variable {variable} wurde ignoriert.",
    .clientIDRejectedFile: "Die Client-ID in Zeile {line} von {path} wurde ignoriert.",
    .clientIDFormat:
      "Spotify-Client-IDs bestehen aus 32 Hexadezimalzeichen (0–9, a–f): kopiere die Client-ID von der Seite deiner App im Dashboard.",
    .setupClientID:
      "3. Schreib die Client-ID der App in {path} als Zeile \"spotify-client-id = DEINE_CLIENT_ID\" oder setze VIBES_SPOTIFY_CLIENT_ID und starte vibes neu.",
    .setupNoSecret: "Ein Client-Secret wird nicht gebraucht; leg nirgends eines ab.",
    .waiting: "Warte auf Spotify … schließ die Anmeldung im Browser ab.",
    .browserOpened: "Die Anmeldeseite wurde im Browser geöffnet.",
    .browserNotOpened: "Hier ließ sich kein Browser öffnen: öffne den Link unten selbst.",
    .authorizeLabel: "Anmeldelink:",
    .sshHint: "Über ssh läuft der Browser auf deinem eigenen Rechner. Führ dort zuerst das aus, dann öffne den Link:",
    .listenerDown:
      "vibes konnte nicht auf {uri} lauschen, die Weiterleitung kommt also nicht an: füg die Adresse ein, auf der dein Browser landet.",
    .pasteLabel: "Oder füg die Adresse ein, auf die dein Browser weitergeleitet wurde (oder nur den Code):",
    .exchanging: "Verbinde …",
    .connectedAs: "Verbunden als {name}",
    .connectedNoName: "Verbunden",
    .disconnectAction: "d  Trennen",
    .confirmDisconnect: "Spotify trennen und die Tokens löschen?  y ja · n nein",
    .disconnecting: "Trenne …",
    .reconnectNeeded:
      "Spotify akzeptiert die gespeicherte Verbindung nicht mehr (abgelaufen oder widerrufen). Verbinde neu.",
    .tokensNotSavedDiskFull:
      "Die erneuerte Spotify-Anmeldung konnte nicht gespeichert werden: Der Datenträger ist voll (Datenordner "
      + "{path}). Sie bleibt bis zum Beenden erhalten und wird bei der nächsten Nutzung erneut gespeichert: "
      + "Gib vor dem Beenden Speicherplatz frei.",
    .tokensNotSaved:
      "Die erneuerte Spotify-Anmeldung konnte nicht gespeichert werden. Sie bleibt bis zum Beenden erhalten "
      + "und wird bei der nächsten Nutzung erneut gespeichert.",
    .statusConnectedAs: "verbunden als {name}",
    .statusReconnect: "neu verbinden",
    .failureNotConfigured: "Es ist noch keine Spotify-Client-ID eingerichtet.",
    .failureStateMismatch: "Diese Adresse gehört zu einem anderen Anmeldeversuch; sie wurde nicht verwendet.",
    .failureNoCode: "Im Eingefügten steht kein Anmeldecode.",
    .failureAttemptExpired: "Dieser Anmeldeversuch ist vorbei.",
    .failureInvalidGrant: "Spotify hat den Anmeldecode nicht akzeptiert.",
    .failureAuthorization: "Spotify hat die Anmeldung abgelehnt ({code}).",
    .failureAuthorizationNoCode: "Spotify hat die Anmeldung abgelehnt.",
    .failureRateLimited: "Zu viele Anfragen; versuch es in {seconds} s erneut.",
    .failureRateLimitedNoSeconds: "Zu viele Anfragen; versuch es später erneut.",
    .spFailureServer: "Spotify hatte ein Problem (HTTP {status}).",
    .spFailureUnexpected: "Spotify hat unerwartet geantwortet (HTTP {status}).",
    .spFailureInvalidResponse: "Spotifys Antwort war nicht lesbar.",
    .spFailureStorage: "Die Verbindung ließ sich nicht im Schlüsselspeicher sichern.",
    .spRetryHint: "Enter versucht es erneut.",
    .helpConnect: "verbinden",
    .helpDisconnect: "trennen",
    .helpSubmitPaste: "eingefügte Adresse verwenden",
    .helpOpenAuthorize: "Link öffnen",
    .helpCopyAuthorize: "Link kopieren",
    .helpCopyRedirect: "Redirect-URI kopieren",
    .helpOpenDashboard: "Dashboard",
    .helpCancel: "abbrechen",
  ]
}

extension Localizer {
  public subscript(_ key: SpotifyL10n) -> String { text(key) }
  public func format(_ key: SpotifyL10n, _ values: [String: String]) -> String { text(key, values) }

  /// Where an ignored client ID came from ("The client ID in the variable … was ignored.").
  public func rejectedClientID(_ source: SpotifyClientIDSource) -> String {
    switch source {
    case .environment(let variable):
      return format(.clientIDRejectedVariable, ["variable": TerminalText.sanitize(variable)])
    case .configFile(let path, let line):
      return format(.clientIDRejectedFile, ["path": TerminalText.sanitize(path), "line": "\(line)"])
    }
  }

  public func spotifyFailure(_ failure: SpotifyFailure) -> String {
    switch failure {
    case .notConfigured: return self[SpotifyL10n.failureNotConfigured]
    case .stateMismatch: return self[SpotifyL10n.failureStateMismatch]
    case .noCode: return self[SpotifyL10n.failureNoCode]
    case .attemptExpired: return self[SpotifyL10n.failureAttemptExpired]
    case .invalidGrant: return self[SpotifyL10n.failureInvalidGrant]
    case .authorizationError(let code):
      guard let code, !code.isEmpty else { return self[SpotifyL10n.failureAuthorizationNoCode] }
      return format(SpotifyL10n.failureAuthorization, ["code": TerminalText.sanitize(code)])
    case .transport(let failure): return transportFailure(failure, service: "Spotify")
    case .rateLimited(let seconds):
      guard let seconds else { return self[SpotifyL10n.failureRateLimitedNoSeconds] }
      return format(SpotifyL10n.failureRateLimited, ["seconds": "\(seconds)"])
    case .serverError(let status): return format(SpotifyL10n.spFailureServer, ["status": "\(status)"])
    case .unexpectedStatus(let status): return format(SpotifyL10n.spFailureUnexpected, ["status": "\(status)"])
    case .invalidResponse: return self[SpotifyL10n.spFailureInvalidResponse]
    case .storageFailed: return self[SpotifyL10n.spFailureStorage]
    }
  }
}
