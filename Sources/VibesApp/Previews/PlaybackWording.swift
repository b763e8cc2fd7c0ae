import VibesCore
import VibesServices

/// The user's words for playback failures that come from the service clients (the core never sees their types).
public enum PlaybackWording {
  /// A refused Spotify Connect command: which of Premium, device or permission is missing; nil for failures the
  /// shared Spotify wording already covers (offline, rate limit, sign-in).
  public static func spotify(_ error: SpotifyWebError) -> LocalizedText? {
    switch error {
    case .playerRefused(.premiumRequired): return LocalizedText(PlaybackL10n.playbackPremiumRequired)
    case .playerRefused(.noActiveDevice): return LocalizedText(PlaybackL10n.playbackNoActiveDevice)
    case .playerRefused(let reason): return LocalizedText(PlaybackL10n.playbackRefused, ["reason": reason.rawValue])
    case .missingScope: return LocalizedText(PlaybackL10n.playbackNeedsPermission)
    default: return nil
    }
  }

  /// An iTunes failure while looking for a preview: the rate limit has its own text; nil for the network ones.
  public static func itunes(_ error: ITunesError) -> LocalizedText? {
    error == .rateLimited ? LocalizedText(PlaybackL10n.previewRateLimited) : nil
  }

  /// Said before playing over ssh: the sound would come out of `host`.
  public static func remoteSession(host: String) -> LocalizedText {
    LocalizedText(PlaybackL10n.previewRemoteSession, ["host": TerminalText.sanitize(host)])
  }
}
