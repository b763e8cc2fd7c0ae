import Foundation
import VibesApp
import VibesCore
import VibesServices
import VibesTestSupport
import XCTest

/// The streak on `users/{uid}` against the Firebase fake, whose rules mirror `validStreak` in firestore.rules.
final class StreakRepositoryTests: XCTestCase {
  private let utc = TimeZone(identifier: "UTC")!
  private var fake: FakeFirebaseServer!

  override func setUp() async throws {
    fake = try await FakeFirebaseServer.withProjectIndexes()
  }

  override func tearDown() async throws {
    await fake?.stop()
  }

  private struct Account {
    var uid: String
    var repository: SocialRepository
  }

  private func account(_ sub: String, name: String, profile: Bool = true) async throws -> Account {
    let account = try await fake.signIn(sub, name: name)
    if profile { try await account.repository.ensureProfile(displayName: name) }
    return Account(uid: account.uid, repository: account.repository)
  }

  func testAShareExtendsTheStreakOncePerDayEvenFromTwoDevicesAtOnce() async throws {
    let phone = try await account("g-ada", name: "Ada")
    // The same account signed in on a second device.
    let laptop = try await account("g-ada", name: "Ada", profile: false)
    let yesterday = Date().addingTimeInterval(-86_400)
    let first = try await phone.repository.recordShareForStreak(now: yesterday, timeZone: utc)
    XCTAssertEqual(first.count, 1)
    let again = try await laptop.repository.recordShareForStreak(now: yesterday, timeZone: utc)
    XCTAssertEqual(again.count, 1, "a second share on the same day counts once")

    let zone = utc
    let (phoneRepository, laptopRepository) = (phone.repository, laptop.repository)
    async let a = phoneRepository.recordShareForStreak(now: Date(), timeZone: zone)
    async let b = laptopRepository.recordShareForStreak(now: Date(), timeZone: zone)
    let (one, two) = try await (a, b)
    XCTAssertEqual(one, two, "both devices end on the same record")
    XCTAssertEqual(one.count, 2)
    let stored = try await phone.repository.streak()
    XCTAssertEqual(stored.count, 2)
    XCTAssertEqual(stored.lastDay, LocalDay(Date(), in: utc))
    let documents = await fake.documents()
    XCTAssertEqual(documents["users/\(phone.uid)"]?["streak"], .integer(2))
  }

  func testTheRulesRefuseAJumpOrAReplayedDay() async throws {
    let ada = try await account("g-ada", name: "Ada")
    try await ada.repository.recordShareForStreak(now: Date(), timeZone: utc)
    let configuration = fake.configuration
    let firestore = FirestoreClient(
      projectID: FakeFirebaseServer.projectID, baseURL: configuration.firestoreURL, retryDelays: [])
    let token = try await ada.repository.session.validIDToken()
    let today = LocalDay(Date(), in: utc).number
    for forged in [
      ["streak": 7, "streakDay": today + 1, "streakLongest": 7],  // +6 in a day
      ["streak": 2, "streakDay": today, "streakLongest": 2],  // +1 again on the same day
      ["streak": 2, "streakDay": today + 40, "streakLongest": 2],  // a day far from today
    ] {
      let fields = forged.mapValues { FirestoreValue.integer(Int64($0)) }
      do {
        try await firestore.commit(
          [.update(path: "users/\(ada.uid)", fields: fields, mask: fields.keys.sorted(), precondition: nil)],
          idToken: token)
        XCTFail("the rules let \(forged) through")
      } catch {
        XCTAssertEqual(error, .permissionDenied, "\(forged)")
      }
    }
    let stored = try await ada.repository.streak()
    XCTAssertEqual(stored.count, 1)
  }
}
