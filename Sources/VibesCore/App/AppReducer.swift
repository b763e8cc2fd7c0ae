/// The one place state changes: `reduce(&state, action)` returns the effects to run.
/// Screen-specific handling lives in the `AppReducer+*.swift` extensions.
public enum AppReducer {
  public static func reduce(_ state: inout AppState, _ action: AppAction) -> [AppEffect] {
    switch action {
    case .started:
      return [.describeSecretStore, .loadFacts] + feedWindowEffects(&state, force: true)
        + spotifyStarted(&state) + appStoreConnectStarted(&state) + trackerStarted(&state)

    case .input(let event):
      return handleInput(&state, event)

    case .resized(let size):
      state.size = size
      clampFeedScroll(&state)
      return feedWindowEffects(&state)

    case .factsLoaded(let facts):
      state.facts = facts
      return []

    case .factsLoadFailed:
      state.notice = .storageUnavailable
      return []

    case .secretStoreDescribed(let info):
      state.secretStore = info
      return []

    case .feedWindowLoaded(let total, let offset, let items):
      state.feed.totalCount = total
      state.feed.windowOffset = offset
      state.feed.window = items
      state.feed.pendingWindow = nil
      clampFeedScroll(&state)
      return []

    case .credentialPreviewLoaded(let step, let preview):
      updateForm(&state, step: step) { form in
        if let index = form.fields.firstIndex(where: { $0.id == .apiKey }),
          form.fields[index].storedPreview != nil
        {
          form.fields[index].storedPreview = preview ?? ""
        }
      }
      return []

    case .validationFinished(let requestID, let result):
      return validationFinished(&state, requestID: requestID, result: result)

    case .credentialSaved(let requestID, let facts, let success):
      return credentialSaved(&state, requestID: requestID, facts: facts, success: success)

    case .credentialSaveFailed(let requestID):
      updateForm(&state, requestID: requestID) { $0.phase = .failed(.storageFailed) }
      return []

    case .credentialRemoved(let step, let facts):
      state.facts = facts
      state.notice = .removed(step)
      if state.router.topForm?.step == step { state.router.popToChecklist() }
      return []

    case .credentialRemovalFailed(let step):
      updateForm(&state, step: step) { $0.phase = .removalFailed }
      return []

    case .linkHandled(let opened):
      state.notice = opened ? .linkOpened : .noBrowser
      return []

    case .terminationRequested:
      state.isQuitting = true
      return cancelRunningRequest(state) + [.quit]

    case .spotify(let action):
      return reduceSpotify(&state, action)
    case .appStoreConnect(let action):
      return reduceAppStoreConnect(&state, action)
    case .tracker(let action):
      return reduceTracker(&state, action)
    }
  }

  /// Applies `body` to the top form when it belongs to `step`.
  static func updateForm(_ state: inout AppState, step: SetupStep, _ body: (inout CredentialForm) -> Void) {
    guard state.router.topForm?.step == step else { return }
    state.router.updateTopForm(body)
  }

  /// Applies `body` to the top form when it is waiting for `requestID`; stale answers are dropped.
  static func updateForm(_ state: inout AppState, requestID: Int, _ body: (inout CredentialForm) -> Void) {
    guard let form = state.router.topForm else { return }
    switch form.phase {
    case .validating(let id) where id == requestID, .saving(let id) where id == requestID:
      state.router.updateTopForm(body)
    default:
      return
    }
  }

  static func cancelRunningRequest(_ state: AppState) -> [AppEffect] {
    guard let form = state.router.topForm else { return [] }
    switch form.phase {
    case .validating(let id): return [.cancel(requestID: id)]
    default: return []
    }
  }
}
