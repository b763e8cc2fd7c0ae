/// Why a Spotify request of Explore or Profile failed, as the screens explain it.
public enum MusicFailure: Error, Sendable, Hashable, Codable {
  case notConnected
  case reconnectNeeded
  /// 403 "user may not be registered": the development-mode allowlist.
  case notRegistered
  case premiumRequired
  case notFound
  /// 429 not waited out; seconds from Retry-After when given.
  case rateLimited(seconds: Int?)
  case server(status: Int)
  /// No network (the answer may come from the cache, marked with its age).
  case offline
  case refused(String?)
  case invalidResponse

  /// The explanation in English and German.
  public var text: (en: String, de: String) {
    switch self {
    case .notConnected:
      return ("Spotify is not connected.", "Spotify ist nicht verbunden.")
    case .reconnectNeeded:
      return ("Spotify needs to be connected again.", "Spotify muss neu verbunden werden.")
    case .notRegistered:
      return (
        "This Spotify account is not on the app's user list: the app owner adds it in the Spotify dashboard (User Management).",
        "Dieses Spotify-Konto steht nicht auf der Nutzerliste der App: der App-Besitzer trägt es im Spotify-Dashboard ein (User Management)."
      )
    case .premiumRequired:
      return (
        "Spotify requires the app owner to have Premium for development-mode apps.",
        "Spotify verlangt Premium beim App-Besitzer für Apps im Entwicklungsmodus."
      )
    case .notFound:
      return ("Spotify does not know that item.", "Spotify kennt diesen Eintrag nicht.")
    case .rateLimited(let seconds?):
      return (
        "Spotify asks to wait \(seconds) s before trying again.",
        "Spotify bittet, \(seconds) s zu warten."
      )
    case .rateLimited(nil):
      return ("Spotify asks to wait before trying again.", "Spotify bittet, kurz zu warten.")
    case .server(let status):
      return ("Spotify had a problem (HTTP \(status)).", "Spotify hatte ein Problem (HTTP \(status)).")
    case .offline:
      return ("No connection to Spotify.", "Keine Verbindung zu Spotify.")
    case .refused(let reason?):
      return ("Spotify refused the request (\(reason)).", "Spotify hat die Anfrage abgelehnt (\(reason)).")
    case .refused(nil):
      return ("Spotify refused the request.", "Spotify hat die Anfrage abgelehnt.")
    case .invalidResponse:
      return ("Spotify sent an answer that could not be read.", "Spotifys Antwort war nicht lesbar.")
    }
  }

  /// The failure as a warning on the status line.
  public var notice: Notice { .text(en: text.en, de: text.de, isWarning: true) }
}
