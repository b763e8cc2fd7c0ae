import Foundation
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

/// Follow, unfollow and block made offline: queued in SQLite (shown as waiting to sync, in the cached lists too), sent
/// once by the next load of the lists after a restart, and a queued follow the rules refuse (a block meanwhile) is
/// dropped with why.
extension PeopleRunnerTests {
  func offlineRunner(_ database: AppDatabase? = nil) -> EffectRunner {
    runner(
      environment: FakeFirebaseServer.environment(baseURL: URL(string: "http://127.0.0.1:1")!), database: database)
  }

  func testAnOfflineFollowIsQueuedShownWaitingAndSentOnceAfterARestart() async throws {
    let me = try await signInMe()
    let ada = try await user("g-ada", name: "Ada", username: "ada")
    let adaSummary = PersonSummary(uid: ada.uid, displayName: "Ada", username: "ada")
    _ = lists(await run(.loadLists(requestID: 1)))  // the cached copy exists

    let offline = offlineRunner()
    let queued = await run(.perform(requestID: 2, .follow, adaSummary), offline)
    XCTAssertEqual(queued, [.queued(requestID: 2, adaSummary, .follow)])
    XCTAssertEqual(try database.queuedPeopleChanges(owner: me.uid).map(\.other), [ada.uid])
    let offlineLoad = await run(.loadLists(requestID: 3), offline)
    guard case .listsLoaded(3, let cached, final: false)? = offlineLoad.first else { return XCTFail("\(offlineLoad)") }
    XCTAssertEqual(cached.following.map(\.uid), [ada.uid], "shown as followed")
    XCTAssertEqual(cached.waiting, [WaitingChange(person: adaSummary, operation: .follow)], "waiting to sync")
    XCTAssertEqual(offlineLoad.last, .listsFailed(requestID: 3, .offline))
    var documents = await fake.documents()
    XCTAssertNil(documents["friendships/\(me.uid)_\(ada.uid)"], "nothing was sent offline")

    // Restart (the same file reopened), online: the load sends the follow first, once.
    database = nil
    let reopened = try AppDatabase(path: databasePath)
    let online = runner(database: reopened)
    let loaded = lists(await run(.loadLists(requestID: 4), online))
    XCTAssertEqual(loaded?.following.map(\.uid), [ada.uid])
    XCTAssertNil(loaded?.waiting, "nothing waits any more")
    XCTAssertEqual(try reopened.queuedPeopleChanges(owner: me.uid), [])
    documents = await fake.documents()
    XCTAssertNotNil(documents["friendships/\(me.uid)_\(ada.uid)"])
    XCTAssertEqual(documents["users/\(me.uid)"]?["followingCount"], .integer(1))
    _ = await run(.loadLists(requestID: 5), online)
    documents = await fake.documents()
    XCTAssertEqual(documents["users/\(me.uid)"]?["followingCount"], .integer(1), "sent once, never twice")
  }

  func testAQueuedFollowTheRulesRefuseIsDroppedWithWhy() async throws {
    let me = try await signInMe()
    let eve = try await user("g-eve", name: "Eve", username: "eve")
    let eveSummary = PersonSummary(uid: eve.uid, displayName: "Eve", username: "eve")
    let queued = await run(.perform(requestID: 1, .follow, eveSummary), offlineRunner())
    XCTAssertEqual(queued, [.queued(requestID: 1, eveSummary, .follow)])
    try await eve.repository.block(me.uid)
    let actions = await run(.loadLists(requestID: 2))
    XCTAssertTrue(
      actions.contains(.changesDropped([DroppedChange(person: eveSummary, operation: .follow, failure: .blocked)])),
      "\(actions)")
    XCTAssertEqual(try database.queuedPeopleChanges(owner: me.uid), [], "dropped, not retried forever")
    let documents = await fake.documents()
    XCTAssertNil(documents["friendships/\(me.uid)_\(eve.uid)"])
  }

  func testAClaimedChangeIsNotSentByASecondFlushUntilItsLeaseRunsOut() async throws {
    let me = try await signInMe()
    let ada = try await user("g-ada", name: "Ada", username: "ada")
    let payload = try JSONEncoder().encode(PersonSummary(uid: ada.uid, displayName: "Ada", username: "ada"))
    try database.enqueuePeopleChange(owner: me.uid, other: ada.uid, operation: "follow", person: payload, at: Self.now)
    // A process claimed it and was killed before it sent anything (kill -9): the row is held by its lease.
    let held = try database.claimPeopleChanges(
      owner: me.uid, claimer: "killed", now: Self.now, lease: 120, limit: 10)
    XCTAssertEqual(held.map(\.other), [ada.uid])
    _ = await run(.loadLists(requestID: 1))
    var documents = await fake.documents()
    XCTAssertNil(documents["friendships/\(me.uid)_\(ada.uid)"], "another flush's row is not sent twice at once")
    // Once the lease has run out, the next flush takes it and sends it.
    let later = runner()
    let again = try database.claimPeopleChanges(
      owner: me.uid, claimer: "late", now: Self.now.addingTimeInterval(121), lease: 120, limit: 10)
    XCTAssertEqual(again.map(\.other), [ada.uid], "a dead claimer's row comes back after its lease")
    try database.releasePeopleChange(owner: me.uid, other: ada.uid, claimer: "late")
    _ = await run(.loadLists(requestID: 2), later)
    documents = await fake.documents()
    XCTAssertNotNil(documents["friendships/\(me.uid)_\(ada.uid)"])
    XCTAssertEqual(try database.queuedPeopleChanges(owner: me.uid), [])
  }
}
