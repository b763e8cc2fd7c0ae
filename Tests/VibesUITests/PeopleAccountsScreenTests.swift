import Foundation
import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

private let screenText = Driver.Exhaustivity.nonExhaustive(
  because: "checks the drawn screen text; the state changes are the People*ReducerTests' subject")

/// The blocked list, the photo field, changes waiting to sync and Profile's account line as drawn at 60×20 in
/// English and German, with hostile names made harmless and every screen scrolling where it is long.
final class PeopleAccountsScreenTests: XCTestCase {
  static let now = Date(timeIntervalSince1970: 1_900_000_000)
  static let me = PersonSummary(uid: "uid-me", displayName: "Me", username: "me", bio: "Old bio")
  static let hostile = PersonSummary(uid: "uid-evil", displayName: "Eve\u{1B}]0;pwned\u{07}\u{202E}", username: "eve")
  static let ada = PersonSummary(uid: "uid-ada", displayName: "Ada", username: "ada")

  func people(photo: String? = nil, waiting: [WaitingChange]? = nil) -> Driver {
    var driver = Driver.screen(screenText, width: 60, height: 20)
    driver.press(.tabKey(.profile))
    driver.press(.character("p"))
    var lists = PeopleLists(
      username: "me", following: [Self.ada], followers: [], fetchedAt: Self.now, me: Self.me, photoURL: photo)
    lists.waiting = waiting
    driver.send(.people(.listsLoaded(requestID: driver.state.people.loading ?? -1, lists, final: true)))
    return driver
  }

  func text(_ driver: Driver, _ language: Language) -> String { driver.render(language).lines.joined(separator: "\n") }

  func testTheBlockedListExplainsItselfListsPeopleAndAsksBeforeUnblocking() {
    var driver = people()
    XCTAssertTrue(
      driver.state.people.bindings(driver.state.context).contains { $0.command == .showBlocked && $0.label == "B" },
      "B opens the list (listed in the help; the footer at 60 columns has no room for it)")
    driver.press(.character("B"))
    XCTAssertTrue(text(driver, .en).contains("Loading…"), text(driver, .en))
    guard let id = driver.state.people.blocked?.loading else { return XCTFail("not loading") }
    driver.send(.people(.blockedLoaded(requestID: id, .success([Self.hostile, Self.ada]))))
    var english = text(driver, .en)
    for expected in ["Blocked people (2)", "do not see each other", "Ada (@ada)", "Eve", "u unblock"] {
      XCTAssertTrue(english.contains(expected), "\(expected) missing:\n\(english)")
    }
    XCTAssertFalse(english.contains("\u{1B}"), "no escape reaches the screen")
    XCTAssertFalse(english.contains("pwned"))
    driver.press(.character("u"))
    english = text(driver, .en)
    XCTAssertTrue(english.contains("Unblock @eve?"), english)
    XCTAssertTrue(english.contains("y yes"), english)
    let german = text(driver, .de)
    XCTAssertTrue(german.contains("Blockierung von @eve aufheben?"), german)
    XCTAssertTrue(german.contains("Blockierte Leute (2)"), german)
  }

  func testAnEmptyOrFailedBlockedListSaysSo() {
    var driver = people()
    driver.press(.character("B"))
    let id = driver.state.people.blocked?.loading ?? -1
    driver.send(.people(.blockedLoaded(requestID: id, .success([]))))
    XCTAssertTrue(text(driver, .en).contains("You have not blocked anyone."), text(driver, .en))
    XCTAssertTrue(text(driver, .de).contains("Du hast niemanden blockiert."), text(driver, .de))
    driver.press(.escape)
    driver.press(.character("B"))
    driver.send(.people(.blockedLoaded(requestID: driver.state.people.blocked?.loading ?? -1, .failure(.offline))))
    let english = text(driver, .en)
    XCTAssertTrue(english.contains("Could not load the people you blocked: no connection"), english)
    XCTAssertTrue(english.contains("r retry") || english.contains("r try again"), english)
  }

