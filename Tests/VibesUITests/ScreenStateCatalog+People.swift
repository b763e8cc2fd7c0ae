import Foundation
import VibesCore
import VibesTestSupport

extension ScreenStateCatalog {
  /// Someone with long names and a long bio (sanitised, as the edge hands them over).
  static let longPerson = PersonSummary(
    uid: "uid-long", displayName: longArtist, username: "konzertfreundin_2026",
    bio: String(repeating: longWord + " ", count: 12))

  // MARK: People (an area of Profile)

  static var people: [State] {
    let lists = PeopleLists(
      username: "konzertfreundin_2026",
      following: [longPerson, PersonSummary(uid: "uid-ada", displayName: "Ada", username: "ada")],
      followers: (0..<30).map { PersonSummary(uid: "uid-\($0)", displayName: "\(longWord) \($0)") }, fetchedAt: now)
    func open(_ driver: inout Driver) {
      driver.press(.tabKey(.profile))
      driver.press(.character("p"))
    }
    func loaded(_ driver: inout Driver, _ lists: PeopleLists = lists) {
      open(&driver)
      driver.send(.people(.listsLoaded(requestID: driver.state.people.loading ?? -1, lists, final: true)))
    }
    func person(_ driver: inout Driver) -> Int {
      loaded(&driver)
      driver.press(.enter)
      return driver.state.people.path.last?.request?.id ?? -1
    }
    let profile = PersonProfile(
      person: longPerson, followers: 12_345, following: 678, isFollowing: true, fetchedAt: now)
    var cached = lists
    cached.isCached = true
    let suggested = PeopleSuggestions(
      items: [
        PersonSuggestion(
          person: PersonSummary(uid: "uid-sug-1", displayName: longArtist, username: "sam_r"),
          reason: SuggestionReason(followedBy: ["@ada", "@konzertfreundin_2026"], followedByCount: 7, tastePercent: 99)),
        PersonSuggestion(
          person: PersonSummary(uid: "uid-sug-2", displayName: "Noor", username: "noor"),
          reason: SuggestionReason(followedBy: ["@ada"], followedByCount: 1)),
      ], fetchedAt: now)
    var states = [
      State(name: "people loading") { open(&$0) },
      State(name: "people signed out") { driver in
        open(&driver)
        driver.send(.people(.listsFailed(requestID: driver.state.people.loading ?? -1, .notSignedIn)))
      },
      State(name: "people lists") { loaded(&$0) },
      State(name: "people nobody yet") { driver in
        loaded(&driver, PeopleLists(username: nil, following: [], followers: [], fetchedAt: now))
      },
      State(name: "people offline copy") { driver in
        open(&driver)
        let id = driver.state.people.loading ?? -1
        driver.send(.people(.listsLoaded(requestID: id, cached, final: false)))
        driver.send(.people(.listsFailed(requestID: id, .offline)))
      },
      State(name: "people finding") { driver in
        loaded(&driver)
        driver.press(.character("/"))
        driver.type("konz")
      },
      State(name: "people found") { driver in
        loaded(&driver)
        driver.press(.character("/"))
        driver.type("konz")
        driver.press(.enter)
        if case .loading(let id, let query) = driver.state.people.search {
          driver.send(.people(.found(requestID: id, query: query, .success([longPerson]))))
        }
      },
      State(name: "people nobody found") { driver in
        loaded(&driver)
        driver.press(.character("/"))
        driver.type(longWord)
        driver.press(.enter)
        if case .loading(let id, let query) = driver.state.people.search {
          driver.send(.people(.found(requestID: id, query: query, .success([]))))
        }
      },
      State(name: "people suggested") { driver in
        loaded(&driver)
        driver.send(.people(.suggestionsLoaded(requestID: driver.state.people.suggesting ?? -1, .success(suggested))))
      },
      State(name: "people suggested offline copy") { driver in
        loaded(&driver)
        var copy = suggested
        copy.isCached = true
        driver.send(.people(.suggestionsLoaded(requestID: driver.state.people.suggesting ?? -1, .success(copy))))
      },
      State(name: "people suggested taste not shared") { driver in
        loaded(&driver)
        var off = suggested
        off.tasteShared = false
        driver.send(.people(.suggestionsLoaded(requestID: driver.state.people.suggesting ?? -1, .success(off))))
      },
      State(name: "people no suggestions") { driver in
        loaded(&driver)
        let none = PeopleSuggestions(items: [], fetchedAt: now)
        driver.send(.people(.suggestionsLoaded(requestID: driver.state.people.suggesting ?? -1, .success(none))))
      },
      State(name: "people suggestions failed") { driver in
        loaded(&driver)
        driver.send(.people(.suggestionsLoaded(requestID: driver.state.people.suggesting ?? -1, .failure(.service))))
      },
      State(name: "people suggested below found") { driver in
        loaded(&driver)
        driver.send(.people(.suggestionsLoaded(requestID: driver.state.people.suggesting ?? -1, .success(suggested))))
        driver.press(.character("/"))
        driver.type("k")
        driver.press(.enter)
        if case .loading(let id, let query) = driver.state.people.search {
          driver.send(.people(.found(requestID: id, query: query, .success([longPerson]))))
        }
      },
      State(name: "people person loading") { _ = person(&$0) },
      State(name: "people person") { driver in
        let id = person(&driver)
        driver.send(.people(.profileLoaded(requestID: id, uid: longPerson.uid, .success(profile))))
      },
      State(name: "people person unfollow question") { driver in
        let id = person(&driver)
        driver.send(.people(.profileLoaded(requestID: id, uid: longPerson.uid, .success(profile))))
        driver.press(.character("u"))
      },
      State(name: "people person block question") { driver in
        let id = person(&driver)
        driver.send(.people(.profileLoaded(requestID: id, uid: longPerson.uid, .success(profile))))
        driver.press(.character("b"))
      },
    ]
    // Your streak and badges in the account block: a running streak at risk late in the day with every badge, and
    // none yet.
    let utc = TimeZone(identifier: "UTC")!
    let today = LocalDay(now, in: utc)
    var everything = AchievementBook()
    everything.apply(
      AchievementFacts(
        shares: 50, following: 10, genresExplored: Set((0..<10).map { "genre \($0)" }), blends: 1, longestStreak: 400,
        playlistsCreated: 1, forYouSaves: 1), now: now.addingTimeInterval(-86_400))
    var standing = lists
    standing.standing = ProfileStanding(
      streak: StreakRecord(count: 400, lastDay: today.adding(-1)), achievements: everything, now: now, timeZone: utc)
    standing.standing?.reminderDue = true
    var noStreak = lists
    noStreak.standing = ProfileStanding(
      streak: StreakRecord(), achievements: AchievementBook(), now: now, timeZone: utc)
    states += [
      State(name: "people streak and badges") { loaded(&$0, standing) },
      State(name: "people no streak yet") { loaded(&$0, noStreak) },
    ]
    states += usernameStates(loaded: {
      loaded(&$0, PeopleLists(username: nil, following: [], followers: [], fetchedAt: now))
    })
    let me = PersonSummary(
      uid: "uid-me", displayName: longArtist, username: "konzertfreundin_2026",
      bio: String(repeating: longWord + " ", count: 6))
    func editing(_ driver: inout Driver) {
      loaded(
        &driver, PeopleLists(username: "konzertfreundin_2026", following: [], followers: [], fetchedAt: now, me: me))
      driver.press(.character("e"))
    }
    states += [
      State(name: "people profile edit") { editing(&$0) },
      State(name: "people profile edit bio") { driver in
        editing(&driver)
        driver.press(.tab)
      },
      State(name: "people profile saving") { driver in
        editing(&driver)
        driver.type("!")
        driver.press(.enter)
      },
    ]
    for failure: PeopleFailure in [.offline, .refused, .service, .notConfigured, .signInAgain] {
      states.append(
        State(name: "people profile save \(failure)") { driver in
          editing(&driver)
          driver.type("!")
          driver.press(.enter)
          if case .saving(let id)? = driver.state.people.profileForm?.phase {
            driver.send(.people(.profileSaved(requestID: id, displayName: "x", bio: nil, failure: failure)))
          }
        })
    }
    func signingIn(_ driver: inout Driver, _ prompt: SignInPrompt?) {
      open(&driver)
      driver.send(.people(.listsFailed(requestID: driver.state.people.loading ?? -1, .notSignedIn)))
      driver.press(.character("s"))
      if let prompt {
        driver.send(.people(.signInPrompted(requestID: driver.state.people.signIn?.requestID ?? -1, prompt)))
      }
    }
    states += [
      State(name: "people sign-in starting") { signingIn(&$0, nil) },
      State(name: "people sign-in device") {
        signingIn(&$0, .device(url: "https://www.google.com/device", code: "WXYZ-1234"))
      },
      State(name: "people sign-in browser") { driver in
        signingIn(
          &driver,
          .browser(
            url: "https://accounts.google.com/o/oauth2/v2/auth?client_id=" + String(repeating: "x", count: 120),
            opened: true))
      },
    ]
    let problems: [SignInProblem] = [
      .notConfigured, .listenerFailed, .timedOut, .denied, .codeExpired, .wrongClient, .projectMismatch, .disabled,
      .refused, .offline, .secretStore, .service,
    ]
    for problem in problems {
      states.append(
        State(name: "people sign-in \(problem)") { driver in
          signingIn(&driver, nil)
          driver.send(.people(.signedIn(requestID: driver.state.people.signIn?.requestID ?? -1, .failure(problem))))
        })
    }
    for failure: PeopleFailure in [.offline, .refused, .service, .notConfigured, .signInAgain] {
      states.append(
        State(name: "people lists \(failure)") { driver in
          open(&driver)
          driver.send(.people(.listsFailed(requestID: driver.state.people.loading ?? -1, failure)))
        })
      states.append(
        State(name: "people person \(failure)") { driver in
          let id = person(&driver)
          driver.send(.people(.profileLoaded(requestID: id, uid: longPerson.uid, .failure(failure))))
        })
      states.append(
        State(name: "people find \(failure)") { driver in
          loaded(&driver)
          driver.press(.character("/"))
          driver.type("ada")
          driver.press(.enter)
          if case .loading(let id, let query) = driver.state.people.search {
            driver.send(.people(.found(requestID: id, query: query, .failure(failure))))
          }
        })
    }
    return states
  }

