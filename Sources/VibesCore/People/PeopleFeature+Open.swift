/// Other areas open People at a person or at its find field (the Feed's cards and empty state).
extension PeopleFeature {
  /// The person's profile on top of the area's root (whatever was open closes, its loads cancelled).
  mutating func openPerson(_ person: PersonSummary, _ context: inout AppContext) -> [AppEffect] {
    let cancels = path.compactMap { $0.request?.operation == .load ? $0.request?.id : nil }.map {
      AppEffect.cancel(requestID: $0)
    }
    path = []
    isEditing = false
    return cancels + open(person, &context)
  }

  /// The area's root, its lists loaded, with the find field taking typing.
  mutating func showFind(_ context: inout AppContext) -> [AppEffect] {
    let effects = reduce(.show, &context)
    isEditing = true
    return effects
  }
}

extension NavigationRequest {
  /// Show this person's profile in People (a song card's sender, a new follower).
  public static func openPerson(_ person: PersonSummary) -> NavigationRequest {
    .open(PeopleFeature.self, .openPerson(person))
  }

  /// Show People with its find field focused ("Find people to follow").
  public static var findPeople: NavigationRequest { .open(PeopleFeature.self, .showFind) }
}
