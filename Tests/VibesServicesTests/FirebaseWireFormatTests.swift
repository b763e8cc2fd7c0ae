import Foundation
import VibesServices
import XCTest

/// The Firestore value codec against the documented JSON (no fake involved: raw bytes in, raw bytes out).
final class FirestoreValueCodecTests: XCTestCase {
  func json(_ value: FirestoreValue) throws -> String {
    String(
      decoding: try JSONSerialization.data(
        withJSONObject: value.json, options: [.sortedKeys, .withoutEscapingSlashes]),
      as: UTF8.self)
  }

  func decode(_ text: String) -> FirestoreValue? {
    FirestoreValue(json: try! JSONSerialization.jsonObject(with: Data(text.utf8)))
  }

  func testIntegersTravelAsStringsAndAreReadFromStringsOrNumbers() throws {
    XCTAssertEqual(try json(.integer(42)), #"{"integerValue":"42"}"#)
    XCTAssertEqual(try json(.integer(Int64.min)), #"{"integerValue":"-9223372036854775808"}"#)
    XCTAssertEqual(decode(#"{"integerValue":"42"}"#), .integer(42))
    XCTAssertEqual(decode(#"{"integerValue":7}"#), .integer(7))
    XCTAssertNil(decode(#"{"integerValue":"True"}"#))
    XCTAssertNil(decode(#"{"intValue":"1"}"#), "unknown names are refused, as the server refuses them")
    XCTAssertNil(decode(#"{"integerValue":"1","stringValue":"x"}"#), "exactly one key per value")
  }

  func testDoublesIncludingNaNAndInfinity() throws {
    XCTAssertEqual(try json(.double(1.5)), #"{"doubleValue":1.5}"#)
    XCTAssertEqual(try json(.double(.nan)), #"{"doubleValue":"NaN"}"#)
    XCTAssertEqual(try json(.double(-.infinity)), #"{"doubleValue":"-Infinity"}"#)
    guard case .double(let nan) = decode(#"{"doubleValue":"NaN"}"#) else { return XCTFail("NaN") }
    XCTAssertTrue(nan.isNaN)
    XCTAssertEqual(decode(#"{"doubleValue":"Infinity"}"#), .double(.infinity))
    XCTAssertEqual(decode(#"{"doubleValue":2}"#), .double(2))
  }

  func testTimestampsKeepMicrosecondsAndNeedAZone() throws {
    let stamp = try XCTUnwrap(FirestoreTimestamp(rfc3339: "2026-05-01T12:00:00.123456Z"))
    XCTAssertEqual(stamp.microseconds, 123_456)
    XCTAssertEqual(stamp.rfc3339, "2026-05-01T12:00:00.123456Z")
    XCTAssertEqual(FirestoreTimestamp(rfc3339: "2026-05-01T12:00:00.123456789Z")?.microseconds, 123_456)
    XCTAssertEqual(FirestoreTimestamp(rfc3339: "2026-05-01T12:00:00Z")?.microseconds, 0)
    XCTAssertEqual(
      FirestoreTimestamp(rfc3339: "2026-05-01T14:00:00.5+02:00"),
      FirestoreTimestamp(rfc3339: "2026-05-01T12:00:00.500000Z"))
    XCTAssertNil(FirestoreTimestamp(rfc3339: "2026-05-01T12:00:00"), "a timestamp without a zone is refused")
    XCTAssertEqual(try json(.timestamp(stamp)), #"{"timestampValue":"2026-05-01T12:00:00.123456Z"}"#)
  }

  func testNullIsExplicitAndEmptyContainersHaveNoList() throws {
    XCTAssertEqual(try json(.null), #"{"nullValue":null}"#)
    XCTAssertEqual(decode(#"{"nullValue":null}"#), .null)
    XCTAssertEqual(decode(#"{"nullValue":"NULL_VALUE"}"#), .null)
    XCTAssertEqual(try json(.array([])), #"{"arrayValue":{}}"#)
    XCTAssertEqual(try json(.map([:])), #"{"mapValue":{}}"#)
    XCTAssertEqual(decode(#"{"arrayValue":{}}"#), .array([]))
    XCTAssertEqual(
      decode(#"{"mapValue":{"fields":{"a":{"arrayValue":{"values":[{"stringValue":"x"},{"booleanValue":true}]}}}}}"#),
      .map(["a": .array([.string("x"), .bool(true)])]))
    let fields = try XCTUnwrap(FirestoreValue.fields(["recipientId": ["nullValue": NSNull()]]))
    XCTAssertEqual(fields["recipientId"], .null)
    XCTAssertNil(fields["message"], "absent is not null")
  }

  func testFieldPathsAreBackquotedOnlyWhenNeeded() {
    XCTAssertEqual(FirestorePath.fieldPath("followingCount"), "followingCount")
    XCTAssertEqual(FirestorePath.fieldPath("my-field"), "`my-field`")
    XCTAssertEqual(FirestorePath.fieldPath("a.b"), "a.b")
    XCTAssertFalse(FirestorePath.isValidID("a/b"))
    XCTAssertFalse(FirestorePath.isValidID("__x__"))
  }
}
