import Foundation

/// A follow, unfollow or block made offline, queued in SQLite and shown as "waiting to sync" until a later load of
/// the lists sends it (once: the queue is claimed before sending).
public struct WaitingChange: Sendable, Hashable, Codable {
  public var person: PersonSummary
  public var operation: PersonOperation

  public init(person: PersonSummary, operation: PersonOperation) {
    self.person = person
    self.operation = operation
  }
}

/// A queued change the service refused for good when it was sent (a block, the rules): dropped, with why.
public struct DroppedChange: Sendable, Hashable {
  public var person: PersonSummary
  public var operation: PersonOperation
  public var failure: PeopleFailure

  public init(person: PersonSummary, operation: PersonOperation, failure: PeopleFailure) {
    self.person = person
    self.operation = operation
    self.failure = failure
  }
}

extension PeopleFeature {
  /// The change made offline is queued: it shows as done here, marked "waiting to sync".
  mutating func queued(
    _ requestID: Int, _ person: PersonSummary, _ operation: PersonOperation, _ context: inout AppContext
  ) {
    if suggestFollow == requestID { suggestFollow = nil }
    if let index = path.lastIndex(where: { $0.request?.id == requestID }) {
      path[index].request = nil
      path[index].failure = nil
      if operation == .follow || operation == .unfollow { path[index].profile?.isFollowing = operation == .follow }
    }
    switch operation {
    case .follow:
      if var lists, !lists.following.contains(where: { $0.uid == person.uid }) {
        lists.following.append(person)
        lists.following.sort { ($0.displayName.lowercased(), $0.uid) < ($1.displayName.lowercased(), $1.uid) }
        self.lists = lists
      }
    case .unfollow:
      lists?.following.removeAll { $0.uid == person.uid }
    case .block:
      path.removeAll { $0.person.uid == person.uid }
      forget(person.uid)
    case .load:
      return
    }
    if var lists {
      lists.waiting =
        (lists.waiting ?? []).filter { $0.person.uid != person.uid }
        + [WaitingChange(person: person, operation: operation)]
      self.lists = lists
    }
    list.clamp(count: rows.count, visibleRows: Self.visibleRows(context))
    context.notice = .localized(
      LocalizedText(operation.queuedText, ["name": person.shortName]), isWarning: false)
  }

  /// Changes the service refused when the queue was sent: they were dropped; the first one says why.
  mutating func changesDropped(_ dropped: [DroppedChange], _ context: inout AppContext) {
    guard let first = dropped.first else { return }
    let dropped = Set(dropped.map(\.person.uid))
    lists?.waiting?.removeAll { dropped.contains($0.person.uid) }
    context.notice = .localized(
      LocalizedText(PeopleAccountsL10n.peopleChangeDropped) { t in
        [
          "change": t.format(first.operation.droppedText, ["name": first.person.shortName]),
          "reason": t[first.failure.reason],
        ]
      }, isWarning: true)
  }

  /// The change waiting to sync for `uid`, if any.
  public func waiting(_ uid: String) -> WaitingChange? { lists?.waiting?.last { $0.person.uid == uid } }
}

extension PersonOperation {
  /// "… waits to sync" for the notice.
  var queuedText: PeopleAccountsL10n {
    switch self {
    case .follow, .load: return .peopleQueuedFollow
    case .unfollow: return .peopleQueuedUnfollow
    case .block: return .peopleQueuedBlock
    }
  }

  /// "following {name}" for the dropped notice.
  var droppedText: PeopleAccountsL10n {
    switch self {
    case .follow, .load: return .peopleDroppedFollow
    case .unfollow: return .peopleDroppedUnfollow
    case .block: return .peopleDroppedBlock
    }
  }

  /// "waiting to sync: follow" for a row or a profile.
  public var waitingText: PeopleAccountsL10n {
    switch self {
    case .follow, .load: return .peopleWaitingFollow
    case .unfollow: return .peopleWaitingUnfollow
    case .block: return .peopleWaitingBlock
    }
  }
}
