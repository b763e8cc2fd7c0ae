import Crypto
import FlyingFox
import Foundation
import VibesServices

/// A loopback stand-in for Google OAuth (authorize, token, device code, revoke), Identity Toolkit, Secure Token,
/// Firestore and Firebase Storage, on one port under path prefixes (`/accounts`, `/oauth2`, `/identitytoolkit`,
/// `/securetoken`, `/firestore`, `/storage`). Strict where the real services are: client ids and secrets, PKCE S256,
/// single-use codes, the device flow's `authorization_pending`/`slow_down`/`access_denied`/`expired_token`, the Web
/// API key, the Google id_token's audience (INVALID_IDP_RESPONSE), 1-hour Firebase ID tokens (401 once expired),
/// CREDENTIAL_TOO_OLD_LOGIN_AGAIN for a deletion long after sign-in, typed Firestore values with `integerValue` as
/// strings, `runQuery` answering arrays (`[{"readTime":…}]` when empty), errors wrapped in arrays for streamed
/// methods, FAILED_PRECONDITION with a console link for a composite index that is not deployed, and the security
/// rules of Docs/… social-data-model (owner fields, create-only usernames, friendships, blocks, share reads and
/// queries), and the Storage rules (owner, < 5 MB, image/*).
public final class FakeFirebaseServer: Sendable {
  public static let projectID = "vibes-fake"
  public static let apiKey = "fake-web-api-key"
  public static let bucket = "vibes-fake.firebasestorage.app"
  public static let clientID = "desktop-client.apps.googleusercontent.com"
  public static let clientSecret = "desktop-secret"
  public static let deviceClientID = "device-client.apps.googleusercontent.com"
  public static let deviceClientSecret = "device-secret"

  /// One scripted answer to a device-flow poll.
  public enum DevicePoll: Sendable, Equatable { case pending, slowDown, deny, expire, approve }

  let state: FirebaseFakeState
  private let server: LoopbackServer

  /// `indexes`: the composite indexes "deployed" (collection, field paths in order); nil deploys the repository's
  /// `firestore.indexes.json` when `indexesFile` is given, else none.
  public init(indexes: [FakeCompositeIndex] = [], idTokenLifetime: Int = 3600, deviceInterval: Int = 5) async throws {
    let state = FirebaseFakeState(indexes: indexes, lifetime: idTokenLifetime, deviceInterval: deviceInterval)
    self.state = state
    self.server = try await LoopbackServer(state: FakeServerState(validKeys: [])) { request, _, _ in
      await Self.respond(to: request, state: state)
    }
  }

  public var baseURL: URL { server.baseURL }

  /// Every `VIBES_*` setting pointing vibes at this fake.
  public var environment: [String: String] { Self.environment(baseURL: baseURL) }

  /// The same for a fake at `baseURL` (a child process pointed at the parent's fake).
  public static func environment(baseURL: URL) -> [String: String] {
    let base = baseURL.absoluteString
    return [
      "VIBES_FIREBASE_PROJECT_ID": Self.projectID, "VIBES_FIREBASE_API_KEY": Self.apiKey,
      "VIBES_FIREBASE_STORAGE_BUCKET": Self.bucket, "VIBES_GOOGLE_CLIENT_ID": Self.clientID,
      "VIBES_GOOGLE_CLIENT_SECRET": Self.clientSecret, "VIBES_GOOGLE_DEVICE_CLIENT_ID": Self.deviceClientID,
      "VIBES_GOOGLE_DEVICE_CLIENT_SECRET": Self.deviceClientSecret,
      "VIBES_GOOGLE_ACCOUNTS_URL": base + "/accounts", "VIBES_GOOGLE_OAUTH2_URL": base + "/oauth2",
      "VIBES_FIREBASE_AUTH_URL": base + "/identitytoolkit", "VIBES_FIREBASE_TOKEN_URL": base + "/securetoken",
      "VIBES_FIRESTORE_URL": base + "/firestore", "VIBES_FIREBASE_STORAGE_URL": base + "/storage",
    ]
  }

  /// The configuration the environment above yields.
  public var configuration: FirebaseConfiguration {
    FirebaseConfiguration.load(environment: environment, configFile: nil)
  }

  public func stop() async { await server.stop() }

  // MARK: Test controls

