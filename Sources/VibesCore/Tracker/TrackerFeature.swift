import Foundation

/// The demo screen's actions, in the order they are listed (each also has a letter key).
public enum TrackerDemoAction: Int, CaseIterable, Sendable, Hashable {
  case customEvent
  case screenView
  case identify
  case flush
  case settings
  case reset

  /// The letter that runs the action from the demo screen.
  public var shortcut: Character {
    switch self {
    case .customEvent: return "c"
    case .screenView: return "v"
    case .identify: return "i"
    case .flush: return "f"
    case .settings: return "s"
    case .reset: return "r"
    }
  }
}

/// The Tracker tab's state. The root screen is decided by state: the configuration form while nothing
/// is configured, the demo screen once a configuration is active. Settings and the event forms are pushed.
public struct TrackerState: Sendable, Hashable {
  /// True until the saved configuration has been read at start-up.
  public var isLoading = true
  /// The active configuration (saved and in use); nil shows the configuration form as the root.
  public var configuration: TrackerConfiguration?
  /// The root configuration form (used while `configuration` is nil).
  public var setupForm = TrackerForm()
  /// When `sdk_initialized` was last accepted; nil while not initialized.
  public var initializedAt: Date?
  /// The automatic initialization at start-up that is running, if any.
  public var startupRequestID: Int?
  public var lastError: TrackerFailure?
  /// A user id set by Identify; events use it instead of the configured one.
  public var identifiedUserID: String?
  /// Newest last, at most `logLimit` lines.
  public var log: [TrackerLogEntry] = []
  /// Events waiting in the local queue, as last reported.
  public var queuedCount = 0
  public var isRetryScheduled = false
  public var selection: TrackerDemoAction = .customEvent
  public var isConfirmingReset = false
  public var isResetting = false

  /// The API URL of each environment (defaults, or the overrides the edge reported at start-up).
  public var apiURLs: [TrackerEnvironment: String] = Dictionary(
    uniqueKeysWithValues: TrackerEnvironment.allCases.map { ($0, $0.defaultURL) })

  public static let logLimit = 50
  /// Seconds between automatic retries of a queue the API did not take.
  public static let retryDelay: Double = 3

  public init() {}

  /// The user id events carry now.
  public var currentUserID: String { identifiedUserID ?? configuration?.userID ?? "" }

  mutating func appendLog(_ entries: [TrackerLogEntry]) {
    log.append(contentsOf: entries)
    if log.count > Self.logLimit { log.removeFirst(log.count - Self.logLimit) }
  }
}

public enum TrackerAction: Sendable, Hashable {
  /// The user switched to this tab.
  case tabSelected
  /// The saved configuration at start-up (nil when there is none or it cannot be read), and the API
  /// URL of each environment.
  case configurationLoaded(TrackerConfiguration?, apiURLs: [TrackerEnvironment: String])
  /// The answer to `sdk_initialized` (and, when asked, the save): the time it was accepted, or why not.
  case initializationFinished(requestID: Int, TrackerConfiguration, Result<Date, TrackerFailure>)
  case eventsProcessed(TrackerSendReport)
  /// The retry delay has passed: try the queue again.
  case retryTimerFired
  case resetFinished(success: Bool)
}

public enum TrackerEffect: Sendable, Hashable {
  /// Read the saved configuration (secret store + SQLite).
  case loadConfiguration
  /// Send `sdk_initialized`; when `persist`, save the configuration once the API accepted it.
  case initialize(requestID: Int, TrackerConfiguration, persist: Bool)
  /// Put the event in the local queue, then send the queue, oldest first.
  case send(TrackerEvent, TrackerConfiguration)
  /// Send the queue, oldest first; `summary` adds a "flushed" line to the log.
  case flush(TrackerConfiguration, summary: Bool)
  /// Sleep, then answer `.retryTimerFired`.
  case scheduleRetry(seconds: Double)
  /// Delete the secret, the settings and the queue.
  case reset

