import Foundation

/// Everything that can happen at the root, named for what happened. A feature's own actions travel as
/// `.feature(FeatureMessage)`; each feature adds static constructors for them in its own folder.
public enum AppAction: Sendable, Hashable {
  case started
  case input(InputEvent)
  case resized(ScreenSize)
  case factsLoaded(SetupFacts)
  case factsLoadFailed
  case secretStoreDescribed(SecretStoreInfo)
  case linkHandled(opened: Bool)
  /// The database file was damaged: it was moved to `movedTo` and a new one built (settings and caches are
  /// gone; secrets are not). `reason` is why, in the user's words.
  case databaseRecovered(movedTo: String, reason: LocalizedText)
  case terminationRequested
  case feature(FeatureMessage)
  /// The first-launch tutorial, an overlay above every tab (not a tab).
  case tutorial(TutorialAction)
  /// The runtime's clock: the wall-clock time, at most every 30 s while the UI runs, for the tabs that want it.
  case clockTicked(Date)
  /// The vault cannot be opened (key lost, invalid, or vault damaged): the root offers the reset.
  case secretStoreDamaged(SecretStoreDamage)
  case vaultResetFinished(success: Bool)
  /// The edge found a storage problem worth saying (another vibes running, a full disk), worded in both
  /// languages from its table; shown as a warning on the status line.
  case storageProblemFound(LocalizedText)
  /// Artwork the frame asked for, loaded or failed (`ArtworkState`).
  case artwork(ArtworkAction)
}
