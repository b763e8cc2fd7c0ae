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
}
