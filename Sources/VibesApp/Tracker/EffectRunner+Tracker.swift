import Foundation
import VibesCore
import VibesServices
import VibesStorage

extension EffectRunner {
  /// Runs the Tracker feature's effects against `dependencies.tracker`.
  func runTracker(_ effect: TrackerEffect, send: @escaping @Sendable (AppAction) -> Void) async {
    let tracker = dependencies.tracker
    switch effect {
    case .loadConfiguration:
      let urls = Dictionary(
        uniqueKeysWithValues: TrackerEnvironment.allCases.map { ($0, tracker.apiURL($0)) })
      switch tracker.store?.stored() ?? .none {
      case .none:
        send(.tracker(.configurationLoaded(nil, apiURLs: urls)))
      case .configured(let configuration):
        send(.tracker(.configurationLoaded(configuration, apiURLs: urls)))
      case .unreadable(let problem):
        log.error("tracker: the saved configuration cannot be read (\(problem.rawValue)); showing setup")
        send(.tracker(.configurationLoaded(nil, apiURLs: urls)))
      }

    case .initialize(let requestID, let configuration, let persist):
      if let result = await initializeTracker(configuration, persist: persist) {
        send(.tracker(.initializationFinished(requestID: requestID, configuration, result)))
        if persist, case .success = result, !savedLastInitialization(configuration) {
          send(
            .tracker(
              .eventsProcessed(TrackerSendReport(entries: [.keptForSession], remaining: 0, isOffline: false))))
        }
      }

    case .send(let event, let configuration):
      guard let sender = tracker.sender else {
        send(
          .tracker(
            .eventsProcessed(
              TrackerSendReport(entries: [.queueUnavailable], remaining: 0, isOffline: false))))
        return
      }
      do {
        try sender.enqueue(event, configuration: configuration)
      } catch {
        log.error("tracker: queueing an event failed: \(String(describing: error))")
        send(
          .tracker(
            .eventsProcessed(
              TrackerSendReport(entries: [.queueUnavailable], remaining: 0, isOffline: false))))
        return
      }
      let result = await sender.flush(configuration: configuration)
      var entries = report(result)
      if result.remaining > 0, !result.sent.contains(where: { $0.event == event.name }),
        !result.dropped.contains(where: { $0.event == event.name })
      {
        entries.insert(.queued(event: event.name), at: 0)
      }
      send(
        .tracker(
          .eventsProcessed(
            TrackerSendReport(
              entries: entries, remaining: result.remaining, isOffline: result.isOffline))))

    case .flush(let configuration, let summary):
      guard let sender = tracker.sender else { return }
      let result = await sender.flush(configuration: configuration)
      var entries = report(result)
      if summary { entries.append(.flushed(sent: result.sent.count, remaining: result.remaining)) }
      send(
        .tracker(
          .eventsProcessed(
            TrackerSendReport(
              entries: entries, remaining: result.remaining, isOffline: result.isOffline))))

    case .scheduleRetry(let seconds):
      await tracker.sleep(seconds)
      send(.tracker(.retryTimerFired))

    case .reset:
      do {
        try tracker.store?.clear()
        log.info("tracker: configuration reset")
        send(.tracker(.resetFinished(success: true)))
      } catch {
        log.error("tracker: reset failed: \(String(describing: error))")
        send(.tracker(.resetFinished(success: false)))
      }
    }
  }

  /// Sends `sdk_initialized`; on a 2xx saves the configuration when asked. nil when cancelled.
  func initializeTracker(_ configuration: TrackerConfiguration, persist: Bool) async -> Result<
    Date, TrackerFailure
  >? {
    let tracker = dependencies.tracker
    guard let client = tracker.client(configuration.environment) else {
      return .failure(.transport(TransportFailure(.other)))
    }
    let event = TrackerWireEvent(
      brandID: configuration.brandID, userID: configuration.userID,
      event: TrackerEvent.initializedName,
      properties: [
        "environment": configuration.environment.rawValue, "sdk": "vibes",
        "sdkVersion": VibesVersion.string,
      ],
      timestamp: tracker.now())
    do {
      try await client.send(apiKey: configuration.apiKey, event: event)
    } catch {
      if error == .cancelled { return nil }
      log.notice("tracker: initialization failed: \(String(describing: error))")
      return .failure(TrackerFailure(error))
    }
    let date = tracker.now()
    if persist {
      // The protocol's storage rule: a configuration that cannot be saved is logged, and the SDK goes on with it
      // for this session (the entries are fine; only storage failed).
      do {
        guard let store = tracker.store else { throw TrackerStoreError.unreadable }
        try store.save(configuration, at: date)
      } catch {
        log.error("tracker: saving the configuration failed; using it for this session: \(String(describing: error))")
      }
    }
    log.info("tracker: initialized (\(configuration.environment.rawValue))")
    return .success(date)
  }

  /// True when the store now holds exactly `configuration` (read back the one way every caller reads it).
  func savedLastInitialization(_ configuration: TrackerConfiguration) -> Bool {
    guard case .configured(let stored) = dependencies.tracker.store?.stored() else { return false }
    return stored == configuration
  }

  func report(_ result: TrackerSender.FlushResult) -> [TrackerLogEntry] {
    var entries: [TrackerLogEntry] = result.sent.map { .sent(event: $0.event, status: $0.status) }
    entries += result.dropped.map { .dropped(event: $0.event, status: $0.status) }
    if let failure = result.stoppedBy { entries.append(.stopped(failure)) }
    return entries
  }
}
