import Foundation
import VibesCore
import XCTest

@testable import VibesStorage

/// The cached messages per person that "how often you talk" counts, read from a real SQLite file: only the owner's,
/// keyed by the other person, threads never opened left out.
final class InboxConversationsTests: XCTestCase {
  var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-inbox-talks-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  static let now = Date(timeIntervalSince1970: 1_900_000_000)

  func message(_ id: String, mine: Bool) -> InboxMessage {
    InboxMessage(
      id: id, senderId: mine ? "me" : "x", senderName: mine ? "" : "@x", isMine: mine, song: nil, text: "hi",
      createdAt: Self.now)
  }

  func testEachOpenedConversationsMessagesUnderTheOtherPerson() throws {
    let path = folder.appendingPathComponent("vibes.sqlite").path
    do {
      let database = try AppDatabase(path: path)
      let threads = ["a", "b"].map {
        InboxThread(id: "t-\($0)", otherId: "o-\($0)", otherName: "@\($0)", lastMessageAt: Self.now, isUnread: false)
      }
      try database.saveInboxThreads(threads, owner: "me", at: Self.now)
      try database.saveInboxMessages(
        [message("1", mine: false), message("2", mine: true)], threadID: "t-a", owner: "me", at: Self.now)
      try database.saveInboxThreads(threads, owner: "other", at: Self.now)
      try database.saveInboxMessages([message("3", mine: true)], threadID: "t-b", owner: "other", at: Self.now)
    }
    let database = try AppDatabase(path: path)
    let mine = try database.inboxConversations(owner: "me")
    XCTAssertEqual(mine.mapValues { $0.map(\.id) }, ["o-a": ["1", "2"]])
    XCTAssertEqual(try database.inboxConversations(owner: "other").mapValues(\.count), ["o-b": 1])
    XCTAssertEqual(try database.inboxConversations(owner: "nobody"), [:])
  }
}
