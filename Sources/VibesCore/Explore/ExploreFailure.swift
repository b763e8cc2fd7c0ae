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
  /// Spotify took longer than the request's bound: the network is there, the answer was slow (issue 21).
  case timedOut
  case refused(String?)
  case invalidResponse

  /// The explanation, as a key of the Explore table with its values.
  public var text: LocalizedText {
    switch self {
    case .notConnected: return LocalizedText(ExploreL10n.musicNotConnected)
    case .reconnectNeeded: return LocalizedText(ExploreL10n.musicReconnect)
    case .notRegistered: return LocalizedText(ExploreL10n.musicNotRegistered)
    case .premiumRequired: return LocalizedText(ExploreL10n.musicPremium)
    case .notFound: return LocalizedText(ExploreL10n.musicNotFound)
    case .rateLimited(let seconds?):
      return LocalizedText(ExploreL10n.musicRateLimitedSeconds, ["seconds": "\(seconds)"])
    case .rateLimited(nil): return LocalizedText(ExploreL10n.musicRateLimited)
    case .server(let status): return LocalizedText(ExploreL10n.musicServer, ["status": "\(status)"])
    case .offline: return LocalizedText(ExploreL10n.musicOffline)
    case .timedOut: return LocalizedText(ExploreL10n.musicTimedOut)
    case .refused(let reason?): return LocalizedText(ExploreL10n.musicRefusedReason, ["reason": reason])
    case .refused(nil): return LocalizedText(ExploreL10n.musicRefused)
    case .invalidResponse: return LocalizedText(ExploreL10n.musicInvalidResponse)
    }
  }

  /// The failure as a warning on the status line.
  public var notice: Notice { .localized(text, isWarning: true) }
}
