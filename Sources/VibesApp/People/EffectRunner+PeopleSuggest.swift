import Foundation
import VibesCore
import VibesServices
import VibesStorage

extension EffectRunner {
  static let peopleSuggestionsKey = "suggestions"
  /// A copy younger than this is shown without asking Firebase (`r` asks anyway): a few refreshes a day at most.
  static let suggestionInterval: TimeInterval = 6 * 3600

  /// People's suggestions: the SQLite copy while young (or when Firebase cannot be reached, with its age), else one
  /// bounded refresh (`SocialRepository.suggestionEvidence`), ranked (`PeopleSuggestionRanking`) and cached.
  func loadPeopleSuggestions(
    _ requestID: Int, following: [PersonSummary], force: Bool, send: @escaping @Sendable (AppAction) -> Void
  ) async {
    let owner: String
    switch await peopleOwner() {
    case .failure(let failure):
      send(.people(.suggestionsLoaded(requestID: requestID, .failure(failure))))
      return
    case .success(let uid): owner = uid
    }
    let database = dependencies.database
    let now = dependencies.now()
    // Your own consent, read fresh (the copy never keeps it): without it the list says taste matches need it.
    let tasteShared = sharesTaste(owner: owner)
    var cached: PeopleSuggestions?
    if let entry = try? database.peopleCache(owner: owner, key: Self.peopleSuggestionsKey),
      var copy = try? JSONDecoder().decode(PeopleSuggestions.self, from: entry.payload)
    {
      copy.fetchedAt = entry.fetchedAt
      copy.isCached = false
      copy.tasteShared = tasteShared
      cached = copy
      if !force, now.timeIntervalSince(entry.fetchedAt) < Self.suggestionInterval, entry.fetchedAt <= now {
        send(.people(.suggestionsLoaded(requestID: requestID, .success(copy))))
        return
      }
    }
    let result = await people { repository throws(SocialError) in
      try await repository.suggestionEvidence(following: following)
    }
    guard !Task.isCancelled else { return }
    switch result {
    case .success(let read):
      log.info("people: suggestions refreshed (\(read.requests) requests, \(read.billedReads) reads)")
      let suggestions = PeopleSuggestions(
        items: PeopleSuggestionRanking.rank(read.evidence), fetchedAt: now, tasteShared: tasteShared)
      if let payload = try? JSONEncoder().encode(suggestions) {
        try? database.savePeopleCache(owner: owner, key: Self.peopleSuggestionsKey, payload: payload, at: now)
      }
      send(.people(.suggestionsLoaded(requestID: requestID, .success(suggestions))))
    case .failure(let failure):
      if var cached, !failure.needsAccount {
        cached.isCached = true
        send(.people(.suggestionsLoaded(requestID: requestID, .success(cached))))
      } else {
        send(.people(.suggestionsLoaded(requestID: requestID, .failure(failure))))
      }
    }
  }

  /// Someone followed or blocked leaves the cached suggestions too.
  func dropCachedSuggestion(owner: String, _ uid: String) {
    let database = dependencies.database
    guard let entry = try? database.peopleCache(owner: owner, key: Self.peopleSuggestionsKey),
      var suggestions = try? JSONDecoder().decode(PeopleSuggestions.self, from: entry.payload),
      suggestions.items.contains(where: { $0.person.uid == uid })
    else { return }
    suggestions.items.removeAll { $0.person.uid == uid }
    if let payload = try? JSONEncoder().encode(suggestions) {
      try? database.savePeopleCache(
        owner: owner, key: Self.peopleSuggestionsKey, payload: payload, at: entry.fetchedAt)
    }
  }
}
