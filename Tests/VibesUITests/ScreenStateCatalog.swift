import Foundation
import VibesCore
import VibesTestSupport
import VibesUI

/// Every screen of the app in each of its states (every failure and notice included), each reached from a
/// fresh app by sending real actions through the reducer. Fixtures carry long network strings (artist
/// names, German compound words) so that clipping and wrapping are exercised.
enum ScreenStateCatalog {
  /// A named way to reach a screen state from a fresh app (facts loaded, an empty Feed window).
  struct State {
    var name: String
    var build: (inout Driver) -> Void
  }

  static let longArtist = "Die Fantastischen Vier feat. Herbert Grönemeyer und das Rundfunk-Sinfonieorchester Berlin"
  static let longWord = "Donaudampfschifffahrtsgesellschaftskapitänsmützenkonzertveranstaltung"
  static let longVenue = "Elbphilharmonie Hamburg · Großer Saal (Konzertveranstaltungsbestätigungspflicht)"
  static let host = "api.konzertveranstaltungsbestaetigung.example.com"
  static let now = Date(timeIntervalSince1970: 1_900_000_000)

  static var all: [State] {
    feed + forms + spotify + explore + forYou + create + profile + people + peopleAccounts + appStoreConnect + tracker
      + overlays + keys + inbox + songMenu + gamify + playback + thumbnails
  }

  // MARK: Feed

  static var feed: [State] {
    let facts = SetupFacts(storedSecrets: [.ticketmaster, .spotify], ticketmasterCity: "Garmisch-Partenkirchen")
    func cards(_ driver: inout Driver) {
      driver.send(.factsLoaded(facts))
      let concert = FeedFixtures.concert(1, name: longArtist, venue: longVenue, matchedArtist: longArtist)
      let release = FeedFixtures.release(2, name: longWord + " (Deluxe Edition)")
      let cancelled = FeedFixtures.concert(3, name: longWord, status: .canceled)
      driver.send(
        .feedWindowLoaded(
          total: 4, offset: 0, items: [.concert(concert), .newRelease(release), .concert(cancelled), nil]))
    }
    func refreshed(_ outcome: FeedRefreshOutcome, spotifyProblem: String? = nil) -> State {
      State(name: "feed refresh \(outcome)") { driver in
        cards(&driver)
        driver.press(.character("r"))
        guard case .updating(let id) = driver.state.feed.refresh.phase else { return }
        driver.send(
          .feed(
            .refreshFinished(
              requestID: id,
              FeedRefreshReport(
                outcome: outcome, updatedAt: now.addingTimeInterval(-3 * 3600), now: now,
                spotifyProblem: spotifyProblem))))
      }
    }
    return [
      State(name: "feed, nothing set up") { _ in },
      State(name: "feed with cards") { cards(&$0) },
      State(name: "feed updating") { driver in
        cards(&driver)
        driver.press(.character("r"))
      },
      refreshed(.updated(count: 3, at: now), spotifyProblem: "Spotify: this account is not on the app's user list"),
      refreshed(.offline(cachedAt: now.addingTimeInterval(-7200))),
      refreshed(.rateLimited(retryAfterSeconds: 60)),
      refreshed(.diskFull(folder: "/home/someone/.local/share/vibes")),
      refreshed(.failed(reason: "Ticketmaster antwortete mit einer Zeitüberschreitungsfehlermeldung " + longWord)),
      State(name: "feed concert detail") { driver in
        cards(&driver)
        driver.press(.down, .enter)
      },
      State(name: "feed release detail loading") { driver in
        cards(&driver)
        driver.press(.down, .down, .enter)
      },
      State(name: "feed release detail loaded") { driver in
        cards(&driver)
        driver.press(.down, .down, .enter)
        guard let id = releaseRequest(driver.state) else { return }
        driver.send(
          .feed(
            .releaseLoaded(
              requestID: id,
              .success([
                ReleaseTrack(number: 1, name: longWord, durationMs: 187_000),
                ReleaseTrack(number: 2, name: longArtist, durationMs: 263_500),
              ]))))
      },
      State(name: "feed release detail failed") { driver in
        cards(&driver)
        driver.press(.down, .down, .enter)
        guard let id = releaseRequest(driver.state) else { return }
        driver.send(
          .feed(
            .releaseLoaded(
              requestID: id, .failure(FeedLoadFailure("Spotify: this account is not on the app's user list.")))))
      },
      State(name: "checklist") { $0.press(.enter) },
      State(name: "checklist, everything set up") { driver in
        driver.send(
          .factsLoaded(SetupFacts(storedSecrets: [.gemini, .ticketmaster, .spotify], ticketmasterCity: longWord)))
        driver.press(.enter)
      },
    ]
  }

  static func releaseRequest(_ state: AppState) -> Int? {
    if case .release(let detail)? = state.feed.path.last, case .loading(let id) = detail.tracks { return id }
    return nil
  }

