import Foundation
import VibesCore
import VibesServices
import VibesStorage

extension EffectRunner {
  /// A claimed row is another flush's after this long (a killed process's rows come back).
  static let peopleQueueLease: TimeInterval = 120
  static let peopleQueueBatch = 50

  /// Queues a follow, unfollow or block that found no connection, for the signed-in account, and applies it to the
  /// cached lists so a restart offline shows it too. False when there is no account to queue it for.
  func queuePeopleChange(_ operation: PersonOperation, _ person: PersonSummary) async -> Bool {
    guard operation != .load, case .success(let owner) = await peopleOwner(),
      let payload = try? JSONEncoder().encode(person)
    else { return false }
    do {
      try dependencies.database.enqueuePeopleChange(
        owner: owner, other: person.uid, operation: operation.queueName, person: payload, at: dependencies.now())
    } catch {
      log.warning("people: queuing a change failed: \(String(describing: error))")
      return false
    }
    log.info("people: \(operation) queued (offline)")
    updateCachedLists(owner: owner, operation, person)
    return true
  }

  /// `owner`'s changes waiting to sync, oldest first.
  func waitingPeopleChanges(owner: String) -> [WaitingChange] {
    ((try? dependencies.database.queuedPeopleChanges(owner: owner)) ?? []).compactMap { row in
      guard let operation = PersonOperation(queueName: row.operation),
        let person = try? JSONDecoder().decode(PersonSummary.self, from: row.person)
      else { return nil }
      return WaitingChange(person: person, operation: operation)
    }
  }

  /// Sends `owner`'s queued changes: claimed first (one claimer per flush), each sent and removed; one that found no
  /// connection is given back for later; one the service refuses for good is removed and returned (dropped).
  func flushPeopleChanges(owner: String) async -> [DroppedChange] {
    let database = dependencies.database
    let claimer = UUID().uuidString
    guard
      let claimed = try? database.claimPeopleChanges(
        owner: owner, claimer: claimer, now: dependencies.now(), lease: Self.peopleQueueLease,
        limit: Self.peopleQueueBatch), !claimed.isEmpty
    else { return [] }
    var dropped: [DroppedChange] = []
    for row in claimed {
      guard let operation = PersonOperation(queueName: row.operation),
        let person = try? JSONDecoder().decode(PersonSummary.self, from: row.person), person.uid == row.other
      else {
        try? database.completePeopleChange(owner: owner, other: row.other, claimer: claimer)
        continue
      }
      let result = await people { repository throws(SocialError) in
        switch operation {
        case .follow: try await repository.follow(person.uid)
        case .unfollow: try await repository.unfollow(person.uid)
        case .block: try await repository.block(person.uid)
        case .load: break
        }
      }
      switch result {
      case .success:
        try? database.completePeopleChange(owner: owner, other: row.other, claimer: claimer)
        log.info("people: queued \(operation) sent")
      case .failure(let failure) where failure.isTransient:
        try? database.releasePeopleChange(owner: owner, other: row.other, claimer: claimer)
      case .failure(let failure):
        try? database.completePeopleChange(owner: owner, other: row.other, claimer: claimer)
        log.warning("people: queued \(operation) refused (\(failure)); dropped")
        dropped.append(DroppedChange(person: person, operation: operation, failure: failure))
      }
    }
    return dropped
  }
}

extension PeopleFailure {
  /// True when a queued change should wait for a later flush rather than be dropped.
  var isTransient: Bool {
    switch self {
    case .offline, .service, .notSignedIn, .signInAgain, .notConfigured: return true
    case .refused, .blocked, .notFound: return false
    }
  }
}

extension PersonOperation {
  /// The name kept in the queue's `operation` column.
  var queueName: String {
    switch self {
    case .load: return "load"
    case .follow: return "follow"
    case .unfollow: return "unfollow"
    case .block: return "block"
    }
  }

  init?(queueName: String) {
    switch queueName {
    case "follow": self = .follow
    case "unfollow": self = .unfollow
    case "block": self = .block
    default: return nil
    }
  }
}

extension Array where Element == WaitingChange {
  /// nil for none (a list with nothing waiting equals one saved before the queue existed).
  var nilIfEmpty: [WaitingChange]? { isEmpty ? nil : self }
}
