import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// The photo in "Edit your profile", exhaustive: a path in the Photo field uploads first (a refused file says why under
/// the field and Enter tries again), a good upload keeps its URL and then saves a changed name; "Remove photo" is
/// there while you have one, asked first, and leaves once removed.
final class PeopleProfilePhotoReducerTests: XCTestCase {
  static let now = Date(timeIntervalSince1970: 1_900_000_000)
  static let me = PersonSummary(uid: "uid-me", displayName: "Me", username: "me", bio: "Old bio")
  static let url = "https://firebasestorage.example/v0/b/x/o/users%2Fuid-me%2Fprofile-photo?alt=media&token=t"

  func inPeople(photo: String?) -> Driver {
    Driver.inPeople(
      PeopleLists(username: "me", following: [], followers: [], fetchedAt: Self.now, me: Self.me, photoURL: photo))
  }

  func testARefusedPhotoSaysWhyThenAGoodOneUploadsAndTheChangedNameFollows() {
    var driver = inPeople(photo: nil)
    driver.press(.character("e"), expecting: []) { $0.people.profileForm = PeopleFeature.profileForm(Self.me) }
    XCTAssertNil(driver.state.people.profileForm?.field(.removePhoto), "no photo: nothing to remove")
    driver.type("!", expecting: []) { $0.people.profileForm?.setInput(.name, TextInput("Me!", maxLength: 100)) }
    driver.press(.tab, .tab, expecting: []) { $0.people.profileForm?.focus = .photo }
    driver.type("~/big.png", expecting: []) {
      $0.people.profileForm?.setInput(.photo, TextInput("~/big.png", maxLength: ProfilePhoto.maxPathLength))
    }
    let first = driver.state.context.nextRequestID
    driver.press(.enter, expecting: [.people(.uploadPhoto(requestID: first, path: "~/big.png"))]) { state in
      state.people.profileForm?.phase = .saving(requestID: first)
      state.context.nextRequestID = first + 1
    }
    driver.press(.escape, expecting: [])  // the upload is waited for
    driver.send(.people(.photoUploaded(requestID: first, .failure(.tooLarge(bytes: 6_000_000)))), expecting: []) {
      state in
      state.people.profileForm?.phase = .editing
      state.people.photoProblem = .tooLarge(bytes: 6_000_000)
    }
    let retry = first + 1
    driver.press(.enter, expecting: [.people(.uploadPhoto(requestID: retry, path: "~/big.png"))]) { state in
      state.people.profileForm?.phase = .saving(requestID: retry)
      state.people.photoProblem = nil
      state.context.nextRequestID = retry + 1
    }
    let save = retry + 1
    driver.send(
      .people(.photoUploaded(requestID: retry, .success(Self.url))),
      expecting: [.people(.saveProfile(requestID: save, displayName: "Me!", bio: nil))]
    ) { state in
      state.people.lists?.photoURL = Self.url
      state.people.profileForm?.setInput(.photo, TextInput("", maxLength: ProfilePhoto.maxPathLength))
      state.people.profileForm?.fields.append(.button(.removePhoto))
      state.people.profileForm?.phase = .saving(requestID: save)
      state.context.nextRequestID = save + 1
      state.context.notice = .localized(LocalizedText(PeopleAccountsL10n.peoplePhotoSaved), isWarning: false)
    }
  }

  func testAPhotoAloneClosesTheFormOnceUploaded() {
    var driver = inPeople(photo: nil)
    driver.arrange { driver in
      driver.press(.character("e"))
      driver.press(.tab, .tab)
      driver.type("/tmp/me.jpg")
    }
    let id = driver.state.context.nextRequestID
    driver.press(.enter, expecting: [.people(.uploadPhoto(requestID: id, path: "/tmp/me.jpg"))]) { state in
      state.people.profileForm?.phase = .saving(requestID: id)
      state.context.nextRequestID = id + 1
    }
    driver.send(.people(.photoUploaded(requestID: id, .success(Self.url))), expecting: []) { state in
      state.people.lists?.photoURL = Self.url
      state.people.profileForm = nil
      state.context.notice = .localized(LocalizedText(PeopleAccountsL10n.peoplePhotoSaved), isWarning: false)
    }
  }

  func testRemovePhotoIsAskedThenDone() {
    var driver = inPeople(photo: Self.url)
    driver.press(.character("e"), expecting: []) {
      $0.people.profileForm = PeopleFeature.profileForm(Self.me, hasPhoto: true)
    }
    driver.press(.tab, .tab, .tab, expecting: []) { $0.people.profileForm?.focus = .removePhoto }
    XCTAssertEqual(
      driver.state.people.bindings(driver.state.context).last?.command, .askRemovePhoto, "Enter removes it")
    driver.press(.enter, expecting: []) { $0.people.profileForm?.phase = .confirmingRemoval }
    driver.press(.escape, expecting: []) { $0.people.profileForm?.phase = .editing }
    driver.press(.enter, expecting: []) { $0.people.profileForm?.phase = .confirmingRemoval }
    let id = driver.state.context.nextRequestID
    driver.press(.character("y"), expecting: [.people(.removePhoto(requestID: id))]) { state in
      state.people.profileForm?.phase = .removing
      state.people.photoRemoval = id
      state.context.nextRequestID = id + 1
    }
    driver.send(.people(.photoRemoved(requestID: id, nil)), expecting: []) { state in
      state.people.photoRemoval = nil
      state.people.lists?.photoURL = nil
      state.people.profileForm?.fields.removeAll { $0.id == .removePhoto }
      state.people.profileForm?.phase = .editing
      state.people.profileForm?.focus = .photo
      state.context.notice = .localized(LocalizedText(PeopleAccountsL10n.peoplePhotoRemoved), isWarning: false)
    }
  }
}