  // MARK: Credential forms (Gemini, Ticketmaster)

  static let validationFailures: [ValidationFailure] =
    [
      .invalidCredentials, .forbidden(reason: nil), .forbidden(reason: "API_KEY_SERVICE_BLOCKED " + longWord),
      .quotaExceeded(retryAfterSeconds: 30), .quotaExceeded(retryAfterSeconds: nil),
      .serverError(status: 503), .unexpectedStatus(418), .invalidResponse, .storageFailed,
    ] + transportKinds.map { .transport(TransportFailure($0, host: host)) }

  static let transportKinds: [TransportFailure.Kind] = [
    .hostNotFound, .connectionRefused, .timedOut, .secureConnectionFailed, .proxyFailed, .connectionLost,
    .redirectRefused, .offline, .other,
  ]

  /// Cities for the Ticketmaster suggestions: long names, one with diacritics.
  static let cities = [
    City(name: "Berlin", countryCode: "DE", latitude: 52.52, longitude: 13.41, population: 3_426_354),
    City(
      name: "Bergisch Gladbach-" + longWord, countryCode: "DE", latitude: 50.99, longitude: 7.13, population: 111_000),
    City(name: "Bergamo", countryCode: "IT", latitude: 45.69, longitude: 9.67, population: 120_000),
    City(name: "Bérgamo Très Longue Ville", countryCode: "FR", latitude: 45.0, longitude: 1.0, population: 20_000),
  ]

  static var forms: [State] {
    var states = [
      State(name: "gemini form") { $0.press(.enter, .down, .enter) },
      State(name: "ticketmaster form") { $0.press(.enter, .end, .enter) },
      State(name: "gemini form, required") { driver in
        driver.press(.enter, .down, .enter)
        driver.press(.ctrl("s"))
      },
      State(name: "city suggestions on the ticketmaster form") { driver in
        driver.press(.enter, .end, .enter)
        driver.press(.tab)
        driver.type("ber")
        driver.send(.feed(.cityIndexLoaded(CityIndex(cities: cities))))
        driver.press(.down, .down)
      },
      State(name: "radius on the ticketmaster form") { driver in
        driver.press(.enter, .end, .enter)
        driver.press(.tab)
        driver.type("Garmisch-Partenkirchen")
        driver.press(.tab, .right)
      },
      State(name: "ticketmaster form validating") { driver in
        driver.press(.enter, .end, .enter)
        driver.type("TmKeyAbcdefghijklmnopqrstuvwx")
        driver.press(.tab)
        driver.type(longWord)
        driver.press(.ctrl("s"))
      },
    ]
    for failure in validationFailures {
      states.append(
        State(name: "gemini \(failure)") { driver in
          driver.press(.enter, .down, .enter)
          driver.type("AIzaSyExampleKey1234567")
          driver.press(.ctrl("s"))
          driver.send(.validationFinished(requestID: formRequest(driver.state) ?? 1, .failure(failure)))
        })
    }
    states.append(
      State(name: "ticketmaster saved city without events") { driver in
        driver.press(.enter, .end, .enter)
        driver.type("TmKeyAbcdefghijklmnopqrstuvwx")
        driver.press(.tab)
        driver.type(longWord)
        driver.press(.ctrl("s"))
        driver.send(
          .validationFinished(requestID: formRequest(driver.state) ?? 1, .success(.ticketmaster(upcomingEvents: 0))))
      })
    return states
  }

  static func formRequest(_ state: AppState) -> Int? {
    switch state.feed.topForm?.phase {
    case .checking(let id)?, .saving(let id)?: return id
    default: return nil
    }
  }

  // MARK: Spotify step

