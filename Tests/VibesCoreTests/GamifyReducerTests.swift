import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// Issue 24's area, exhaustive: the Blend opened from a followed user's profile (mixing, the preview, save, share,
/// refresh, Esc back to People), its problems with the setup step, the achievements list, announcements, and the
/// late-day streak reminder riding on the app's clock (once a day, after a fresh read).
final class GamifyReducerTests: XCTestCase {
  static let now = Date(timeIntervalSince1970: 1_900_000_000)
  static let utc = TimeZone(identifier: "UTC")!
  /// 2030-03-17 21:00 UTC, after the reminder hour.
  static let evening = Date(timeIntervalSince1970: 1_899_925_200)
  static let today = LocalDay(evening, in: utc)
  static let ada = PersonSummary(uid: "uid-ada", displayName: "Ada", username: "ada")
  static let lists = PeopleLists(username: "me", following: [ada], followers: [], fetchedAt: now)

  static func result(tracks: Int = 25) -> BlendResult {
    let mine = TasteSummary(artists: [.init(name: "M83", weight: 1)], genres: [])
    let theirs = TasteSummary(artists: [.init(name: "M83", weight: 1), .init(name: "Basalt", weight: 1)], genres: [])
    let songs = (0..<tracks).map { (title: "Song \($0)", artist: $0 % 2 == 0 ? "M83" : "Basalt") }
    let preview = BlendPreview(name: "Night Drive", songs: songs, mine: mine, theirs: theirs)
    let track = SharedTrack(
      trackId: "t0", trackName: "Song 0", artistName: "M83", albumName: "A", trackUri: "spotify:track:t0")
    return BlendResult(
      playlistID: 7, preview: preview, found: (0..<tracks).map { $0 != 3 }, firstTrack: track)
  }

  /// On Ada's profile in People (you follow her).
  func onAdasProfile() -> Driver {
    var driver = Driver.inPeople(Self.lists)
    driver.arrange { driver in
      driver.press(.enter)
      let id = driver.state.people.path.last?.request?.id ?? 0
      let profile = PersonProfile(person: Self.ada, followers: 1, following: 0, isFollowing: true, fetchedAt: Self.now)
      driver.send(.people(.profileLoaded(requestID: id, uid: Self.ada.uid, .success(profile))))
    }
    return driver
  }

  func testMOnAFollowedProfileMixesThenSavesOnceSharesAndEscGoesBackToThePerson() {
    var driver = onAdasProfile()
    XCTAssertTrue(driver.state.people.bindings(driver.state.context).contains { $0.command == .blend })
    let mix = driver.state.context.nextRequestID
    driver.press(.character("m"), expecting: [.gamify(.mixBlend(requestID: mix, Self.ada))]) { state in
      state.selectedTab = .gamify
      state.gamify.blend = BlendPage(person: Self.ada)
      state.gamify.blend?.mixing = mix
      state.context.nextRequestID = mix + 1
      state.returnPoint = ReturnPoint(origin: .people, destination: .gamify, openedDepth: 1)
    }
    XCTAssertEqual(driver.state.gamify.bindings(driver.state.context), [], "nothing but Esc while it mixes")
    let result = Self.result()
    driver.send(.gamify(.blendMixed(requestID: mix, .success(result))), expecting: []) { state in
      state.gamify.blend?.mixing = nil
      state.gamify.blend?.result = result
    }
    driver.press(.down, expecting: []) { $0.gamify.blend?.list.selected = 1 }
    let save = driver.state.context.nextRequestID
    driver.press(.character("s"), expecting: [.gamify(.saveBlend(requestID: save, playlistID: 7))]) { state in
      state.gamify.blend?.saving = save
      state.context.nextRequestID = save + 1
    }
    driver.press(.character("s"), expecting: [])  // one save at a time
    driver.press(.escape, expecting: [])  // the save is one write: the Blend waits for it
    let url = "https://open.spotify.com/playlist/PL1"
    driver.send(.gamify(.blendSaved(requestID: save, .success(url))), expecting: []) { state in
      state.gamify.blend?.saving = nil
      state.gamify.blend?.savedURL = url
      state.notice = .localized(LocalizedText(GamifyL10n.blendSavedNotice), isWarning: false)
    }
    driver.press(.character("s"), expecting: []) { $0.notice = nil }  // saved: no second playlist
    let share = driver.state.context.nextRequestID
    driver.press(
      .character("t"),
      expecting: [
        .gamify(
          .shareBlend(
            requestID: share, Self.ada, name: "Night Drive", url: url, track: try! XCTUnwrap(result.firstTrack)))
      ]
    ) { state in
      state.gamify.blend?.sharing = share
      state.context.nextRequestID = share + 1
    }
    driver.send(.gamify(.blendShared(requestID: share, nil)), expecting: []) { state in
      state.gamify.blend?.sharing = nil
      state.gamify.blend?.shared = true
      state.notice = .localized(LocalizedText(GamifyL10n.blendSharedNotice, ["name": "@ada"]), isWarning: false)
    }
    XCTAssertEqual(driver.state.gamify.bindings(driver.state.context).map(\.command).last, .refresh)
    XCTAssertFalse(driver.state.gamify.bindings(driver.state.context).contains { $0.command == .share }, "sent once")
    driver.press(.escape, expecting: []) { state in
      state.gamify.blend = nil
      state.selectedTab = .people
      state.returnPoint = nil
      state.notice = nil
    }
    XCTAssertEqual(driver.state.people.path.last?.person, Self.ada, "back on Ada's profile")
  }

