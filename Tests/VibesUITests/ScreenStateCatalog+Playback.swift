import Foundation
import VibesCore
import VibesTestSupport

extension ScreenStateCatalog {
  // MARK: Play on Spotify (Explore)

  static var playback: [State] {
    let track = MusicFixtures.tide
    func pressPlay(_ driver: inout Driver, _ failure: PlaybackFailure?) {
      driver.send(.factsLoaded(SetupFacts(storedSecrets: [.spotify])))
      driver.press(.tabKey(.explore))
      driver.send(.explore(.open(track.link)))
      guard case .loading(let id)? = driver.state.explore.path.last?.phase else { return }
      driver.send(
        .explore(
          .detailFinished(requestID: id, track.link, .success(CachedDetail(detail: .track(track), fetchedAt: now)))))
      driver.press(.character("P"))
      guard let play = driver.state.explore.player.pendingRequestID else { return }
      driver.send(
        .explore(
          .player(
            .commandFinished(
              requestID: play, .play(.track(uri: track.uri), deviceID: nil), failure: failure))))
    }
    return [
      State(name: "explore now playing on spotify") { driver in
        pressPlay(&driver, nil)
        guard let poll = driver.state.explore.player.pollTimerID else { return }
        driver.send(.explore(.player(.pollDue(timerID: poll))))
        guard let read = driver.state.explore.player.stateRequestID else { return }
        let now = NowPlaying(
          title: longWord, artists: longArtist, uri: track.uri, isPlaying: true, progressMs: 1000,
          durationMs: 185_000, deviceName: "Wohnzimmer-Lautsprecher")
        driver.send(.explore(.player(.stateLoaded(requestID: read, .success(now)))))
      },
      State(name: "explore device picker") { driver in
        pressPlay(&driver, .noActiveDevice)
        guard case .loading(let id)? = driver.state.explore.player.picker?.phase else { return }
        let devices = (0..<12).map { index in
          PlaybackDevice(
            id: "d\(index)", name: index == 0 ? longArtist : "Gerät \(index)", type: "Smartphone",
            isActive: index == 1)
        }
        driver.send(.explore(.player(.devicesLoaded(requestID: id, .success(devices)))))
      },
      State(name: "explore play needs permission") { driver in
        pressPlay(&driver, .missingPermission)
      },
      State(name: "explore play needs premium") { driver in
        pressPlay(&driver, .premiumRequired)
      },
    ]
  }
}