  static var spotify: [State] {
    func info(configured: Bool) -> SpotifySetupInfo {
      SpotifySetupInfo(
        clientConfigured: configured, registeredRedirectURI: "http://127.0.0.1:8888/callback",
        configFilePath: "/home/konzertveranstalterin/.config/vibes/config", isRemoteSession: true,
        hostName: "entwicklungsrechner-" + longWord.lowercased())
    }
    func open(_ driver: inout Driver, configured: Bool = true) {
      driver.send(.spotify(.statusLoaded(info(configured: configured), SpotifyStatus())))
      driver.press(.enter, .enter)
    }
    func attempt(_ driver: inout Driver) -> Int? {
      open(&driver)
      driver.press(.enter)
      guard case .spotify(let connect)? = driver.state.feed.path.last else { return nil }
      return connect.requestID
    }
    func waiting(_ driver: inout Driver) {
      guard let id = attempt(&driver) else { return }
      driver.send(
        .spotify(
          .authorizationReady(
            requestID: id,
            SpotifyAuthorization(
              url:
                "https://accounts.spotify.com/authorize?client_id=0123456789abcdef0123456789abcdef&response_type=code&redirect_uri=http%3A%2F%2F127.0.0.1%3A43123%2Fcallback&state=abcdefghijklmnop&scope=user-read-private%20playlist-modify-private",
              redirectURI: "http://127.0.0.1:43123/callback", port: 43123, listenerRunning: true,
              browserOpened: false))))
    }
    let failures: [SpotifyFailure] =
      [
        .notConfigured, .stateMismatch, .noCode, .attemptExpired, .invalidGrant, .authorizationError(nil),
        .authorizationError("invalid_client " + longWord), .rateLimited(seconds: 30), .rateLimited(seconds: nil),
        .serverError(status: 502), .unexpectedStatus(418), .invalidResponse, .storageFailed,
      ] + transportKinds.map { .transport(TransportFailure($0, host: "accounts.spotify.com")) }
    var states = [
      State(name: "spotify without client id") { open(&$0, configured: false) },
      State(name: "spotify connect") { open(&$0) },
      State(name: "spotify waiting") { waiting(&$0) },
      State(name: "spotify connected") { driver in
        guard let id = attempt(&driver) else { return }
        driver.send(.spotify(.connected(requestID: id, profileName: longArtist)))
        driver.send(.factsLoaded(SetupFacts(storedSecrets: [.spotify])))
      },
    ]
    for failure in failures {
      states.append(
        State(name: "spotify \(failure)") { driver in
          guard let id = attempt(&driver) else { return }
          driver.send(.spotify(.failed(requestID: id, failure)))
        })
    }
    return states
  }

  // MARK: Explore

  static var longResults: SearchResults {
    var artist = MusicFixtures.aurora
    artist.name = longArtist
    artist.genres = ["neue deutsche härte", "kammermusikalische " + longWord, "schlager"]
    var album = MusicFixtures.nightSwim
    album.name = longWord
    album.artists = [artist]
    var track = MusicFixtures.tide
    track.name = "Ein Lied über die " + longWord
    track.artists = [artist, MusicFixtures.basalt]
    track.album = album
    var playlist = MusicFixtures.lateNight
    playlist.name = "Sommerabend-Lieblingslieder für die " + longWord
    playlist.ownerName = longArtist
    return SearchResults(
      tracks: MusicPage(items: [track, MusicFixtures.undertow], total: 12, nextOffset: 10),
      artists: MusicPage(items: [artist], total: 1), albums: MusicPage(items: [album], total: 1),
      playlists: MusicPage(items: [playlist], total: 1))
  }

  static let musicFailures: [MusicFailure] = [
    .notConnected, .reconnectNeeded, .notRegistered, .premiumRequired, .notFound, .rateLimited(seconds: 30),
    .rateLimited(seconds: nil), .server(status: 503), .offline, .timedOut, .refused(nil),
    .refused("Insufficient client scope"),
    .invalidResponse,
  ]

