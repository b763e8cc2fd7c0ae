import Foundation
import VibesCore
import VibesTestSupport

extension ScreenStateCatalog {
  // MARK: Thumbnails in lists (issue 25): a terminal with a picture protocol, long names

  static var thumbnails: [State] {
    func withThumbnails(_ driver: inout Driver) {
      driver.state.artwork.drawsThumbnails = true
      driver.send(.factsLoaded(SetupFacts(storedSecrets: [.spotify])))
      driver.press(.tabKey(.explore))
    }
    var album = MusicFixtures.nightSwim
    album.name = longWord
    album.thumbnailURL = "https://i.scdn.co/image/thumb"
    var track = MusicFixtures.tide
    track.name = longWord
    track.artists = [MusicArtist(id: MusicFixtures.id("long"), name: longArtist)]
    track.album = album
    return [
      State(name: "explore results with thumbnails") { driver in
        withThumbnails(&driver)
        driver.press(.character("/"))
        driver.type("aurora")
        guard let timer = driver.state.explore.pendingTimerID else { return }
        driver.send(.explore(.searchDue(timerID: timer)))
        guard case .loading(let id, _) = driver.state.explore.search else { return }
        let results = SearchResults(
          tracks: MusicPage(items: [track, MusicFixtures.undertow], total: 12, nextOffset: 10),
          artists: MusicPage(items: [MusicFixtures.aurora], total: 1), albums: MusicPage(items: [album], total: 1),
          playlists: MusicPage(items: [MusicFixtures.lateNight], total: 1))
        driver.send(.explore(.searchFinished(requestID: id, query: "aurora", .success(results))))
      },
      State(name: "explore saved songs with thumbnails") { driver in
        withThumbnails(&driver)
        driver.send(.explore(.recentLoaded([], queued: 0)))
        driver.press(.character("l"), .enter)
        guard case .loading(let id)? = driver.state.explore.libraryScreen?.phase else { return }
        let items = (0..<30).map { index -> MusicItem in
          var saved = track
          saved.id = MusicFixtures.id("saved\(index)")
          if index > 0 { saved.name = "Song \(index)" }
          return .track(saved)
        }
        let cached = CachedLibrary(page: MusicPage(items: items, total: 30), fetchedAt: now)
        driver.send(.explore(.libraryFinished(requestID: id, .savedTracks, .success(cached))))
      },
    ]
  }
}