  /// Who "signs in" in the browser or on the device page next.
  public func setGoogleUser(sub: String, email: String, name: String) async {
    await state.setGoogleUser(FirebaseFakeState.GoogleUser(sub: sub, email: email, name: name))
  }
  public func setConsent(approve: Bool) async { await state.setConsent(approve) }
  public func scriptDevicePolls(_ polls: [DevicePoll]) async { await state.scriptDevice(polls) }
  public func disable(sub: String) async { await state.disable(sub) }
  public func setGoogleProviderEnabled(_ enabled: Bool) async { await state.setProvider(enabled) }
  /// Every Firebase ID token issued so far stops working at Firestore and Storage (401), as after an hour.
  public func expireIDTokens() async { await state.expireIDTokens() }
  /// Makes every sign-in older than Firebase's ~5-minute window for `accounts:delete`.
  public func ageSignIns() async { await state.ageSignIns() }
  /// The next `accounts:delete` answers CREDENTIAL_TOO_OLD_LOGIN_AGAIN whatever the token's age (Firebase's window
  /// can close between vibes' own check and the call).
  public func refuseNextDeletionAsTooOld() async { await state.refuseNextDeletion() }
  /// A Google id_token for `sub` as if the user had signed in with `clientID` (for client tests).
  public func googleIDToken(sub: String, email: String, name: String, audience: String = clientID) async -> String {
    await state.makeGoogleIDToken(FirebaseFakeState.GoogleUser(sub: sub, email: email, name: name), audience: audience)
  }
  /// Deploys one more composite index.
  public func deploy(_ index: FakeCompositeIndex) async { await state.deploy(index) }

  /// Every request with its decoded body (form items or JSON text).
  public func recordedRequests() async -> [(request: RecordedRequest, body: String)] { await state.recorded }
  /// Every secret the fake handed out (Google and Firebase tokens, refresh tokens, codes).
  public func issuedSecrets() async -> [String] { await state.issuedSecrets }
  /// Firestore documents by path (`users/u1`), as stored.
  public func documents() async -> [String: [String: FirestoreValue]] { await state.documentSnapshot() }
  /// Seeds a document, bypassing the rules.
  public func put(_ path: String, _ fields: [String: FirestoreValue]) async { await state.put(path, fields) }
  /// Firebase Auth users (uid → Google sub).
  public func authUsers() async -> [String: String] { await state.authUserSnapshot() }
  /// Storage object paths.
  public func storedObjects() async -> [String] { await state.objectPaths() }
  /// How many `runQuery` requests arrived, and the most that were in flight at once.
  public func queryStats() async -> (count: Int, maxInFlight: Int) { await state.queryStats() }
  /// Holds every `runQuery` answer this long (to observe concurrency).
  public func setQueryDelay(_ seconds: Double) async { await state.setQueryDelay(seconds) }
  /// The next Firestore requests answer with these errors, one each (HTTP status, gRPC status, message), e.g.
  /// `(429, "RESOURCE_EXHAUSTED", "Quota exceeded.")` or `(409, "ABORTED", "Too much contention…")`.
  public func scriptFirestoreErrors(_ errors: [(status: Int, grpc: String, message: String)]) async {
    await state.scriptFirestore(
      errors.map { FirebaseFakeState.ScriptedError(status: $0.status, grpc: $0.grpc, message: $0.message) })
  }
  /// PATCH requests that came without an `updateMask` (they replace the whole document).
  public func patchesWithoutMask() async -> Int { await state.unmaskedPatches }

  /// Holds every `commit` answer this long after applying it (a process can be killed before it hears back).
  public func holdCommitAnswers(_ seconds: Double) async { await state.setCommitHold(seconds) }

  /// The next `count` commits are applied but answered 503 UNAVAILABLE (the answer lost on the way).
  public func loseCommitAnswers(_ count: Int) async { await state.setLoseCommitAnswers(count) }

  // MARK: Routing

