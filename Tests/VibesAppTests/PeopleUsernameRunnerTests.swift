import Foundation
import VibesApp
import VibesCore
import VibesServices
import VibesTestSupport
import XCTest

/// "Choose your @username" against the loopback Firebase fake (rules enforced): availability, a taken name refused
/// by the atomic claim, a claim for a user the sign-in gave no profile yet, and a rename that frees the old name.
extension PeopleRunnerTests {
  /// Signs "me" in without a profile or a @username and puts the session where the app reads it.
  func signInNameless() async throws -> (uid: String, repository: SocialRepository) {
    let account = try await fake.signIn("g-new", name: "New", email: "new@example.com")
    let signedIn = try await account.session.account()
    let stored = try XCTUnwrap(signedIn)
    try secrets.write(String(decoding: try JSONEncoder().encode(stored), as: UTF8.self), for: .firebaseSession)
    return (account.uid, account.repository)
  }

  func testUsernameTakenIsSaidAndTheClaimRefusedThenAFreeOneIsClaimed() async throws {
    let ada = try await user("g-ada", name: "Ada", username: "ada")
    let me = try await signInNameless()
    let runner = runner()
    let r1 = await run(.checkUsername(requestID: 1, name: "ada"), runner)
    XCTAssertEqual(r1, [.usernameChecked(requestID: 1, name: "ada", .success(false))])
    let r2 = await run(.checkUsername(requestID: 2, name: "newbie"), runner)
    XCTAssertEqual(r2, [.usernameChecked(requestID: 2, name: "newbie", .success(true))])
    let r3 = await run(.claimUsername(requestID: 3, name: "ada"), runner)
    XCTAssertEqual(r3, [.usernameClaimed(requestID: 3, .failure(.taken))])
    var documents = await fake.documents()
    XCTAssertEqual(documents["usernames/ada"]?["uid"]?.stringValue, ada.uid, "Ada keeps her name")
    XCTAssertNil(documents["users/\(me.uid)"]?["username"], "the lost claim changed nothing")

    let r4 = await run(.claimUsername(requestID: 4, name: "newbie"), runner)
    XCTAssertEqual(r4, [.usernameClaimed(requestID: 4, .success("newbie"))])
    documents = await fake.documents()
    XCTAssertEqual(documents["usernames/newbie"]?["uid"]?.stringValue, me.uid)
    XCTAssertEqual(documents["users/\(me.uid)"]?["username"]?.stringValue, "newbie")
    let reloaded = await run(.loadLists(requestID: 5), runner)
    let loaded = lists(reloaded)
    XCTAssertEqual(loaded?.username, "newbie", "the account line shows the new name")
  }

  func testARenameFreesTheOldNameForSomeoneElse() async throws {
    let me = try await signInMe()  // holds @me_myself
    let bob = try await user("g-bob", name: "Bob", username: "bob")
    _ = await run(.loadLists(requestID: 1))  // the SQLite copy exists
    let r5 = await run(.claimUsername(requestID: 2, name: "@Me_Renamed"))
    XCTAssertEqual(r5, [.usernameClaimed(requestID: 2, .success("me_renamed"))])
    let documents = await fake.documents()
    XCTAssertNil(documents["usernames/me_myself"], "the old name is freed in the same commit")
    XCTAssertEqual(documents["usernames/me_renamed"]?["uid"]?.stringValue, me.uid)
    let cached = try XCTUnwrap(try database.peopleCache(owner: me.uid, key: "lists"))
    XCTAssertEqual(try JSONDecoder().decode(PeopleLists.self, from: cached.payload).username, "me_renamed")
    // Someone else may now take the old name.
    let claimed = try await bob.repository.claimUsername("me_myself")
    XCTAssertEqual(claimed, "me_myself")
  }

  func testClaimingSignedOutSaysSoWithoutARequest() async throws {
    let r6 = await run(.claimUsername(requestID: 1, name: "newbie"))
    XCTAssertEqual(r6, [.usernameClaimed(requestID: 1, .failure(.failed(.notSignedIn)))])
    let requests = await fake.recordedRequests()
    XCTAssertTrue(requests.isEmpty, "\(requests.map(\.request))")
  }

  func testAProfileEditChangesOnlyTheGivenFieldsAndTheAccountLineCopy() async throws {
    let me = try await signInMe()
    let ada = try await user("g-ada", name: "Ada", username: "ada")
    try await me.repository.follow(ada.uid)
    _ = await run(.loadLists(requestID: 1))  // the SQLite copy exists
    let saved = await run(.saveProfile(requestID: 2, displayName: nil, bio: "Synths \u{1B}[2J and tea"))
    XCTAssertEqual(
      saved, [.profileSaved(requestID: 2, displayName: nil, bio: "Synths \u{1B}[2J and tea", failure: nil)])
    var fields = await fake.documents()["users/\(me.uid)"] ?? [:]
    XCTAssertEqual(fields["bio"]?.stringValue, "Synths \u{1B}[2J and tea")
    XCTAssertEqual(fields["displayName"]?.stringValue, "Me", "the name is not wiped")
    XCTAssertEqual(fields["username"]?.stringValue, "me_myself", "the @username is not wiped")
    XCTAssertEqual(fields["followingCount"]?.integerValue, 1, "the count is not wiped")
    let renamed = await run(.saveProfile(requestID: 3, displayName: "Me Myself", bio: nil))
    XCTAssertEqual(renamed, [.profileSaved(requestID: 3, displayName: "Me Myself", bio: nil, failure: nil)])
    fields = await fake.documents()["users/\(me.uid)"] ?? [:]
    XCTAssertEqual(fields["displayName"]?.stringValue, "Me Myself")
    XCTAssertEqual(fields["bio"]?.stringValue, "Synths \u{1B}[2J and tea", "the bio is not wiped")
    let cached = try XCTUnwrap(try database.peopleCache(owner: me.uid, key: "lists"))
    let copy = try JSONDecoder().decode(PeopleLists.self, from: cached.payload)
    XCTAssertEqual(copy.me?.displayName, "Me Myself")
    XCTAssertFalse(copy.me?.bio.contains("\u{1B}") ?? true, "the copy holds only sanitised text")
    let reloaded = await run(.loadLists(requestID: 4))
    XCTAssertEqual(lists(reloaded)?.me?.bio.contains("\u{1B}"), false, "what the screen gets is sanitised")
  }

  func testAProfileEditSignedOutSaysSo() async throws {
    let saved = await run(.saveProfile(requestID: 1, displayName: "X", bio: nil))
    XCTAssertEqual(saved, [.profileSaved(requestID: 1, displayName: "X", bio: nil, failure: .notSignedIn)])
  }
}
