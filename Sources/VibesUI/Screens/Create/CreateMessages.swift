import Foundation
import VibesCore

extension Localizer {
  /// English or German text for the Create tab (its strings live beside their screen).
  func create(_ en: String, _ de: String) -> String { language == .de ? de : en }

  /// The one clear sentence for each Create failure.
  func createFailure(_ failure: CreateFailure) -> String {
    switch failure {
    case .geminiKeyMissing:
      return create(
        "Create needs a Gemini API key. Press Enter to open the Gemini setup step.",
        "Erstellen braucht einen Gemini-API-Schlüssel. Enter öffnet die Gemini-Einrichtung.")
    case .keyRejected:
      return create(
        "Gemini rejected the API key. Press Enter to enter a new one in the Gemini setup step.",
        "Gemini hat den API-Schlüssel abgelehnt. Enter öffnet die Gemini-Einrichtung.")
    case .keyForbidden:
      return create(
        "Gemini refused the API key (blocked or API not enabled). Press Enter to open the Gemini setup step.",
        "Gemini verweigert den API-Schlüssel (gesperrt oder API nicht aktiviert). Enter öffnet die Gemini-Einrichtung.")
    case .modelNotFound(let model):
      let name = TerminalText.sanitize(Self.clipped(model, to: 60))
      return create(
        "Gemini has no model “\(name)”. Set another with gemini-model = … in the config file or VIBES_GEMINI_MODEL.",
        "Gemini kennt das Modell „\(name)“ nicht. Stelle ein anderes mit gemini-model = … in der Konfiguration "
          + "oder VIBES_GEMINI_MODEL ein.")
    case .invalidModelName:
      return create(
        "The gemini-model setting (or VIBES_GEMINI_MODEL) is not a model name.",
        "Die Einstellung gemini-model (oder VIBES_GEMINI_MODEL) ist kein Modellname.")
    case .rateLimitedPerMinute:
      return create(
        "Gemini's per-minute limit for this key is reached.",
        "Das Minutenlimit von Gemini für diesen Schlüssel ist erreicht.")
    case .quotaExhaustedForToday(let resetsAt):
      let time = resetsAt.map(Self.clock) ?? "00:00 PT"
      return create(
        "The Gemini key has used today's free quota. It resets at midnight Pacific time (\(time) here).",
        "Der Gemini-Schlüssel hat das heutige Gratis-Kontingent verbraucht. Es wird um Mitternacht "
          + "pazifischer Zeit zurückgesetzt (\(time) hier).")
    case .ranOutOfTokens:
      return create(
        "Gemini ran out of output tokens before answering; try fewer songs.",
        "Gemini hatte vor der Antwort keine Ausgabe-Tokens mehr; versuche weniger Songs.")
    case .answerBlocked(let reason):
      return create(
        "Gemini stopped its answer (\(TerminalText.sanitize(reason))); try another prompt.",
        "Gemini hat die Antwort abgebrochen (\(TerminalText.sanitize(reason))); versuche einen anderen Prompt.")
    case .promptBlocked(let reason):
      return create(
        "Gemini refused the prompt (\(TerminalText.sanitize(reason))); try another prompt.",
        "Gemini hat den Prompt abgelehnt (\(TerminalText.sanitize(reason))); versuche einen anderen.")
    case .emptyReply:
      return create(
        "Gemini sent an empty answer; press Enter to try again.",
        "Gemini hat leer geantwortet; Enter versucht es erneut.")
    case .malformedReply:
      return create(
        "Gemini's answer was not the playlist format asked for; press Enter to try again.",
        "Geminis Antwort hatte nicht das verlangte Format; Enter versucht es erneut.")
    case .tooFewSongs(let asked, let usable):
      return create(
        "Gemini suggested only \(usable) usable songs of \(asked); press Enter to try again.",
        "Gemini hat nur \(usable) brauchbare von \(asked) Songs vorgeschlagen; Enter versucht es erneut.")
    case .serverProblem(let status):
      return create(
        "The service had a problem (HTTP \(status)); try again later.",
        "Der Dienst hatte ein Problem (HTTP \(status)); versuche es später.")
    case .offline:
      return create("Cannot reach the service; check the network.", "Der Dienst ist nicht erreichbar; prüfe das Netz.")
    case .timedOut:
      return create("The service did not answer in time; try again.", "Der Dienst hat nicht rechtzeitig geantwortet.")
    case .spotifyNotConnected:
      return create(
        "Finding and saving songs needs Spotify. Press Enter to connect Spotify.",
        "Songs finden und speichern braucht Spotify. Enter verbindet Spotify.")
    case .spotifyRateLimited(let seconds):
      if let seconds {
        return create(
          "Spotify asks to wait \(seconds) s; try again then.", "Spotify bittet, \(seconds) s zu warten.")
      }
      return create("Spotify asks to wait; try again in a moment.", "Spotify bittet zu warten.")
    case .spotify(let message):
      return TerminalText.sanitize(Self.clipped(message, to: 200))
    case .storage:
      return create("The local database could not be used.", "Die lokale Datenbank ist nicht nutzbar.")
    }
  }

  /// `text` up to `limit` characters, ending in "…" when it was longer (never cut off silently mid-word).
  static func clipped(_ text: String, to limit: Int) -> String {
    text.count > limit ? String(text.prefix(limit - 1)) + "…" : text
  }

  /// "HH:mm" in the local time zone.
  static func clock(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.dateFormat = "HH:mm"
    return formatter.string(from: date)
  }

  /// "3:45".
  static func trackLength(_ milliseconds: Int) -> String {
    let seconds = max(0, milliseconds / 1000)
    return "\(seconds / 60):" + String(format: "%02d", seconds % 60)
  }

  /// "1 h 12 min" / "48 min".
  func totalLength(_ milliseconds: Int) -> String {
    let minutes = max(0, milliseconds / 60_000)
    return minutes >= 60 ? "\(minutes / 60) h \(minutes % 60) min" : "\(minutes) min"
  }
}
