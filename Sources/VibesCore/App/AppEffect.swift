/// Work the core asks the edge to do, as plain values (the core itself does no I/O).
public enum AppEffect: Sendable, Hashable {
  case loadFacts
  case describeSecretStore
  case loadFeedWindow(FeedWindowRequest)
  /// Read the stored secret only to produce its masked preview.
  case loadCredentialPreview(SetupStep)
  case validate(requestID: Int, CredentialSubmission)
  /// After a successful check: secret to the secret store, non-secrets to SQLite.
  case save(requestID: Int, CredentialSubmission, ValidationSuccess)
  case cancel(requestID: Int)
  case removeCredential(SetupStep)
  case openURL(String)
  case copyToClipboard(String)
  case quit
  case spotify(SpotifyEffect)
  case appStoreConnect(AppStoreConnectEffect)
  case tracker(TrackerEffect)

  /// The id an `.cancel(requestID:)` effect stops this one by, if it can be cancelled.
  public var cancellationID: Int? {
    switch self {
    case .validate(let requestID, _): return requestID
    case .spotify(let effect): return effect.cancellationID
    case .appStoreConnect(let effect): return effect.cancellationID
    case .tracker(let effect): return effect.cancellationID
    default: return nil
    }
  }
}
