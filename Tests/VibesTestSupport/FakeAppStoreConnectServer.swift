import Crypto
import FlyingFox
import Foundation
import VibesServices

/// A loopback stand-in for the App Store Connect API (`api.appstoreconnect.apple.com`) speaking its wire format.
///
/// Every request must carry `Authorization: Bearer <ES256 JWT>`; the fake checks it as Apple does: header
/// alg ES256 / typ JWT / a known kid, the signature against that key's public key, iss of the key's issuer,
/// aud `appstoreconnect-v1`, exp − iat ≤ 1200 s and not expired. Anything else is a 401 NOT_AUTHORIZED.
/// Serves `GET /v1/apps` paged with absolute `links.next`, and scripted errors (see the FakeBehaviour
/// constants below). Hand `baseURL` to `vibes` via `VIBES_ASC_API_URL`.
public final class FakeAppStoreConnectServer: Sendable {
  public struct RegisteredKey: Sendable {
    public var issuerID: String
    /// DER SubjectPublicKeyInfo (Crypto's key types are not Sendable here).
    public var publicKeyDER: Data
    public init(issuerID: String, publicKey: P256.Signing.PublicKey) {
      self.issuerID = issuerID
      self.publicKeyDER = publicKey.derRepresentation
    }
  }

  private let state: FakeServerState
  private let server: LoopbackServer
  private let rejections: RejectionLog

  /// `keys` by Key ID; `apps` as (id, name, bundleId, sku); `pageSize` caps `limit` so paging is exercised.
  public init(
    keys: [String: RegisteredKey], apps: [AppStoreConnectApp], pageSize: Int = 200,
    now: @escaping @Sendable () -> Date = Date.init
  ) async throws {
    let state = FakeServerState(validKeys: Set(keys.keys))
    let rejections = RejectionLog()
    self.state = state
    self.rejections = rejections
    let box = BaseURLBox()
    self.server = try await LoopbackServer(state: state) { request, behaviour, _ in
      await Self.respond(
        to: request, behaviour: behaviour, keys: keys, apps: apps, pageSize: pageSize, now: now(),
        base: box.value, rejections: rejections)
    }
    box.value = server.baseURL.absoluteString
  }

  public var baseURL: URL { server.baseURL }
  public var environment: [String: String] {
    [AppStoreConnectClient.variable: baseURL.absoluteString]
  }

  public func stop() async { await server.stop() }
  public func enqueue(_ behaviour: FakeBehaviour) async { await state.enqueue(behaviour) }
  public func recordedRequests() async -> [RecordedRequest] { await state.recordedRequests() }
  /// Why tokens were refused, in order (e.g. "bad signature", "kid unknown").
  public func rejectionReasons() async -> [String] { await rejections.all() }

  // MARK: - Wire format

