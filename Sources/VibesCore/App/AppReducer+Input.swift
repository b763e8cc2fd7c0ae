/// Routes a key or paste: global keys first, then the screen on top of the selected tab.
extension AppReducer {
  static func handleInput(_ state: inout AppState, _ event: InputEvent) -> [AppEffect] {
    if case .key(.ctrl("c")) = event {
      state.isQuitting = true
      return cancelRunningRequest(state) + [.quit]
    }
    if state.isHelpVisible {
      // Any key closes the help overlay; it never falls through to the screen below.
      if case .key = event { state.isHelpVisible = false }
      return []
    }
    // Esc followed quickly by a key arrives as Alt+key (ESC prefix). vibes binds no Alt keys besides
    // Alt-Enter, so read it as the two keys the user most likely pressed (fast typists, scripted demos).
    if case .key(.alt(let character)) = event {
      return handleInput(&state, .key(.escape)) + handleInput(&state, .key(.character(character)))
    }
    guard case .key(let key) = event else {
      if case .paste(let text) = event { return handlePaste(&state, text) }
      return []
    }
    if key != .function(1) { state.notice = nil }

    if state.isEditingText {
      switch state.router.selectedTab {
      case .feed: return handleFeedTabKey(&state, key)
      case .appStoreConnect: return handleAppStoreConnectKey(&state, key)
      case .tracker: return handleTrackerKey(&state, key)
      }
    }
    if let effects = handleGlobalKey(&state, key) {
      return effects
    }
    switch state.router.selectedTab {
    case .feed:
      return handleFeedTabKey(&state, key)
    case .appStoreConnect:
      return handleAppStoreConnectKey(&state, key)
    case .tracker:
      return handleTrackerKey(&state, key)
    }
  }

  /// Keys that mean the same on every screen without a focused text field. nil = not handled.
  static func handleGlobalKey(_ state: inout AppState, _ key: Key) -> [AppEffect]? {
    switch key {
    case .function(1), .character("?"):
      state.isHelpVisible = true
      return []
    case .character(let digit) where ("1"..."3").contains(digit):
      guard let number = digit.wholeNumberValue, let tab = Tab(rawValue: number),
        tab != state.router.selectedTab
      else { return [] }
      state.router.selectedTab = tab
      switch tab {
      case .feed: return []
      case .appStoreConnect: return reduceAppStoreConnect(&state, .tabSelected)
      case .tracker: return reduceTracker(&state, .tabSelected)
      }
    case .character("q"):
      if state.router.isAtRoot {
        state.isQuitting = true
        return [.quit]
      }
      return goBack(&state)
    case .escape:
      return goBack(&state)
    default:
      return nil
    }
  }

  /// Esc: cancel what runs on the top screen, else pop it.
  static func goBack(_ state: inout AppState) -> [AppEffect] {
    switch state.router.selectedTab {
    case .feed:
      if let effects = spotifyGoBack(&state) { return effects }
    case .appStoreConnect:
      if let effects = appStoreConnectGoBack(&state) { return effects }
    case .tracker:
      if let effects = trackerGoBack(&state) { return effects }
    }
    if state.router.selectedTab == .feed, let form = state.router.topForm {
      switch form.phase {
      case .validating(let id):
        state.router.updateTopForm { $0.phase = .editing }
        return [.cancel(requestID: id)]
      case .confirmingRemoval, .removalFailed:
        state.router.updateTopForm { $0.phase = .editing }
        return []
      case .saving, .removing:
        // Local writes finish in milliseconds; leaving now would hide their outcome.
        return []
      case .editing, .failed:
        break
      }
    }
    state.router.pop()
    return []
  }

  static func handleFeedTabKey(_ state: inout AppState, _ key: Key) -> [AppEffect] {
    switch state.router.feedPath.last {
    case nil:
      return handleFeedKey(&state, key)
    case .checklist(let checklist):
      return handleChecklistKey(&state, checklist, key)
    case .spotify:
      return handleSpotifyKey(&state, key)
    case .credentialForm:
      return handleFormKey(&state, key)
    }
  }

  static func handlePaste(_ state: inout AppState, _ text: String) -> [AppEffect] {
    switch state.router.selectedTab {
    case .feed:
      if case .spotify? = state.router.feedPath.last { return handleSpotifyPaste(&state, text) }
    case .appStoreConnect: return handleAppStoreConnectPaste(&state, text)
    case .tracker: return handleTrackerPaste(&state, text)
    }
    guard state.isEditingText else { return [] }
    state.router.updateTopForm { form in
      guard let index = form.focusedFieldIndex else { return }
      let cleaned = PastedText.clean(text, for: form.fields[index].kind)
      form.fields[index].input.insert(cleaned)
      form.fields[index].error = nil
      if case .failed = form.phase { form.phase = .editing }
    }
    return []
  }
}
