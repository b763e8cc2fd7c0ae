import Foundation
import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

/// Goldens of the Explore (results, library rows, your playlists, an album), Create (prompt, preview) and Profile
/// main screens, each in English and German at 80×24 and 60×20
/// (files `<name>-<en|de>-<width>x<height>.txt`). They pin what the user sees while the text field, list and
/// composition code underneath is rebuilt; regenerate with `VIBES_UPDATE_GOLDENS=1` only for an intended change.
extension GoldenScreenTests {
  static let fetched = Date(timeIntervalSince1970: 1_900_000_000)

  func testExploreSearchWithResults() {
    assertGoldens("explore-results") { driver in
      Self.openExplore(&driver)
      driver.press(.character("/"))
      driver.type("aurora")
      guard let timer = driver.state.explore.pendingTimerID else { return XCTFail("no search timer") }
      driver.send(.explore(.searchDue(timerID: timer)))
      guard case .loading(let id, _) = driver.state.explore.search else { return XCTFail("not searching") }
      driver.send(.explore(.searchFinished(requestID: id, query: "aurora", .success(MusicFixtures.results()))))
      driver.press(.enter)  // into the results list: the selection shows
    }
  }

  func testExploreLibrary() {
    assertGoldens("explore-library") { driver in
      Self.openExplore(&driver)
      driver.send(.explore(.recentLoaded(["Aurora Lines", "Basalt"], queued: 0)))
      driver.press(.character("l"))
    }
  }

  func testExploreLibraryPlaylists() {
    assertGoldens("explore-library-playlists") { driver in
      Self.openExplore(&driver)
      driver.send(.explore(.recentLoaded(["Aurora Lines", "Basalt"], queued: 0)))
      driver.press(.character("l"), .down, .down, .enter)
      guard case .loading(let id)? = driver.state.explore.libraryScreen?.phase else { return XCTFail("not loading") }
      let playlists = [MusicFixtures.lateNight, MusicFixtures.running].map(MusicItem.playlist)
      let library = CachedLibrary(page: MusicPage(items: playlists, total: 2), fetchedAt: Self.fetched)
      driver.send(.explore(.libraryFinished(requestID: id, .playlists, .success(library))))
    }
  }

  func testExploreAlbumDetail() {
    assertGoldens("explore-album") { driver in
      Self.openExplore(&driver)
      let link = MusicFixtures.nightSwim.link
      driver.send(.explore(.open(link)))
      guard case .loading(let id)? = driver.state.explore.path.last?.phase else { return XCTFail("not loading") }
      let detail = CachedDetail(detail: MusicFixtures.albumDetail, fetchedAt: Self.fetched)
      driver.send(.explore(.detailFinished(requestID: id, link, .success(detail))))
      driver.send(.explore(.libraryState([MusicFixtures.tide.uri: true])))
    }
  }

  func testCreatePrompt() {
    assertGoldens("create-prompt") { driver in
      Self.openCreate(&driver)
      driver.type("songs for a night drive")
    }
  }

  func testCreatePreview() {
    assertGoldens("create-preview") { driver in
      Self.openCreate(&driver)
      driver.type("songs for a night drive")
      let effects = driver.press(.enter)
      guard let id = effects.compactMap(\.createEffect).compactMap(\.cancellationID).first else {
        return XCTFail("no generate effect in \(effects)")
      }
      driver.send(.create(.generated(requestID: id, .success(Self.nightDrive))))
    }
  }

  func testProfileRoot() {
    assertGoldens("profile-root") { driver in
      driver.send(.factsLoaded(SetupFacts(storedSecrets: [.spotify, .gemini])))
      driver.send(.secretStoreDescribed(SecretStoreInfo(kind: .vault, location: "/home/ada/.local/share/vibes/vault")))
      let effects = driver.press(.tabKey(.profile))
      guard let id = effects.compactMap(\.profileEffect).compactMap(\.cancellationID).first else {
        return XCTFail("no stats request in \(effects)")
      }
      driver.send(.profile(.infoLoaded(Self.profileInfo)))
      let stats = CachedStats(stats: MusicFixtures.stats, fetchedAt: Self.fetched)
      driver.send(.profile(.statsFinished(requestID: id, .shortTerm, .success(stats))))
    }
  }

