import Foundation
import VibesCore

extension Localizer {
  /// The one clear sentence for each Create failure.
  func createFailure(_ failure: CreateFailure) -> String {
    switch failure {
    case .geminiKeyMissing: return self[.createFailureKeyMissing]
    case .keyRejected: return self[.createFailureKeyRejected]
    case .keyForbidden: return self[.createFailureKeyForbidden]
    case .modelNotFound(let model):
      return format(.createFailureModelNotFound, ["model": TerminalText.sanitize(Self.clipped(model, to: 60))])
    case .invalidModelName: return self[.createFailureInvalidModel]
    case .rateLimitedPerMinute: return self[.createFailurePerMinute]
    case .quotaExhaustedForToday(let resetsAt):
      return format(.createFailureQuota, ["time": resetsAt.map(Self.clock) ?? "00:00 PT"])
    case .ranOutOfTokens: return self[.createFailureTokens]
    case .answerBlocked(let reason):
      return format(.createFailureAnswerBlocked, ["reason": TerminalText.sanitize(reason)])
    case .promptBlocked(let reason):
      return format(.createFailurePromptBlocked, ["reason": TerminalText.sanitize(reason)])
    case .emptyReply: return self[.createFailureEmptyReply]
    case .malformedReply: return self[.createFailureMalformed]
    case .tooFewSongs(let asked, _):
      return format(.createFailureTooFewSongs, ["asked": "\(asked)"])
    case .serverProblem(let status): return format(.createFailureServer, ["status": "\(status)"])
    case .offline: return self[.createFailureOffline]
    case .timedOut: return self[.createFailureTimedOut]
    case .spotifyNotConnected: return self[.createFailureSpotifyNotConnected]
    case .spotifyRateLimited(let seconds):
      guard let seconds else { return self[.createFailureSpotifyWait] }
      return format(.createFailureSpotifyWaitSeconds, ["seconds": "\(seconds)"])
    case .spotify(let message):
      return TerminalText.sanitize(Self.clipped(message, to: 200))
    case .storage: return self[.createFailureStorage]
    case .noSongsFound: return self[.createFailureNoSongsFound]
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
