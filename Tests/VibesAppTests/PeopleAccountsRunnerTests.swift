import Foundation
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

/// The profile photo, the blocked list and Profile's account line against the loopback Firebase fake (rules and
/// Storage rules enforced): a photo too large, not an image or missing is refused before any request; a good one is
/// uploaded and its URL stored with the other fields intact, and removed again; unblock shows the person again in
/// find; the account line follows sign-in and the @username, never a token.
extension PeopleRunnerTests {
  static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(count: 256)

  func write(_ data: Data, _ name: String) throws -> String {
    let url = home.appendingPathComponent(name)
    try data.write(to: url)
    return url.path
  }

  func storageRequests() async -> Int {
    await fake.recordedRequests().filter { $0.request.path.hasPrefix("/storage") }.count
  }

  func testABadPhotoIsRefusedBeforeAnyRequest() async throws {
    _ = try await signInMe()
    _ = try write(Data(count: ProfilePhoto.maxBytes + 10), "big.png")
    _ = try write(Data("not an image at all".utf8), "notes.txt")
    try FileManager.default.createDirectory(
      at: home.appendingPathComponent("folder"), withIntermediateDirectories: true)
    let before = await fake.recordedRequests().count
    var actions = await run(.uploadPhoto(requestID: 1, path: "~/big.png"))
    XCTAssertEqual(actions, [.photoUploaded(requestID: 1, .failure(.tooLarge(bytes: ProfilePhoto.maxBytes + 10)))])
    actions = await run(.uploadPhoto(requestID: 2, path: "~/notes.txt"))
    XCTAssertEqual(actions, [.photoUploaded(requestID: 2, .failure(.notImage))])
    actions = await run(.uploadPhoto(requestID: 3, path: "~/missing.jpg"))
    XCTAssertEqual(actions, [.photoUploaded(requestID: 3, .failure(.notFound(path: "~/missing.jpg")))])
    actions = await run(.uploadPhoto(requestID: 4, path: "~/folder"))
    XCTAssertEqual(actions, [.photoUploaded(requestID: 4, .failure(.unreadable(path: "~/folder")))])
    let after = await fake.recordedRequests().count
    XCTAssertEqual(after, before, "nothing was sent for a refused photo")
    let objects = await fake.storedObjects()
    XCTAssertEqual(objects, [])
  }

  func testAGoodPhotoIsUploadedItsURLStoredWithTheOtherFieldsIntactAndRemovedAgain() async throws {
    let me = try await signInMe()
    try await me.repository.edit(ProfileEdit(displayName: "Me Myself", bio: "Synths and tea"))
    _ = try write(Self.png, "me.png")
    let actions = await run(.uploadPhoto(requestID: 1, path: "~/me.png"))
    guard case .photoUploaded(1, .success(let url))? = actions.first, actions.count == 1 else {
      return XCTFail("\(actions)")
    }
    let objects = await fake.storedObjects()
    XCTAssertEqual(objects, [SocialRepository.photoPath(uid: me.uid)])
    var profile = await fake.documents()["users/\(me.uid)"] ?? [:]
    XCTAssertEqual(profile["photoUrl"]?.stringValue, url)
    XCTAssertEqual(profile["displayName"]?.stringValue, "Me Myself", "the name stays")
    XCTAssertEqual(profile["bio"]?.stringValue, "Synths and tea", "the bio stays")
    XCTAssertEqual(profile["username"]?.stringValue, "me_myself", "the @username stays")
    let unmasked = await fake.patchesWithoutMask()
    XCTAssertEqual(unmasked, 0, "every profile write names its fields")
    let withPhoto = lists(await run(.loadLists(requestID: 2)))
    XCTAssertEqual(withPhoto?.photoURL, url, "the account knows its photo")

    let removed = await run(.removePhoto(requestID: 3))
    XCTAssertEqual(removed, [.photoRemoved(requestID: 3, nil)])
    let left = await fake.storedObjects()
    XCTAssertEqual(left, [])
    profile = await fake.documents()["users/\(me.uid)"] ?? [:]
    XCTAssertNil(profile["photoUrl"])
    XCTAssertEqual(profile["displayName"]?.stringValue, "Me Myself")
    XCTAssertEqual(profile["bio"]?.stringValue, "Synths and tea")
    let withoutPhoto = lists(await run(.loadLists(requestID: 4)))
    XCTAssertNotNil(withoutPhoto)
    XCTAssertNil(withoutPhoto?.photoURL)
  }

  func testTheBlockedListUnblocksAndThePersonShowsAgainInFind() async throws {
    let me = try await signInMe()
    let bob = try await user("g-bob", name: "Bob", username: "bobby")
    _ = try await user("g-cy", name: "Cy", username: "cyrus")
    try await me.repository.block(bob.uid)
    let bobSummary = PersonSummary(uid: bob.uid, displayName: "Bob", username: "bobby")
    var actions = await run(.loadBlocked(requestID: 1))
    XCTAssertEqual(actions, [.blockedLoaded(requestID: 1, .success([bobSummary]))])
    actions = await run(.find(requestID: 2, query: "bob"))
    XCTAssertEqual(actions, [.found(requestID: 2, query: "bob", .success([]))], "blocked: not found")
    actions = await run(.loadProfile(requestID: 3, bobSummary))
    XCTAssertEqual(actions, [.profileLoaded(requestID: 3, uid: bob.uid, .failure(.blocked))])

    actions = await run(.unblock(requestID: 4, bobSummary))
    XCTAssertEqual(actions, [.unblocked(requestID: 4, bobSummary, nil)])
    actions = await run(.loadBlocked(requestID: 5))
    XCTAssertEqual(actions, [.blockedLoaded(requestID: 5, .success([]))])
    actions = await run(.find(requestID: 6, query: "bob"))
    XCTAssertEqual(actions, [.found(requestID: 6, query: "bob", .success([bobSummary]))], "unblocked: found again")
  }

  func testTheBlockedListSignedOutSaysSo() async throws {
    let actions = await run(.loadBlocked(requestID: 1))
    XCTAssertEqual(actions, [.blockedLoaded(requestID: 1, .failure(.notSignedIn))])
  }

  /// Profile's account line, as `loadInfo` reads it.
  func account(_ environment: [String: String]? = nil) async -> ProfileAccount? {
    let box = Collected()
    await runner(environment: environment).run(ProfileState.run(.loadInfo)) { box.append($0) }
    for action in box.values {
      if case .infoLoaded(let info)? = action.action(of: ProfileState.self) { return info.account }
    }
    return nil
  }

  func testProfilesAccountLineFollowsSignInAndTheUsernameWithoutAToken() async throws {
    let signedOut = await account()
    XCTAssertEqual(signedOut, .signedOut)
    let notConfigured = await account([:])
    XCTAssertEqual(notConfigured, .notConfigured)
    let me = try await user("g-me", name: "Me", username: "first_name")
    let session = try await me.repository.session.account()
    let stored = try XCTUnwrap(session)
    try secrets.write(String(decoding: try JSONEncoder().encode(stored), as: UTF8.self), for: .firebaseSession)
    let signedIn = await account()
    XCTAssertEqual(signedIn, .signedIn(username: "first_name"))
    XCTAssertFalse("\(String(describing: signedIn))".contains(stored.refreshToken))
  }
}