  static var explore: [State] {
    func connected(_ driver: inout Driver) {
      driver.send(.factsLoaded(SetupFacts(storedSecrets: [.spotify])))
      driver.press(.tabKey(.explore))
    }
    func search(_ driver: inout Driver, _ result: Result<SearchResults, MusicFailure>) {
      connected(&driver)
      driver.press(.character("/"))
      driver.type("grönemeyer")
      guard let timer = driver.state.explore.pendingTimerID else { return }
      let id = driver.send(.explore(.searchDue(timerID: timer))).compactMap(\.cancellationID).last ?? -1
      driver.send(.explore(.searchFinished(requestID: id, query: "grönemeyer", result)))
    }
    func detail(_ driver: inout Driver, _ link: SpotifyLink, _ result: Result<CachedDetail, MusicFailure>) {
      connected(&driver)
      driver.send(.explore(.open(link)))
      guard case .loading(let id)? = driver.state.explore.path.last?.phase else { return }
      driver.send(.explore(.detailFinished(requestID: id, link, result)))
    }
    let results = longResults
    var album = results.albums.items[0]
    album.totalTracks = 2
    let track = results.tracks.items[0]
    var states = [
      State(name: "explore without Spotify") { $0.press(.tabKey(.explore)) },
      State(name: "explore empty search") { connected(&$0) },
      State(name: "explore search wide text") { driver in
        connected(&driver)
        driver.press(.character("/"))
        driver.type(String(repeating: "東京🎸", count: 20))
      },
      State(name: "explore recent searches") { driver in
        connected(&driver)
        driver.send(.explore(.recentLoaded(["Grönemeyer", longWord, longArtist], queued: 3)))
      },
      State(name: "explore searching") { driver in
        connected(&driver)
        driver.press(.character("/"))
        driver.type(longWord)
        if let timer = driver.state.explore.pendingTimerID { driver.send(.explore(.searchDue(timerID: timer))) }
      },
      State(name: "explore results") { search(&$0, .success(results)) },
      State(name: "explore results, list") { driver in
        search(&driver, .success(results))
        driver.press(.enter)
      },
      State(name: "explore no results") { search(&$0, .success(SearchResults())) },
      State(name: "explore album") { driver in
        detail(
          &driver, album.link,
          .success(CachedDetail(detail: .album(AlbumDetail(album: album, tracks: [track])), fetchedAt: now)))
        driver.send(.explore(.libraryState([track.uri: true])))
      },
      State(name: "explore stale track") { driver in
        detail(
          &driver, track.link,
          .success(CachedDetail(detail: .track(track), fetchedAt: now.addingTimeInterval(-86400), isStale: true)))
      },
      State(name: "explore artist") { driver in
        detail(
          &driver, MusicFixtures.aurora.link, .success(CachedDetail(detail: MusicFixtures.artistDetail, fetchedAt: now))
        )
      },
      State(name: "explore track preview playing") { driver in
        detail(&driver, track.link, .success(CachedDetail(detail: .track(track), fetchedAt: now)))
        driver.press(.character("p"))
        guard case .finding(let id)? = driver.state.explore.preview?.phase else { return }
        let store = "https://music.apple.com/us/album/ein-lied/1440857781?i=1440857790"
        driver.send(
          .explore(
            .previewFound(
              requestID: id, trackID: track.id,
              .success(.available(previewURL: "https://a.example/c.m4a", storeURL: store))
            )))
        driver.send(
          .explore(.previewProgress(trackID: track.id, PreviewPlayback(phase: .playing, elapsed: 12, total: 30))))
      },
      State(name: "explore track no preview") { driver in
        detail(&driver, track.link, .success(CachedDetail(detail: .track(track), fetchedAt: now)))
        driver.press(.character("p"))
        guard case .finding(let id)? = driver.state.explore.preview?.phase else { return }
        driver.send(.explore(.previewFound(requestID: id, trackID: track.id, .success(.none))))
      },
      State(name: "explore track preview without a player") { driver in
        detail(&driver, track.link, .success(CachedDetail(detail: .track(track), fetchedAt: now)))
        driver.press(.character("p"))
        guard case .finding(let id)? = driver.state.explore.preview?.phase else { return }
        driver.send(
          .explore(
            .previewFound(
              requestID: id, trackID: track.id,
              .success(.available(previewURL: "https://a.example/c.m4a", storeURL: nil))
            )))
        driver.send(.explore(.previewProgress(trackID: track.id, PreviewPlayback(phase: .failed(.noPlayer)))))
      },
      State(name: "explore playlist picker, duplicate") { driver in
        detail(&driver, track.link, .success(CachedDetail(detail: .track(track), fetchedAt: now)))
        driver.press(.character("a"))
        guard case .loading(let listID)? = driver.state.explore.picker?.phase else { return }
        driver.send(
          .explore(.playlistsLoaded(requestID: listID, .success(results.playlists.items + [MusicFixtures.running]))))
        driver.press(.enter)
        guard case .adding(let addID, _)? = driver.state.explore.picker?.phase else { return }
        driver.send(.explore(.duplicateFound(requestID: addID)))
      },
    ]
    func library(_ driver: inout Driver, _ kind: LibraryKind, _ result: Result<CachedLibrary, MusicFailure>) {
      connected(&driver)
      driver.send(.explore(.recentLoaded(["Grönemeyer", longWord, longArtist, "Aurora", "Basalt", "Tide"], queued: 3)))
      driver.press(.character("l"))
      for _ in LibraryKind.allCases.prefix(while: { $0 != kind }) { driver.press(.down) }
      driver.press(.enter)
      guard case .loading(let id)? = driver.state.explore.libraryScreen?.phase else { return }
      driver.send(.explore(.libraryFinished(requestID: id, kind, result)))
    }
    let manyTracks = (0..<30).map { index -> MusicItem in
      var copy = track
      copy.id = MusicFixtures.id("library\(index)")
      return .track(copy)
    }
    states += [
      State(name: "explore your library, many recent searches") { driver in
        connected(&driver)
        driver.send(
          .explore(
            .recentLoaded(["Grönemeyer", longWord, longArtist, "Aurora", "Basalt", "Tide", "a", "b"], queued: 3)))
        driver.press(.character("l"))
        driver.press(.end)
      },
      State(name: "explore library loading") { driver in
        connected(&driver)
        driver.press(.character("l"))
        driver.press(.enter)
      },
      State(name: "explore saved songs, paged") { driver in
        library(
          &driver, .savedTracks,
          .success(CachedLibrary(page: MusicPage(items: manyTracks, total: 80, nextOffset: 50), fetchedAt: now)))
      },
      State(name: "explore saved albums, offline copy") { driver in
        library(
          &driver, .savedAlbums,
          .success(
            CachedLibrary(
              page: MusicPage(items: [.album(album)], total: 1), fetchedAt: now.addingTimeInterval(-86400),
              isStale: true, staleReason: .offline)))
      },
      State(name: "explore your playlists") { driver in
        library(
          &driver, .playlists,
          .success(
            CachedLibrary(
              page: MusicPage(items: results.playlists.items.map(MusicItem.playlist), total: 1), fetchedAt: now)))
      },
      State(name: "explore own playlist, remove question") { driver in
        var playlist = results.playlists.items[0]
        playlist.snapshotID = "s1"
        var second = track
        second.id = MusicFixtures.id("second")
        second.name = longWord
        detail(
          &driver, playlist.link,
          .success(
            CachedDetail(
              detail: .playlist(PlaylistDetail(playlist: playlist, tracks: [track, second], positions: [0, 2])),
              fetchedAt: now)))
        driver.press(.down)
        driver.press(.character("x"))
      },
      State(name: "explore own playlist, moved") { driver in
        detail(
          &driver, MusicFixtures.lateNight.link,
          .success(
            CachedDetail(
              detail: .playlist(
                PlaylistDetail(playlist: MusicFixtures.lateNight, tracks: [MusicFixtures.tide, MusicFixtures.undertow])),
              fetchedAt: now)))
        driver.press(.character("J"))
      },
      State(name: "explore your playlists, empty") { driver in
        library(&driver, .playlists, .success(CachedLibrary(page: MusicPage(), fetchedAt: now)))
      },
    ]
    for failure in musicFailures {
      states.append(State(name: "explore library \(failure)") { library(&$0, .savedTracks, .failure(failure)) })
      states.append(State(name: "explore search \(failure)") { search(&$0, .failure(failure)) })
      states.append(State(name: "explore detail \(failure)") { detail(&$0, track.link, .failure(failure)) })
      states.append(
        State(name: "explore picker \(failure)") { driver in
          detail(&driver, track.link, .success(CachedDetail(detail: .track(track), fetchedAt: now)))
          driver.press(.character("a"))
          guard case .loading(let listID)? = driver.state.explore.picker?.phase else { return }
          driver.send(.explore(.playlistsLoaded(requestID: listID, .failure(failure))))
        })
    }
    return states
  }

