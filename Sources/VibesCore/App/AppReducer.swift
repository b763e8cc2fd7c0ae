/// The root reducer: global keys, then the selected tab's feature. Features change only their own state
/// and the shared `AppContext`; the root routes, switches tabs and acts on navigation requests.
public enum AppReducer {
  public static func reduce(_ state: inout AppState, _ action: AppAction) -> [AppEffect] {
    // The tab that acts (a message's owner, else the one showing) already knows of a change it makes.
    let actor: TabID
    if case .feature(let message) = action { actor = message.tab } else { actor = state.selectedTab }
    var effects = reduceRoot(&state, action)
    effects += announceFactsChange(&state, from: actor)
    effects += followNavigationRequest(&state)
    // The whole-message overlay shows the notice; with the notice gone there is nothing to show, and the
    // tutorial (which takes every key) covers it.
    if state.isNoticeOpen, state.notice == nil || state.tutorial.isVisible { NoticeKeys.perform(.close, &state) }
    // News that waited behind the user's own message (`AppContext.announce`) shows once that message is gone.
    state.context.showWaitingNews()
    return effects
  }

  static func reduceRoot(_ state: inout AppState, _ action: AppAction) -> [AppEffect] {
    switch action {
    case .started:
      return [.describeSecretStore, .loadFacts] + launchTabs(&state) + [.tutorial(.loadSeen)]

    case .input(let event):
      return handleInput(&state, event)

    case .resized(let size):
      state.size = size
      return state.tabs.tabs.flatMap { $0.contextChanged(&state, .resized) }

    case .factsLoaded(let facts):
      state.facts = facts
      state.context.factsChanged = false
      return state.tabs.tabs.flatMap { $0.contextChanged(&state, .factsChanged) }

    case .factsLoadFailed:
      state.notice = .storageUnavailable
      return []

    case .secretStoreDescribed(let info):
      state.context.secretStore = info
      return []

    case .linkHandled(let opened):
      state.notice = opened ? .linkOpened : .noBrowser
      return []

    case .databaseRecovered(let movedTo, let reason):
      // What happened and that the keys are safe come first; the status line wraps to show the path.
      state.notice = .localized(
        LocalizedText(L10n.noticeDatabaseRebuilt) { t in ["reason": t[reason], "path": movedTo] }, isWarning: true)
      return []

    case .storageProblemFound(let text):
      state.notice = .localized(text, isWarning: true)
      return []

    case .terminationRequested:
      state.isQuitting = true
      return cancelRunning(state) + [.quit]

    case .tutorial(let action):
      return Tutorial.reduce(action, &state)

    case .artwork(let action):
      return ArtworkState.reduce(&state.artwork, action).map(AppEffect.artwork)

    case .clockTicked(let date):
      return state.tabs.tabs.filter(\.wantsClock).flatMap { $0.clockTicked(&state, date) }

    case .feature(let message):
      return state.tabs.registration(message.tab)?.reduce(&state, message) ?? []

    case .secretStoreDamaged(let damage):
      // Shown again each time (a save that failed on it, a reload): the way out stays in sight.
      state.vaultRecovery = VaultRecovery(damage: damage)
      return []

    case .vaultResetFinished(let success):
      guard success else {
        state.vaultRecovery?.phase = .failed
        return []
      }
      state.vaultRecovery = nil
      state.notice = .message(.vault(.done))
      return [.loadFacts] + launchTabs(&state)
    }
  }