  func testFeedWithConcertsAndAConcertDetail() {
    assertGoldens("feed-cards") { driver in
      driver.send(.factsLoaded(SetupFacts(storedSecrets: [.ticketmaster], ticketmasterCity: "Berlin")))
      driver.send(.feedWindowLoaded(total: 3, offset: 0, items: FeedFixtures.concerts(1..<4)))
      driver.press(.down)
    }
    assertGoldens("feed-concert") { driver in
      driver.send(.factsLoaded(SetupFacts(storedSecrets: [.ticketmaster], ticketmasterCity: "Berlin")))
      driver.send(.feedWindowLoaded(total: 3, offset: 0, items: FeedFixtures.concerts(1..<4)))
      driver.press(.down, .enter)
    }
  }

  func testAppStoreConnectDashboard() {
    assertGoldens("asc-dashboard") { driver in
      let apps = (1...12).map {
        AppStoreConnectApp(id: "\($0)", name: "App \($0)", bundleID: "com.example.app\($0)", sku: "SKU\($0)")
      }
      driver.send(
        .appStoreConnect(
          .storedStateLoaded(
            AppStoreConnectStoredState(isConfigured: true, apps: apps, lastSync: Self.fetched))))
      driver.press(.tabKey(.appStoreConnect), .down)
    }
  }

  func testTrackerSetup() {
    assertGoldens("tracker-setup") { driver in
      driver.press(.tabKey(.tracker))
    }
  }

  // MARK: Support

  /// One golden per language and size: English and German, 80×24 and 60×20.
  func assertGoldens(
    _ name: String, file: StaticString = #filePath, line: UInt = #line, _ build: (inout Driver) -> Void
  ) {
    for language in [Language.en, .de] {
      for size in [ScreenSize(width: 80, height: 24), ScreenSize(width: 60, height: 20)] {
        assertGolden(
          "\(name)-\(language.rawValue)-\(size.width)x\(size.height)", size: size, language: language, file: file,
          line: line, build)
      }
    }
  }

  static func openExplore(_ driver: inout Driver) {
    driver.send(.factsLoaded(SetupFacts(storedSecrets: [.spotify])))
    driver.press(.tabKey(.explore))
  }

  static func openCreate(_ driver: inout Driver) {
    driver.send(.factsLoaded(SetupFacts(storedSecrets: [.gemini, .spotify])))
    driver.press(.tabKey(.create))
  }

  static var nightDrive: GeneratedPlaylist {
    let songs = [("Tide", "Aurora Lines"), ("Undertow", "Aurora Lines"), ("Basalt Sky", "Basalt"), ("Lanterns", "Ada")]
    let resolved = songs.enumerated().map { index, pair -> ResolvedSong in
      let song = SuggestedSong(title: pair.0, artist: pair.1)
      if index == 3 { return ResolvedSong(song: song, resolution: .notFound) }
      return ResolvedSong(
        song: song,
        resolution: .found(
          TrackCandidate(
            id: "t\(index)", uri: "spotify:track:t\(index)", name: pair.0, artists: [pair.1], album: "Night Swim",
            durationMs: 185_000 + index * 1_000)))
    }
    return GeneratedPlaylist(
      id: 1, prompt: "songs for a night drive", name: "Night Drive", description: "Quiet songs for an empty road.",
      songs: resolved, createdAt: fetched, saveState: .notSaved)
  }

  static let profileInfo = ProfileInfo(
    connections: [
      ConnectionStatus(service: .spotify, state: .configured(detail: "Ada")),
      ConnectionStatus(service: .gemini, state: .configured(detail: nil)),
      ConnectionStatus(service: .ticketmaster, state: .notConfigured),
      ConnectionStatus(service: .appStoreConnect, state: .notConfigured),
      ConnectionStatus(service: .tracker, state: .notConfigured),
    ], version: "1.0.0", dataPath: "/home/ada/.local/share/vibes/vibes.sqlite", configPath: "/home/ada/.config/vibes",
    logPath: "/home/ada/.local/state/vibes/vibes.log")
}
