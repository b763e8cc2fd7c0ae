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
    ]
  }
}
