import Foundation
import VibesServices
import VibesTestSupport
import XCTest

final class AppStoreConnectClientTests: XCTestCase {
  static let issuer = "57246542-96fe-1a63-e053-0824d011072a"
  static let keyID = "2X9R4HXF34"
  static let apps = (1...5).map {
    AppStoreConnectApp(
      id: "\(1000 + $0)", name: "App \($0)", bundleID: "com.example.app\($0)", sku: "SKU\($0)")
  }

  let key = TestAppStoreConnectKey()
  var fake: FakeAppStoreConnectServer!

  override func setUp() async throws {
    fake = try await FakeAppStoreConnectServer(
      keys: [Self.keyID: .init(issuerID: Self.issuer, publicKey: key.publicKey)], apps: Self.apps,
      pageSize: 2)
  }

  override func tearDown() async throws { await fake?.stop() }

  var credentials: AppStoreConnectCredentials {
    AppStoreConnectCredentials(issuerID: Self.issuer, keyID: Self.keyID, privateKeyPEM: key.pem)
  }

  func client(timeout: TimeInterval = 5, now: @escaping @Sendable () -> Date = Date.init)
    -> AppStoreConnectClient
  {
    AppStoreConnectClient(
      baseURL: fake.baseURL, transport: URLSessionTransport(timeout: timeout), now: now)
  }

  func error(_ operation: () async throws -> Void) async -> AppStoreConnectFailure? {
    do {
      try await operation()
      return nil
    } catch {
      return error as? AppStoreConnectFailure
    }
  }

  func testVerifySendsASignedTokenToAppsWithLimitOne() async throws {
    try await client().verify(credentials)
    let requests = await fake.recordedRequests()
    XCTAssertEqual(requests.count, 1)
    XCTAssertEqual(requests.first?.path, "/v1/apps")
    XCTAssertEqual(requests.first?.queryValue("limit"), "1")
    XCTAssertTrue(requests.first?.headers["authorization"]?.hasPrefix("Bearer ey") ?? false)
    let rejections = await fake.rejectionReasons()
    XCTAssertEqual(rejections, [])
  }

  func testWrongIssuerOrWrongKeyIsNotAuthorized() async throws {
    var wrongIssuer = credentials
    wrongIssuer.issuerID = "11111111-2222-3333-4444-555555555555"
    let issuerError = await error { try await client().verify(wrongIssuer) }
    XCTAssertEqual(issuerError, .notAuthorized)
    var otherKey = credentials
    otherKey.privateKeyPEM = TestAppStoreConnectKey().pem
    let keyError = await error { try await client().verify(otherKey) }
    XCTAssertEqual(keyError, .notAuthorized)
    let rejections = await fake.rejectionReasons()
    XCTAssertEqual(rejections, ["iss mismatch", "bad signature"])
  }

  func testMalformedKeyFailsWithoutAnyRequest() async throws {
    var broken = credentials
    broken.privateKeyPEM =
      "-----BEGIN PRIVATE KEY-----\nMIGTAgEAMBMGByqGSM49\n-----END PRIVATE KEY-----\n"
    let failure = await error { try await client().verify(broken) }
    XCTAssertEqual(failure, .malformedKey)
    let requests = await fake.recordedRequests()
    XCTAssertEqual(requests.count, 0)
  }

  func testEachErrorBodyMapsToItsCase() async throws {
    let cases: [(FakeBehaviour, AppStoreConnectFailure)] = [
      (.ascNotAuthorized, .notAuthorized), (.ascRoleTooLow, .roleTooLow),
      (.ascAgreementRequired, .agreementRequired), (.ascRateLimited, .rateLimited),
      (.status(503), .server(status: 503)),
      (.dropConnection, .transport(TransportFailure(.connectionLost, host: "127.0.0.1"))),
      (.raw(status: 200, body: "<html>", contentType: "text/html"), .invalidResponse),
    ]
    for (behaviour, expected) in cases {
      await fake.enqueue(behaviour)
      let failure = await error { try await client().verify(credentials) }
      XCTAssertEqual(failure, expected, "\(behaviour)")
    }
  }