  static func respond(to request: HTTPRequest, state: FirebaseFakeState) async -> HTTPResponse {
    var headers: [String: String] = [:]
    for (name, value) in request.headers { headers[name.rawValue.lowercased()] = value }
    let path = request.target.path(percentEncoded: true)
    let recorded = RecordedRequest(
      method: request.method.rawValue, path: path, query: request.target.query(percentEncoded: true),
      headers: headers)
    let body = (try? await request.bodyData) ?? Data()
    await state.record(recorded, String(decoding: body, as: UTF8.self))
    let reply: FakeReply
    if path.hasPrefix("/accounts/o/oauth2/v2/auth") {
      reply = await state.authorize(recorded)
    } else if path.hasPrefix("/oauth2/") {
      reply = await state.oauth(String(path.dropFirst("/oauth2".count)), form: Self.form(body))
    } else if path.hasPrefix("/identitytoolkit/v1/") {
      reply = await state.identity(String(path.dropFirst("/identitytoolkit/v1/".count)), recorded, body)
    } else if path == "/securetoken/v1/token" {
      reply = await state.secureToken(recorded, form: Self.form(body))
    } else if path.hasPrefix("/firestore/v1/") {
      let isQuery = path.hasSuffix(":runQuery")
      if isQuery { await state.queryStarted() }
      let delay = isQuery ? await state.queryDelay : 0
      if delay > 0 { try? await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000)) }
      reply = await state.firestore(
        request.method.rawValue, String(path.dropFirst("/firestore/v1/".count)), recorded, body)
      if isQuery { await state.queryFinished() }
      let hold = path.hasSuffix(":commit") ? await state.commitHold : 0
      if hold > 0 { try? await Task.sleep(nanoseconds: UInt64(hold * 1_000_000_000)) }
    } else if path.hasPrefix("/storage/v0/b/") {
      reply = await state.storage(
        request.method.rawValue, String(path.dropFirst("/storage/v0/b/".count)), recorded, body)
    } else {
      reply = FakeReply(404, ["error": ["code": 404, "message": "Not Found", "status": "NOT_FOUND"]])
    }
    var responseHeaders = HTTPHeaders()
    responseHeaders[.contentType] = reply.contentType
    for (name, value) in reply.headers { responseHeaders[HTTPHeader(name)] = value }
    return HTTPResponse(
      statusCode: FakeJSON.statusCode(reply.status), headers: responseHeaders, body: reply.body)
  }

  static func form(_ body: Data) -> [String: String] {
    var form: [String: String] = [:]
    for item in FormQuery.decode(String(decoding: body, as: UTF8.self)) where form[item.name] == nil {
      form[item.name] = item.value
    }
    return form
  }
}

/// A composite index as `firestore.indexes.json` declares it.
public struct FakeCompositeIndex: Sendable, Equatable {
  public var collection: String
  public var fields: [String]

  public init(collection: String, fields: [String]) {
    self.collection = collection
    self.fields = fields
  }

  /// The indexes of a `firestore.indexes.json` file.
  public static func load(_ url: URL) throws -> [FakeCompositeIndex] {
    let data = try Data(contentsOf: url)
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    return (object["indexes"] as? [[String: Any]] ?? []).compactMap { index in
      guard let collection = index["collectionGroup"] as? String else { return nil }
      let fields = (index["fields"] as? [[String: Any]] ?? []).compactMap { $0["fieldPath"] as? String }
      return FakeCompositeIndex(collection: collection, fields: fields)
    }
  }
}

/// One answer, built inside the state actor.
struct FakeReply: Sendable {
  var status: Int
  var body: Data
  var contentType = "application/json; charset=UTF-8"
  var headers: [String: String] = [:]

  init(_ status: Int, _ object: Any, headers: [String: String] = [:]) {
    self.status = status
    self.body = FakeJSON.data(object)
    self.headers = headers
  }

  init(status: Int, data: Data, contentType: String) {
    self.status = status
    self.body = data
    self.contentType = contentType
  }

  static func redirect(_ location: String) -> FakeReply {
    var reply = FakeReply(status: 302, data: Data(), contentType: "text/html")
    reply.headers = ["Location": location]
    return reply
  }

  /// Google API error body: `{"error":{"code":…,"message":…,"status":…}}`.
  static func apiError(_ status: Int, _ message: String, _ grpc: String, wrapped: Bool = false) -> FakeReply {
    let error: [String: Any] = ["error": ["code": status, "message": message, "status": grpc]]
    return FakeReply(status, wrapped ? [error] : error)
  }

  /// Identity Toolkit error body: `{"error":{"code":400,"message":"CODE : detail","errors":[…]}}`.
  static func authError(_ message: String, status: Int = 400) -> FakeReply {
    FakeReply(
      status,
      [
        "error": [
          "code": status, "message": message, "status": "INVALID_ARGUMENT",
          "errors": [["message": message, "domain": "global", "reason": "invalid"]],
        ]
      ])
  }

