import Foundation
import VibesCore
import VibesTestSupport

extension ScreenStateCatalog {
  // MARK: People: blocked list, photo, waiting to sync; Profile's account line

  static var peopleAccounts: [State] {
    let me = PersonSummary(uid: "uid-me", displayName: longArtist, username: "konzertfreundin_2026", bio: longWord)
    func loaded(_ driver: inout Driver, photo: String? = nil, waiting: [WaitingChange]? = nil) {
      driver.press(.tabKey(.profile))
      driver.press(.character("p"))
      var lists = PeopleLists(
        username: "konzertfreundin_2026", following: [longPerson], followers: [], fetchedAt: now, me: me,
        photoURL: photo)
      lists.waiting = waiting
      driver.send(.people(.listsLoaded(requestID: driver.state.people.loading ?? -1, lists, final: true)))
    }
    func blocked(_ driver: inout Driver, _ result: Result<[PersonSummary], PeopleFailure>) {
      loaded(&driver)
      driver.press(.character("B"))
      driver.send(.people(.blockedLoaded(requestID: driver.state.people.blocked?.loading ?? -1, result)))
    }
    func photo(_ driver: inout Driver, _ problem: PhotoProblem) {
      loaded(&driver)
      driver.press(.character("e"))
      driver.press(.tab, .tab)
      driver.type("~/" + longWord + ".png")
      driver.press(.enter)
      guard case .saving(let id)? = driver.state.people.profileForm?.phase else { return }
      driver.send(.people(.photoUploaded(requestID: id, .failure(problem))))
    }
    let many = (0..<30).map { PersonSummary(uid: "uid-\($0)", displayName: "\(longWord) \($0)") }
    var states = [
      State(name: "people blocked loading") { driver in
        loaded(&driver)
        driver.press(.character("B"))
      },
      State(name: "people blocked list") { blocked(&$0, .success([longPerson] + many)) },
      State(name: "people blocked empty") { blocked(&$0, .success([])) },
      State(name: "people blocked failed") { blocked(&$0, .failure(.offline)) },
      State(name: "people unblock asked") { driver in
        blocked(&driver, .success([longPerson]))
        driver.press(.character("u"))
      },
      State(name: "people profile with photo") {
        loaded(&$0, photo: "https://example.test/p")
        $0.press(.character("e"))
      },
      State(name: "people remove photo asked") { driver in
        loaded(&driver, photo: "https://example.test/p")
        driver.press(.character("e"))
        driver.press(.tab, .tab, .tab)
        driver.press(.enter)
      },
      State(name: "people waiting to sync") {
        loaded(&$0, waiting: [WaitingChange(person: longPerson, operation: .block)])
      },
    ]
    let problems: [PhotoProblem] = [
      .notFound(path: "~/" + longWord + ".png"), .unreadable(path: "~/" + longWord), .tooLarge(bytes: 12_345_678),
      .notImage, .failed(.refused),
    ]
    for problem in problems {
      states.append(State(name: "people photo \(problem)") { photo(&$0, problem) })
    }
    for account: ProfileAccount in [
      .signedIn(username: "konzertfreundin_2026"), .signedIn(username: nil), .signedOut, .notConfigured,
    ] {
      states.append(
        State(name: "profile account \(account)") { driver in
          driver.press(.tabKey(.profile))
          var info = ProfileInfo(connections: [], version: "1.0.0", dataPath: "/d", configPath: "/c", logPath: "/l")
          info.account = account
          driver.send(.profile(.infoLoaded(info)))
        })
    }
    return states
  }
}
