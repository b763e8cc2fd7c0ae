import Foundation
import VibesCore
import XCTest

@testable import VibesStorage

/// The inbox's offline copy in a real SQLite file: across a reopen, per account, read marks kept over a refresh,
/// threads that left the inbox forgotten with their messages.
final class InboxCacheTests: XCTestCase {
  var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-inbox-cache-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  var path: String { folder.appendingPathComponent("vibes.sqlite").path }
  static let now = Date(timeIntervalSince1970: 1_900_000_000)

  func thread(_ id: String, _ minutesAgo: Double) -> InboxThread {
    InboxThread(
      id: id, otherId: "o-\(id)", otherName: "@\(id)", lastMessageAt: Self.now.addingTimeInterval(-60 * minutesAgo),
      isUnread: false)
  }

  func testTheCopySurvivesAReopenInOrderWithItsAgeAndReadMarks() throws {
    let message = InboxMessage(
      id: "m1", senderId: "o-a", senderName: "@a", isMine: false,
      song: SharedTrack(trackId: "t", trackName: "Song", artistName: "Artist", albumName: "Album", trackUri: "u"),
      text: "hi", createdAt: Self.now)
    do {
      let database = try AppDatabase(path: path)
      try database.saveInboxThreads([thread("a", 1), thread("b", 5)], owner: "me", at: Self.now)
      try database.markInboxThreadRead("b", owner: "me", upTo: thread("b", 5).lastMessageAt)
      try database.saveInboxMessages([message], threadID: "a", owner: "me", at: Self.now)
    }
    let reopened = try AppDatabase(path: path)
    let cached = try XCTUnwrap(try reopened.inboxThreads(owner: "me"))
    XCTAssertEqual(cached.items.map(\.id), ["a", "b"])
    XCTAssertEqual(cached.items.map(\.isUnread), [true, false])
    XCTAssertEqual(cached.fetchedAt, Self.now)
    XCTAssertTrue(cached.isStale)
    XCTAssertEqual(try reopened.inboxMessages(threadID: "a", owner: "me")?.items, [message])
    XCTAssertNil(try reopened.inboxThreads(owner: "someone else"), "one account's copy is not another's")
  }

  func testARefreshKeepsReadMarksAndForgetsThreadsThatLeft() throws {
    let database = try AppDatabase(path: path)
    try database.saveInboxThreads([thread("a", 10), thread("b", 20)], owner: "me", at: Self.now)
    try database.markInboxThreadRead("a", owner: "me", upTo: thread("a", 10).lastMessageAt)
    try database.saveInboxMessages([], threadID: "b", owner: "me", at: Self.now)
    // a moved on since it was read; b left the inbox (a block, a deletion).
    try database.saveInboxThreads([thread("a", 1)], owner: "me", at: Self.now)
    XCTAssertEqual(try database.inboxThreads(owner: "me")?.items.map(\.isUnread), [true])
    try database.saveInboxThreads([thread("a", 10)], owner: "me", at: Self.now)
    XCTAssertEqual(try database.inboxThreads(owner: "me")?.items.map(\.isUnread), [false], "the read mark stayed")
    XCTAssertNil(try database.inboxMessages(threadID: "b", owner: "me"))
    try database.clearInboxCache()
    XCTAssertNil(try database.inboxThreads(owner: "me"))
  }
}
