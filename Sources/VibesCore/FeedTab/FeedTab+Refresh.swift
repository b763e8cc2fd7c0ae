import Foundation

/// Refreshing the Feed: on start when the cache is older than 30 minutes, and with `r`. The refresh is an
/// effect; the reducer only marks it running, so keys answer at once while it runs.
extension FeedTab {
  /// Asks for a refresh unless one runs; without Ticketmaster set up, says what to do instead.
  mutating func startRefresh(_ context: inout AppContext) -> [AppEffect] {
    guard !refresh.isUpdating else { return [] }
    guard let facts = context.facts, Self.canRefresh(facts) else {
      refresh.phase = .needsTicketmaster
      return []
    }
    let id = context.makeRequestID()
    refresh.phase = .updating(requestID: id)
    refresh.lastAttemptAt = refresh.now
    return [Self.run(.refreshFeed(requestID: id))]
  }

  /// The start-up check, made once both the cache's age and the setup facts are known.
  mutating func refreshIfStale(_ context: inout AppContext) -> [AppEffect] {
    guard !refresh.startCheckDone, let facts = context.facts, refresh.statusLoaded else { return [] }
    refresh.startCheckDone = true
    // Concerts (Ticketmaster) or new releases (Spotify): either source is worth a start-up refresh.
    guard Self.canRefresh(facts), refresh.isStale else { return [] }
    return startRefresh(&context)
  }

  /// The clock ticked (at most every 30 s while the UI runs): move "Updated N min ago" on, count what waits to
  /// sync, and refresh on its own once the cache is older than 30 minutes (a failed try waits another 30).
  public mutating func clockTicked(_ date: Date, _ context: inout AppContext) -> [AppEffect] {
    refresh.now = date
    var effects = [Self.run(.countPendingSync)] + pollSocial(.timer, now: date, &context)
    guard refresh.startCheckDone, let facts = context.facts, Self.canRefresh(facts), refresh.isDueForRefresh
    else { return effects }
    effects += startRefresh(&context)
    return effects
  }

  /// Concerts need Ticketmaster; new releases need Spotify. Either is enough to refresh.
  static func canRefresh(_ facts: SetupFacts) -> Bool {
    facts.isComplete(.ticketmaster) || facts.isComplete(.spotify)
  }

  /// A refresh ended: show how, and reload the visible window from the cache.
  mutating func refreshFinished(requestID: Int, _ report: FeedRefreshReport, _ context: inout AppContext)
    -> [AppEffect]
  {
    guard case .updating(let running) = refresh.phase, running == requestID else { return [] }
    refresh.updatedAt = report.updatedAt
    refresh.now = report.now
    refresh.spotifyProblem = report.spotifyProblem
    switch report.outcome {
    case .updated: refresh.phase = .idle
    case .offline: refresh.phase = .offline
    case .rateLimited(let seconds): refresh.phase = .rateLimited(retryAfterSeconds: seconds)
    case .failed(let reason): refresh.phase = .failed(reason: reason)
    case .diskFull(let folder): refresh.phase = .diskFull(folder: folder)
    }
    list.pendingWindow = nil
    list.followCardID = list.selectedCard?.id
    return windowEffects(context, force: true)
  }

  /// Back on the Feed: read the cache's age again so "Updated 5 min ago" is current (the reducer has no clock).
  public mutating func arrive(_ context: inout AppContext) -> [AppEffect] {
    // Other tabs write cards too (Create's "You created"): show the cache as it is now.
    let window = cacheChanged(context)
    return (refresh.isUpdating ? [] : [Self.run(.loadFeedStatus)]) + [Self.run(.countPendingSync)] + window
  }

  /// The cache changed under the list (city change, Spotify disconnect): reload what shows.
  mutating func cacheChanged(_ context: AppContext) -> [AppEffect] {
    list.pendingWindow = nil
    return windowEffects(context, force: true)
  }
}
