import Foundation
import Logging
import VibesCore
import VibesServices
import VibesStorage

/// Runs the core's effects against the live dependencies and turns their outcome into actions.
/// Everything here is off the main actor; the terminal-bound effects (clipboard, quit) are the
/// runtime's. Logs name what happened, never a secret or a URL that carries one.
public struct EffectRunner: Sendable {
  public let dependencies: AppDependencies

  public init(dependencies: AppDependencies) {
    self.dependencies = dependencies
  }

  var log: Logger { dependencies.logger }

  /// Runs `effect`, handing each resulting action to `send` (most effects send one; a sync may send
  /// progress; a cancelled check sends none).
  public func run(_ effect: AppEffect, send: @escaping @Sendable (AppAction) -> Void) async {
    switch effect {
    case .feature(let message):
      // The message's tab runs it (`TabModule.run`); a message no tab opens is a programming error, said aloud.
      guard let runtime = AppTabs.list.registration(message.tab)?.part(TabRuntimePart.self),
        await runtime.run(self, message, send)
      else {
        log.error("no runtime for an effect of tab \(message.tab)")
        assertionFailure("no runtime for an effect of tab \(message.tab)")
        return
      }
      await reportUnsavedSpotifyTokens(send: send)
    case .tutorial(let effect):
      await runTutorial(effect, send: send)
    case .loadFacts:
      do {
        send(.factsLoaded(try loadFacts()))
      } catch {
        log.error("reading setup facts failed: \(String(describing: error))")
        if let damage = SecretStoreDamage(error, secrets: dependencies.secrets) {
          send(.secretStoreDamaged(damage))
        }
        send(.factsLoadFailed)
      }
    case .resetVault(let vaultPath, let keyPath):
      send(.vaultResetFinished(success: resetVault(vaultPath: vaultPath, keyPath: keyPath)))
    case .describeSecretStore:
      send(.secretStoreDescribed(dependencies.secretStoreInfo))
      if case .recoveredFromDamage(let movedTo, let reason) = dependencies.database.openOutcome {
        log.warning("database damaged (\(reason)): moved to \(movedTo) and rebuilt")
        send(.databaseRecovered(movedTo: movedTo, reason: reason.localized))
      }
      if let pid = dependencies.otherInstancePID {
        send(storageProblem(.noticeOtherInstance, ["pid": pid > 0 ? "\(pid)" : "?"]))
      }
    case .openURL(let url):
      send(.linkHandled(opened: dependencies.browser.open(url)))
    case .cancel, .copyToClipboard, .quit:
      return
    }
  }

  /// Runs `effect` and returns the last action it sent (nil when it sent none): for effects that answer
  /// once, such as the setup flow's checks and saves.
  public func run(_ effect: AppEffect) async -> AppAction? {
    let box = LastAction()
    await run(effect) { box.set($0) }
    return box.value
  }

  /// The Feed tab's effects: the feed window, the Gemini and Ticketmaster forms, and Spotify.
  func runFeed(_ effect: FeedEffect, send: @escaping @Sendable (AppAction) -> Void) async {
    if case .spotify(let effect) = effect { return await runSpotify(effect, send: send) }
    guard let action = await runOnce(effect) else { return }
    send(action)
    // A save that failed because the vault cannot be opened: a Retry cannot help, the recovery screen can.
    if case .save(let requestID, _, _) = effect, action == .credentialSaveFailed(requestID: requestID),
      let damage = vaultDamage()
    {
      send(.secretStoreDamaged(damage))
    } else if case .save(let requestID, _, _) = effect, action == .credentialSaveFailed(requestID: requestID),
      let folder = fullStorageFolder()
    {
      send(storageProblem(.noticeDiskFullNotSaved, ["path": folder]))
    }
  }

  /// The single-answer effects of the Feed setup flow; nil when there is nothing to report.
  func runOnce(_ effect: FeedEffect) async -> AppAction? {
    switch effect {
    case .loadFeedWindow, .loadFeedStatus, .refreshFeed, .loadRelease, .countPendingSync:
      return await runFeedCards(effect)

    case .loadCityIndex:
      // Read once, off the main actor, the first time the City field is typed into.
      return CityList.index.map { .feed(.cityIndexLoaded($0)) }

    case .loadCredentialPreview(let step):
      let secret = try? dependencies.secrets.read(step.secretKey)
      return .credentialPreviewLoaded(step, preview: secret.flatMap { $0 }.map(SecretMask.preview(of:)))

    case .validate(let requestID, let submission):
      return await validate(requestID: requestID, submission)

    case .save(let requestID, let submission, let success):
      return save(requestID: requestID, submission, success)

    case .removeCredential(let step):
      do {
        try dependencies.secrets.delete(step.secretKey)
        try dependencies.database.clearStep(step)
        // Without Ticketmaster there is no city: its concerts leave the Feed (other kinds stay).
        if step == .ticketmaster { try dependencies.database.removeConcerts(notIn: "") }
        log.info("credential removed: \(step.rawValue)")
        return .credentialRemoved(step, facts: try loadFacts())
      } catch {
        log.error("removing \(step.rawValue) failed: \(String(describing: error))")
        return .credentialRemovalFailed(step)
      }

    case .spotify:
      return nil
    }
  }