  func testEscWhileMixingCancelsAndRefreshAsksAgain() {
    var driver = onAdasProfile()
    driver.arrange { $0.press(.character("m")) }
    let mix = driver.state.gamify.blend?.mixing ?? 0
    driver.press(.escape, expecting: [.cancel(requestID: mix)]) { state in
      state.gamify.blend = nil
      state.selectedTab = .people
      state.returnPoint = nil
    }
    // A late answer of the cancelled mix changes nothing.
    driver.send(.gamify(.blendMixed(requestID: mix, .success(Self.result()))), expecting: [])

    driver.arrange { $0.press(.character("m")) }
    let second = driver.state.gamify.blend?.mixing ?? 0
    driver.arrange { $0.send(.gamify(.blendMixed(requestID: second, .success(Self.result())))) }
    let third = driver.state.context.nextRequestID
    driver.press(.character("r"), expecting: [.gamify(.mixBlend(requestID: third, Self.ada))]) { state in
      state.gamify.blend = BlendPage(person: Self.ada)
      state.gamify.blend?.mixing = third
      state.context.nextRequestID = third + 1
    }
  }

  func testProblemsSayWhatIsMissingAndEnterOpensTheSetupStep() {
    var driver = onAdasProfile()
    driver.arrange { $0.press(.character("m")) }
    let mix = driver.state.gamify.blend?.mixing ?? 0
    driver.send(.gamify(.blendMixed(requestID: mix, .failure(.noTasteSummary))), expecting: []) { state in
      state.gamify.blend?.mixing = nil
      state.gamify.blend?.problem = .noTasteSummary
    }
    XCTAssertEqual(driver.state.gamify.bindings(driver.state.context).map(\.command), [.refresh], "no setup fixes it")
    driver.press(.enter, expecting: [])

    let again = driver.state.context.nextRequestID
    driver.press(.character("r"), expecting: [.gamify(.mixBlend(requestID: again, Self.ada))]) { state in
      state.gamify.blend = BlendPage(person: Self.ada)
      state.gamify.blend?.mixing = again
      state.context.nextRequestID = again + 1
    }
    driver.send(.gamify(.blendMixed(requestID: again, .failure(.create(.geminiKeyMissing)))), expecting: []) {
      state in
      state.gamify.blend?.mixing = nil
      state.gamify.blend?.problem = .create(.geminiKeyMissing)
    }
    XCTAssertEqual(BlendProblem.create(.geminiKeyMissing).setupStep, .gemini)
    XCTAssertEqual(BlendProblem.create(.spotifyNotConnected).setupStep, .spotify)
    XCTAssertEqual(BlendProblem.noOwnTaste.setupStep, .spotify)
    XCTAssertNil(BlendProblem.social(.offline).setupStep)
    XCTAssertEqual(driver.state.gamify.bindings(driver.state.context).map(\.command), [.setup, .refresh])
    var setup = driver
    setup.exhaustivity = .nonExhaustive(because: "the setup step's screen is the Feed's subject")
    setup.press(.enter)
    XCTAssertEqual(setup.state.selectedTab, .feed)
  }

