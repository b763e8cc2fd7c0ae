import Foundation

/// Suggested people on the find screen (FR-8.4): loaded after the lists (the SQLite copy when it is young enough,
/// else Firebase), shown above Following before anything is typed and below what the field found, `f` follows the
/// selected one from the list. Someone you follow (also from here), block or who is gone leaves the suggestions.
extension PeopleFeature {
  /// How many suggestions the find screen shows.
  public static let shownSuggestions = 5

  /// The suggestions shown now: never someone you follow (a follow from here removes them at once).
  public var visibleSuggestions: [PersonSuggestion] {
    guard let items = suggestions?.items else { return [] }
    let following = Set(lists?.following.map(\.uid) ?? [])
    return Array(items.filter { !following.contains($0.person.uid) }.prefix(Self.shownSuggestions))
  }

  /// The reason shown beside a suggested row.
  public func suggestionReason(_ uid: String) -> SuggestionReason? {
    suggestions?.items.first { $0.person.uid == uid }?.reason
  }

  /// The selected row when it is a suggestion (the `f` key follows it).
  var selectedSuggestion: PersonSummary? {
    guard !isEditing, path.isEmpty else { return nil }
    let rows = rows
    guard rows.indices.contains(list.selected), rows[list.selected].section == .suggested else { return nil }
    return rows[list.selected].person
  }

  /// After the lists: the suggestions (`force` after `r`: past the SQLite copy's age).
  mutating func startSuggestions(_ context: inout AppContext) -> [AppEffect] {
    guard suggesting == nil, let lists else { return [] }
    let requestID = context.makeRequestID()
    suggesting = requestID
    let force = forceSuggestions
    forceSuggestions = false
    return [Self.run(.loadSuggestions(requestID: requestID, following: lists.following, force: force))]
  }

  mutating func suggestionsLoaded(
    _ requestID: Int, _ result: Result<PeopleSuggestions, PeopleFailure>, _ context: inout AppContext
  ) {
    guard suggesting == requestID else { return }
    suggesting = nil
    let selected = rows.indices.contains(list.selected) ? rows[list.selected].person.uid : nil
    switch result {
    case .success(let loaded):
      suggestions = loaded
      suggestionFailure = nil
    case .failure(let failure):
      suggestionFailure = failure
    }
    // At the top the list stays at the top (the suggestions arrive there); further down the same person stays
    // selected.
    if list.selected == 0 {
      list.clamp(count: rows.count, visibleRows: Self.visibleRows(context))
    } else {
      list.keep(selected, in: rows.map(\.person.uid), visibleRows: Self.visibleRows(context))
    }
  }

  /// `f` on a suggested row: follows them (answered by `changed` or `queued` like a follow from a profile).
  mutating func followSuggestion(_ context: inout AppContext) -> [AppEffect] {
    guard suggestFollow == nil, let person = selectedSuggestion else { return [] }
    let requestID = context.makeRequestID()
    suggestFollow = requestID
    return [Self.run(.perform(requestID: requestID, .follow, person))]
  }

  var suggestionBindings: [KeyBinding<PeopleCommand>] {
    guard selectedSuggestion != nil, suggestFollow == nil else { return [] }
    return [KeyBinding([.character("f")], "f", .key(PeopleSuggestL10n.suggestHelpFollow), .followSuggestion)]
  }
}
