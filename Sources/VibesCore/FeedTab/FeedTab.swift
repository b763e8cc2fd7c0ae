import Foundation

extension TabID {
  public static let feed = TabID("feed")
}

/// The Feed tab: the SetupCard, the refresh status line and the cached cards at the root; the checklist, the
/// credential forms, the Spotify screen and the card details pushed on `path`.
public struct FeedTab: TabFeature {
  public static let id = TabID.feed
  public typealias Action = FeedAction
  public typealias Effect = FeedEffect
  public typealias Command = FeedCommand

  public var path: [FeedDestination] = []
  /// The shipped city list, once the City field first needed it (nil before; never read at start-up).
  public var cityIndex: CityIndex?
  /// True once the list was asked for, so typing asks only once.
  public var isCityIndexRequested = false
  public var list = FeedState()
  public var refresh = FeedRefreshState()
  /// Friends' songs and new follows: polling and how the last fetch went.
  public var social = SocialFeedState()

  public init() {}

  public var depth: Int { path.count }

  public var isEditingText: Bool {
    switch path.last {
    case .credentialForm(let form)?:
      return form.isEditingText
    case .spotify(let connect)?:
      if case .waiting = connect.phase { return true }
      return false
    default:
      return false
    }
  }

  /// The request a quit must cancel, if one runs on top.
  public var runningRequestIDs: [Int] { runningRequestID.map { [$0] } ?? [] }

  /// The Feed's clock: the "updated … ago" line, the due refresh and the pending-sync count follow it.
  public static var wantsClock: Bool { true }

  public static func isClockDriven(_ action: FeedAction) -> Bool {
    switch action {
    case .clockTicked, .pendingSyncCounted: return true
    default: return false
    }
  }

  public var runningRequestID: Int? {
    switch path.last {
    case .credentialForm(let form)?:
      if case .checking(let id) = form.phase { return id }
    case .spotify(let connect)?:
      return connect.requestID
    case .release(let detail)?:
      if case .loading(let id) = detail.tracks { return id }
    default: break
    }
    return nil
  }

  public mutating func start(_ context: inout AppContext) -> [AppEffect] {
    windowEffects(context, force: true) + [
      Self.run(.loadFeedStatus), Self.run(.spotify(.loadStatus)), Self.run(.countPendingSync),
    ]
  }

  public mutating func contextChanged(_ change: ContextChange, _ context: inout AppContext) -> [AppEffect] {
    switch change {
    case .resized:
      clampScroll(context)
      return windowEffects(context)
    case .factsChanged:
      return refreshIfStale(&context)
    }
  }

  public mutating func reduce(_ action: FeedAction, _ context: inout AppContext) -> [AppEffect] {
    switch action {
    case .windowLoaded(let total, let offset, let items):
      windowArrived(total: total, offset: offset, items: items, context)
      return []
    case .feedStatusLoaded(let updatedAt, let now):
      refresh.updatedAt = updatedAt
      refresh.now = now
      refresh.statusLoaded = true
      return refreshIfStale(&context)
    case .clockTicked(let date):
      return clockTicked(date, &context)
    case .pendingSyncCounted(let count):
      refresh.pendingSync = max(0, count)
      return []
    case .refreshFinished(let requestID, let report):
      return refreshFinished(requestID: requestID, report, &context)
    case .releaseLoaded(let requestID, let result):
      releaseLoaded(requestID: requestID, result)
      return []
    case .openSetupStep(let step):
      path = [.checklist(ChecklistState(selection: step))]
      return openStep(step, &context)
    case .reconnectSpotifyForPlayer:
      path = [.checklist(ChecklistState(selection: .spotify))]
      let opened = openStep(.spotify, &context)
      let id = context.makeRequestID()
      updateSpotify { $0 = SpotifyConnectState(phase: .starting(requestID: id)) }
      return opened + [.spotify(.connectWithPlayerScopes(requestID: id))]
    case .credentialPreviewLoaded(let step, let preview):
      updateForm(step: step) { form in
        if let index = form.fields.firstIndex(where: { $0.id == .field(.apiKey) }),
          form.fields[index].storedPreview != nil
        {
          form.fields[index].storedPreview = preview ?? ""
        }
      }
      return []
    case .validationFinished(let requestID, let result):
      return validationFinished(requestID: requestID, result: result)
    case .credentialSaved(let requestID, let facts, let success):
      let effects = credentialSaved(requestID: requestID, facts: facts, success: success, &context)
      // A new key or city: the runner already dropped other cities' concerts; show that and fetch this city's.
      guard case .ticketmaster = success else { return effects }
      refresh.phase = .idle
      return effects + cacheChanged(context) + startRefresh(&context)
    case .credentialSaveFailed(let requestID):
      updateForm(requestID: requestID) { $0.phase = .failed(.storageFailed) }
      return []
    case .credentialRemoved(let step, let facts):
      context.facts = facts
      context.notice = .removed(step)
      if topForm?.step == step { popToChecklist() }
      // The runner dropped the concerts with the Ticketmaster key.
      return step == .ticketmaster ? cacheChanged(context) : []
    case .credentialRemovalFailed(let step):
      updateForm(step: step) { $0.phase = .removalFailed }
      return []
    case .cityIndexLoaded(let index):
      cityIndex = index
      updateCitySuggestions()
      return []
    case .socialStatusLoaded(let signedIn, let fetchedAt, let now):
      return socialStatusLoaded(signedIn: signedIn, fetchedAt: fetchedAt, now: now, &context)
    case .socialRefreshed(let requestID, let trigger, let report):
      return socialRefreshed(requestID: requestID, trigger: trigger, report, &context)
    case .socialCardsNotSaved(let fetchedAt):
      return socialCardsNotSaved(fetchedAt: fetchedAt, context)
    case .spotify(let action):
      let effects = reduceSpotify(action, &context)
      // The runner dropped the cached new releases on disconnect.
      guard case .disconnected = action else { return effects }
      return effects + cacheChanged(context)
    }
  }

