import Foundation

/// The people you blocked (`B` at the People root), with unblock (asked first). Blocked people show nowhere else:
/// find, your lists and a profile leave them out at the edge (`SocialRepository.blockSets`).
public struct BlockedPeople: Sendable, Hashable {
  /// The list as loaded (nil before the first answer).
  public var people: [PersonSummary]?
  public var loading: Int?
  /// Why the last load failed (`r` tries again).
  public var failure: PeopleFailure?
  public var list = ListState()
  /// The person Unblock asks about.
  public var confirming: PersonSummary?
  /// The unblock in flight (one masked delete; Esc waits for it).
  public var unblocking: UnblockRequest?

  public init() {}

  /// The person under the selection.
  public var selected: PersonSummary? {
    guard let people, people.indices.contains(list.selected) else { return nil }
    return people[list.selected]
  }
}

/// An unblock in flight.
public struct UnblockRequest: Sendable, Hashable {
  public var id: Int
  public var person: PersonSummary

  public init(id: Int, person: PersonSummary) {
    self.id = id
    self.person = person
  }
}

extension PeopleFeature {
  /// A page of the blocked list: the drawn viewport (the list sits near the top, so a page must scroll it).
  static func blockedPage(_ context: AppContext) -> Int {
    let drawn = context.viewport.viewportHeight
    return max(1, drawn > 0 ? drawn : context.size.height - 4)
  }

  func blockedBindings(_ blocked: BlockedPeople) -> [KeyBinding<PeopleCommand>] {
    if blocked.confirming != nil {
      return [
        KeyBinding([.character("y"), .character("Y")], "y", .key(PeopleL10n.peopleHelpYes), .confirmUnblock),
        KeyBinding([.character("n"), .character("N")], "n", .common(.helpKeep), .keepBlocked),
      ]
    }
    if blocked.unblocking != nil { return [] }
    var bindings = ListState.bindings { PeopleCommand.moveBlocked($0) }
    if blocked.selected != nil {
      bindings.append(
        KeyBinding([.character("u"), .enter], "u", .key(PeopleAccountsL10n.peopleHelpUnblock), .askUnblock))
    }
    if blocked.failure != nil {
      bindings.append(KeyBinding([.character("r")], "r", .key(PeopleL10n.peopleHelpRetry), .retryBlocked))
    }
    return bindings
  }

  /// `B`: the list over the root, loading.
  mutating func showBlocked(_ context: inout AppContext) -> [AppEffect] {
    guard blocked == nil else { return [] }
    blocked = BlockedPeople()
    return loadBlocked(&context)
  }

  mutating func loadBlocked(_ context: inout AppContext) -> [AppEffect] {
    guard var current = blocked, current.loading == nil else { return [] }
    let requestID = context.makeRequestID()
    current.loading = requestID
    current.failure = nil
    blocked = current
    return [Self.run(.loadBlocked(requestID: requestID))]
  }

  mutating func blockedLoaded(
    _ requestID: Int, _ result: Result<[PersonSummary], PeopleFailure>, _ context: inout AppContext
  ) {
    guard var current = blocked, current.loading == requestID else { return }
    current.loading = nil
    switch result {
    case .success(let people):
      current.people = people
      current.failure = nil
    case .failure(let failure):
      current.failure = failure
    }
    current.list.clamp(count: current.people?.count ?? 0, visibleRows: Self.blockedPage(context))
    blocked = current
  }

  mutating func performBlocked(_ command: PeopleCommand, _ context: inout AppContext) -> [AppEffect] {
    guard var current = blocked else { return [] }
    switch command {
    case .moveBlocked(let move):
      current.list.apply(move, count: current.people?.count ?? 0, visibleRows: Self.blockedPage(context))
    case .askUnblock:
      guard current.unblocking == nil, let person = current.selected else { return [] }
      current.confirming = person
    case .keepBlocked:
      current.confirming = nil
    case .confirmUnblock:
      guard let person = current.confirming else { return [] }
      current.confirming = nil
      let requestID = context.makeRequestID()
      current.unblocking = UnblockRequest(id: requestID, person: person)
      blocked = current
      return [Self.run(.unblock(requestID: requestID, person))]
    case .retryBlocked:
      return loadBlocked(&context)
    default:
      return []
    }
    blocked = current
    return []
  }

  mutating func unblocked(
    _ requestID: Int, _ person: PersonSummary, _ failure: PeopleFailure?, _ context: inout AppContext
  ) {
    guard var current = blocked, current.unblocking?.id == requestID else { return }
    current.unblocking = nil
    let name = ["name": person.shortName]
    if let failure {
      context.notice = .localized(
        LocalizedText(PeopleAccountsL10n.peopleFailedUnblock) { t in ["reason": t[failure.reason]] },
        isWarning: true)
    } else {
      current.people?.removeAll { $0.uid == person.uid }
      current.list.clamp(count: current.people?.count ?? 0, visibleRows: Self.blockedPage(context))
      context.notice = .localized(LocalizedText(PeopleAccountsL10n.peopleUnblocked, name), isWarning: false)
    }
    blocked = current
  }

  /// Esc on the list: drop the question, else close it (cancelling its load); an unblock in flight is waited for.
  mutating func closeBlocked() -> [AppEffect] {
    guard var current = blocked else { return [] }
    if current.confirming != nil {
      current.confirming = nil
      blocked = current
      return []
    }
    guard current.unblocking == nil else { return [] }
    blocked = nil
    return current.loading.map { [.cancel(requestID: $0)] } ?? []
  }
}
