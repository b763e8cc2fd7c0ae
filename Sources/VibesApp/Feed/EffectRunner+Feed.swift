import Foundation
import VibesCore
import VibesServices
import VibesStorage

extension AppDependencies {
  /// The one Ticketmaster rate limiter of this process (5 requests/second per key).
  static let ticketmasterLimiter = RequestRateLimiter()
}

/// The living Feed's effects: windows of the card cache, the refresh, and a release's tracklist. All of it runs off
/// the main actor; the reducer only learns the outcome, so keys answer while a refresh runs.
extension EffectRunner {
  func runFeedCards(_ effect: FeedEffect) async -> AppAction? {
    switch effect {
    case .loadFeedWindow(let request):
      do {
        // Not while a social refresh writes the cards it has just sent (`SocialCardsWrite`).
        let window = try SocialCardsWrite.gate.withLock {
          try dependencies.database.feedCardWindow(offset: request.offset, limit: request.limit)
        }
        return .feedWindowLoaded(total: window.total, offset: request.offset, items: window.slots)
      } catch {
        log.error("reading the feed cache failed: \(String(describing: error))")
        return .feedWindowLoaded(total: 0, offset: 0, items: [])
      }
    case .loadFeedStatus:
      let updated = try? dependencies.database.feedUpdatedAt()
      return .feed(.feedStatusLoaded(updatedAt: updated ?? nil, now: dependencies.now()))
    case .countPendingSync:
      return .feed(.pendingSyncCounted(pendingSyncCount()))
    case .refreshFeed(let requestID):
      return .feed(.refreshFinished(requestID: requestID, await refreshFeed()))
    case .loadRelease(let requestID, let albumID):
      return await loadRelease(requestID: requestID, albumID: albumID)
    default:
      return nil
    }
  }

  /// The offline actions waiting in storage: Explore's Spotify actions and Create's playlist saves (0 when the
  /// database cannot be read: the status line then says nothing rather than something wrong).
  func pendingSyncCount() -> Int {
    let database = dependencies.database
    let spotify = (try? database.queuedSpotifyActionCount()) ?? 0
    let saves = (try? database.queuedPlaylistSaves().count) ?? 0
    return spotify + saves
  }

  /// Concerts for the saved city and, with Spotify connected, new releases; ranked and cached.
  func refreshFeed() async -> FeedRefreshReport {
    let database = dependencies.database
    guard let key = try? dependencies.secrets.read(.ticketmasterAPIKey),
      let city = try? database.city(for: .ticketmaster),
      !city.isEmpty
    else {
      if let source = newReleaseSource() {
        // Spotify without Ticketmaster: new releases only.
        var outcome = await ReleasesOnlyRefresher(database: database, now: dependencies.now).refresh(source) {
          source.problem
        }
        let updatedAt = (try? database.feedUpdatedAt()) ?? nil
        if case .failed = outcome, source.wasOffline {
          // Unreachable: "Offline · showing what was cached 3 h ago", as for concerts.
          outcome = .offline(cachedAt: updatedAt)
        }
        var report = FeedRefreshReport(outcome: outcome, updatedAt: updatedAt, now: dependencies.now())
        if case .offline = outcome {} else { report.spotifyProblem = source.problem }
        return report
      }
      return FeedRefreshReport(
        outcome: .failed(reason: "Set up Ticketmaster to see concerts."),
        updatedAt: (try? database.feedUpdatedAt()) ?? nil, now: dependencies.now())
    }
    let source = newReleaseSource()
    let refresher = FeedRefresher(database: database, events: dependencies.feedEvents, now: dependencies.now)
    let area: (radiusKm: Int?, place: City?) = (try? database.concertArea(for: .ticketmaster)) ?? (nil, nil)
    let outcome = await refresher.refresh(
      apiKey: key, city: city, radiusKm: ConcertRadius.nearest(area.radiusKm), place: area.place, releases: source)
    switch outcome {
    case .updated(let count, _): log.info("feed refreshed: \(count) cards")
    default: log.notice("feed refresh: \(String(describing: outcome))")
    }
    var report = FeedRefreshReport(
      outcome: outcome, updatedAt: (try? database.feedUpdatedAt()) ?? nil, now: dependencies.now())
    report.spotifyProblem = source?.problem
    return report
  }

  /// The Spotify source when Spotify is connected (a refresh token is stored and a client ID configured).
  func newReleaseSource() -> SpotifyNewReleaseSource? {
    guard let client = feedSpotifyClient(), (try? dependencies.secrets.contains(.spotifyRefreshToken)) == true else {
      return nil
    }
    return SpotifyNewReleaseSource(client: client)
  }

  func feedSpotifyClient() -> SpotifyWebClient? {
    guard let tokens = dependencies.spotify.tokens else { return nil }
    return SpotifyWebClient(baseURL: dependencies.spotify.configuration.apiURL, tokens: tokens)
  }

  func loadRelease(requestID: Int, albumID: String) async -> AppAction? {
    guard let client = feedSpotifyClient() else {
      return .feed(.releaseLoaded(requestID: requestID, .failure(FeedLoadFailure("Spotify is not connected."))))
    }
    do {
      let tracks = try await SpotifyNewReleaseSource(client: client).tracklist(albumID: albumID)
      return .feed(.releaseLoaded(requestID: requestID, .success(tracks)))
    } catch {
      if error == .cancelled { return nil }
      log.notice("release tracklist failed: \(String(describing: error))")
      return .feed(
        .releaseLoaded(requestID: requestID, .failure(FeedLoadFailure(SpotifyNewReleaseSource.message(error)))))
    }
  }
}