  // MARK: Create

  static var createFailures: [CreateFailure] {
    [
      .geminiKeyMissing, .keyRejected, .keyForbidden, .modelNotFound(model: "gemini-" + longWord),
      .invalidModelName, .rateLimitedPerMinute(retryAfterSeconds: 42), .rateLimitedPerMinute(retryAfterSeconds: nil),
      .quotaExhaustedForToday(resetsAt: now), .quotaExhaustedForToday(resetsAt: nil), .ranOutOfTokens,
      .answerBlocked(reason: "SAFETY " + longWord), .promptBlocked(reason: "PROHIBITED_CONTENT"), .emptyReply,
      .malformedReply, .tooFewSongs(asked: 20, usable: 3), .serverProblem(status: 503), .offline, .timedOut,
      .spotifyNotConnected, .spotifyRateLimited(retryAfterSeconds: 30),
      .spotify("Insufficient client scope " + longWord),
      .storage,
    ]
  }

  static func playlist(pending: Bool = false, saveState: PlaylistSaveState = .notSaved) -> GeneratedPlaylist {
    let titles = [longWord, "Mensch", "Ein Lied für die Konzertveranstaltungsbestätigung", "Flugzeuge im Bauch"]
    let songs = titles.enumerated().map { index, title -> ResolvedSong in
      let song = SuggestedSong(title: title, artist: index == 0 ? longArtist : "Herbert Grönemeyer")
      if pending { return ResolvedSong(song: song, resolution: .pending) }
      if index == 2 { return ResolvedSong(song: song, resolution: .notFound) }
      return ResolvedSong(
        song: song,
        resolution: .found(
          TrackCandidate(
            id: "t\(index)", uri: "spotify:track:t\(index)", name: title, artists: [song.artist],
            album: "Bochum (Remastered " + longWord + ")", durationMs: 200_000)))
    }
    return GeneratedPlaylist(
      id: 1, prompt: "Roadtrip durch das Donaudampfschifffahrtsgesellschaftsgebiet",
      name: "Sommerliche " + longWord, description: "Lieder für eine lange Fahrt. " + longArtist + " " + longWord,
      songs: songs, createdAt: now, saveState: saveState)
  }

