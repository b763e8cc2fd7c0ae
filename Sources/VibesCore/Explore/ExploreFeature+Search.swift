import Foundation

extension ExploreState {
  /// The query as searched: trimmed.
  public var trimmedQuery: String { query.text.trimmingCharacters(in: .whitespacesAndNewlines) }

  /// The key of a query in the caches: trimmed, lowercased, runs of white space as one space.
  public static func normalized(_ query: String) -> String {
    query.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// The offline copy on screen now, if the results shown came from SQLite.
  public var offlineCopy: StaleSearch? {
    guard let staleSearch, case .loaded(let shown, _) = search, shown == staleSearch.query else { return nil }
    return staleSearch
  }

  /// True when `r` asks Spotify again: the search failed, or shows an offline copy.
  public var canRetrySearch: Bool {
    guard path.isEmpty, picker == nil, !showsRecent else { return false }
    if case .failed = search { return true }
    return offlineCopy != nil
  }

  /// True while the field is empty, so the recent searches show instead of results.
  public var showsRecent: Bool { trimmedQuery.isEmpty }

  /// The result rows on screen now (empty unless results are loaded).
  public var resultRows: [ResultRow] {
    if case .loaded(_, let results) = search { return results.rows }
    return []
  }

  var rootRowCount: Int { showsRecent ? recentSearches.count + LibraryKind.allCases.count + 1 : resultRows.count }

  mutating func reduceAction(_ action: ExploreAction, _ context: inout AppContext) -> [AppEffect] {
    switch action {
    case .player(let action):
      return reducePlayer(action, &context)
    case .recentLoaded(let recent, let queued):
      recentSearches = recent
      queuedActions = queued
      return []
    case .forYouPreloaded(let copy):
      forYouPreloaded(copy)
      return []
    case .search(let text):
      var effects = cancelSearchWork()
      for screen in path {
        if case .loading(let id) = screen.phase { effects.append(.cancel(requestID: id)) }
      }
      effects += closeLibrary()
      path = []
      picker = nil
      query.replace(with: PastedText.clean(text, for: .text))
      list = ListState()
      // Submitted, not typed: the results have the focus, and the search counts as settled.
      effects += submitSearch(&context)
      // Nothing to search for (the Feed's quick Search and Send a song): the field takes typing.
      if trimmedQuery.isEmpty { isEditing = true }
      return effects
    case .searchDue(let timerID):
      guard timerID == pendingTimerID else { return [] }
      pendingTimerID = nil
      return startSearch(&context)
    case .searchFinished(let requestID, let query, let result):
      guard case .loading(requestID, _) = search else { return [] }
      switch result {
      case .success(let results):
        searchCache[Self.normalized(query)] = results
        staleSearch = nil
        search = .loaded(query: query, results)
        list = ListState()
        // Only a settled query becomes a recent search: one submitted (Enter, `r`, a recent row), not the partial
        // text a pause in typing searched (`mi` on the way to `miles davis`). Leaving the field for the results
        // settles it later (`settleSearch`).
        return isEditing ? [] : rememberIfMeaningful(query, results)
      case .failure(let failure):
        search = .failed(query: query, failure)
        return []
      }
    case .searchFromCache(let requestID, let query, let results, let fetchedAt, let reason):
      guard case .loading(requestID, _) = search else { return [] }
      search = .loaded(query: query, results)
      staleSearch = StaleSearch(query: query, fetchedAt: fetchedAt, reason: reason)
      list = ListState()
      // Say why the offline copy shows (e.g. how long Spotify asks to wait).
      context.notice = .localized(
        LocalizedText(ExploreL10n.exploreOfflineCopyNotice) { t in ["reason": t[reason.text]] }, isWarning: true)
      return []
    case .moreFinished(let requestID, let group, let result):
      guard moreRequest?.requestID == requestID else { return [] }
      moreRequest = nil
      guard case .loaded(let query, var results) = search else { return [] }
      switch result {
      case .success(let page):
        results.appendMore(group, from: page)
        if offlineCopy == nil { searchCache[Self.normalized(query)] = results }
        search = .loaded(query: query, results)
      case .failure(let failure):
        context.notice = failure.notice
      }
      return []
    default:
      return reduceDetail(action, &context)
    }
  }

  /// The text changed: cancel the timer and the request in flight, then open a pasted link, show a cached
  /// answer, or start the 300 ms timer for a query of 2 characters or more.
  mutating func queryChanged(_ context: inout AppContext) -> [AppEffect] {
    var effects = cancelSearchWork()
    let text = trimmedQuery
    list = ListState()
    if let link = SpotifyLink.parse(text) {
      search = .idle
      query.clear()
      isEditing = false
      return effects + open(link, &context)
    }
    guard text.count >= Self.minimumQueryLength else {
      search = .idle
      return effects
    }
    if let cached = searchCache[Self.normalized(text)] {
      search = .loaded(query: text, cached)
      return effects
    }
    let timerID = context.makeRequestID()
    pendingTimerID = timerID
    effects.append(Self.run(.scheduleSearch(timerID: timerID, seconds: Self.debounceSeconds)))
    return effects
  }

  /// Enter in the field: search now (no wait) and move the focus to the results.
  mutating func submitSearch(_ context: inout AppContext) -> [AppEffect] {
    isEditing = false
    if case .loading(_, let running) = search, running == trimmedQuery { return [] }
    if case .loaded(let shown, _) = search, shown == trimmedQuery {
      // An offline copy: Enter asks Spotify again; results already shown are settled by Enter.
      return offlineCopy == nil ? settleSearch() : retrySearch(&context)
    }
    var effects = cancelSearchWork()
    guard trimmedQuery.count >= Self.minimumQueryLength else { return effects }
    if let cached = searchCache[Self.normalized(trimmedQuery)] {
      search = .loaded(query: trimmedQuery, cached)
      list = ListState()
      return effects + settleSearch()
    }
    effects += startSearch(&context)
    return effects
  }

  /// `r` (or Enter on an offline copy): the same query again, past the session cache, to Spotify.
  mutating func retrySearch(_ context: inout AppContext) -> [AppEffect] {
    guard path.isEmpty, trimmedQuery.count >= Self.minimumQueryLength else { return [] }
    let effects = cancelSearchWork()
    list = ListState()
    return effects + startSearch(&context)
  }

  mutating func startSearch(_ context: inout AppContext) -> [AppEffect] {
    let text = trimmedQuery
    guard text.count >= Self.minimumQueryLength else { return [] }
    let requestID = context.makeRequestID()
    search = .loading(requestID: requestID, query: text)
    return [Self.run(.search(requestID: requestID, query: text))]
  }

  /// Stops the timer, the search and the "more" page in flight.
  mutating func cancelSearchWork() -> [AppEffect] {
    var effects: [AppEffect] = []
    if let timerID = pendingTimerID {
      effects.append(.cancel(requestID: timerID))
      pendingTimerID = nil
    }
    if case .loading(let requestID, _) = search {
      effects.append(.cancel(requestID: requestID))
      search = .idle
    }
    if let more = moreRequest {
      effects.append(.cancel(requestID: more.requestID))
      moreRequest = nil
    }
    return effects
  }

  /// The user left the field for the results: the query shown is settled, so it joins the recent searches.
  mutating func settleSearch() -> [AppEffect] {
    guard case .loaded(let shown, let results) = search, shown == trimmedQuery, offlineCopy == nil else { return [] }
    return rememberIfMeaningful(shown, results)
  }

  /// Remembers `query` unless it found nothing (junk stays out of the recent searches).
  mutating func rememberIfMeaningful(_ query: String, _ results: SearchResults) -> [AppEffect] {
    guard !results.rows.isEmpty else { return [] }
    guard recentSearches.first?.lowercased() != query.lowercased() else { return [] }
    remember(query)
    return [Self.run(.rememberSearch(query))]
  }

  mutating func remember(_ query: String) {
    recentSearches.removeAll { $0.lowercased() == query.lowercased() }
    recentSearches.insert(query, at: 0)
    if recentSearches.count > Self.recentLimit { recentSearches.removeLast(recentSearches.count - Self.recentLimit) }
  }

  /// Enter on the root list: a recent search runs again, an item opens, "more" loads the next page.
  mutating func openRootRow(_ context: inout AppContext) -> [AppEffect] {
    if showsRecent {
      if let kind = libraryKind(atRoot: list.selected) { return openLibrary(kind, &context) }
      if list.selected == forYouRootIndex { return openForYou(refresh: false, &context) }
      guard recentSearches.indices.contains(list.selected) else { return [] }
      query.replace(with: recentSearches[list.selected])
      var effects = cancelSearchWork()
      if let cached = searchCache[Self.normalized(trimmedQuery)] {
        search = .loaded(query: trimmedQuery, cached)
        list = ListState()
        return effects
      }
      effects += startSearch(&context)
      list = ListState()
      return effects
    }
    let rows = resultRows
    guard rows.indices.contains(list.selected) else { return [] }
    let row = rows[list.selected]
    switch row.content {
    case .item(let item):
      return open(item.link, &context)
    case .more:
      guard moreRequest == nil, case .loaded(let query, let results) = search,
        let offset = results.nextOffset(row.group)
      else { return [] }
      let requestID = context.makeRequestID()
      moreRequest = MoreRequest(group: row.group, requestID: requestID)
      return [Self.run(.searchMore(requestID: requestID, query: query, row.group, offset: offset))]
    }
  }
}