  /// Routes a key or paste: quit and help first, then the keys that are never text, then the screen's
  /// own bindings, then text editing, then the global keys that only work outside a text field.
  static func handleInput(_ state: inout AppState, _ event: InputEvent) -> [AppEffect] {
    if case .key(.ctrl("c")) = event {
      state.isQuitting = true
      return cancelRunning(state) + [.quit]
    }
    if let overlay = state.overlays.first {
      return handleInput(&state, event, on: overlay)
    }
    // `!` opens a warning whole before any key clears the notice.
    if case .key(let key) = event, let command = NoticeKeys.openBindings(state).command(for: key) {
      NoticeKeys.perform(command, &state)
      return []
    }
    guard let registration = state.selectedRegistration else { return [] }
    guard case .key(let key) = event else {
      return registration.handleUnbound(&state, event) ?? []
    }
    if key != .pageUp, key != .pageDown { state.context.scroll = ScrollPosition() }
    // Opening the help keeps the notice, so the help can list `!` for it; so does Esc leaving a text field
    // under a warning, so that `!` can then open the warning whole.
    let opensHelp = key == .function(1) || (key == .character("?") && !state.isEditingText)
    let leavesFieldUnderWarning = key == .escape && state.isEditingText && state.notice?.isWarning == true
    if !opensHelp, !leavesFieldUnderWarning { state.notice = nil }

    // Alt+letter arrives as ESC then the letter when typed fast: read it as those two keys.
    if case .alt(let character) = key, character.wholeNumberValue == nil {
      return handleInput(&state, .key(.escape)) + handleInput(&state, .key(.character(character)))
    }
    let editing = state.isEditingText
    let global = GlobalKeys.entry(state, editing: editing)
    if let command = global.neverText.command(for: key) {
      return perform(command, &state)
    }
    if let effects = registration.handleKey(&state, key) { return effects }
    if editing, let effects = registration.handleUnbound(&state, event) { return effects }
    if let command = global.bindings.command(for: key) { return perform(command, &state) }
    return registration.handleUnbound(&state, event) ?? []
  }

  /// A key while an overlay is on top (`Overlay` holds the one order): only the overlay's own keys work.
  static func handleInput(_ state: inout AppState, _ event: InputEvent, on overlay: Overlay) -> [AppEffect] {
    guard case .key(let key) = event else { return [] }
    switch overlay {
    case .help:
      // Any key closes the help overlay; it never falls through to the screen below.
      state.isHelpVisible = false
      return []
    case .quitQuestion:
      // The quit question: only its own keys answer; anything else leaves the question standing.
      guard let command = QuitKeys.bindings().command(for: key) else { return [] }
      return QuitKeys.perform(command, &state)
    case .notice:
      // The whole message covers the screen: only its own keys work (Ctrl-C still quits).
      if let command = NoticeKeys.overlayBindings(state).command(for: key) { NoticeKeys.perform(command, &state) }
      return []
    case .vaultRecovery:
      // Only its own keys work, `!` for a warning, and PgUp/PgDn when it is taller than the terminal (a narrow
      // one in German).
      if let command = NoticeKeys.openBindings(state).command(for: key) {
        NoticeKeys.perform(command, &state)
        return []
      }
      if let scroll = GlobalKeys.scrollBindings(state).command(for: key) { return perform(scroll, &state) }
      guard var recovery = state.vaultRecovery, let command = recovery.bindings.command(for: key) else { return [] }
      let effects = recovery.perform(command)
      state.vaultRecovery = recovery
      return effects
    case .tutorial:
      // The tutorial overlay takes every key while it shows.
      return Tutorial.handleKey(key, &state)
    }
  }

  static func perform(_ command: GlobalCommand, _ state: inout AppState) -> [AppEffect] {
    switch command {
    case .help:
      state.isHelpVisible = true
      return []
    case .selectTab(let tab):
      // The user chose a tab: Esc no longer leads back to an earlier one.
      state.returnPoint = nil
      return select(tab, &state)
    case .quitOrBack:
      guard state.isAtRoot else { return goBack(&state) }
      return QuitKeys.quit(&state)
    case .back:
      return goBack(&state)
    case .scroll(let pages):
      let rows = max(1, state.context.viewport.viewportHeight - 1)
      state.context.scroll.scroll(by: pages * rows, in: state.context.viewport)
      return []
    }
  }

