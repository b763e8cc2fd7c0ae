/// Work the core asks the edge to do, as plain values (the core itself does no I/O). A feature's own
/// effects travel as `.feature(FeatureMessage)` and run in that feature's effect runner.
public enum AppEffect: Sendable, Hashable {
  case loadFacts
  case describeSecretStore
  case cancel(requestID: Int)
  case openURL(String)
  case copyToClipboard(String)
  case quit
  case feature(FeatureMessage)
  /// The tutorial overlay's work at the edge.
  case tutorial(TutorialEffect)
  /// Delete the damaged vault and its key (the user confirmed); answers `.vaultResetFinished`.
  case resetVault(vaultPath: String, keyPath: String)
  /// Fetch and decode a picture off the main actor (`ArtworkEffect`).
  case artwork(ArtworkEffect)

  /// The id an `.cancel(requestID:)` effect stops this one by, if it can be cancelled.
  public var cancellationID: Int? {
    if case .feature(let message) = self { return message.cancellationID }
    return nil
  }
}