  func testSlowServerTimesOut() async throws {
    await fake.enqueue(.delay(seconds: 2))
    let failure = await error { try await client(timeout: 0.3).verify(credentials) }
    XCTAssertEqual(failure, .transport(TransportFailure(.timedOut, host: "127.0.0.1")))
  }

  func testErrorDescriptionsCarryNoSecrets() {
    let all: [AppStoreConnectFailure] = [
      .malformedKey, .keyFileUnreadable, .notAuthorized, .roleTooLow, .agreementRequired,
      .rateLimited,
      .server(status: 500), .unexpectedStatus(404), .transport(TransportFailure(.timedOut, host: "api.example.com")),
      .cancelled,
      .invalidResponse,
    ]
    for error in all {
      let text = error.localizedDescription + String(describing: error)
      XCTAssertFalse(
        text.contains("Bearer") || text.contains("http") || text.contains("BEGIN"), text)
    }
  }

  func testListAppsFollowsEveryPageInOrderAndReportsProgress() async throws {
    let progress = ProgressLog()
    let apps = try await client().listApps(credentials) { count in progress.append(count) }
    XCTAssertEqual(apps, Self.apps)
    XCTAssertEqual(progress.values, [2, 4, 5])
    let requests = await fake.recordedRequests()
    XCTAssertEqual(requests.count, 3)
    XCTAssertEqual(requests.map { $0.queryValue("cursor") }, [nil, "2", "4"])
  }

  /// A clock that jumps 15 minutes per request: a token made once and reused would be expired by the
  /// second page; a fresh one per request is always accepted.
  func testEachPageGetsAFreshToken() async throws {
    let clock = SteppingClock()
    await fake.stop()
    fake = try await FakeAppStoreConnectServer(
      keys: [Self.keyID: .init(issuerID: Self.issuer, publicKey: key.publicKey)], apps: Self.apps,
      pageSize: 2,
      now: { clock.readThenAdvance(by: 15 * 60) })
    let apps = try await client(now: { clock.now }).listApps(credentials)
    XCTAssertEqual(apps.count, 5)
    let rejections = await fake.rejectionReasons()
    XCTAssertEqual(rejections, [])
    let tokens = await fake.recordedRequests().compactMap { $0.headers["authorization"] }
    XCTAssertEqual(Set(tokens).count, 3)
  }

  func testNextLinkToAnotherHostIsNotFollowed() async throws {
    let body = #"{"data":[],"links":{"next":"http://evil.example/v1/apps?cursor=2"}}"#
    await fake.enqueue(.raw(status: 200, body: body, contentType: "application/json"))
    let failure = await error { _ = try await client().listApps(credentials) }
    XCTAssertEqual(failure, .invalidResponse)
    let requests = await fake.recordedRequests()
    XCTAssertEqual(requests.count, 1)
  }
}

final class ProgressLog: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [Int] = []
  func append(_ value: Int) { lock.withLock { stored.append(value) } }
  var values: [Int] { lock.withLock { stored } }
}

final class SteppingClock: @unchecked Sendable {
  private let lock = NSLock()
  private var current = Date()
  var now: Date { lock.withLock { current } }
  /// The time now; the next reader sees it `seconds` later.
  func readThenAdvance(by seconds: TimeInterval) -> Date {
    lock.withLock {
      defer { current += seconds }
      return current
    }
  }
}

final class PrivateKeyTextTests: XCTestCase {
  let key = TestAppStoreConnectKey()

  func fingerprint(_ pem: String?) -> String? {
    guard let pem else { return nil }
    let credentials = AppStoreConnectCredentials(issuerID: "", keyID: "", privateKeyPEM: pem)
    return (try? credentials.signingKey()).map { PrivateKeyFingerprint($0).sha256Hex }
  }