  /// The request id this effect can be cancelled by (AppEffect.cancel), if any.
  public var cancellationID: Int? {
    if case .initialize(let requestID, _, _) = self { return requestID }
    return nil
  }
}

/// Screens pushed on the Tracker tab's stack (Router.trackerPath).
public enum TrackerDestination: Sendable, Hashable {
  /// The configuration form opened from the demo screen's Settings.
  case settings(TrackerForm)
  /// A demo action's small form (custom event, screen view, identify).
  case event(TrackerEventForm)
}

extension AppReducer {
  /// Effects to run at start-up: load the saved configuration.
  static func trackerStarted(_ state: inout AppState) -> [AppEffect] {
    [.tracker(.loadConfiguration)]
  }

  static func reduceTracker(_ state: inout AppState, _ action: TrackerAction) -> [AppEffect] {
    switch action {
    case .tabSelected:
      return []

    case .configurationLoaded(let configuration, let apiURLs):
      state.tracker.isLoading = false
      state.tracker.apiURLs = apiURLs
      guard let configuration else {
        state.tracker.configuration = nil
        return []
      }
      state.tracker.configuration = configuration
      let requestID = state.makeRequestID()
      state.tracker.startupRequestID = requestID
      return [.tracker(.initialize(requestID: requestID, configuration, persist: false))]

    case .initializationFinished(let requestID, let configuration, let result):
      return trackerInitializationFinished(&state, requestID, configuration, result)

    case .eventsProcessed(let report):
      state.tracker.appendLog(report.entries)
      state.tracker.queuedCount = report.remaining
      for entry in report.entries {
        switch entry {
        case .stopped(let failure): state.tracker.lastError = failure
        case .sent: state.tracker.lastError = nil
        default: break
        }
      }
      if report.isOffline, report.remaining > 0, !state.tracker.isRetryScheduled {
        state.tracker.isRetryScheduled = true
        return [.tracker(.scheduleRetry(seconds: TrackerState.retryDelay))]
      }
      return []

    case .retryTimerFired:
      state.tracker.isRetryScheduled = false
      guard let configuration = state.tracker.configuration, state.tracker.queuedCount > 0 else {
        return []
      }
      return [.tracker(.flush(configuration, summary: false))]

    case .resetFinished(let success):
      state.tracker.isResetting = false
      state.tracker.isConfirmingReset = false
      guard success else {
        state.tracker.lastError = .storageFailed
        return []
      }
      var fresh = TrackerState()
      fresh.isLoading = false
      fresh.apiURLs = state.tracker.apiURLs
      state.tracker = fresh
      state.router.trackerPath = []
      return []
    }
  }

  static func trackerInitializationFinished(
    _ state: inout AppState, _ requestID: Int, _ configuration: TrackerConfiguration,
    _ result: Result<Date, TrackerFailure>
  ) -> [AppEffect] {
    if let form = trackerForm(state), form.phase == .initializing(requestID: requestID) {
      switch result {
      case .success(let date):
        state.tracker.configuration = configuration
        state.tracker.initializedAt = date
        state.tracker.lastError = nil
        state.tracker.identifiedUserID = nil
        state.tracker.startupRequestID = nil
        state.tracker.appendLog([.initialized(configuration.environment)])
        state.tracker.setupForm = TrackerForm()
        if case .settings? = state.router.trackerPath.last { state.router.trackerPath.removeLast() }
        return [.tracker(.flush(configuration, summary: false))]
      case .failure(let failure):
        updateTrackerForm(&state) { form in
          form.phase = .failed(failure)
          switch failure {
          case .invalidAPIKey: form.focus = .field(.apiKey)
          case .invalidBrandID: form.focus = .field(.brandID)
          default: break
          }
        }
        return []
      }
    }
    guard state.tracker.startupRequestID == requestID, state.tracker.configuration == configuration
    else { return [] }
    state.tracker.startupRequestID = nil
    switch result {
    case .success(let date):
      state.tracker.initializedAt = date
      state.tracker.lastError = nil
      state.tracker.appendLog([.initialized(configuration.environment)])
      return [.tracker(.flush(configuration, summary: false))]
    case .failure(let failure):
      state.tracker.lastError = failure
      state.tracker.appendLog([.initializationFailed(failure)])
      return []
    }
  }