  func testThePhotoFieldSaysWhatItTakesAndWhyAFileWasRefused() {
    var driver = people()
    driver.press(.character("e"))
    var english = text(driver, .en)
    for expected in ["Photo", "JPEG, PNG, GIF or WebP", "~/me.jpg"] {
      XCTAssertTrue(english.contains(expected), "\(expected) missing:\n\(english)")
    }
    XCTAssertFalse(english.contains("Remove photo"), "no photo, nothing to remove")
    driver.press(.tab, .tab)
    driver.type("~/big.png")
    driver.press(.enter)
    XCTAssertTrue(text(driver, .en).contains("Uploading the photo…"), text(driver, .en))
    guard case .saving(let id)? = driver.state.people.profileForm?.phase else { return XCTFail("not saving") }
    driver.send(.people(.photoUploaded(requestID: id, .failure(.tooLarge(bytes: 7_340_032)))))
    english = text(driver, .en)
    XCTAssertTrue(english.contains("The photo is 7.0 MB; at most 5 MB can be uploaded."), english)
    XCTAssertTrue(text(driver, .de).contains("höchstens 5 MB"), text(driver, .de))
    driver.send(.people(.photoUploaded(requestID: id, .failure(.notImage))))  // stale: nothing changes
    XCTAssertTrue(text(driver, .en).contains("7.0 MB"), text(driver, .en))
  }

  func testRemovePhotoShowsWhileYouHaveOneAndIsAsked() {
    var driver = people(photo: "https://example.test/photo")
    driver.press(.character("e"))
    XCTAssertTrue(text(driver, .en).contains("[ Remove photo ]"), text(driver, .en))
    XCTAssertTrue(text(driver, .en).contains("You have a profile photo"), text(driver, .en))
    driver.press(.tab, .tab, .tab)
    XCTAssertTrue(text(driver, .en).contains("Enter remove"), text(driver, .en))
    driver.press(.enter)
    XCTAssertTrue(text(driver, .en).contains("Remove your profile photo?"), text(driver, .en))
    XCTAssertTrue(text(driver, .de).contains("Dein Profilfoto entfernen?"), text(driver, .de))
  }

  func testChangesWaitingToSyncShowAtTheRootAndOnTheProfile() {
    var driver = people(waiting: [WaitingChange(person: Self.ada, operation: .follow)])
    XCTAssertTrue(text(driver, .en).contains("1 change(s) waiting to sync"), text(driver, .en))
    XCTAssertTrue(text(driver, .de).contains("1 Änderung(en) warten auf Synchronisierung"), text(driver, .de))
    driver.press(.enter)
    XCTAssertTrue(text(driver, .en).contains("Follow waiting to sync"), text(driver, .en))
  }

  func testProfileShowsTheAccountLineInBothLanguages() {
    let base = ProfileInfo(connections: [], version: "1", dataPath: "/d", configPath: "/c", logPath: "/l")
    let cases: [(ProfileAccount, String, String)] = [
      (.signedIn(username: "ada"), "signed in as @ada", "angemeldet als @ada"),
      (.signedIn(username: nil), "no @username yet", "noch kein @Nutzername"),
      (.signedOut, "not signed in · p to sign in", "nicht angemeldet"),
      (.notConfigured, "no Firebase project set up", "kein Firebase-Projekt"),
    ]
    for (account, english, german) in cases {
      var driver = Driver.screen(screenText, width: 60, height: 20)
      driver.press(.tabKey(.profile))
      var info = base
      info.account = account
      driver.send(.profile(.infoLoaded(info)))
      XCTAssertTrue(text(driver, .en).contains("vibes account"), text(driver, .en))
      XCTAssertTrue(text(driver, .en).contains(english), "\(account):\n\(text(driver, .en))")
      XCTAssertTrue(text(driver, .de).contains(german), "\(account):\n\(text(driver, .de))")
    }
  }
}