  func testWhatUsersReallyPasteAllNormaliseToTheSameKey() throws {
    let expected = try XCTUnwrap(fingerprint(key.pem))
    let lines = key.pem.split(separator: "\n").map(String.init)
    let body = key.bodyLines
    let variants: [String: String] = [
      "as downloaded": key.pem,
      "CRLF": lines.joined(separator: "\r\n") + "\r\n",
      "stray spaces and tabs": lines.map { "  \($0) \t" }.joined(separator: "\n"),
      "no header or footer": body.joined(separator: "\n"),
      "body on one line": body.joined(),
      "literal \\n escapes": lines.joined(separator: "\\n"),
      "quoted with \\n escapes": "\"" + lines.joined(separator: "\\n") + "\\n\"",
      "blank lines around": "\n\n" + key.pem + "\n\n",
    ]
    for (name, text) in variants {
      let normalised = PrivateKeyText.normalize(text)
      XCTAssertEqual(fingerprint(normalised), expected, name)
      XCTAssertTrue(normalised?.hasPrefix("-----BEGIN PRIVATE KEY-----\n") ?? false, name)
      XCTAssertTrue(normalised?.split(separator: "\n").allSatisfy { $0.count <= 64 } ?? false, name)
    }
  }

  func testAppleShapedKeyFileIsReadAsTheSameKey() throws {
    let apple = key.appleShapedPEM
    XCTAssertTrue(apple.contains("MIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg"), apple)
    XCTAssertEqual(fingerprint(PrivateKeyText.normalize(apple)), fingerprint(key.pem))
    XCTAssertEqual(
      fingerprint(PrivateKeyText.normalize(apple.replacingOccurrences(of: "\n", with: "\r\n"))),
      fingerprint(key.pem))
  }

  func testGarbageIsRejected() {
    for text in [
      "", "   ", "not a key at all", "-----BEGIN PRIVATE KEY-----\n-----END PRIVATE KEY-----",
      "Zm9v!bar",
    ] {
      XCTAssertNil(fingerprint(PrivateKeyText.normalize(text)), text)
    }
    // Valid base64, but not a key.
    XCTAssertNil(fingerprint(PrivateKeyText.normalize("SGVsbG8gd29ybGQ=")))
  }

  func testPathsAndKeyIDFromFileName() {
    XCTAssertTrue(PrivateKeyText.looksLikePath("/home/me/Downloads/AuthKey_2X9R4HXF34.p8"))
    XCTAssertTrue(PrivateKeyText.looksLikePath("~/keys/AuthKey_2X9R4HXF34.p8 "))
    XCTAssertTrue(PrivateKeyText.looksLikePath("AuthKey_2X9R4HXF34.p8"))
    XCTAssertFalse(PrivateKeyText.looksLikePath(key.pem))
    XCTAssertFalse(PrivateKeyText.looksLikePath(key.bodyLines[0]))
    XCTAssertEqual(PrivateKeyText.keyID(fromPath: "/x/AuthKey_2X9R4HXF34.p8"), "2X9R4HXF34")
    XCTAssertNil(PrivateKeyText.keyID(fromPath: "/x/key.p8"))
    XCTAssertNil(PrivateKeyText.keyID(fromPath: "/x/AuthKey_.p8"))
    XCTAssertEqual(PrivateKeyText.expandPath("~/k.p8", home: "/home/me"), "/home/me/k.p8")
  }

  func testFingerprintShortForm() throws {
    let credentials = AppStoreConnectCredentials(issuerID: "", keyID: "", privateKeyPEM: key.pem)
    let print = PrivateKeyFingerprint(try credentials.signingKey())
    XCTAssertEqual(print.sha256Hex.count, 64)
    XCTAssertEqual(
      print.short, String(print.sha256Hex.prefix(4)) + "…" + String(print.sha256Hex.suffix(2)))
    XCTAssertEqual(print.curve, "P-256")
  }
}
