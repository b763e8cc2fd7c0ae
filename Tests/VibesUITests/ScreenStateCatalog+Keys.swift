import Foundation
import VibesCore
import VibesTestSupport
import VibesUI

/// The screens of issue 20's key-map fixes: Create taking typed text, the quit question, Explore's results focused after a search, and the Feed's details with their new keys.
extension ScreenStateCatalog {
  static var keys: [State] {
    func create(_ driver: inout Driver) {
      driver.send(.factsLoaded(SetupFacts(storedSecrets: [.gemini, .spotify])))
      driver.press(.tabKey(.create))
    }
    return [
      State(name: "keys: create prompt typed right after arriving") { driver in
        create(&driver)
        driver.type("Roadtrip durch die " + longWord)
      },
      State(name: "keys: quit question over a typed prompt") { driver in
        create(&driver)
        driver.type("quiet songs")
        driver.press(.escape, .character("q"))
      },
      State(name: "keys: explore results focused after a search") { driver in
        driver.send(.factsLoaded(SetupFacts(storedSecrets: [.spotify])))
        driver.press(.tabKey(.explore), .character("/"))
        driver.type("heroes")
        driver.press(.enter)
        guard case .loading(let id, _) = driver.state.explore.search else { return }
        driver.send(.explore(.searchFinished(requestID: id, query: "heroes", .success(MusicFixtures.results()))))
      },
      State(name: "keys: release tracks to open in explore") { driver in
        driver.send(.factsLoaded(SetupFacts(storedSecrets: [.spotify])))
        driver.send(.feedWindowLoaded(total: 1, offset: 0, items: [.newRelease(FeedFixtures.release(1))]))
        driver.press(.down)
        guard case .loadRelease(let id, _)? = driver.press(.enter).compactMap({ $0.effect(of: FeedTab.self) }).first
        else { return }
        let tracks = (1...14).map {
          ReleaseTrack(number: $0, name: "Titel \($0) " + longWord, durationMs: 200_000, id: "tr\($0)")
        }
        driver.send(.feed(.releaseLoaded(requestID: id, .success(tracks))))
        driver.press(.end)
      },
    ]
  }
}
