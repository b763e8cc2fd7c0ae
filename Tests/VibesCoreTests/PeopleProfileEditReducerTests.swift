import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// "Edit your profile" in the People area, exhaustive: `e` opens the form with your name and bio, Tab moves between
/// the fields, Enter sends only what changed (nothing changed: it just closes), a failed save says why and Enter
/// tries again, Esc waits for a save in flight and otherwise closes the form.
final class PeopleProfileEditReducerTests: XCTestCase {
  static let now = Date(timeIntervalSince1970: 1_900_000_000)
  static let me = PersonSummary(uid: "uid-me", displayName: "Me", username: "me", bio: "Old bio")
  static let lists = PeopleLists(username: "me", following: [], followers: [], fetchedAt: now, me: me)

  func inPeople() -> Driver {
    Driver.inPeople(Self.lists)
  }

  func testEditingTheBioSendsOnlyTheBioAndAFailedSaveIsRetriedWithEnter() {
    var driver = inPeople()
    driver.press(.character("e"), expecting: []) { $0.people.profileForm = PeopleFeature.profileForm(Self.me) }
    XCTAssertEqual(driver.state.people.profileForm?.text(.name), "Me")
    XCTAssertTrue(driver.state.people.isEditingText)
    driver.press(.tab, expecting: []) { $0.people.profileForm?.focus = .bio }
    driver.type("!", expecting: []) {
      $0.people.profileForm?.setInput(.bio, TextInput("Old bio!", maxLength: SocialTextLimits.bio))
    }
    let save = driver.state.context.nextRequestID
    driver.press(.enter, expecting: [.people(.saveProfile(requestID: save, displayName: nil, bio: "Old bio!"))]) {
      state in
      state.people.profileForm?.phase = .saving(requestID: save)
      state.context.nextRequestID = save + 1
    }
    XCTAssertFalse(driver.state.people.isEditingText, "no typing while it saves")
    driver.press(.escape, expecting: [])  // the write is awaited
    driver.send(
      .people(.profileSaved(requestID: save, displayName: nil, bio: "Old bio!", failure: .offline)), expecting: []
    ) { $0.people.profileForm?.phase = .failed(.offline) }
    let retry = save + 1
    driver.press(.enter, expecting: [.people(.saveProfile(requestID: retry, displayName: nil, bio: "Old bio!"))]) {
      state in
      state.people.profileForm?.phase = .saving(requestID: retry)
      state.context.nextRequestID = retry + 1
    }
    driver.send(.people(.profileSaved(requestID: save, displayName: nil, bio: "Old bio!", failure: nil)), expecting: [])
    driver.send(
      .people(.profileSaved(requestID: retry, displayName: nil, bio: "Old bio!", failure: nil)), expecting: []
    ) { state in
      state.people.profileForm = nil
      state.people.lists?.me?.bio = "Old bio!"
      state.context.notice = .localized(LocalizedText(PeopleL10n.peopleProfileSaved), isWarning: false)
    }
    XCTAssertEqual(driver.state.people.lists?.me?.displayName, "Me", "the name stays")
  }

  func testNothingChangedJustClosesAndEscCloses() {
    var driver = inPeople()
    driver.arrange { $0.press(.character("e")) }
    driver.press(.enter, expecting: []) { $0.people.profileForm = nil }
    driver.arrange { $0.press(.character("e")) }
    driver.type("x", expecting: []) {
      $0.people.profileForm?.setInput(.name, TextInput("Mex", maxLength: SocialTextLimits.displayName))
    }
    driver.press(.escape, expecting: []) { $0.people.profileForm = nil }
    XCTAssertEqual(driver.state.people.lists?.me?.displayName, "Me", "Esc sends nothing")
  }
}
