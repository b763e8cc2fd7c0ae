import VibesCore
import VibesStorage

extension StatusReport {
  /// " (as NAME)" for a connected Spotify step, " (reconnect needed)" after Spotify refused the tokens.
  static func spotifyDetail(_ storage: CLIStorage, complete: Bool, _ t: Localizer) -> String {
    guard let record = try? storage.database.spotifyConnection() else { return "" }
    if complete, let name = record.displayName, !name.isEmpty { return " (" + TerminalText.sanitize(name) + ")" }
    if !complete, record.needsReconnect { return " (" + t[SpotifyL10n.statusReconnect] + ")" }
    return ""
  }
}