  static var create: [State] {
    func open(_ driver: inout Driver) {
      driver.send(.factsLoaded(SetupFacts(storedSecrets: [.gemini, .spotify])))
      driver.press(.tabKey(.create))
    }
    func generate(_ driver: inout Driver) -> Int {
      open(&driver)
      driver.press(.tab)
      for _ in 0..<6 where driver.state.create.focus != .prompt { driver.press(.tab) }
      driver.type("Roadtrip durch die " + longWord)
      return driver.press(.enter).compactMap(\.createEffect).compactMap(\.cancellationID).first ?? -1
    }
    func preview(_ driver: inout Driver) {
      let id = generate(&driver)
      driver.send(.create(.generated(requestID: id, .success(playlist()))))
    }
    func save(_ driver: inout Driver) -> Int {
      preview(&driver)
      guard case .save(let id, _, _)? = driver.press(.character("s")).first?.createEffect else { return -1 }
      return id
    }
    var states = [
      State(name: "create without Gemini") { $0.press(.tabKey(.create)) },
      State(name: "create prompt") { open(&$0) },
      State(name: "create prompt wide text") { driver in
        open(&driver)
        driver.type(String(repeating: "東京の夜🎸", count: 12))
      },
      State(name: "create generating") { _ = generate(&$0) },
      State(name: "create preview") { preview(&$0) },
      State(name: "create preview resolving") { driver in
        let id = generate(&driver)
        let effects = driver.send(.create(.generated(requestID: id, .success(playlist(pending: true)))))
        let resolveID = effects.compactMap(\.createEffect).compactMap(\.cancellationID).first ?? -1
        driver.send(.create(.resolveProgress(requestID: resolveID, resolved: 2, total: 4)))
      },
      State(name: "create saved") { driver in
        let id = save(&driver)
        let url = "https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M"
        driver.send(.create(.saved(requestID: id, .success(playlist(saveState: .saved(playlistID: "PL1", url: url))))))
      },
    ]
    func grow(_ driver: inout Driver) -> Int? {
      open(&driver)
      guard case .loadMyPlaylists(let loadID)? = driver.press(.ctrl("g")).first?.createEffect else { return nil }
      let own = OwnPlaylist(
        id: "PLX", name: "Sommerabend-Lieblingslieder für die " + longWord, description: longArtist, trackCount: 3)
      driver.send(.create(.myPlaylistsLoaded(requestID: loadID, .success([own]))))
      guard case .grow(let growID, _, _, _)? = driver.press(.enter).first?.createEffect else { return nil }
      return growID
    }
    states += [
      State(name: "create history") { driver in
        open(&driver)
        var saved = playlist(saveState: .saved(playlistID: "P", url: "https://open.spotify.com/playlist/P"))
        saved.id = 2
        driver.send(.create(.historyLoaded([playlist(), saved], queued: [1])))
        driver.press(.tab)
      },
      State(name: "create grow suggestions") { driver in
        guard let id = grow(&driver) else { return }
        driver.send(
          .create(.growSuggested(requestID: id, .success(GrowSuggestions(songs: playlist().songs, asked: 15)))))
      },
      State(name: "create grow suggestions with songs left out") { driver in
        guard let id = grow(&driver) else { return }
        let answer = GrowSuggestions(songs: playlist().songs, asked: 15, repeated: 1, alreadyInPlaylist: 2, notFound: 3)
        driver.send(.create(.growSuggested(requestID: id, .success(answer))))
      },
      State(name: "create grow failed") { driver in
        guard let id = grow(&driver) else { return }
        driver.send(.create(.growSuggested(requestID: id, .failure(.answerBlocked(reason: "SAFETY")))))
      },
    ]
    for failure in createFailures {
      states.append(
        State(name: "create generate \(failure)") { driver in
          let id = generate(&driver)
          driver.send(.create(.generated(requestID: id, .failure(failure))))
        })
    }
    // What a save can meet (Spotify, the network, the database); a timeout is queued as offline is.
    let saveFailures: [CreateFailure] = [
      .spotifyNotConnected, .spotifyRateLimited(retryAfterSeconds: 30), .spotifyRateLimited(retryAfterSeconds: nil),
      .spotify("Insufficient client scope " + longWord), .offline, .serverProblem(status: 502), .storage,
      .noSongsFound,
    ]
    for failure in saveFailures {
      states.append(
        State(name: "create save \(failure)") { driver in
          let id = save(&driver)
          driver.send(.create(.saved(requestID: id, .failure(failure))))
        })
    }
    return states
  }

  // MARK: Profile