  /// Every tab's background work, and the first loads of only the tab that shows; the others start when first
  /// selected (`select`), so nothing the first frame does not need runs before it.
  static func launchTabs(_ state: inout AppState) -> [AppEffect] {
    let shown = state.selectedTab
    state.tabsToStart = Set(state.tabs.ids.filter { $0 != shown })
    let launched = state.tabs.tabs.flatMap { $0.launch(&state) }
    return (state.selectedRegistration?.start(&state) ?? []) + launched
  }

  static func select(_ tab: TabID, _ state: inout AppState) -> [AppEffect] {
    guard tab != state.selectedTab, let registration = state.tabs.registration(tab) else { return [] }
    // The tab (or area) that showed hears that it is hidden now, before the next one arrives.
    let left = state.selectedRegistration?.leave(&state) ?? []
    state.selectedTab = tab
    state.context.scroll = ScrollPosition()
    // Its first visit since launch: its first loads, then the arrival.
    let started = state.tabsToStart.remove(tab) != nil ? registration.start(&state) : []
    return left + started + registration.arrive(&state)
  }

  /// Esc: the feature cancels, leaves a field or pops; at its root there is nothing to do. A screen opened from
  /// another tab goes back there once it closes (`ReturnPoint`).
  static func goBack(_ state: inout AppState) -> [AppEffect] {
    guard let registration = state.selectedRegistration else { return [] }
    let effects = registration.goBack(&state)
    if effects == nil, state.returnPoint?.destination == state.selectedTab, registration.depth(state) == 0 {
      // Nothing left to close here (the request opened the tab's root): back to the origin.
      state.returnPoint?.openedDepth = 1
    }
    if effects == nil, state.returnPoint == nil, let home = registration.home, registration.depth(state) == 0 {
      // An area's root with nowhere recorded to return to: back to the tab it belongs to.
      return select(home, &state)
    }
    return (effects ?? []) + returnIfClosed(&state)
  }

  static func followNavigationRequest(_ state: inout AppState) -> [AppEffect] {
    guard let request = state.context.navigationRequest else { return [] }
    state.context.navigationRequest = nil
    switch request {
    case .selectTab(let tab):
      return recordingReturn(&state) { select(tab, &$0) }
    case .open(let tab, let message):
      guard let registration = state.tabs.registration(tab) else { return [] }
      return recordingReturn(&state) { state in select(tab, &state) + registration.reduce(&state, message) }
    case .restart:
      // Sign-out: what still runs belongs to the old session; cancel it before everything starts again.
      let cancels = cancelRunning(state)
      var fresh = AppState(size: state.size, tabs: state.tabs)
      fresh.context.secretStore = state.context.secretStore
      fresh.context.nextRequestID = state.context.nextRequestID
      fresh.context.notice = state.context.notice
      fresh.context.language = state.context.language
      fresh.isDemo = state.isDemo
      state = fresh
      // The first-launch screen: every tab from nothing, and the tutorial from its first card.
      return cancels + reduceRoot(&state, .started) + Tutorial.reduce(.replay, &state)
    case .replayTutorial:
      return Tutorial.reduce(.replay, &state)
    }
  }

  /// Quits at once, cancelling what runs.
  static func quitNow(_ state: inout AppState) -> [AppEffect] {
    state.isQuitting = true
    return cancelRunning(state) + [.quit]
  }

  /// On quit: cancel every request that can be cancelled (the runtime drops their late answers).
  static func cancelRunning(_ state: AppState) -> [AppEffect] {
    state.tabs.tabs.flatMap { $0.runningRequestIDs(state) }.map { .cancel(requestID: $0) }
  }

  /// A feature changed the shared setup facts (a save, a removal): the other tabs hear of it, as after a load.
  static func announceFactsChange(_ state: inout AppState, from actor: TabID) -> [AppEffect] {
    guard state.context.factsChanged else { return [] }
    state.context.factsChanged = false
    return state.tabs.tabs.filter { $0.id != actor }.flatMap { $0.contextChanged(&state, .factsChanged) }
  }
}

/// A change to the shared context that features may react to.
public enum ContextChange: Sendable, Hashable {
  case resized
  /// The setup facts were (re)read.
  case factsChanged
}
