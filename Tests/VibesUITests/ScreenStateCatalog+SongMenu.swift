import Foundation
import VibesCore
import VibesTestSupport

extension ScreenStateCatalog {
  static let songMenuSong = SharedTrack(
    trackId: "4uLU6hMCjMI75M1A2tKUQC", trackName: longWord + " (Deluxe Edition)", artistName: longArtist,
    albumName: longVenue, trackUri: "spotify:track:4uLU6hMCjMI75M1A2tKUQC")

  /// The one song menu, opened on a song with long names, in each of its pages.
  static var songMenu: [State] {
    func open(_ driver: inout Driver, reply: Bool = false) {
      if reply {
        driver.state.context.navigationRequest = .replyWithSong(
          thread: "a_me", to: "a", name: "@" + String(longWord.lowercased().prefix(20)))
        driver.send(.songMenu(.outboxFlushed(requestID: -1, sent: 0, refused: 0, waiting: 0, badges: [])))
      }
      driver.state.context.navigationRequest = .openSongMenu(songMenuSong)
      let effects = driver.send(.songMenu(.outboxFlushed(requestID: -1, sent: 0, refused: 0, waiting: 0, badges: [])))
      if case .flushOutbox(let id)? = effects.compactMap(\.songMenuEffect).first {
        driver.send(.songMenu(.outboxFlushed(requestID: id, sent: 0, refused: 0, waiting: 0, badges: [])))
      }
    }
    func composing(_ driver: inout Driver) -> Int? {
      open(&driver)
      driver.press(.enter)
      driver.type("Hör dir das an: " + longArtist)
      return driver.press(.enter).compactMap(\.songMenuEffect).compactMap(\.cancellationID).first
    }
    func people(_ driver: inout Driver) -> Int? {
      open(&driver)
      driver.press(.down)
      return driver.press(.enter).compactMap(\.songMenuEffect).compactMap(\.cancellationID).first
    }
    func peopleLoaded(_ driver: inout Driver, _ list: [SongMenuPerson]) {
      guard let id = people(&driver) else { return }
      driver.send(.songMenu(.peopleLoaded(requestID: id, .success(list))))
    }
    let followed = [
      SongMenuPerson(id: "a", name: "@" + String(longWord.lowercased().prefix(20)), talks: 4),
      SongMenuPerson(id: "b", name: longArtist, talks: 1),
    ]
    var states = [
      State(name: "song menu") { open(&$0) },
      State(name: "song menu waiting to sync") { driver in
        open(&driver)
        driver.state.songMenu.queued = 3
      },
      State(name: "song menu reply search") { driver in
        driver.state.context.navigationRequest = .replyWithSong(
          thread: "a_me", to: "a", name: "@" + String(longWord.lowercased().prefix(20)))
        driver.send(.songMenu(.outboxFlushed(requestID: -1, sent: 0, refused: 0, waiting: 0, badges: [])))
        driver.type(longArtist)
      },
      State(name: "song menu with a reply") { open(&$0, reply: true) },
      State(name: "song menu people loading") { _ = people(&$0) },
      State(name: "song menu people") { peopleLoaded(&$0, followed) },
      State(name: "song menu people none") { peopleLoaded(&$0, []) },
      State(name: "song menu people no match") { driver in
        peopleLoaded(&driver, followed)
        driver.type("zzz")
      },
      State(name: "song menu people failed") { driver in
        guard let id = people(&driver) else { return }
        driver.send(.songMenu(.peopleLoaded(requestID: id, .failure(.offline))))
      },
      State(name: "song menu composing") { driver in
        open(&driver)
        driver.press(.enter)
        driver.type("Hör dir das an: " + longArtist)
      },
      State(name: "song menu sending") { _ = composing(&$0) },
      State(name: "song menu too long") { driver in
        open(&driver)
        driver.press(.enter)
        driver.type(String(repeating: longWord + " ", count: 5))
        driver.press(.enter)
      },
      State(name: "song menu needs Spotify") { driver in
        open(&driver)
        driver.press(.down, .down)
        driver.press(.enter)
      },
    ]
    for failure in [SongMenuFailure.refused, .offline, .failed, .notSignedIn, .noUsername, .notConfigured] {
      states.append(
        State(name: "song menu \(failure)") { driver in
          guard let id = composing(&driver) else { return }
          driver.send(.songMenu(.shareFinished(requestID: id, draftID: "D", .failed(failure))))
        })
    }
    return states
  }
}
