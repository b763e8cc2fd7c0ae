/// The texts of "Play on Spotify" (Spotify Connect remote control), English and German. The shared playback
/// failures (no permission, a refused command) are `PlaybackL10n`'s.
public enum SpotifyPlayerL10n: String, LocalizedKey {
  case playerHelpPlay, playerHelpPause, playerHelpSkip, playerHelpPlayHere, playerHelpAllow
  case playerPremiumRequired, playerNoDevices, playerStarted
  case playerPickerTitle, playerPickerLoading, playerActiveDevice
  case playerConsentTitle, playerConsentBody, playerConsentHint
  case playerStarting, playerOnDevice

  public static func table(for language: Language) -> [SpotifyPlayerL10n: String] {
    switch language {
    case .en: return english
    case .de: return german
    }
  }

  static let english: [SpotifyPlayerL10n: String] = [
    .playerHelpPlay: "play on Spotify",
    .playerHelpPause: "pause/resume",
    .playerHelpSkip: "next/previous",
    .playerHelpPlayHere: "play here",
    .playerHelpAllow: "allow playback control",
    .playerPremiumRequired:
      "Playing on a Spotify device needs Spotify Premium (PREMIUM_REQUIRED). Press o to open it in Spotify instead.",
    .playerNoDevices:
      "No Spotify device is active (NO_ACTIVE_DEVICE): open Spotify on a phone, computer or speaker and press P again, or press o to open it in Spotify.",
    .playerStarted: "Playing on Spotify.",
    .playerPickerTitle: "Play on which device?",
    .playerPickerLoading: "Looking for your Spotify devices…",
    .playerActiveDevice: "(active)",
    .playerConsentTitle: "Allow playback control",
    .playerConsentBody:
      "To play on your Spotify devices, vibes needs your permission to read and control your playback. Spotify's sign-in opens once more and asks for it; everything else keeps working without it.",
    .playerConsentHint: "Enter: sign in again and allow · Esc: not now",
    .playerStarting: "Starting on Spotify…",
    .playerOnDevice: "on {device}",
  ]

  static let german: [SpotifyPlayerL10n: String] = [
    .playerHelpPlay: "auf Spotify abspielen",
    .playerHelpPause: "Pause/weiter",
    .playerHelpSkip: "nächster/voriger",
    .playerHelpPlayHere: "hier abspielen",
    .playerHelpAllow: "Wiedergabesteuerung erlauben",
    .playerPremiumRequired:
      "Abspielen auf einem Spotify-Gerät braucht Spotify Premium (PREMIUM_REQUIRED). Drücke o, um es stattdessen in Spotify zu öffnen.",
    .playerNoDevices:
      "Kein Spotify-Gerät ist aktiv (NO_ACTIVE_DEVICE): öffne Spotify auf einem Handy, Rechner oder Lautsprecher und drücke erneut P, oder drücke o, um es in Spotify zu öffnen.",
    .playerStarted: "Läuft auf Spotify.",
    .playerPickerTitle: "Auf welchem Gerät abspielen?",
    .playerPickerLoading: "Suche deine Spotify-Geräte…",
    .playerActiveDevice: "(aktiv)",
    .playerConsentTitle: "Wiedergabesteuerung erlauben",
    .playerConsentBody:
      "Um auf deinen Spotify-Geräten abzuspielen, braucht vibes deine Erlaubnis, die Wiedergabe zu lesen und zu steuern. Die Spotify-Anmeldung öffnet sich noch einmal und fragt danach; alles andere funktioniert auch ohne.",
    .playerConsentHint: "Enter: erneut anmelden und erlauben · Esc: jetzt nicht",
    .playerStarting: "Starte auf Spotify…",
    .playerOnDevice: "auf {device}",
  ]
}

extension Localizer {
  /// A "Play on Spotify" text.
  public subscript(_ key: SpotifyPlayerL10n) -> String { text(key) }
  /// A "Play on Spotify" text with its `{placeholders}` filled.
  public func format(_ key: SpotifyPlayerL10n, _ values: [String: String]) -> String { text(key, values) }
}
