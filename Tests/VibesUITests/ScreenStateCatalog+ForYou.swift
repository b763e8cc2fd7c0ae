import Foundation
import VibesCore
import VibesTestSupport

extension ScreenStateCatalog {
  /// For You songs with long names and reasons (as the checked answer hands them over).
  static var forYouList: CachedForYou {
    CachedForYou(
      entries: (0..<15).map { index in
        ForYouEntry(
          title: index == 0 ? longWord : "Song \(index)", artist: index == 1 ? longArtist : "Basalt",
          reason: index == 2
            ? "Because you play \(longArtist) a lot, and this has the same slow build." : "Slow like Basalt.",
          trackID: MusicFixtures.id("foryou\(index)"))
      }, fetchedAt: now.addingTimeInterval(-7200))
  }

  // MARK: For You (Explore)

  static var forYou: [State] {
    func open(_ driver: inout Driver) {
      driver.send(.factsLoaded(SetupFacts(storedSecrets: [.spotify])))
      driver.press(.tabKey(.explore))
      driver.send(.explore(.recentLoaded([], queued: 0)))
      driver.press(.end)
      driver.press(.enter)
    }
    func answered(_ driver: inout Driver, _ result: Result<CachedForYou, CreateFailure>) {
      open(&driver)
      guard case .loading(let id)? = driver.state.explore.forYouScreen?.phase else { return }
      driver.send(.explore(.forYouFinished(requestID: id, result)))
    }
    var stale = forYouList
    stale.isStale = true
    var failedRefresh = stale
    failedRefresh.staleReason = .quotaExhaustedForToday(resetsAt: now.addingTimeInterval(3600))
    return [
      State(name: "for you row on the explore root") { driver in
        driver.send(.factsLoaded(SetupFacts(storedSecrets: [.spotify])))
        driver.press(.tabKey(.explore))
        driver.send(.explore(.recentLoaded(["Aurora", longWord], queued: 0)))
        driver.press(.end)
      },
      State(name: "for you loading") { open(&$0) },
      State(name: "for you list") { answered(&$0, .success(forYouList)) },
      State(name: "for you list, last song") { driver in
        answered(&driver, .success(forYouList))
        driver.press(.end)
      },
      State(name: "for you offline copy") { answered(&$0, .success(stale)) },
      State(name: "for you copy after the daily quota") { answered(&$0, .success(failedRefresh)) },
      State(name: "for you empty") { answered(&$0, .success(CachedForYou(entries: [], fetchedAt: now))) },
      State(name: "for you without a Gemini key") { answered(&$0, .failure(.geminiKeyMissing)) },
      State(name: "for you per-minute limit") { answered(&$0, .failure(.rateLimitedPerMinute(retryAfterSeconds: 30))) },
      State(name: "for you offline") { answered(&$0, .failure(.offline)) },
    ]
  }
}
