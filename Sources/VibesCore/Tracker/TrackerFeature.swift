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
  public var reset: TrackerResetPhase = .idle
  /// Screens pushed above the root (settings, event forms).
  public var path: [TrackerDestination] = []

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

public enum TrackerEffect: CancellableEffect {
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

/// Reset of the whole configuration: asked, then running.
public enum TrackerResetPhase: Sendable, Hashable {
  case idle
  case confirming
  case resetting
}

/// Screens pushed on the Tracker tab's stack (`TrackerState.path`).
public enum TrackerDestination: Sendable, Hashable {
  /// The configuration form opened from the demo screen's Settings.
  case settings(TrackerForm)
  /// A demo action's small form (custom event, screen view, identify).
  case event(TrackerEventForm)
}

extension TrackerState {
  /// Effects to run at start-up: load the saved configuration.
  public mutating func start(_ context: inout AppContext) -> [AppEffect] {
    [.tracker(.loadConfiguration)]
  }

  public mutating func reduce(_ action: TrackerAction, _ context: inout AppContext) -> [AppEffect] {
    switch action {
    case .configurationLoaded(let configuration, let apiURLs):
      isLoading = false
      self.apiURLs = apiURLs
      guard let configuration else {
        self.configuration = nil
        // The tab starts when first shown, so the setup form appears after the arrival: as on arriving, no field
        // takes the next key (a digit still switches tabs).
        return arrive(&context)
      }
      self.configuration = configuration
      let requestID = context.makeRequestID()
      startupRequestID = requestID
      return [.tracker(.initialize(requestID: requestID, configuration, persist: false))]

    case .initializationFinished(let requestID, let configuration, let result):
      return trackerInitializationFinished(requestID, configuration, result)

    case .eventsProcessed(let report):
      appendLog(report.entries)
      queuedCount = report.remaining
      var delivered = false
      for entry in report.entries {
        switch entry {
        case .stopped(let failure): lastError = failure
        case .sent:
          lastError = nil
          delivered = true
        default: break
        }
      }
      var effects: [AppEffect] = []
      // The API takes events again: an SDK whose start-up initialization failed initializes now, so the header
      // does not stay "not initialized" after its queue went out.
      if delivered, let reinitialize = reinitializeIfNeeded(&context) { effects.append(reinitialize) }
      if report.isOffline, report.remaining > 0, !isRetryScheduled {
        isRetryScheduled = true
        effects.append(.tracker(.scheduleRetry(seconds: TrackerState.retryDelay)))
      }
      return effects

    case .retryTimerFired:
      isRetryScheduled = false
      guard let configuration = configuration else { return [] }
      // Initializing first flushes the queue once accepted (and schedules another retry when offline).
      if let reinitialize = reinitializeIfNeeded(&context) { return [reinitialize] }
      guard queuedCount > 0 else { return [] }
      return [.tracker(.flush(configuration, summary: false))]

    case .resetFinished(let success):
      reset = .idle
      guard success else {
        lastError = .storageFailed
        return []
      }
      var fresh = TrackerState()
      fresh.isLoading = false
      fresh.apiURLs = apiURLs
      self = fresh
      return []
    }
  }

  mutating func trackerInitializationFinished(
    _ requestID: Int, _ configuration: TrackerConfiguration, _ result: Result<Date, TrackerFailure>
  ) -> [AppEffect] {
    if let form = trackerForm, form.phase == .checking(requestID: requestID) {
      switch result {
      case .success(let date):
        self.configuration = configuration
        initializedAt = date
        lastError = nil
        identifiedUserID = nil
        startupRequestID = nil
        appendLog([.initialized(configuration.environment)])
        setupForm = TrackerForm()
        if case .settings? = path.last { path.removeLast() }
        return [.tracker(.flush(configuration, summary: false))]
      case .failure(let failure):
        updateTrackerForm { form in
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
    guard startupRequestID == requestID, configuration == configuration
    else { return [] }
    startupRequestID = nil
    switch result {
    case .success(let date):
      initializedAt = date
      lastError = nil
      appendLog([.initialized(configuration.environment)])
      return [.tracker(.flush(configuration, summary: false))]
    case .failure(let failure):
      lastError = failure
      appendLog([.initializationFailed(failure)])
      // Offline with events waiting: keep retrying (each retry initializes first, then sends the queue).
      switch failure {
      case .transport, .server:
        guard queuedCount > 0, !isRetryScheduled else { return [] }
        isRetryScheduled = true
        return [.tracker(.scheduleRetry(seconds: TrackerState.retryDelay))]
      default:
        return []
      }
    }
  }

  // MARK: Helpers

  /// `sdk_initialized` again for a configured SDK that is not initialized and not already trying; nil otherwise.
  mutating func reinitializeIfNeeded(_ context: inout AppContext) -> AppEffect? {
    guard let configuration, initializedAt == nil, startupRequestID == nil, trackerForm == nil else { return nil }
    let requestID = context.makeRequestID()
    startupRequestID = requestID
    return .tracker(.initialize(requestID: requestID, configuration, persist: false))
  }

  /// The configuration form on screen: the pushed Settings form, or the root form while unconfigured.
  public var trackerForm: TrackerForm? {
    switch path.last {
    case .settings(let form)?: return form
    case .event?: return nil
    case nil:
      guard !isLoading, configuration == nil else { return nil }
      return setupForm
    }
  }

  mutating func updateTrackerForm(_ body: (inout TrackerForm) -> Void) {
    switch path.last {
    case .settings(var form)?:
      body(&form)
      path[path.count - 1] = .settings(form)
    case .event?:
      return
    case nil:
      guard !isLoading, configuration == nil else { return }
      body(&setupForm)
    }
  }

  mutating func updateTrackerEventForm(_ body: (inout TrackerEventForm) -> Void) {
    guard case .event(var form)? = path.last else { return }
    body(&form)
    path[path.count - 1] = .event(form)
  }
}
