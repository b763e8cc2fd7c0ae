/// Everything that can happen, named for what happened. Results of effects come back as actions.
public enum AppAction: Sendable, Hashable {
  case started
  case input(InputEvent)
  case resized(ScreenSize)
  case factsLoaded(SetupFacts)
  case factsLoadFailed
  case secretStoreDescribed(SecretStoreInfo)
  case feedWindowLoaded(total: Int, offset: Int, items: [FeedItem])
  case credentialPreviewLoaded(SetupStep, preview: String?)
  case validationFinished(requestID: Int, Result<ValidationSuccess, ValidationFailure>)
  case credentialSaved(requestID: Int, facts: SetupFacts, ValidationSuccess)
  case credentialSaveFailed(requestID: Int)
  case credentialRemoved(SetupStep, facts: SetupFacts)
  case credentialRemovalFailed(SetupStep)
  case linkHandled(opened: Bool)
  case terminationRequested
  case spotify(SpotifyAction)
  case appStoreConnect(AppStoreConnectAction)
  case tracker(TrackerAction)
}
