import Foundation

/// Why a playlist generation failed, one case per thing the user can understand or act on.
///
/// No case carries the key, a URL or model output text; `reason`/`finishReason` values are sanitised machine codes.
public enum GeminiGenerationError: Error, Equatable, Sendable {
  /// The configured model name is not a model name (checked before any request).
  case invalidModelName
  /// 404: the model does not exist (or was shut down).
  case modelNotFound(model: String)
  /// 400 `API_KEY_INVALID` or 401: the key is wrong.
  case keyRejected
  /// 403: the key is not allowed to use the API (blocked, leaked, service disabled).
  case keyForbidden(reason: String?)
  /// 429 with a per-minute (or unnamed) quota: retry after the delay.
  case rateLimitedPerMinute(retryAfterSeconds: Int?)
  /// 429 with a per-day quota: retrying today does not help (the count resets at midnight Pacific).
  case quotaExhaustedForToday
  /// Finished with `MAX_TOKENS` before any answer text (thinking used the budget).
  case ranOutOfTokens
  /// The answer was stopped (`finishReason` SAFETY, RECITATION, BLOCKLIST, PROHIBITED_CONTENT, SPII, OTHER…).
  case answerBlocked(finishReason: String)
  /// The prompt itself was refused (`promptFeedback.blockReason`), no candidate came back.
  case promptBlocked(reason: String)
  /// A 200 with no candidate text at all.
  case emptyReply
  /// The text was not the JSON object the schema asked for.
  case malformedReply
  /// The JSON parsed but its values are unusable (missing name, too few valid distinct songs).
  case invalidReply(InvalidReply)
  /// 5xx.
  case serverProblem(status: Int)
  /// Anything else: transport failures, timeouts, cancellation, other statuses.
  case service(ServiceError)

  /// What exactly was wrong with a parsed reply.
  public enum InvalidReply: Equatable, Sendable {
    case missingName
    /// After dropping blank, repeated and already listed entries no song was left.
    case tooFewSongs(asked: Int, usable: Int)
  }
}

extension GeminiGenerationError: LocalizedError {
  public var errorDescription: String? {
    switch self {
    case .invalidModelName:
      return "The Gemini model setting (gemini-model / VIBES_GEMINI_MODEL) is not a model name."
    case .modelNotFound(let model):
      return "Gemini has no model \"\(model)\"; set another with gemini-model in the config file or VIBES_GEMINI_MODEL."
    case .keyRejected:
      return "Gemini rejected the API key."
    case .keyForbidden(let reason):
      if let reason { return "Gemini refused the API key (\(reason))." }
      return "Gemini refused the API key."
    case .rateLimitedPerMinute(let seconds):
      if let seconds { return "Gemini is busy for this key; try again in \(seconds) s." }
      return "Gemini is busy for this key; try again in a minute."
    case .quotaExhaustedForToday:
      return "The Gemini key has used today's free requests; try again tomorrow."
    case .ranOutOfTokens:
      return "Gemini ran out of output tokens before answering; try fewer songs."
    case .answerBlocked(let reason):
      return "Gemini stopped its answer (\(reason)); try another prompt."
    case .promptBlocked(let reason):
      return "Gemini refused the prompt (\(reason)); try another prompt."
    case .emptyReply:
      return "Gemini sent an empty answer; try again."
    case .malformedReply:
      return "Gemini's answer was not the playlist format asked for; try again."
    case .invalidReply(.missingName):
      return "Gemini's answer had no playlist name; try again."
    case .invalidReply(.tooFewSongs(let asked, let usable)):
      return "Gemini suggested \(usable) usable songs of \(asked); try again."
    case .serverProblem(let status):
      return "Gemini had a problem (HTTP \(status)); try again later."
    case .service(let error):
      return error.errorDescription
    }
  }
}
