import Foundation
import VibesServices
import VibesTestSupport
import XCTest

/// The token is checked by an implementation that shares no code with ours: Python's joserfc.
final class AppStoreConnectJWTTests: XCTestCase {
  static let issuer = "57246542-96fe-1a63-e053-0824d011072a"

  /// Runs joserfc on the token with the public key; returns its stdout and exit status.
  func joserfc(_ token: String, publicKeyPEM: String) throws -> (status: Int32, output: String) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "jwt-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let keyFile = directory.appendingPathComponent("public.pem")
    try publicKeyPEM.write(to: keyFile, atomically: true, encoding: .utf8)
    let script = """
      import json, sys
      from joserfc import jwt
      from joserfc.jwk import ECKey
      key = ECKey.import_key(open(sys.argv[1]).read())
      token = jwt.decode(sys.argv[2], key, algorithms=["ES256"])
      jwt.JWTClaimsRegistry(iss={"essential": True, "value": sys.argv[3]}, aud={"essential": True, "value": "appstoreconnect-v1"}, exp={"essential": True}, iat={"essential": True}).validate(token.claims)
      print(json.dumps({"header": token.header, "claims": token.claims}))
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, keyFile.path, token, Self.issuer]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  func testJoserfcAcceptsTheTokenWithAppleHeaderAndClaims() throws {
    let key = TestAppStoreConnectKey()
    let credentials = AppStoreConnectCredentials(
      issuerID: Self.issuer, keyID: "2X9R4HXF34", privateKeyPEM: key.pem)
    let now = Date()
    let token = try AppStoreConnectJWT.make(credentials, now: now)

    let result = try joserfc(token, publicKeyPEM: key.publicKeyPEM)
    XCTAssertEqual(result.status, 0, "joserfc rejected the token: \(result.output)")
    let decoded = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: [String: Any]])
    let header = try XCTUnwrap(decoded["header"])
    let claims = try XCTUnwrap(decoded["claims"])
    XCTAssertEqual(header["alg"] as? String, "ES256")
    XCTAssertEqual(header["kid"] as? String, "2X9R4HXF34")
    XCTAssertEqual(header["typ"] as? String, "JWT")
    XCTAssertEqual(claims["iss"] as? String, Self.issuer)
    XCTAssertEqual(claims["aud"] as? String, "appstoreconnect-v1")
    let iat = try XCTUnwrap(claims["iat"] as? Int)
    let exp = try XCTUnwrap(claims["exp"] as? Int)
    XCTAssertEqual(iat, Int(now.timeIntervalSince1970))
    XCTAssertGreaterThan(exp, iat)
    XCTAssertLessThanOrEqual(exp - iat, 1200, "Apple refuses tokens living longer than 20 minutes")
    // Raw r||s (64 bytes), not DER: the third segment decodes to exactly 64 bytes.
    XCTAssertEqual(
      FakeAppStoreConnectServerBase64.decode(String(token.split(separator: ".")[2]))?.count, 64)
  }

  func testJoserfcRejectsATokenSignedByAnotherKey() throws {
    let credentials = AppStoreConnectCredentials(
      issuerID: Self.issuer, keyID: "2X9R4HXF34", privateKeyPEM: TestAppStoreConnectKey().pem)
    let token = try AppStoreConnectJWT.make(credentials, now: Date())
    XCTAssertNotEqual(
      try joserfc(token, publicKeyPEM: TestAppStoreConnectKey().publicKeyPEM).status, 0)
  }

  func testLifetimeIsCappedAtTwentyMinutes() throws {
    let key = TestAppStoreConnectKey()
    let credentials = AppStoreConnectCredentials(
      issuerID: Self.issuer, keyID: "2X9R4HXF34", privateKeyPEM: key.pem)
    let token = try AppStoreConnectJWT.make(credentials, now: Date(), lifetime: 3600)
    let claims = try XCTUnwrap(
      try JSONSerialization.jsonObject(
        with: XCTUnwrap(
          FakeAppStoreConnectServerBase64.decode(String(token.split(separator: ".")[1]))))
        as? [String: Any])
    XCTAssertEqual((claims["exp"] as? Int ?? 0) - (claims["iat"] as? Int ?? 0), 1200)
  }

  func testMalformedKeyThrowsBeforeSigning() {
    let credentials = AppStoreConnectCredentials(
      issuerID: Self.issuer, keyID: "2X9R4HXF34",
      privateKeyPEM: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n")
    XCTAssertThrowsError(try AppStoreConnectJWT.make(credentials, now: Date())) { error in
      XCTAssertEqual(error as? AppStoreConnectFailure, .malformedKey)
    }
  }

  func testCredentialsDescriptionNeverShowsTheKey() {
    let key = TestAppStoreConnectKey()
    let credentials = AppStoreConnectCredentials(
      issuerID: Self.issuer, keyID: "2X9R4HXF34", privateKeyPEM: key.pem)
    for line in key.bodyLines {
      XCTAssertFalse(String(describing: credentials).contains(line))
      XCTAssertFalse(String(reflecting: credentials).contains(line))
    }
  }
}

enum FakeAppStoreConnectServerBase64 {
  static func decode(_ text: String) -> Data? {
    var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(
      of: "_", with: "/")
    while base64.count % 4 != 0 { base64 += "=" }
    return Data(base64Encoded: base64)
  }
}