  public func bindings(_ context: AppContext) -> [KeyBinding<FeedCommand>] {
    switch path.last {
    case nil: return listBindings + quickBindings(context)
    case .checklist: return checklistBindings
    case .credentialForm(let form): return formBindings(form)
    case .spotify(let connect): return spotifyBindings(connect, context)
    case .concert(let concert): return concertBindings(concert, context)
    case .release(let detail): return releaseBindings(detail, context)
    case .song(let share): return songBindings(share, context)
    }
  }

  public mutating func perform(_ command: FeedCommand, _ context: inout AppContext) -> [AppEffect] {
    socialInput(context)
    switch command {
    case .list(let move): return moveInList(move, context)
    case .openCard: return openCard(&context)
    case .checklist(let move): return moveInChecklist(move)
    case .openStep: return openSelectedStep(&context)
    case .form(let command): return performForm(command, &context)
    case .spotify(let command): return performSpotify(command, &context)
    case .refresh: return startRefresh(&context) + refreshSocialByKey(&context)
    case .detail(let command): return performDetail(command, &context)
    case .navigate(let request):
      context.navigationRequest = request
      return []
    }
  }

  public mutating func handleUnbound(_ event: InputEvent, _ context: inout AppContext) -> [AppEffect]? {
    switch path.last {
    case .credentialForm?: return handleFormText(event, &context)
    case .spotify?: return handleSpotifyText(event, &context)
    default: return nil
    }
  }

  public mutating func goBack(_ context: inout AppContext) -> [AppEffect]? {
    switch path.last {
    case nil:
      return nil
    case .spotify?:
      if let effects = spotifyGoBack() { return effects }
    case .credentialForm(let form)?:
      switch form.phase {
      case .checking(let id):
        updateTopForm { $0.phase = .editing }
        return [.cancel(requestID: id)]
      case .confirmingRemoval, .removalFailed:
        updateTopForm { $0.phase = .editing }
        return []
      case .saving, .removing:
        // Local writes finish in milliseconds; leaving now would hide their outcome.
        return []
      case .editing, .failed:
        break
      }
    case .release(let detail)?:
      path.removeLast()
      if case .loading(let id) = detail.tracks { return [.cancel(requestID: id)] }
      return []
    case .checklist?, .concert?, .song?:
      break
    }
    path.removeLast()
    return []
  }

  // MARK: Stack helpers

  /// The credential form on top, if that is what shows.
  public var topForm: CredentialForm? {
    guard case .credentialForm(let form)? = path.last else { return nil }
    return form
  }

  mutating func updateTopForm(_ body: (inout CredentialForm) -> Void) {
    guard case .credentialForm(var form)? = path.last else { return }
    body(&form)
    path[path.count - 1] = .credentialForm(form)
  }