  /// Keys on this tab that no global binding took (or every key while a text field has the focus).
  static func handleTrackerKey(_ state: inout AppState, _ key: Key) -> [AppEffect] {
    if key == .function(1) {
      state.isHelpVisible = true
      return []
    }
    switch state.router.trackerPath.last {
    case .settings?:
      return handleTrackerFormKey(&state, key)
    case .event(let form)?:
      return handleTrackerEventFormKey(&state, form, key)
    case nil:
      if state.tracker.isLoading { return [] }
      if state.tracker.configuration == nil { return handleTrackerFormKey(&state, key) }
      return handleTrackerDemoKey(&state, key)
    }
  }

  static func handleTrackerPaste(_ state: inout AppState, _ text: String) -> [AppEffect] {
    guard state.isEditingText else { return [] }
    if case .event? = state.router.trackerPath.last {
      updateTrackerEventForm(&state) { form in
        let cleaned = PastedText.clean(text, for: form.focus == .properties ? .multiline : .text)
        form.edit { $0.insert(cleaned) }
      }
      return []
    }
    updateTrackerForm(&state) { form in
      guard let id = form.focusedTextField else { return }
      form.edit(id) { $0.insert(PastedText.clean(text, for: id == .apiKey ? .secret : .text)) }
      form.errors[id] = nil
      if case .failed = form.phase { form.phase = .editing }
    }
    return []
  }

  /// True when a text field of this tab has the focus (so 1/2/3, q and ? are typed, not commands).
  static func trackerIsEditingText(_ state: AppState) -> Bool {
    if case .event(let form)? = state.router.trackerPath.last { return form.isEditingText }
    guard let form = trackerForm(state) else { return false }
    return form.focusedTextField != nil && !form.isBusy
  }

  /// Esc on this tab; nil means "pop the tab's stack".
  static func trackerGoBack(_ state: inout AppState) -> [AppEffect]? {
    if state.router.trackerPath.isEmpty, state.tracker.isConfirmingReset {
      state.tracker.isConfirmingReset = false
      return []
    }
    if let form = trackerForm(state), case .initializing(let requestID) = form.phase {
      updateTrackerForm(&state) { $0.phase = .editing }
      return [.cancel(requestID: requestID)]
    }
    // The setup form is the tab's root: Esc leaves the text field, so 1/2/3, q and ? work again.
    if state.router.trackerPath.isEmpty, let form = trackerForm(state), form.focusedTextField != nil {
      updateTrackerForm(&state) { $0.focus = .initialize }
      return []
    }
    return nil
  }

  // MARK: Helpers

  /// The configuration form on screen: the pushed Settings form, or the root form while unconfigured.
  static func trackerForm(_ state: AppState) -> TrackerForm? {
    switch state.router.trackerPath.last {
    case .settings(let form)?: return form
    case .event?: return nil
    case nil:
      guard !state.tracker.isLoading, state.tracker.configuration == nil else { return nil }
      return state.tracker.setupForm
    }
  }

  static func updateTrackerForm(_ state: inout AppState, _ body: (inout TrackerForm) -> Void) {
    switch state.router.trackerPath.last {
    case .settings(var form)?:
      body(&form)
      state.router.trackerPath[state.router.trackerPath.count - 1] = .settings(form)
    case .event?:
      return
    case nil:
      guard !state.tracker.isLoading, state.tracker.configuration == nil else { return }
      body(&state.tracker.setupForm)
    }
  }

  static func updateTrackerEventForm(
    _ state: inout AppState, _ body: (inout TrackerEventForm) -> Void
  ) {
    guard case .event(var form)? = state.router.trackerPath.last else { return }
    body(&form)
    state.router.trackerPath[state.router.trackerPath.count - 1] = .event(form)
  }
}
