import Foundation
import VibesCore
import VibesTestSupport

extension ScreenStateCatalog {
  // MARK: Blend and achievements (an area of Profile, reached from People)

  static var gamify: [State] {
    let profile = PersonProfile(
      person: longPerson, followers: 3, following: 4, isFollowing: true, fetchedAt: now)
    func onProfile(_ driver: inout Driver) {
      driver.press(.tabKey(.profile))
      driver.press(.character("p"))
      let lists = PeopleLists(username: "konzertfreundin_2026", following: [longPerson], followers: [], fetchedAt: now)
      driver.send(.people(.listsLoaded(requestID: driver.state.people.loading ?? -1, lists, final: true)))
      driver.press(.enter)
      let id = driver.state.people.path.last?.request?.id ?? -1
      driver.send(.people(.profileLoaded(requestID: id, uid: longPerson.uid, .success(profile))))
    }
    func mixing(_ driver: inout Driver) {
      onProfile(&driver)
      driver.press(.character("m"))
    }
    let mine = TasteSummary(artists: [.init(name: longArtist, weight: 1), .init(name: "M83", weight: 0.5)], genres: [])
    let theirs = TasteSummary(artists: [.init(name: "M83", weight: 1), .init(name: "Basalt", weight: 1)], genres: [])
    let artists = [longArtist, "M83", "Basalt", longWord]
    let songs = (0..<30).map { (title: "\(longWord) \($0)", artist: artists[$0 % 4]) }
    let preview = BlendPreview(name: longArtist, songs: songs, mine: mine, theirs: theirs)
    let track = SharedTrack(
      trackId: "t0", trackName: "A", artistName: "B", albumName: "C", trackUri: "spotify:track:t0")
    let result = BlendResult(playlistID: 1, preview: preview, found: (0..<30).map { $0 % 7 != 3 }, firstTrack: track)
    func mixed(_ driver: inout Driver) {
      mixing(&driver)
      driver.send(.gamify(.blendMixed(requestID: driver.state.gamify.blend?.mixing ?? -1, .success(result))))
    }
    func failed(_ problem: BlendProblem) -> (inout Driver) -> Void {
      { driver in
        mixing(&driver)
        driver.send(.gamify(.blendMixed(requestID: driver.state.gamify.blend?.mixing ?? -1, .failure(problem))))
      }
    }
    func achievements(_ driver: inout Driver) {
      driver.press(.tabKey(.profile))
      driver.press(.character("p"))
      let lists = PeopleLists(username: "konzertfreundin_2026", following: [], followers: [], fetchedAt: now)
      driver.send(.people(.listsLoaded(requestID: driver.state.people.loading ?? -1, lists, final: true)))
      driver.press(.character("a"))
    }
    var book = AchievementBook()
    book.apply(AchievementFacts(shares: 12, following: 10), now: now)
    let report = AchievementsReport(
      book: book, facts: AchievementFacts(shares: 12, following: 10, longestStreak: 5),
      measured: [.tenFollows, .streak7, .streak30, .firstPlaylist, .firstBlend])
    return [
      State(name: "blend mixing") { mixing(&$0) },
      State(name: "blend preview") { mixed(&$0) },
      State(name: "blend saved and shared") { driver in
        mixed(&driver)
        driver.press(.character("s"))
        let url = "https://open.spotify.com/playlist/\(longWord)"
        driver.send(.gamify(.blendSaved(requestID: driver.state.gamify.blend?.saving ?? -1, .success(url))))
        driver.press(.character("t"))
        driver.send(.gamify(.blendShared(requestID: driver.state.gamify.blend?.sharing ?? -1, nil)))
      },
      State(name: "blend save failed") { driver in
        mixed(&driver)
        driver.press(.character("s"))
        driver.send(
          .gamify(.blendSaved(requestID: driver.state.gamify.blend?.saving ?? -1, .failure(.spotifyNotConnected))))
      },
      State(name: "blend saved, not collaborative, not shared, Gemini near its quota") { driver in
        var unshared = result
        unshared.mineShared = false
        mixing(&driver)
        driver.send(.gamify(.blendMixed(requestID: driver.state.gamify.blend?.mixing ?? -1, .success(unshared))))
        driver.send(
          .gamify(.geminiUsageRead(GeminiUsage(requests: 19, exhausted: false, model: "gemini-flash-latest"))))
        driver.press(.character("s"))
        let save = driver.state.gamify.blend?.saving ?? -1
        driver.send(.gamify(.blendCollaborativeRefused(requestID: save)))
        driver.send(.gamify(.blendSaved(requestID: save, .success("https://open.spotify.com/playlist/\(longWord)"))))
      },
      State(name: "blend Gemini quota used up") { driver in
        mixed(&driver)
        driver.send(.gamify(.geminiUsageRead(GeminiUsage(requests: 20, exhausted: true, model: "gemini-flash-latest"))))
      },
      State(name: "profile taste summary not shared") { driver in
        driver.press(.tabKey(.profile))
        let info = ProfileInfo(
          connections: [], version: "1", dataPath: "/\(longWord)", configPath: "/c", logPath: "/l",
          account: .signedIn(username: "konzertfreundin_2026"))
        var off = info
        off.sharesTaste = false
        driver.send(.profile(.infoLoaded(off)))
        for _ in ConnectedService.allCases { driver.press(.down) }
      },
      State(name: "profile taste summary shared") { driver in
        driver.press(.tabKey(.profile))
        var on = ProfileInfo(
          connections: [], version: "1", dataPath: "/d", configPath: "/c", logPath: "/l",
          account: .signedIn(username: "konzertfreundin_2026"))
        on.sharesTaste = true
        driver.send(.profile(.infoLoaded(on)))
        driver.press(.enter)
        driver.send(.profile(.tasteSharingSet(shares: false, failed: true)))
      },
      State(name: "blend no taste summary", build: failed(.noTasteSummary)),
      State(name: "blend no Gemini key", build: failed(.create(.geminiKeyMissing))),
      State(name: "blend offline", build: failed(.social(.offline))),
      State(name: "achievements loading") { achievements(&$0) },
      State(name: "achievements list") { driver in
        achievements(&driver)
        driver.send(.gamify(.achievementsLoaded(requestID: driver.state.gamify.loading ?? -1, .success(report))))
      },
      State(name: "achievements with genres and For You progress") { driver in
        achievements(&driver)
        let progress = AchievementProgress(genres: ["techno", "ambient", "dream pop", longWord, "folk", "jazz"])
        let counted = AchievementsReport(
          book: book, facts: AchievementFacts(shares: 4, following: 2).adding(progress),
          measured: Set(Achievement.allCases))
        driver.send(.gamify(.achievementsLoaded(requestID: driver.state.gamify.loading ?? -1, .success(counted))))
      },
      State(name: "achievements failed") { driver in
        achievements(&driver)
        driver.send(.gamify(.achievementsLoaded(requestID: driver.state.gamify.loading ?? -1, .failure(.offline))))
      },
    ]
  }
}