  /// "Choose your @username": the rule broken, checking, free, taken, saving, a failed check and a failed claim.
  static func usernameStates(loaded: @escaping (inout Driver) -> Void) -> [State] {
    func form(_ driver: inout Driver, _ text: String) {
      loaded(&driver)
      driver.press(.character("n"))
      driver.type(text)
    }
    func checked(_ driver: inout Driver, _ result: Result<Bool, PeopleFailure>) {
      form(&driver, "konzertfreundin_2026")
      driver.send(.people(.usernameCheckDue(timerID: driver.state.people.usernameForm?.pendingTimerID ?? -1)))
      if case .checking(let id, let name)? = driver.state.people.usernameForm?.check {
        driver.send(.people(.usernameChecked(requestID: id, name: name, result)))
      }
    }
    var states = [
      State(name: "people username empty") { form(&$0, "") },
      State(name: "people username rule") { form(&$0, "9_lives") },
      State(name: "people username too long") { form(&$0, "abcdefghijklmnopqrstu") },
      State(name: "people username checking") { driver in
        form(&driver, "konzertfreundin_2026")
        driver.send(.people(.usernameCheckDue(timerID: driver.state.people.usernameForm?.pendingTimerID ?? -1)))
      },
      State(name: "people username free") { checked(&$0, .success(true)) },
      State(name: "people username taken") { checked(&$0, .success(false)) },
      State(name: "people username saving") { driver in
        checked(&driver, .success(true))
        driver.press(.enter)
      },
    ]
    for failure: PeopleFailure in [.offline, .refused, .service, .notConfigured, .signInAgain] {
      states.append(State(name: "people username check \(failure)") { checked(&$0, .failure(failure)) })
      states.append(
        State(name: "people username claim \(failure)") { driver in
          checked(&driver, .success(true))
          driver.press(.enter)
          let id = driver.state.people.usernameForm?.claiming?.id ?? -1
          driver.send(.people(.usernameClaimed(requestID: id, .failure(.failed(failure)))))
        })
    }
    return states
  }
}