  static var profile: [State] {
    let info = ProfileInfo(
      connections: [
        ConnectionStatus(service: ConnectedService.allCases[0], state: .configured(detail: longArtist))
      ]
        + ConnectedService.allCases.dropFirst().enumerated().map { index, service in
          ConnectionStatus(
            service: service,
            state: index % 2 == 0
              ? .unreadable(reason: "unknownEnvironment " + longWord) : .configured(detail: "Garmisch-Partenkirchen"))
        },
      version: "0.1.0", dataPath: "/home/konzertveranstalterin/.local/share/vibes/" + longWord + "/vibes.sqlite",
      configPath: "/home/konzertveranstalterin/.config/vibes",
      logPath: "/home/konzertveranstalterin/.local/state/vibes/vibes.log")
    func open(_ driver: inout Driver, spotify: Bool = true) {
      driver.send(.factsLoaded(SetupFacts(storedSecrets: spotify ? [.spotify, .gemini] : [])))
      driver.send(.secretStoreDescribed(SecretStoreInfo(kind: .vault, location: "/home/u/.local/share/vibes/vault")))
      let id = driver.press(.tabKey(.profile)).compactMap(\.profileEffect).compactMap(\.cancellationID).first
      driver.send(.profile(.infoLoaded(info)))
      if let id {
        var stats = MusicFixtures.stats
        stats.topArtists[0].name = longArtist
        stats.topTracks[0].name = longWord
        driver.send(
          .profile(.statsFinished(requestID: id, .shortTerm, .success(CachedStats(stats: stats, fetchedAt: now)))))
      }
    }
    var states = [
      State(name: "profile without Spotify") { open(&$0, spotify: false) },
      State(name: "profile with stats") { open(&$0) },
      State(name: "profile sign-out question") { driver in
        open(&driver)
        driver.press(.end, .enter)
      },
    ]
    for failure in musicFailures {
      states.append(
        State(name: "profile stats \(failure)") { driver in
          driver.send(.factsLoaded(SetupFacts(storedSecrets: [.spotify])))
          let id = driver.press(.tabKey(.profile)).compactMap(\.profileEffect).compactMap(\.cancellationID).first ?? -1
          driver.send(.profile(.infoLoaded(info)))
          driver.send(.profile(.statsFinished(requestID: id, .shortTerm, .failure(failure))))
        })
    }
    return states
  }

  // MARK: App Store Connect

  static let ascFailures: [AppStoreConnectFailure] =
    [
      .malformedKey, .keyFileUnreadable, .notAuthorized, .roleTooLow, .agreementRequired, .rateLimited,
      .rateLimitedRetryAfter(seconds: 120), .server(status: 503), .invalidResponse, .cancelled, .storageFailed,
      .notConfigured,
    ] + transportKinds.map { .transport(TransportFailure($0, host: "api.appstoreconnect.apple.com")) }

  static var appStoreConnect: [State] {
    let keyText =
      "-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgSECRETSECRET\n-----END PRIVATE KEY-----"
    func setup(_ driver: inout Driver) {
      driver.send(.appStoreConnect(.storedStateLoaded(AppStoreConnectStoredState(isConfigured: false))))
      driver.press(.tabKey(.appStoreConnect), .tab)
    }
    func verifying(_ driver: inout Driver) -> Int? {
      setup(&driver)
      driver.type("57246542-96fe-1a63-e053-0824d011072a")
      driver.press(.tab)
      driver.type("2X9R4HXF34")
      driver.press(.tab)
      driver.send(.input(.paste(keyText)))
      driver.press(.ctrl("s"))
      guard case .checking(let id) = driver.state.appStoreConnect.setup.phase else { return nil }
      return id
    }
    func dashboard(_ driver: inout Driver) {
      let apps = (0..<30).map {
        AppStoreConnectApp(
          id: "\($0)", name: $0 == 0 ? longArtist : "Konzertkalender \($0) – " + longWord,
          bundleID: "com.example.konzertveranstaltungsbestaetigung.app\($0)", sku: "SKU-\(longWord)-\($0)")
      }
      driver.send(
        .appStoreConnect(
          .storedStateLoaded(
            AppStoreConnectStoredState(
              isConfigured: true, apps: apps, lastSync: Date(timeIntervalSince1970: 1_700_000_000)))))
      driver.press(.tabKey(.appStoreConnect))
    }
    var states = [
      State(name: "asc setup") { setup(&$0) },
      State(name: "asc verifying") { _ = verifying(&$0) },
      State(name: "asc dashboard") { dashboard(&$0) },
      State(name: "asc dashboard syncing") { driver in
        dashboard(&driver)
        driver.press(.character("r"))
        if let id = driver.state.appStoreConnect.dashboard.syncRequestID {
          driver.send(.appStoreConnect(.syncProgress(requestID: id, fetched: 200)))
        }
      },
      State(name: "asc settings") { driver in
        dashboard(&driver)
        driver.press(.character("s"))
      },
      State(name: "asc remove question") { driver in
        dashboard(&driver)
        driver.press(.character("s"), .enter)
      },
    ]
    for failure in ascFailures {
      states.append(
        State(name: "asc connect \(failure)") { driver in
          guard let id = verifying(&driver) else { return }
          driver.send(.appStoreConnect(.connectFinished(requestID: id, .failure(failure))))
        })
      states.append(
        State(name: "asc sync \(failure)") { driver in
          dashboard(&driver)
          driver.press(.character("r"))
          guard let id = driver.state.appStoreConnect.dashboard.syncRequestID else { return }
          driver.send(.appStoreConnect(.syncFinished(requestID: id, .failure(failure))))
        })
    }
    return states
  }

  // MARK: Tracker

  static let trackerFailures: [TrackerFailure] =
    [
      .invalidAPIKey, .invalidBrandID, .server(status: 503), .rateLimited(retryAfterSeconds: 30),
      .rateLimited(retryAfterSeconds: nil), .rejected(status: 418), .storageFailed,
    ] + transportKinds.map { .transport(TransportFailure($0, host: host)) }