  /// Applies `body` to the top form when it belongs to `step`.
  mutating func updateForm(step: SetupStep, _ body: (inout CredentialForm) -> Void) {
    guard topForm?.step == step else { return }
    updateTopForm(body)
  }

  /// Applies `body` to the top form when it is waiting for `requestID`; stale answers are dropped.
  mutating func updateForm(requestID: Int, _ body: (inout CredentialForm) -> Void) {
    guard let form = topForm else { return }
    switch form.phase {
    case .checking(let id) where id == requestID, .saving(let id) where id == requestID:
      updateTopForm(body)
    default:
      return
    }
  }

  /// Pops every screen above the checklist (after a successful save).
  mutating func popToChecklist() {
    while let last = path.last {
      if case .checklist = last { return }
      path.removeLast()
    }
  }
}

/// The Feed tab's own actions (effect answers and requests from the root).
public enum FeedAction: Sendable, Hashable {
  /// A window of the card cache (nil: a card of a kind this version does not know).
  case windowLoaded(total: Int, offset: Int, items: [FeedCard?])
  /// The cache's last successful refresh and the time now, read at start-up.
  case feedStatusLoaded(updatedAt: Date?, now: Date)
  /// The wall clock, delivered by the runtime at most every 30 s while the UI runs (the core never reads it).
  case clockTicked(Date)
  /// How many offline actions (Explore's Spotify actions, Create's playlist saves) wait in storage to sync.
  case pendingSyncCounted(Int)
  case refreshFinished(requestID: Int, FeedRefreshReport)
  case releaseLoaded(requestID: Int, Result<[ReleaseTrack], FeedLoadFailure>)
  /// Show the checklist with this step's screen on top.
  case openSetupStep(SetupStep)
  /// Show the Spotify step and start a sign-in that also asks for the player scopes (re-consent).
  case reconnectSpotifyForPlayer
  case credentialPreviewLoaded(SetupStep, preview: String?)
  case validationFinished(requestID: Int, Result<ValidationSuccess, ValidationFailure>)
  case credentialSaved(requestID: Int, facts: SetupFacts, ValidationSuccess)
  case credentialSaveFailed(requestID: Int)
  case credentialRemoved(SetupStep, facts: SetupFacts)
  case credentialRemovalFailed(SetupStep)
  /// The shipped city list, read for the Ticketmaster City field.
  case cityIndexLoaded(CityIndex)
  case spotify(SpotifyAction)
  /// Whether a vibes account is signed in and when friends' songs were last fetched (with `loadFeedStatus`).
  case socialStatusLoaded(signedIn: Bool, fetchedAt: Date?, now: Date)
  /// Friends' songs, songs sent to you and new follows were fetched, ranked into the cache (or not, and why).
  case socialRefreshed(requestID: Int, trigger: SocialPollTrigger, SocialRefreshReport)
  /// The cards of the last `socialRefreshed` (drawn from its answer before they were written) could not be written
  /// to the cache: the refresh failed after all; `fetchedAt` is when the cache was last fetched.
  case socialCardsNotSaved(fetchedAt: Date?)
}

/// The Feed tab's effects.
public enum FeedEffect: CancellableEffect {
  case loadFeedWindow(FeedWindowRequest)
  /// When the cache was last refreshed (answers `feedStatusLoaded`).
  case loadFeedStatus
  /// Count the offline retry queues in storage (answers `pendingSyncCounted`).
  case countPendingSync
  /// Fetch concerts (and, with Spotify, new releases), rank, cache; answers `refreshFinished`.
  case refreshFeed(requestID: Int)
  /// A release's tracklist for its detail (Spotify `GET /v1/albums/{id}`).
  case loadRelease(requestID: Int, albumID: String)
  /// Read the stored secret only to produce its masked preview.
  case loadCredentialPreview(SetupStep)
  case validate(requestID: Int, CredentialSubmission)
  /// After a successful check: secret to the secret store, non-secrets to SQLite.
  case save(requestID: Int, CredentialSubmission, ValidationSuccess)
  case removeCredential(SetupStep)
  /// Read the shipped city list (answers `cityIndexLoaded`; nothing when the file is missing).
  case loadCityIndex
  case spotify(SpotifyEffect)
  /// Fetch friends' shares, songs sent to you and new follows; rank them into the cache (answers `socialRefreshed`
  /// with the cards of `window` from the new order, so the new cards show without reading the cache back).
  case refreshSocial(requestID: Int, trigger: SocialPollTrigger, window: FeedWindowRequest)
  /// A social card was read (its unread mark goes, in the cache too).
  case markSocialRead(key: String)
  /// One desktop notification (OSC 9/777 or notify-send where available).
  case notify(SongNotification)