  func loadFacts() throws -> SetupFacts {
    var stored = Set<SetupStep>()
    for step in SetupStep.allCases where try dependencies.secrets.contains(step.secretKey) {
      stored.insert(step)
    }
    let area = try dependencies.database.concertArea(for: .ticketmaster)
    return SetupFacts(
      storedSecrets: stored, ticketmasterCity: try dependencies.database.city(for: .ticketmaster),
      concertRadiusKm: ConcertRadius.nearest(area.radiusKm), concertPlace: area.place)
  }

  func validate(requestID: Int, _ submission: CredentialSubmission) async -> AppAction? {
    let key: String
    switch submission.apiKey {
    case .new(let typed):
      key = typed
    case .stored:
      guard let stored = try? dependencies.secrets.read(submission.step.secretKey) else {
        return .validationFinished(requestID: requestID, .failure(.storageFailed))
      }
      key = stored
    }
    do {
      switch submission.step {
      case .gemini:
        try await dependencies.gemini.validate(apiKey: key)
        log.info("gemini key check: accepted")
        return .validationFinished(requestID: requestID, .success(.gemini))
      case .ticketmaster:
        let check = try await dependencies.ticketmaster.validate(apiKey: key, city: submission.city ?? "")
        log.info("ticketmaster key check: accepted, \(check.totalEvents) events")
        return .validationFinished(requestID: requestID, .success(.ticketmaster(upcomingEvents: check.totalEvents)))
      case .spotify:
        return .validationFinished(requestID: requestID, .failure(.unexpectedStatus(0)))
      }
    } catch {
      if error == .cancelled {
        log.info("\(submission.step.rawValue) key check: cancelled")
        return nil
      }
      log.notice("\(submission.step.rawValue) key check failed: \(String(describing: error))")
      return .validationFinished(requestID: requestID, .failure(ValidationFailure(error)))
    }
  }

  /// Secret first, then the non-secret row; if the row cannot be written the previous secret is put
  /// back (SecretStore.write(_:for:then:)), so a failed save leaves storage as it was.
  func save(requestID: Int, _ submission: CredentialSubmission, _ success: ValidationSuccess) -> AppAction {
    let step = submission.step
    let saveRow = {
      try dependencies.database.saveStepVerified(
        step, city: submission.city, radiusKm: submission.radiusKm, place: submission.place, at: dependencies.now())
    }
    do {
      if case .new(let key) = submission.apiKey {
        try dependencies.secrets.write(key, for: step.secretKey, then: saveRow)
      } else {
        try saveRow()
      }
      log.info("credential saved: \(step.rawValue) in \(dependencies.secrets.kind.rawValue)")
      if step == .ticketmaster, let city = submission.city {
        // Concerts of another city leave the cache; the Feed then refreshes for this one.
        do { try dependencies.database.removeConcerts(notIn: city) } catch {
          log.error("dropping other cities' concerts failed: \(String(describing: error))")
        }
      }
      return .credentialSaved(requestID: requestID, facts: try loadFacts(), success)
    } catch {
      log.error("saving \(step.rawValue) failed: \(String(describing: error))")
      return .credentialSaveFailed(requestID: requestID)
    }
  }
}

extension ValidationFailure {
  init(_ error: ServiceError) {
    switch error {
    case .invalidCredentials: self = .invalidCredentials
    case .forbidden(let reason): self = .forbidden(reason: reason)
    case .rateLimited(let seconds): self = .quotaExceeded(retryAfterSeconds: seconds)
    case .server(let status): self = .serverError(status: status)
    case .unexpectedStatus(let status): self = .unexpectedStatus(status)
    case .network(let problem): self = .transport(problem)
    case .cancelled: self = .transport(.cancelled)
    case .invalidResponse: self = .invalidResponse
    }
  }
}

/// Holds the last action an effect sent.
private final class LastAction: @unchecked Sendable {
  // @unchecked: every access holds the lock.
  private let lock = NSLock()
  private var action: AppAction?
  func set(_ action: AppAction) {
    lock.lock()
    self.action = action
    lock.unlock()
  }
  var value: AppAction? {
    lock.lock()
    defer { lock.unlock() }
    return action
  }
}
