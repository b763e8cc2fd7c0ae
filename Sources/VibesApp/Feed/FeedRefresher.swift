import Foundation
import VibesCore
import VibesServices
import VibesStorage

/// Fetches the Feed's sources, ranks the cards and writes them to the cache, reporting how it went. Only a
/// successful fetch replaces the cards of its kind, so a failed refresh never empties the cache.
public struct FeedRefresher: Sendable {
  public let database: AppDatabase
  public let events: TicketmasterEventsClient
  /// How many top artists are asked for their releases.
  public let maxArtists: Int
  /// Where concerts for a saved city are searched: its coordinates and radius when the shipped city list knows the
  /// city (`CityList`), nil to search by the typed name (the fallback). Asked only when a refresh runs.
  public let area: @Sendable (String) -> TicketmasterArea?
  private let now: @Sendable () -> Date

  public init(
    database: AppDatabase, events: TicketmasterEventsClient, maxArtists: Int = 20,
    area: @escaping @Sendable (String) -> TicketmasterArea? = { CityList.area(for: $0, in: CityList.index) },
    now: @escaping @Sendable () -> Date = Date.init
  ) {
    self.database = database
    self.events = events
    self.maxArtists = max(0, maxArtists)
    self.area = area
    self.now = now
  }

  /// Concerts in `city` (Ticketmaster, `apiKey`) and, with a `releases` source, new releases by the user's top
  /// artists; ranked together and cached. The outcome follows Ticketmaster: a Spotify failure keeps the cached
  /// releases and still reports `updated`.
  /// `radiusKm` is how far around the city; `place` is the city taken from the suggestions, searched at its stored
  /// coordinates without looking the name up (nil: the typed city is looked up, or searched by name).
  public func refresh(
    apiKey: String, city: String, radiusKm: Int = ConcertRadius.defaultKm, place: City? = nil,
    releases: (any NewReleaseSource)?
  ) async -> FeedRefreshOutcome {
    async let concertsResult = fetchConcerts(apiKey: apiKey, city: city, radiusKm: radiusKm, place: place)
    async let spotifyResult = fetchReleases(releases)
    let concerts = await concertsResult
    let spotify = await spotifyResult
    let fetchedAt = now()

    do {
      let concertCards: [ConcertCard]
      switch concerts {
      case .success(let fresh): concertCards = fresh
      case .failure: concertCards = try database.cachedFeedCards(kind: .concert).compactMap(\.concert)
      }
      let releaseCards: [NewReleaseCard]
      let topArtists: [FeedArtist]
      if let fresh = spotify {
        releaseCards = fresh.releases
        topArtists = fresh.artists
      } else {
        releaseCards = try database.cachedFeedCards(kind: .newRelease).compactMap(\.newRelease)
        // Without fresh top artists, the cached concerts' marks are all that is known of them.
        let cached = try database.cachedFeedCards(kind: .concert).compactMap(\.concert)
        topArtists = Self.markedArtists(cached + concertCards)
      }
      let ranked = FeedRanking.rank(
        concerts: concertCards, releases: releaseCards, topArtists: topArtists, now: fetchedAt)

      switch (concerts, spotify) {
      case (.success, .some):
        try database.replaceConcertsAndNewReleases(city: city, cards: ranked, fetchedAt: fetchedAt)
      case (.success, nil):
        try database.replaceConcerts(city: city, cards: ranked, fetchedAt: fetchedAt)
      case (.failure, .some):
        try database.replaceNewReleases(cards: ranked, fetchedAt: fetchedAt)
      case (.failure, nil):
        break
      }
      if case .failure(let error) = concerts {
        return try outcome(for: error)
      }
      return .updated(count: try database.feedCardCount(), at: fetchedAt)
    } catch {
      return Self.saveFailed(database)
    }
  }

  /// A cache write failed: on a full disk, say so and name the data folder (issue 21); otherwise the plain reason.
  static func saveFailed(_ database: AppDatabase) -> FeedRefreshOutcome {
    if let folder = database.folder, DiskSpace.isFull(folder) { return .diskFull(folder: folder) }
    return .failed(reason: "Could not save the Feed cache.")
  }

  private func fetchConcerts(apiKey: String, city: String, radiusKm: Int, place: City?) async -> Result<
    [ConcertCard], ServiceError
  > {
    let searched =
      place.map { TicketmasterArea(latitude: $0.latitude, longitude: $0.longitude) } ?? area(city)
    let around = searched.map {
      TicketmasterArea(latitude: $0.latitude, longitude: $0.longitude, radiusKm: radiusKm)
    }
    do throws(ServiceError) {
      let result = try await events.musicEvents(apiKey: apiKey, city: city, area: around)
      return .success(result.events.map(ConcertCard.init))
    } catch {
      return .failure(error)
    }
  }

  /// The fresh top artists and their releases, or nil when the source is missing or its top artists failed.
  /// One artist's failed album request only leaves that artist out.
  private func fetchReleases(_ source: (any NewReleaseSource)?) async -> (
    artists: [FeedArtist], releases: [NewReleaseCard]
  )? {
    guard let source, let artists = try? await source.topArtists() else { return nil }
    var releases: [NewReleaseCard] = []
    for artist in artists.prefix(maxArtists) {
      if Task.isCancelled { return nil }
      if let found = try? await source.recentReleases(artistID: artist.id) {
        releases.append(contentsOf: found)
      }
    }
    return (artists, releases)
  }

  private func outcome(for error: ServiceError) throws -> FeedRefreshOutcome {
    switch error {
    case .network:
      return .offline(cachedAt: try database.feedUpdatedAt())
    case .rateLimited(let seconds):
      return .rateLimited(retryAfterSeconds: seconds)
    case .invalidCredentials:
      return .failed(reason: "Ticketmaster rejected the key.")
    default:
      return .failed(reason: error.localizedDescription)
    }
  }

  private static func markedArtists(_ concerts: [ConcertCard]) -> [FeedArtist] {
    var seen = Set<String>()
    return concerts.compactMap { concert in
      guard let name = concert.matchedArtist, seen.insert(name).inserted else { return nil }
      return FeedArtist(name: name, id: "")
    }
  }
}
