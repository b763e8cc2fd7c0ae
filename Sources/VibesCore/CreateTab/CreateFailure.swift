import Foundation

/// Why a Create step failed, one case per message the user can act on (no key, URL or model text inside).
public enum CreateFailure: Error, Sendable, Hashable {
  /// No Gemini key is stored.
  case geminiKeyMissing
  /// 400 `API_KEY_INVALID` / 401: the key is wrong (the setup step can replace it).
  case keyRejected
  /// 403: the key may not use the API.
  case keyForbidden
  /// 404 for the configured model; names the setting to change.
  case modelNotFound(model: String)
  /// The model setting is not a model name.
  case invalidModelName
  /// Per-minute 429; retry after the delay.
  case rateLimitedPerMinute(retryAfterSeconds: Int?)
  /// Per-day 429; the free quota resets at midnight Pacific time (`resetsAt`).
  case quotaExhaustedForToday(resetsAt: Date?)
  case ranOutOfTokens
  case answerBlocked(reason: String)
  case promptBlocked(reason: String)
  case emptyReply
  case malformedReply
  case tooFewSongs(asked: Int, usable: Int)
  case serverProblem(status: Int)
  /// The network is down (or the service cannot be reached).
  case offline
  case timedOut
  /// Spotify is not connected (or must be connected again).
  case spotifyNotConnected
  /// Spotify asked to wait.
  case spotifyRateLimited(retryAfterSeconds: Int?)
  /// Spotify refused, with its sanitised description.
  case spotify(String)
  /// The local database could not be read or written.
  case storage
  /// Not one song of the playlist was found on Spotify: an empty playlist is not saved (issue 21).
  case noSongsFound

  /// True for failures the Gemini setup step can fix (Enter opens it).
  public var pointsToGeminiSetup: Bool {
    switch self {
    case .geminiKeyMissing, .keyRejected, .keyForbidden: return true
    default: return false
    }
  }

  /// True for failures the Spotify setup step can fix.
  public var pointsToSpotifySetup: Bool { self == .spotifyNotConnected }

  /// True when the network was unreachable (a save is queued instead of failing).
  public var isOffline: Bool { self == .offline || self == .timedOut }
}