  static func oauthError(_ status: Int, _ code: String, _ description: String) -> FakeReply {
    FakeReply(status, ["error": code, "error_description": description])
  }
}

/// Everything the fake remembers.
actor FirebaseFakeState {
  struct GoogleUser: Sendable, Equatable {
    var sub: String
    var email: String
    var name: String
  }

  struct Code {
    var challenge: String
    var redirectURI: String
    var clientID: String
    var user: GoogleUser
  }

  struct IDToken {
    var uid: String
    var expiresAt: Date
    var authTime: Date
  }

  struct Session {
    var uid: String
    var authTime: Date
  }

  struct DeviceCode {
    var user: GoogleUser
    var used = false
  }

  struct StoredDocument: Sendable {
    var fields: [String: FirestoreValue]
    var createTime: FirestoreTimestamp
    var updateTime: FirestoreTimestamp
  }

  struct ScriptedError: Sendable {
    var status: Int
    var grpc: String
    var message: String
  }

  struct StoredObject {
    var data: Data
    var contentType: String
    var token: String
    var uid: String
  }

  let lifetime: Int
  let deviceInterval: Int
  var indexes: [FakeCompositeIndex]
  var googleUser = GoogleUser(sub: "google-sub-ada", email: "ada@example.com", name: "Ada Lovelace")
  var approve = true
  var providerEnabled = true
  var disabledSubs: Set<String> = []
  var devicePolls: [FakeFirebaseServer.DevicePoll] = []
  var codes: [String: Code] = [:]
  var deviceCodes: [String: DeviceCode] = [:]
  var googleIDTokens: Set<String> = []
  var googleRefreshTokens: Set<String> = []
  var idTokens: [String: IDToken] = [:]
  var refreshTokens: [String: Session] = [:]
  /// Firebase uid → Google sub.
  var authUsers: [String: String] = [:]
  var recorded: [(request: RecordedRequest, body: String)] = []
  var issuedSecrets: [String] = []
  var documents: [String: StoredDocument] = [:]
  var objects: [String: StoredObject] = [:]
  var lastTime = FirestoreTimestamp(seconds: 0, microseconds: 0)
  var queries = 0
  var inFlight = 0
  var maxInFlight = 0
  var queryDelay: Double = 0
  var unmaskedPatches = 0
  var firestoreErrors: [ScriptedError] = []
  var deletionRefusals = 0
  var counter = 0
  var loseCommitAnswers = 0
  var commitHold: Double = 0

  init(indexes: [FakeCompositeIndex], lifetime: Int, deviceInterval: Int) {
    self.indexes = indexes
    self.lifetime = lifetime
    self.deviceInterval = deviceInterval
  }

  func record(_ request: RecordedRequest, _ body: String) { recorded.append((request, body)) }
  func setGoogleUser(_ user: GoogleUser) { googleUser = user }
  func setConsent(_ value: Bool) { approve = value }
  func scriptDevice(_ polls: [FakeFirebaseServer.DevicePoll]) { devicePolls = polls }
  func scriptFirestore(_ errors: [ScriptedError]) { firestoreErrors = errors }
  func disable(_ sub: String) { disabledSubs.insert(sub) }
  func setProvider(_ enabled: Bool) { providerEnabled = enabled }
  func refuseNextDeletion() { deletionRefusals += 1 }
  func deploy(_ index: FakeCompositeIndex) { indexes.append(index) }
  func setQueryDelay(_ seconds: Double) { queryDelay = seconds }
  func setLoseCommitAnswers(_ count: Int) { loseCommitAnswers = count }
  func setCommitHold(_ seconds: Double) { commitHold = seconds }
  func queryStats() -> (count: Int, maxInFlight: Int) { (queries, maxInFlight) }
  func authUserSnapshot() -> [String: String] { authUsers }
  func objectPaths() -> [String] { objects.keys.sorted() }
  func documentSnapshot() -> [String: [String: FirestoreValue]] { documents.mapValues(\.fields) }
  func put(_ path: String, _ fields: [String: FirestoreValue]) {
    let time = tick()
    documents[path] = StoredDocument(fields: fields, createTime: time, updateTime: time)
  }

  func queryStarted() {
    queries += 1
    inFlight += 1
    maxInFlight = max(maxInFlight, inFlight)
  }
  func queryFinished() { inFlight -= 1 }

  func expireIDTokens() {
    for key in idTokens.keys { idTokens[key]?.expiresAt = Date().addingTimeInterval(-1) }
  }

  func ageSignIns() {
    let old = Date().addingTimeInterval(-3600)
    for key in idTokens.keys { idTokens[key]?.authTime = old }
    for key in refreshTokens.keys { refreshTokens[key]?.authTime = old }
  }

  func next(_ prefix: String) -> String {
    counter += 1
    let secret = "\(prefix)-\(counter)-\(UUID().uuidString.prefix(8))"
    issuedSecrets.append(secret)
    return secret
  }

  /// A strictly increasing server time.
  func tick() -> FirestoreTimestamp {
    var now = FirestoreTimestamp(Date())
    if now <= lastTime {
      now =
        lastTime.microseconds < 999_999
        ? FirestoreTimestamp(seconds: lastTime.seconds, microseconds: lastTime.microseconds + 1)
        : FirestoreTimestamp(seconds: lastTime.seconds + 1, microseconds: 0)
    }
    lastTime = now
    return now
  }

  static func jwt(_ claims: [String: Any]) -> String {
    func b64(_ data: Data) -> String {
      data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        .replacingOccurrences(of: "=", with: "")
    }
    return b64(FakeJSON.data(["alg": "RS256", "typ": "JWT"])) + "." + b64(FakeJSON.data(claims)) + "."
      + b64(Data(UUID().uuidString.utf8))
  }

  // MARK: Google OAuth

  func makeGoogleIDToken(_ user: GoogleUser, audience: String) -> String {
    let now = Int(Date().timeIntervalSince1970)
    let token = Self.jwt([
      "iss": "https://accounts.google.com", "aud": audience, "azp": audience, "sub": user.sub, "email": user.email,
      "email_verified": true, "name": user.name, "iat": now, "exp": now + 3600,
    ])
    googleIDTokens.insert(token)
    issuedSecrets.append(token)
    return token
  }

  func googleGrant(_ user: GoogleUser, clientID: String) -> FakeReply {
    let refresh = next("google-refresh")
    googleRefreshTokens.insert(refresh)
    return FakeReply(
      200,
      [
        "access_token": next("ya29.google-access"), "expires_in": 3599, "refresh_token": refresh,
        "scope":
          "openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile",
        "token_type": "Bearer", "id_token": makeGoogleIDToken(user, audience: clientID),
      ])
  }

  func authorize(_ request: RecordedRequest) -> FakeReply {
    guard request.queryValue("client_id") == FakeFirebaseServer.clientID else {
      return FakeReply(status: 400, data: Data("Error 401: invalid_client".utf8), contentType: "text/html")
    }
    guard let redirect = request.queryValue("redirect_uri"),
      redirect.hasPrefix("http://127.0.0.1:") || redirect.hasPrefix("http://[::1]:")
    else {
      return FakeReply(status: 400, data: Data("Error 400: redirect_uri_mismatch".utf8), contentType: "text/html")
    }
    let stateValue = request.queryValue("state") ?? ""
    guard request.queryValue("response_type") == "code", request.queryValue("code_challenge_method") == "S256",
      let challenge = request.queryValue("code_challenge"), challenge.count == 43,
      (request.queryValue("scope") ?? "").split(separator: " ").contains("openid")
    else {
      return .redirect(Self.location(redirect, [("error", "invalid_request"), ("state", stateValue)]))
    }
    guard approve else {
      return .redirect(Self.location(redirect, [("error", "access_denied"), ("state", stateValue)]))
    }
    let code = next("4/0Acode")
    codes[code] = Code(
      challenge: challenge, redirectURI: redirect, clientID: FakeFirebaseServer.clientID, user: googleUser)
    return .redirect(
      Self.location(
        redirect,
        [
          ("state", stateValue), ("code", code), ("scope", "email profile openid"), ("authuser", "0"),
          ("prompt", "consent"),
        ]))
  }

  static func location(_ redirect: String, _ items: [(String, String)]) -> String {
    var components = URLComponents(string: redirect)!
    components.queryItems = items.map { URLQueryItem(name: $0.0, value: $0.1) }
    return components.string!
  }

  func oauth(_ path: String, form: [String: String]) -> FakeReply {
    switch path {
    case "/token": return token(form)
    case "/device/code":
      guard form["client_id"] == FakeFirebaseServer.deviceClientID else {
        return .oauthError(401, "invalid_client", "Invalid client type.")
      }
      let scopes = (form["scope"] ?? "").split(separator: " ")
      guard scopes.allSatisfy({ ["openid", "email", "profile"].contains($0) }) else {
        return .oauthError(400, "invalid_scope", "Invalid device flow scope: \(form["scope"] ?? "")")
      }
      let device = next("device-code")
      deviceCodes[device] = DeviceCode(user: googleUser)
      return FakeReply(
        200,
        [
          "device_code": device, "user_code": "ABCD-EFGH", "verification_url": "https://www.google.com/device",
          "expires_in": 1800, "interval": deviceInterval,
        ])
    case "/revoke":
      guard let token = form["token"], googleRefreshTokens.remove(token) != nil else {
        return .oauthError(400, "invalid_token", "Token expired or revoked")
      }
      return FakeReply(200, [String: Any]())
    default:
      return FakeReply(404, ["error": "not_found"])
    }
  }

  func token(_ form: [String: String]) -> FakeReply {
    switch form["grant_type"] {
    case "authorization_code":
      guard form["client_id"] == FakeFirebaseServer.clientID else {
        return .oauthError(401, "invalid_client", "The OAuth client was not found.")
      }
      guard let secret = form["client_secret"], !secret.isEmpty else {
        return .oauthError(400, "invalid_request", "client_secret is missing.")
      }
      guard secret == FakeFirebaseServer.clientSecret else {
        return .oauthError(401, "invalid_client", "Unauthorized")
      }
      guard let code = form["code"], let issued = codes.removeValue(forKey: code) else {
        return .oauthError(400, "invalid_grant", "Malformed auth code.")
      }
      guard form["redirect_uri"] == issued.redirectURI else {
        return .oauthError(400, "redirect_uri_mismatch", "Bad Request")
      }
      let verifier = form["code_verifier"] ?? ""
      let digest = Data(SHA256.hash(data: Data(verifier.utf8))).base64EncodedString()
        .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        .replacingOccurrences(of: "=", with: "")
      guard (43...128).contains(verifier.count), digest == issued.challenge else {
        return .oauthError(400, "invalid_grant", "Invalid code verifier.")
      }
      return googleGrant(issued.user, clientID: issued.clientID)
    case "urn:ietf:params:oauth:grant-type:device_code":
      guard form["client_id"] == FakeFirebaseServer.deviceClientID,
        form["client_secret"] == FakeFirebaseServer.deviceClientSecret
      else { return .oauthError(401, "invalid_client", "Unauthorized") }
      guard let device = form["device_code"], let entry = deviceCodes[device], !entry.used else {
        return .oauthError(400, "invalid_grant", "Malformed device code.")
      }
      let poll = devicePolls.isEmpty ? .approve : devicePolls.removeFirst()
      switch poll {
      case .pending: return .oauthError(428, "authorization_pending", "Precondition Required")
      case .slowDown: return .oauthError(403, "slow_down", "Forbidden")
      case .deny: return .oauthError(403, "access_denied", "Forbidden")
      case .expire: return .oauthError(400, "expired_token", "Bad Request")
      case .approve:
        deviceCodes[device]?.used = true
        return googleGrant(entry.user, clientID: FakeFirebaseServer.deviceClientID)
      }
    default:
      return .oauthError(400, "unsupported_grant_type", "Invalid grant_type")
    }
  }

  // MARK: Identity Toolkit and Secure Token

  func issueFirebase(uid: String, authTime: Date) -> (id: String, refresh: String) {
    let now = Date()
    let expires = now.addingTimeInterval(TimeInterval(lifetime))
    let id = Self.jwt([
      "iss": "https://securetoken.google.com/\(FakeFirebaseServer.projectID)", "aud": FakeFirebaseServer.projectID,
      "sub": uid, "user_id": uid, "auth_time": Int(authTime.timeIntervalSince1970),
      "iat": Int(now.timeIntervalSince1970), "exp": Int(expires.timeIntervalSince1970),
      "firebase": ["sign_in_provider": "google.com"],
    ])
    issuedSecrets.append(id)
    idTokens[id] = IDToken(uid: uid, expiresAt: expires, authTime: authTime)
    let refresh = next("fb-refresh")
    refreshTokens[refresh] = Session(uid: uid, authTime: authTime)
    return (id, refresh)
  }

  func identity(_ method: String, _ request: RecordedRequest, _ body: Data) -> FakeReply {
    guard request.queryValue("key") == FakeFirebaseServer.apiKey else {
      return FakeReply(
        400,
        [
          "error": [
            "code": 400, "message": "API key not valid. Please pass a valid API key.", "status": "INVALID_ARGUMENT",
            "details": [["@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID"]],
          ]
        ])
    }
    let json = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
    switch method {
    case "accounts:signInWithIdp":
      guard json["requestUri"] is String else { return .authError("MISSING_REQUEST_URI") }
      guard providerEnabled else { return .authError("OPERATION_NOT_ALLOWED : The identity provider is disabled.") }
      let post = FormQuery.decode(json["postBody"] as? String ?? "")
      guard post.first(where: { $0.name == "providerId" })?.value == "google.com",
        let token = post.first(where: { $0.name == "id_token" })?.value, googleIDTokens.contains(token),
        let claims = JWTClaims.payload(token), let sub = claims["sub"] as? String
      else { return .authError("INVALID_IDP_RESPONSE : Invalid Idp Response: id_token malformed or expired") }
      let audience = claims["aud"] as? String ?? ""
      guard [FakeFirebaseServer.clientID, FakeFirebaseServer.deviceClientID].contains(audience) else {
        return .authError(
          "INVALID_IDP_RESPONSE : Invalid Idp Response: the Google id_token is not allowed to be used with this "
            + "application. Its audience (OAuth 2.0 client ID) is \(audience), which is not authorized.")
      }
      guard !disabledSubs.contains(sub) else {
        return .authError("USER_DISABLED : The user account has been disabled.")
      }
      let existing = authUsers.first { $0.value == sub }?.key
      let uid = existing ?? "uid\(authUsers.count + 1)x" + String(UUID().uuidString.prefix(6))
      authUsers[uid] = sub
      let (id, refresh) = issueFirebase(uid: uid, authTime: Date())
      return FakeReply(
        200,
        [
          "kind": "identitytoolkit#VerifyAssertionResponse", "federatedId": "https://accounts.google.com/\(sub)",
          "providerId": "google.com", "localId": uid, "email": claims["email"] ?? "", "emailVerified": true,
          "displayName": claims["name"] ?? "", "fullName": claims["name"] ?? "", "idToken": id,
          "refreshToken": refresh, "expiresIn": String(lifetime), "oauthIdToken": token,
          "rawUserInfo": "{}", "isNewUser": existing == nil,
        ])
    case "accounts:lookup", "accounts:delete":
      guard let token = json["idToken"] as? String, let entry = idTokens[token], entry.expiresAt > Date(),
        authUsers[entry.uid] != nil
      else { return .authError("INVALID_ID_TOKEN") }
      if method == "accounts:lookup" {
        return FakeReply(
          200,
          [
            "kind": "identitytoolkit#GetAccountInfoResponse",
            "users": [["localId": entry.uid, "providerUserInfo": [["providerId": "google.com"]]]],
          ])
      }
      if deletionRefusals > 0 {
        deletionRefusals -= 1
        return .authError("CREDENTIAL_TOO_OLD_LOGIN_AGAIN")
      }
      guard Date().timeIntervalSince(entry.authTime) < 300 else {
        return .authError("CREDENTIAL_TOO_OLD_LOGIN_AGAIN")
      }
      authUsers.removeValue(forKey: entry.uid)
      refreshTokens = refreshTokens.filter { $0.value.uid != entry.uid }
      return FakeReply(200, ["kind": "identitytoolkit#DeleteAccountResponse"])
    default:
      return FakeReply(404, ["error": ["code": 404, "message": "Not Found"]])
    }
  }

  func secureToken(_ request: RecordedRequest, form: [String: String]) -> FakeReply {
    guard request.queryValue("key") == FakeFirebaseServer.apiKey else {
      return FakeReply(
        400,
        [
          "error": [
            "code": 400, "message": "API key not valid. Please pass a valid API key.", "status": "INVALID_ARGUMENT",
          ]
        ])
    }
    guard form["grant_type"] == "refresh_token" else { return .authError("INVALID_GRANT_TYPE") }
    guard let refresh = form["refresh_token"], !refresh.isEmpty else { return .authError("MISSING_REFRESH_TOKEN") }
    guard let session = refreshTokens[refresh] else { return .authError("INVALID_REFRESH_TOKEN") }
    guard let sub = authUsers[session.uid] else { return .authError("USER_NOT_FOUND") }
    guard !disabledSubs.contains(sub) else { return .authError("USER_DISABLED") }
    let (id, newRefresh) = issueFirebase(uid: session.uid, authTime: session.authTime)
    // Secure Token keeps the refresh token; drop the spare one issued above.
    refreshTokens.removeValue(forKey: newRefresh)
    return FakeReply(
      200,
      [
        "access_token": id, "expires_in": String(lifetime), "token_type": "Bearer", "refresh_token": refresh,
        "id_token": id, "user_id": session.uid, "project_id": "123456789012",
      ])
  }

  /// The uid of a valid ID token; `.failure` with the 401 answer for an invalid or expired one; nil without one.
  func caller(_ request: RecordedRequest, scheme: String = "Bearer") -> Result<String?, FakeReplyError> {
    guard let header = request.headers["authorization"] else { return .success(nil) }
    guard header.hasPrefix(scheme + " ") || header.hasPrefix("Bearer "),
      let token = header.split(separator: " ", maxSplits: 1).last.map(String.init), let entry = idTokens[token],
      entry.expiresAt > Date()
    else {
      return .failure(
        FakeReplyError(
          reply: .apiError(
            401,
            "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other "
              + "valid authentication credential.", "UNAUTHENTICATED")))
    }
    return .success(entry.uid)
  }

  // MARK: Storage

  func storage(_ method: String, _ rest: String, _ request: RecordedRequest, _ body: Data) -> FakeReply {
    let parts = rest.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
    guard parts.count >= 2, parts[0].removingPercentEncoding == FakeFirebaseServer.bucket, parts[1] == "o" else {
      return .apiError(404, "Not Found.  Could not get object", "GET_OBJECT")
    }
    let uid: String?
    switch caller(request, scheme: "Firebase") {
    case .failure(let error): return error.reply
    case .success(let value): uid = value
    }
    let denied = FakeReply(403, ["error": ["code": 403, "message": "Permission denied."]])
    if method == "POST", parts.count == 2 {
      guard let name = request.queryValue("name") else { return .apiError(400, "Missing name", "INVALID_ARGUMENT") }
      let segments = name.split(separator: "/")
      let type = request.headers["content-type"] ?? "application/octet-stream"
      guard let uid, segments.count == 3, segments[0] == "users", segments[1] == uid,
        body.count < 5 * 1024 * 1024, type.hasPrefix("image/")
      else { return denied }
      let token = UUID().uuidString.lowercased()
      objects[name] = StoredObject(data: body, contentType: type, token: token, uid: uid)
      return FakeReply(
        200,
        [
          "name": name, "bucket": FakeFirebaseServer.bucket, "generation": "1700000000000000", "metageneration": "1",
          "contentType": type, "size": String(body.count), "downloadTokens": token, "contentEncoding": "identity",
        ])
    }
    guard parts.count == 3, let name = parts[2].removingPercentEncoding else {
      return .apiError(404, "Not Found.  Could not get object", "GET_OBJECT")
    }
    if method == "GET", request.queryValue("alt") == "media" {
      guard let object = objects[name], request.queryValue("token") == object.token else { return denied }
      return FakeReply(status: 200, data: object.data, contentType: object.contentType)
    }
    if method == "DELETE" {
      let segments = name.split(separator: "/")
      guard let uid, segments.count == 3, segments[0] == "users", segments[1] == uid else { return denied }
      guard objects.removeValue(forKey: name) != nil else {
        return .apiError(404, "Not Found.  Could not delete object", "DELETE_OBJECT")
      }
      return FakeReply(status: 204, data: Data(), contentType: "application/json")
    }
    return .apiError(405, "Method not allowed", "INVALID_ARGUMENT")
  }
}

struct FakeReplyError: Error {
  var reply: FakeReply
}

/// A Firebase session store in memory, for tests that need no secret store.
public final class MemoryFirebaseSessionStorage: FirebaseSessionStorage, @unchecked Sendable {
  private let lock = NSLock()
  private var value: FirebaseStoredSession?
  public init(_ value: FirebaseStoredSession? = nil) { self.value = value }
  public func load() throws -> FirebaseStoredSession? { lock.withLock { value } }
  public func save(_ session: FirebaseStoredSession) throws { lock.withLock { value = session } }
  public func clear() throws { lock.withLock { value = nil } }
}