  static var tracker: [State] {
    let saved = TrackerConfiguration(
      apiKey: "trk_saved_key_123", brandID: "brand-" + longWord.lowercased(), userID: longArtist, environment: .qc)
    let urls: [TrackerEnvironment: String] = [
      .qc: "https://qc.tracking." + host + "/api", .production: "https://tracking." + host + "/api",
    ]
    func setup(_ driver: inout Driver) {
      driver.send(.tracker(.configurationLoaded(nil, apiURLs: urls)))
      driver.press(.tabKey(.tracker), .tab)
    }
    func configured(_ driver: inout Driver) {
      driver.send(.tracker(.configurationLoaded(saved, apiURLs: urls)))
      driver.press(.tabKey(.tracker))
    }
    var states = [
      State(name: "tracker setup") { setup(&$0) },
      State(name: "tracker setup, required") { driver in
        setup(&driver)
        driver.press(.ctrl("s"))
      },
      State(name: "tracker demo") { configured(&$0) },
      State(name: "tracker log") { driver in
        configured(&driver)
        let entries: [TrackerLogEntry] =
          [
            .initialized(.qc), .sent(event: "konzert_" + longWord.lowercased(), status: 202),
            .queued(event: "screen_view"), .dropped(event: "signup", status: 422), .flushed(sent: 3, remaining: 1),
            .queueUnavailable, .invalidProperties("ort=" + longWord + ", bad"), .keptForSession,
          ] + trackerFailures.map { .stopped($0) } + [.initializationFailed(.invalidBrandID)]
        driver.send(.tracker(.eventsProcessed(TrackerSendReport(entries: entries, remaining: 2, isOffline: true))))
      },
      State(name: "tracker event form") { driver in
        configured(&driver)
        driver.press(.character("c"))
      },
      State(name: "tracker event form, bad properties") { driver in
        configured(&driver)
        driver.press(.character("c"))
        driver.type("konzert_" + longWord.lowercased())
        driver.press(.tab)
        driver.type("ort=" + longWord + ", bad")
        driver.press(.enter)
      },
      State(name: "tracker screen view form") { driver in
        configured(&driver)
        driver.press(.character("v"))
      },
      State(name: "tracker settings") { driver in
        configured(&driver)
        driver.press(.character("s"))
      },
      State(name: "tracker reset question") { driver in
        configured(&driver)
        driver.press(.character("r"))
      },
    ]
    for failure in trackerFailures {
      states.append(
        State(name: "tracker setup \(failure)") { driver in
          setup(&driver)
          driver.type("trk_key_" + longWord)
          driver.press(.tab)
          driver.type("brand-" + longWord)
          let effects = driver.press(.ctrl("s"))
          guard case .initialize(let id, let configuration, _)? = effects.first?.trackerEffect else { return }
          driver.send(.tracker(.initializationFinished(requestID: id, configuration, .failure(failure))))
        })
    }
    return states
  }

  // MARK: Overlays

  static var overlays: [State] {
    var states = [
      State(name: "help on the feed") { $0.press(.character("?")) },
      State(name: "help in a form") { driver in
        driver.press(.enter, .down, .enter)
        driver.press(.function(1))
      },
      State(name: "vault recovery") { driver in
        driver.send(
          .secretStoreDamaged(
            SecretStoreDamage(
              kind: .keyMissing, vaultPath: "/home/konzertveranstalterin/.local/share/vibes/secrets.vault",
              keyPath: "/home/konzertveranstalterin/.config/vibes/" + longWord + "/vault.key")))
        driver.send(.factsLoadFailed)
      },
      State(name: "vault recovery, reset question") { driver in
        driver.send(
          .secretStoreDamaged(
            SecretStoreDamage(
              kind: .keyMissing, vaultPath: "/home/u/.local/share/vibes/secrets.vault",
              keyPath: "/home/u/.config/vibes/vault.key")))
        driver.send(.factsLoadFailed)
        driver.press(.character("r"))
      },
    ]
    for card in 0..<TutorialCard.allCases.count {
      states.append(
        State(name: "tutorial card \(card + 1)") { driver in
          driver.send(.tutorial(.seenLoaded(false)))
          for _ in 0..<card { driver.press(.right) }
        })
    }
    let notices: [Notice] = [
      .saved(.gemini), .savedCityWithoutEvents(city: longWord),
      .savedCityWithEvents(city: "Garmisch-Partenkirchen", count: 42),
      .removed(.ticketmaster), .linkOpened, .linkCopied, .noBrowser, .storageUnavailable, .fieldFull,
      .localized(LocalizedText(NetworkL10n.hostNotFound, ["host": host + longWord]), isWarning: true),
    ]
    for notice in notices {
      // Notices come from many flows; no action shows one by itself, so the state is set as those flows do.
      states.append(State(name: "notice \(notice)") { $0.state.notice = notice })
    }
    return states
  }
}
