import Foundation
import XCTest

@testable import VibesDemo

/// The demo Firestore's query and commit rules, as the real service applies them to what vibes sends.
final class DemoFirestoreTests: XCTestCase {
  private let root = DemoFirebase.root

  private func store() -> DemoFirestore {
    var store = DemoFirestore()
    for (id, name, time) in [("a", "Mika", 30), ("b", "Jonas", 10), ("c", "Aisha", 20)] {
      store.set(
        "shares/\(id)",
        [
          "senderId": DemoValue.string(id), "senderDisplayName": DemoValue.string(name),
          "recipientId": DemoValue.null, "createdAt": DemoValue.timestamp(DemoFriends.time(Double(time))),
        ], at: DemoFriends.time(0))
    }
    store.set("shares/untimed", ["senderId": DemoValue.string("a"), "recipientId": DemoValue.null], at: "t")
    return store
  }

  func testAQueryFiltersOrdersLeavesOutDocumentsWithoutTheOrderFieldAndLimits() throws {
    let query: [String: Any] = [
      "from": [["collectionId": "shares"]],
      "where": [
        "compositeFilter": [
          "op": "AND",
          "filters": [
            [
              "fieldFilter": [
                "field": ["fieldPath": "senderId"], "op": "IN",
                "value": DemoValue.array(["a", "b", "c"].map(DemoValue.string)),
              ]
            ],
            ["fieldFilter": ["field": ["fieldPath": "recipientId"], "op": "EQUAL", "value": DemoValue.null]],
            [
              "fieldFilter": [
                "field": ["fieldPath": "createdAt"], "op": "GREATER_THAN",
                "value": DemoValue.timestamp(DemoFriends.time(10)),
              ]
            ],
          ],
        ]
      ],
      "orderBy": [["field": ["fieldPath": "createdAt"], "direction": "DESCENDING"]], "limit": 5,
    ]
    let found = try store().run(query, parent: "")
    XCTAssertEqual(found.map(\.path), ["shares/a", "shares/c"], "newest first, after the window, no untimed one")
  }

  func testMoreThanThirtyValuesInOneInAreRefused() {
    let query: [String: Any] = [
      "from": [["collectionId": "shares"]],
      "where": [
        "fieldFilter": [
          "field": ["fieldPath": "senderId"], "op": "IN",
          "value": DemoValue.array((0..<31).map { DemoValue.string("u\($0)") }),
        ]
      ],
    ]
    XCTAssertThrowsError(try store().run(query, parent: "")) { error in
      XCTAssertEqual((error as? DemoFirestoreError)?.status, "INVALID_ARGUMENT")
    }
  }

  func testACommitIsAllOrNothing() throws {
    var store = store()
    let writes: [[String: Any]] = [
      [
        "update": [
          "name": root + "/shares/new", "fields": ["senderId": DemoValue.string("a"), "recipientId": DemoValue.null],
        ],
        "currentDocument": ["exists": false],
      ],
      // Already exists: the whole commit fails, the first write included.
      [
        "update": ["name": root + "/shares/a", "fields": ["senderId": DemoValue.string("a")]],
        "currentDocument": ["exists": false],
      ],
    ]
    XCTAssertThrowsError(try store.commit(writes, uid: "a", root: root, time: DemoFriends.time(1))) { error in
      XCTAssertEqual((error as? DemoFirestoreError)?.status, "ALREADY_EXISTS")
    }
    XCTAssertNil(store.get("shares/new"))
    // An increment and a server time on a masked update leave the other fields alone.
    store.set("users/a", ["uid": DemoValue.string("a"), "followingCount": DemoValue.integer(2)], at: "t0")
    try store.commit(
      [
        [
          "update": ["name": root + "/users/a", "fields": [String: Any]()], "updateMask": ["fieldPaths": [String]()],
          "currentDocument": ["exists": true],
          "updateTransforms": [
            ["fieldPath": "followingCount", "increment": DemoValue.integer(1)],
            ["fieldPath": "seenAt", "setToServerValue": "REQUEST_TIME"],
          ],
        ]
      ], uid: "a", root: root, time: DemoFriends.time(2))
    let fields = try XCTUnwrap(store.get("users/a")?.fields)
    XCTAssertEqual(DemoValue.number(fields["followingCount"]), 3)
    XCTAssertTrue(DemoValue.isInteger(fields["followingCount"]))
    XCTAssertEqual(DemoValue.text(fields["uid"]), "a")
    XCTAssertEqual((fields["seenAt"] as? [String: Any])?["timestampValue"] as? String, DemoFriends.time(2))
  }
}
