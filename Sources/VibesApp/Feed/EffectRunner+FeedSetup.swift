import Foundation
import Logging
import VibesCore
import VibesServices
import VibesStorage

extension EffectRunner {
  /// The Feed tab's effects: the feed window, the Gemini and Ticketmaster forms, and Spotify.
  func runFeed(_ effect: FeedEffect, send: @escaping @Sendable (AppAction) -> Void) async {
    if case .spotify(let effect) = effect { return await runSpotify(effect, send: send) }
    if await runFeedSocial(effect, send: send) { return }
    guard let action = await runOnce(effect) else { return }
    // Fresh concerts and releases took the top positions: weave the cached social cards in again.
    if case .refreshFeed = effect { SocialFeedRefresher.live(dependencies).reweave() }
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
    case .refreshSocial, .markSocialRead, .notify:
      // Run by `runFeedSocial` before this is asked.
      return nil
    }
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
        // The count said on save is of the area the Feed will search (the city's point and the radius).
        let area = submission.place.map {
          TicketmasterArea(
            latitude: $0.latitude, longitude: $0.longitude, radiusKm: submission.radiusKm ?? ConcertRadius.defaultKm)
        }
        let check = try await dependencies.ticketmaster.validate(apiKey: key, city: submission.city ?? "", area: area)
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