  func testAOnThePeopleRootListsEveryAchievementAndAnUnlockIsAnnounced() {
    var driver = Driver.inPeople(Self.lists)
    let load = driver.state.context.nextRequestID
    driver.press(.character("a"), expecting: [.gamify(.loadAchievements(requestID: load))]) { state in
      state.selectedTab = .gamify
      state.gamify.loading = load
      state.context.nextRequestID = load + 1
      state.returnPoint = ReturnPoint(origin: .people, destination: .gamify, openedDepth: 0)
    }
    driver.send(.gamify(.achievementsLoaded(requestID: load, .failure(.offline))), expecting: []) { state in
      state.gamify.loading = nil
      state.gamify.failure = .offline
    }
    let retry = driver.state.context.nextRequestID
    driver.press(.character("r"), expecting: [.gamify(.loadAchievements(requestID: retry))]) { state in
      state.gamify.loading = retry
      state.context.nextRequestID = retry + 1
    }
    var book = AchievementBook()
    book.apply(AchievementFacts(shares: 1), now: Self.now)
    let report = AchievementsReport(
      book: book, facts: AchievementFacts(following: 3), measured: [.tenFollows])
    driver.send(.gamify(.achievementsLoaded(requestID: retry, .success(report))), expecting: []) { state in
      state.gamify.loading = nil
      state.gamify.failure = nil
      state.gamify.report = report
    }
    XCTAssertEqual(Achievement.tenFollows.progress(report.facts).count, 3)
    XCTAssertEqual(Achievement.tenFollows.progress(AchievementFacts(following: 40)).count, 10, "capped")
    driver.press(.end, expecting: []) { $0.gamify.list = ListState(selected: Achievement.allCases.count - 1) }
    driver.send(.gamify(.unlocked([.tenFollows])), expecting: []) { state in
      state.notice = .localized(try! XCTUnwrap(AchievementAnnouncement.text([.tenFollows])), isWarning: false)
    }
    XCTAssertNil(AchievementAnnouncement.text([]))
    driver.press(.escape, expecting: []) { state in
      state.selectedTab = .people
      state.returnPoint = nil
      state.notice = nil
    }
  }

  func testTheReminderComesOnceADayAfterEightWithAFreshRead() {
    // The Feed answers every tick with its own effects: this test checks the area's.
    var driver = Driver(.nonExhaustive(because: "the Feed's own clock effects are FeedCardsReducerTests' subject"))
    func tick(_ date: Date) -> [GamifyEffect] { driver.send(.clockTicked(date)).compactMap(\.gamifyEffect) }
    // Before the first read (signed out, or not read yet) the clock asks nothing.
    XCTAssertEqual(tick(Self.evening), [])
    let atRisk = StreakRecord(count: 12, lastDay: Self.today.adding(-1))
    // The read at start-up, at 21:00: reminded at once, on the status line and once on the desktop.
    let reminded = driver.send(.gamify(.streakRead(requestID: nil, atRisk, timeZone: Self.utc, now: Self.evening)))
    XCTAssertEqual(
      reminded.compactMap(\.gamifyEffect),
      [
        .notify(
          SongNotification(
            title: "vibes", body: Localizer(.en)[LocalizedText(GamifyL10n.gamifyStreakReminder, ["count": "12"])]))
      ])
    XCTAssertEqual(
      driver.state.notice,
      .localized(LocalizedText(GamifyL10n.gamifyStreakReminder, ["count": "12"]), isWarning: true))
    XCTAssertEqual(driver.state.gamify.remindedDay, Self.today)
    driver.state.notice = nil
    // Later ticks the same evening: nothing more.
    XCTAssertEqual(tick(Self.evening.addingTimeInterval(1800)), [])
    XCTAssertNil(driver.state.notice)
    // Next day before 20:00: nothing (the grace day keeps the streak at risk, not due yet).
    XCTAssertEqual(tick(Self.evening.addingTimeInterval(12 * 3600)), [])
    // 21:00 the next day: a fresh read first; it finds today's share, so no reminder.
    let nextEvening = Self.evening.addingTimeInterval(24 * 3600)
    let read = driver.state.context.nextRequestID
    XCTAssertEqual(tick(nextEvening), [.readStreak(requestID: read)])
    XCTAssertEqual(tick(nextEvening.addingTimeInterval(30)), [], "one read at a time")
    let shared = atRisk.sharing(on: Self.today.adding(1))
    driver.send(.gamify(.streakRead(requestID: read, shared, timeZone: Self.utc, now: nextEvening)))
    XCTAssertNil(driver.state.notice)
    XCTAssertNil(driver.state.gamify.standingRequest)
    XCTAssertEqual(tick(nextEvening.addingTimeInterval(60)), [])
    // The day after, no share again: the fresh read still finds it at risk and reminds once.
    let third = nextEvening.addingTimeInterval(24 * 3600)
    let again = driver.state.context.nextRequestID
    XCTAssertEqual(tick(third), [.readStreak(requestID: again)])
    driver.send(.gamify(.streakRead(requestID: again, shared, timeZone: Self.utc, now: third)))
    XCTAssertEqual(
      driver.state.notice,
      .localized(LocalizedText(GamifyL10n.gamifyStreakReminder, ["count": "13"]), isWarning: true))
    XCTAssertEqual(tick(third.addingTimeInterval(60)), [])
  }

  func testTheAreaAsksForNoClockTheFeedDoesNotAlreadyRun() {
    XCTAssertTrue(FeedTab.wantsClock, "the reminder rides on the Feed's clock")
    XCTAssertTrue(GamifyFeature.wantsClock)
  }
}
