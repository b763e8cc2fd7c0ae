import Foundation
import VibesApp
import VibesCore
import VibesServices
import VibesTestSupport
import XCTest

/// The public taste summary and achievements on `users/{uid}` against the Firebase fake.
final class TasteAndAchievementRepositoryTests: XCTestCase {
  private var fake: FakeFirebaseServer!

  override func setUp() async throws {
    fake = try await FakeFirebaseServer.withProjectIndexes()
  }

  override func tearDown() async throws {
    await fake?.stop()
  }

  private func account(_ sub: String, name: String) async throws -> (uid: String, repository: SocialRepository) {
    let account = try await fake.signIn(sub, name: name)
    try await account.repository.ensureProfile(displayName: name)
    return (account.uid, account.repository)
  }

  func testAFriendReadsTheSharedTasteSummaryAndAMissingOneIsNil() async throws {
    let ada = try await account("g-ada", name: "Ada")
    let bob = try await account("g-bob", name: "Bob")
    let none = try await bob.repository.tasteSummary(of: ada.uid)
    XCTAssertNil(none, "no summary shared yet: Blend says so")
    let summary = TasteSummary.from(topArtists: [
      (name: "Radiohead", genres: ["art rock"]), (name: "Björk\u{1B}[31m", genres: ["art pop"]),
    ])
    try await ada.repository.publishTasteSummary(summary)
    let read = try await bob.repository.tasteSummary(of: ada.uid)
    XCTAssertEqual(read, summary)
    XCTAssertEqual(TasteMatch.percent(try XCTUnwrap(read), summary), 100)
  }

  func testAchievementsUnlockOnceAndKeepTheirFirstDate() async throws {
    let ada = try await account("g-ada", name: "Ada")
    let day1 = Date(timeIntervalSince1970: 1_700_000_000)
    let first = try await ada.repository.unlockAchievements(AchievementFacts(shares: 1), now: day1)
    XCTAssertEqual(first, [.firstShare])
    let again = try await ada.repository.unlockAchievements(AchievementFacts(shares: 1), now: day1 + 86_400)
    XCTAssertEqual(again, [], "unlocked once")
    let more = try await ada.repository.unlockAchievements(
      AchievementFacts(shares: 2, blends: 1), now: day1 + 86_400)
    XCTAssertEqual(more, [.firstBlend])
    let profile = try await ada.repository.profile(uid: ada.uid)
    XCTAssertEqual(profile?.achievements, ["first_share", "first_blend"])
    let documents = await fake.documents()
    guard case .map(let dates)? = documents["users/\(ada.uid)"]?["achievementDates"] else {
      return XCTFail("no achievementDates")
    }
    XCTAssertEqual(dates["first_share"], .double(1_700_000_000))
    XCTAssertEqual(dates["first_blend"], .double(1_700_086_400))
  }

  func testTheRulesRefuseShrinkingAchievementsAndAnOversizedTaste() async throws {
    let ada = try await account("g-ada", name: "Ada")
    try await ada.repository.unlockAchievements(AchievementFacts(shares: 1))
    let configuration = fake.configuration
    let firestore = FirestoreClient(
      projectID: FakeFirebaseServer.projectID, baseURL: configuration.firestoreURL, retryDelays: [])
    let token = try await ada.repository.session.validIDToken()
    let oversized = FirestoreValue.map([
      "artists": .array((0..<21).map { .map(["name": .string("a\($0)"), "weight": .double(1)]) })
    ])
    for forged: [String: FirestoreValue] in [
      ["achievements": .array([])],  // taking one back
      ["achievements": .string("first_share")],
      ["taste": oversized],
      ["taste": .map(["artists": .array([]), "secret": .string("x")])],
    ] {
      do {
        try await firestore.commit(
          [.update(path: "users/\(ada.uid)", fields: forged, mask: forged.keys.sorted(), precondition: nil)],
          idToken: token)
        XCTFail("the rules let \(forged) through")
      } catch {
        XCTAssertEqual(error, .permissionDenied, "\(forged)")
      }
    }
    let profile = try await ada.repository.profile(uid: ada.uid)
    XCTAssertEqual(profile?.achievements, ["first_share"])
  }

  func testForYouMemoryFollowsTheAccountToAnotherDeviceAndStaysPrivate() async throws {
    let phone = try await account("g-ada", name: "Ada")
    let laptop = try await account("g-ada", name: "Ada")
    let bob = try await account("g-bob", name: "Bob")
    let empty = try await laptop.repository.forYouMemory()
    XCTAssertEqual(empty, ForYouMemory())
    var memory = ForYouMemory()
    memory.markShown([ForYouSong(title: "Kids", artist: "MGMT")])
    memory.dismiss(ForYouSong(title: "Midnight City", artist: "M83"))
    try await phone.repository.saveForYouMemory(memory)
    let read = try await laptop.repository.forYouMemory()
    XCTAssertEqual(read, memory)
    XCTAssertEqual(read.weight(ofArtist: "M83"), 0.5)
    // Another user cannot read it.
    let configuration = fake.configuration
    let firestore = FirestoreClient(
      projectID: FakeFirebaseServer.projectID, baseURL: configuration.firestoreURL, retryDelays: [])
    let token = try await bob.repository.session.validIDToken()
    do {
      _ = try await firestore.get(SocialRepository.forYouMemoryPath(uid: phone.uid), idToken: token)
      XCTFail("another user read the For You memory")
    } catch {
      XCTAssertEqual(error, .permissionDenied)
    }
  }

  func testProgressFromTwoDevicesAtOnceKeepsBothAndStaysPrivate() async throws {
    let phone = try await account("g-ada", name: "Ada")
    let laptop = try await account("g-ada", name: "Ada")
    let bob = try await account("g-bob", name: "Bob")
    // Both devices write at the same time: the later write's precondition fails, it re-reads and adds its own.
    async let fromPhone = phone.repository.recordAchievementProgress(
      AchievementProgress(genres: ["techno", "house"], forYouTracks: ["t1"]))
    async let fromLaptop = laptop.repository.recordAchievementProgress(
      AchievementProgress(genres: ["jazz"], forYouTracks: ["t1", "t2"]))
    _ = try await (fromPhone, fromLaptop)
    let stored = try await phone.repository.achievementProgress()
    XCTAssertEqual(stored.genres, ["techno", "house", "jazz"])
    XCTAssertEqual(stored.forYouSaves, 2, "t1 saved on both devices counts once")
    let again = try await laptop.repository.recordAchievementProgress(AchievementProgress(genres: ["Techno"]))
    XCTAssertEqual(again, stored, "nothing new: nothing written")
    // Another user cannot read it.
    let configuration = fake.configuration
    let firestore = FirestoreClient(
      projectID: FakeFirebaseServer.projectID, baseURL: configuration.firestoreURL, retryDelays: [])
    let token = try await bob.repository.session.validIDToken()
    do {
      _ = try await firestore.get(SocialRepository.achievementProgressPath(uid: phone.uid), idToken: token)
      XCTFail("another user read the progress")
    } catch {
      XCTAssertEqual(error, .permissionDenied)
    }
  }
}