  static func respond(
    to request: HTTPRequest, behaviour: FakeBehaviour?, keys: [String: RegisteredKey],
    apps: [AppStoreConnectApp], pageSize: Int, now: Date, base: String,
    rejections: RejectionLog
  ) async -> HTTPResponse {
    switch behaviour {
    case .status(let code) where code == 401: return notAuthorized()
    case .status(let code):
      return error(code, code: "UNEXPECTED_ERROR", title: "An unexpected error occurred.")
    case .forbidden(let reason) where reason == agreementReason:
      return error(
        403, code: "FORBIDDEN.REQUIRED_AGREEMENTS_MISSING_OR_EXPIRED", title: "Access Unavailable",
        detail: "A required agreement is missing or has expired. Accept it in App Store Connect.")
    case .forbidden:
      return error(
        403, code: "FORBIDDEN_ERROR", title: "This request is forbidden for security reasons",
        detail: "The API key in use does not allow this request")
    case .quota(let seconds):
      var headers = ["X-Rate-Limit": "user-hour-lim:3500;user-hour-rem:0"]
      if let seconds { headers["Retry-After"] = "\(seconds)" }
      return error(
        429, code: "RATE_LIMIT_EXCEEDED", title: "The request rate limit has been reached.",
        detail:
          "We've received too many requests for this API. Please wait and try again or slow down your request rate.",
        headers: headers)
    case .invalidKey: return notAuthorized()
    case .raw(let status, let body, let contentType):
      return FakeJSON.raw(status, body: body, contentType: contentType)
    case .badRequest, .delay, .dropConnection, nil: break
    }

    let authorization = request.headers[HTTPHeader("Authorization")] ?? ""
    guard authorization.hasPrefix("Bearer ") else {
      await rejections.add("no bearer token")
      return notAuthorized()
    }
    if let reason = verify(
      token: String(authorization.dropFirst("Bearer ".count)), keys: keys, now: now)
    {
      await rejections.add(reason)
      return notAuthorized()
    }
    guard request.method == .GET, request.path.hasSuffix("/v1/apps") else {
      return error(404, code: "NOT_FOUND", title: "The specified resource does not exist")
    }
    let query = request.target.query()
    let limit = max(1, min(Int(FormQuery.value("limit", in: query) ?? "") ?? 50, 200, pageSize))
    let offset = max(0, Int(FormQuery.value("cursor", in: query) ?? "") ?? 0)
    let page = Array(apps.dropFirst(offset).prefix(limit))
    var links: [String: Any] = ["self": base + "/v1/apps?limit=\(limit)"]
    if offset + page.count < apps.count {
      links["next"] = base + "/v1/apps?cursor=\(offset + page.count)&limit=\(limit)"
    }
    let body: [String: Any] = [
      "data": page.map { app in
        [
          "type": "apps", "id": app.id,
          "attributes": [
            "name": app.name, "bundleId": app.bundleID, "sku": app.sku, "primaryLocale": "en-US",
          ],
          "links": ["self": base + "/v1/apps/" + app.id],
        ] as [String: Any]
      },
      "links": links,
      "meta": ["paging": ["total": apps.count, "limit": limit]],
    ]
    return FakeJSON.response(200, body)
  }

  /// Nil when the token is one Apple would accept; otherwise why not.
  public static func verify(token: String, keys: [String: RegisteredKey], now: Date) -> String? {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 3, let headerData = base64URLDecode(parts[0]),
      let claimsData = base64URLDecode(parts[1]),
      let signatureData = base64URLDecode(parts[2]),
      let header = (try? JSONSerialization.jsonObject(with: headerData)) as? [String: Any],
      let claims = (try? JSONSerialization.jsonObject(with: claimsData)) as? [String: Any]
    else { return "not a JWT" }
    guard header["alg"] as? String == "ES256" else { return "alg is not ES256" }
    guard header["typ"] as? String == "JWT" else { return "typ is not JWT" }
    guard let kid = header["kid"] as? String, let key = keys[kid] else { return "kid unknown" }
    guard signatureData.count == 64,
      let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signatureData),
      let publicKey = try? P256.Signing.PublicKey(derRepresentation: key.publicKeyDER),
      publicKey.isValidSignature(signature, for: Data((parts[0] + "." + parts[1]).utf8))
    else { return "bad signature" }
    guard claims["iss"] as? String == key.issuerID else { return "iss mismatch" }
    guard claims["aud"] as? String == "appstoreconnect-v1" else { return "aud mismatch" }
    guard let iat = claims["iat"] as? Int, let exp = claims["exp"] as? Int else {
      return "iat/exp missing"
    }
    guard exp - iat <= 1200 else { return "lifetime over 20 minutes" }
    let nowSeconds = Int(now.timeIntervalSince1970)
    guard exp > nowSeconds else { return "expired" }
    guard iat <= nowSeconds + 60 else { return "issued in the future" }
    return nil
  }

  static func base64URLDecode(_ text: String) -> Data? {
    var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(
      of: "_", with: "/")
    while base64.count % 4 != 0 { base64 += "=" }
    return Data(base64Encoded: base64)
  }

  static func notAuthorized() -> HTTPResponse {
    error(
      401, code: "NOT_AUTHORIZED", title: "Authentication credentials are missing or invalid.",
      detail:
        "Provide a properly configured and signed bearer token, and make sure that it has not expired."
    )
  }

  static func error(
    _ status: Int, code: String, title: String, detail: String = "", headers: [String: String] = [:]
  ) -> HTTPResponse {
    let error: [String: Any] = [
      "id": UUID().uuidString, "status": String(status), "code": code, "title": title,
      "detail": detail,
    ]
    return FakeJSON.response(
      status, ["errors": [error]], headers: headers, contentType: "application/json")
  }

  static let agreementReason = "REQUIRED_AGREEMENT"
}