  public var cancellationID: Int? {
    switch self {
    case .validate(let requestID, _): return requestID
    case .loadRelease(let requestID, _): return requestID
    case .spotify(let effect): return effect.cancellationID
    default: return nil
    }
  }
}

/// What the Feed tab's bindings do.
public enum FeedCommand: Sendable, Hashable {
  case list(ListState.Move)
  case openCard
  case checklist(ListState.Move)
  case openStep
  case form(FormCommand)
  case spotify(SpotifyCommand)
  /// `r`: refresh the feed now.
  case refresh
  case detail(FeedDetailCommand)
  /// Show a screen of an area of the Feed (`i`: the Inbox).
  case navigate(NavigationRequest)
}

extension AppAction {
  public static func spotify(_ action: SpotifyAction) -> AppAction { .feature(FeedTab.self, .spotify(action)) }
  public static func feed(_ action: FeedAction) -> AppAction { .feature(FeedTab.self, action) }
  public static func feedWindowLoaded(total: Int, offset: Int, items: [FeedCard?]) -> AppAction {
    .feed(.windowLoaded(total: total, offset: offset, items: items))
  }
  public static func credentialPreviewLoaded(_ step: SetupStep, preview: String?) -> AppAction {
    .feed(.credentialPreviewLoaded(step, preview: preview))
  }
  public static func validationFinished(requestID: Int, _ result: Result<ValidationSuccess, ValidationFailure>)
    -> AppAction
  { .feed(.validationFinished(requestID: requestID, result)) }
  public static func credentialSaved(requestID: Int, facts: SetupFacts, _ success: ValidationSuccess) -> AppAction {
    .feed(.credentialSaved(requestID: requestID, facts: facts, success))
  }
  public static func credentialSaveFailed(requestID: Int) -> AppAction {
    .feed(.credentialSaveFailed(requestID: requestID))
  }
  public static func credentialRemoved(_ step: SetupStep, facts: SetupFacts) -> AppAction {
    .feed(.credentialRemoved(step, facts: facts))
  }
  public static func credentialRemovalFailed(_ step: SetupStep) -> AppAction { .feed(.credentialRemovalFailed(step)) }
}

extension AppEffect {
  public static func spotify(_ effect: SpotifyEffect) -> AppEffect { FeedTab.run(.spotify(effect)) }
  public static func loadFeedWindow(_ request: FeedWindowRequest) -> AppEffect { FeedTab.run(.loadFeedWindow(request)) }
  public static func loadCredentialPreview(_ step: SetupStep) -> AppEffect { FeedTab.run(.loadCredentialPreview(step)) }
  public static func validate(requestID: Int, _ submission: CredentialSubmission) -> AppEffect {
    FeedTab.run(.validate(requestID: requestID, submission))
  }
  public static func save(requestID: Int, _ submission: CredentialSubmission, _ success: ValidationSuccess) -> AppEffect
  {
    FeedTab.run(.save(requestID: requestID, submission, success))
  }
  public static func removeCredential(_ step: SetupStep) -> AppEffect { FeedTab.run(.removeCredential(step)) }

  /// The Feed effect inside, if this is one.
  public var feedEffect: FeedEffect? { effect(of: FeedTab.self) }
}

extension AppAction {
  /// The Spotify action inside, if this is one.
  public var spotifyAction: SpotifyAction? {
    guard case .spotify(let action)? = self.action(of: FeedTab.self) else { return nil }
    return action
  }
}

extension AppEffect {
  /// The Spotify effect inside, if this is one.
  public var spotifyEffect: SpotifyEffect? {
    guard case .spotify(let effect)? = feedEffect else { return nil }
    return effect
  }
}

extension NavigationRequest {
  /// Show the Feed's checklist with this step opened (e.g. "Connect Spotify" from Explore).
  public static func openSetupStep(_ step: SetupStep) -> NavigationRequest { .open(FeedTab.self, .openSetupStep(step)) }
  /// Sign in to Spotify again asking for the player scopes too (Play on Spotify's re-consent).
  public static var reconnectSpotifyForPlayer: NavigationRequest { .open(FeedTab.self, .reconnectSpotifyForPlayer) }
}