extension FakeBehaviour {
  /// App Store Connect scripted answers.
  public static let ascNotAuthorized = FakeBehaviour.status(401)
  public static let ascRoleTooLow = FakeBehaviour.forbidden(reason: "FORBIDDEN_ERROR")
  public static let ascAgreementRequired = FakeBehaviour.forbidden(
    reason: FakeAppStoreConnectServer.agreementReason)
  public static let ascRateLimited = FakeBehaviour.quota(retryDelaySeconds: nil)
}

/// A freshly generated App Store Connect-style key: the `.p8` PEM a user downloads, and its public half.
public struct TestAppStoreConnectKey: Sendable {
  public let pem: String
  public var privateKey: P256.Signing.PrivateKey {
    try! P256.Signing.PrivateKey(pemRepresentation: pem)
  }
  public var publicKey: P256.Signing.PublicKey { privateKey.publicKey }
  public var publicKeyPEM: String { privateKey.publicKey.pemRepresentation }
  /// The base64 body lines only (what a user pastes without header and footer).
  public var bodyLines: [String] {
    pem.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("-----") }
  }

  /// Body lines of both layouts (swift-crypto's and Apple's), for leak scans.
  public var allBodyLines: [String] {
    (pem + "\n" + appleShapedPEM).split(separator: "\n").map(String.init).filter {
      !$0.hasPrefix("-----")
    }
  }

  public init() { pem = P256.Signing.PrivateKey().pemRepresentation }

  /// The same key laid out as Apple's downloads are (`MIGTAgEAMBMG…BHkwdwIBAQQg…`): PKCS#8 around an
  /// ECPrivateKey that also carries the curve ([0]) and the public key ([1]), unlike swift-crypto's own PEM.
  public var appleShapedPEM: String {
    let key = privateKey
    let curve: [UInt8] = [0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07]
    var ec: [UInt8] = [0x02, 0x01, 0x01, 0x04, 0x20] + Array(key.rawRepresentation)
    ec += [0xA0, UInt8(curve.count)] + curve
    ec += [0xA1, 0x44, 0x03, 0x42, 0x00] + Array(key.publicKey.x963Representation)
    let ecSequence: [UInt8] = [0x30, UInt8(ec.count)] + ec
    let algorithm: [UInt8] =
      [0x30, 0x13, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01] + curve
    let body: [UInt8] =
      [0x02, 0x01, 0x00] + algorithm + [0x04, UInt8(ecSequence.count)] + ecSequence
    let der: [UInt8] = [0x30, 0x81, UInt8(body.count)] + body
    let base64 = Data(der).base64EncodedString()
    var lines: [String] = []
    var rest = Substring(base64)
    while !rest.isEmpty {
      lines.append(String(rest.prefix(64)))
      rest = rest.dropFirst(64)
    }
    return "-----BEGIN PRIVATE KEY-----\n" + lines.joined(separator: "\n")
      + "\n-----END PRIVATE KEY-----"
  }
}

final class BaseURLBox: @unchecked Sendable {
  private let lock = NSLock()
  private var stored = ""
  var value: String {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}

actor RejectionLog {
  private var reasons: [String] = []
  func add(_ reason: String) { reasons.append(reason) }
  func all() -> [String] { reasons }
}
