import FlyingFox
import Foundation

/// The demo account as vibes keeps it in its secret store: the demo Firebase's refresh token for it and the facts
/// stored beside it. `vibes demo` writes it into the demo's own vault before the app starts, so the demo opens
/// signed in without any Google account.
public struct DemoFirebaseAccount: Sendable, Equatable {
  public let uid: String
  public let refreshToken: String
  public let email: String
  public let username: String
}

/// One stored field as a test reads it.
enum DemoField: Sendable, Equatable {
  case string(String)
  case integer(Int)
  case null
  case other(String)
}

/// The demo timeline: seconds since the demo started, on which the friends act (`DemoFriends.timeline`) and the demo
/// Firebase stamps writes (`DemoClock.instant` + these seconds). Real time for `vibes demo`; moved by hand in tests.
public final class DemoTimeline: @unchecked Sendable {
  // @unchecked: `offset`, `start` and `floor` are only read and written under `lock`.
  private let lock = NSLock()
  private var start: ContinuousClock.Instant?
  private let rate: Double
  private var offset: TimeInterval = 0
  /// The real-time part never reads less than this (what it had reached at the last `restart()`).
  private var floor: TimeInterval = 0

  private init(start: ContinuousClock.Instant?, rate: Double) {
    self.start = start
    self.rate = rate
  }

  /// Seconds of real time since now, times `rate` (`vibes demo --speed`: the friends act as much sooner as the
  /// script's pauses are shorter). `rate` must be positive.
  public static func realTime(rate: Double = 1) -> DemoTimeline {
    precondition(rate > 0, "a timeline's rate must be positive")
    return DemoTimeline(start: .now, rate: rate)
  }
  /// Stands still until `advance(by:)`.
  public static func manual() -> DemoTimeline { DemoTimeline(start: nil, rate: 1) }

  public func advance(by seconds: TimeInterval) { lock.withLock { offset += max(0, seconds) } }

  /// A real-time timeline counts from now again (`vibes demo --script`: from the script's first step, so the friends
  /// act at the script's moments however long the start took), without going back: until the new count passes what
  /// the old one had reached, it stands there, so no write is stamped earlier than one before it. A manual timeline
  /// is left as it is.
  public func restart() {
    lock.withLock {
      guard let start else { return }
      let now = ContinuousClock.now
      floor = max(floor, rate * ((now - start) / .seconds(1)))
      self.start = now
    }
  }

  public var elapsed: TimeInterval {
    let (moved, start, floor) = lock.withLock { (offset, self.start, self.floor) }
    guard let start else { return moved }
    return moved + max(floor, rate * ((ContinuousClock.now - start) / .seconds(1)))
  }
}

/// The demo's Firebase and Google sign-in on one loopback port, speaking the REST wire vibes uses and nothing more:
/// Google's authorize page (approves at once), token, device-code and revoke endpoints; Identity Toolkit
/// `accounts:signInWithIdp`, `lookup`, `delete`; Secure Token refresh; Firestore documents (get, create, patch,
/// delete), `runQuery`, `runAggregationQuery` (count), `batchGet` and `commit` with typed values; Storage uploads
/// and deletes of the profile photo. Every Firestore and Storage call needs a live ID token of this server; writes
/// follow `DemoRules`. Data is `DemoFriends`'s, and the friends act on `timeline`.
actor DemoFirebase {
  static let projectID = "vibes-demo"
  static let apiKey = "AIzaSyDemoFirebaseWebApiKey000000000000"
  static let bucket = "vibes-demo.firebasestorage.app"
  static let clientID = "000000000000-demo.apps.googleusercontent.com"
  static let clientSecret = "GOCSPX-demo-desktop-secret"
  static let deviceClientID = "000000000000-demotv.apps.googleusercontent.com"
  static let deviceClientSecret = "GOCSPX-demo-device-secret"
  static let googleSubject = "100000000000000000001"
  static let email = "demo.listener@example.com"
  static var root: String { "projects/\(projectID)/databases/(default)/documents" }

  /// The signed-in demo account (its refresh token is this server's).
  nonisolated let account: DemoFirebaseAccount
  private let timeline: DemoTimeline
  private var store = DemoFriends.seed()
  private var applied = 0
  private var lastMicros: Int64 = 0
  private var idTokens: [String: (uid: String, expires: Date)] = [:]
  private var refreshTokens: [String: String] = [:]
  private var googleCodes: [String: (challenge: String, redirect: String)] = [:]
  private var googleIDTokens: Set<String> = []
  private var deviceCodes: Set<String> = []
  private var deletedAccounts: Set<String> = []
  private var photos: [String: (data: Data, type: String)] = [:]

  init(timeline: DemoTimeline) {
    self.timeline = timeline
    let refresh = Self.random("AMfDemo")
    account = DemoFirebaseAccount(
      uid: DemoFriends.me.uid, refreshToken: refresh, email: Self.email, username: DemoFriends.me.username)
    refreshTokens[refresh] = DemoFriends.me.uid
  }

  static func random(_ prefix: String) -> String { prefix + UUID().uuidString.replacingOccurrences(of: "-", with: "") }

  /// A stored document's fields, for tests: strings, integers and nulls as themselves, anything else as its JSON.
  func document(_ path: String) -> [String: DemoField]? {
    applyDue()
    return store.get(path)?.fields.mapValues { value -> DemoField in
      if let text = DemoValue.text(value) { return .string(text) }
      if DemoValue.rank(value) == 0 { return .null }
      if DemoValue.isInteger(value), let number = DemoValue.number(value) { return .integer(Int(number)) }
      return .other(DemoValue.canonical(value))
    }
  }

  // MARK: Routing

  func handle(_ request: DemoRequest) -> HTTPResponse {
    applyDue()
    let path = request.path
    switch (request.method, path) {
    case ("GET", "/o/oauth2/v2/auth"): return googleAuthorize(request)
    case ("POST", "/token"): return googleToken(request.form)
    case ("POST", "/device/code"): return googleDeviceCode(request)
    case ("POST", "/revoke"): return DemoJSON.response(200, [String: Any]())
    default: break
    }
    if path.hasPrefix("/v1/accounts:") || path == "/v1/token" {
      guard request.query["key"] == Self.apiKey else {
        return Self.error(
          400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.", reason: "API_KEY_INVALID")
      }
      if path == "/v1/token" { return refresh(request.form) }
      return identityToolkit(String(path.dropFirst("/v1/accounts:".count)), request.json ?? [:])
    }
    if path.hasPrefix("/v1/projects/") { return firestore(request) }
    if path.hasPrefix("/v0/b/") { return storage(request) }
    return Self.error(404, "NOT_FOUND", "Not found")
  }

  static func error(_ code: Int, _ status: String, _ message: String, reason: String? = nil) -> HTTPResponse {
    var error: [String: Any] = ["code": code, "message": message, "status": status]
    if let reason { error["details"] = [["@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": reason]] }
    return DemoJSON.response(code, ["error": error])
  }

  // MARK: Timeline

  /// Applies the friends' actions whose moment has come, each stamped with its own moment.
  private func applyDue() {
    let elapsed = timeline.elapsed
    while applied < DemoFriends.timeline.count, DemoFriends.timeline[applied].at <= elapsed {
      let event = DemoFriends.timeline[applied]
      applied += 1
      let micros = Self.micros(event.at)
      lastMicros = max(lastMicros, micros)
      DemoFriends.apply(event.action, number: applied, at: DemoTime.rfc3339(micros: micros), into: &store)
    }
  }

  static func micros(_ elapsed: TimeInterval) -> Int64 {
    Int64(((DemoClock.instant.timeIntervalSince1970 + elapsed) * 1_000_000).rounded(.down))
  }

  /// The server's time for a write or read: the demo's now plus the timeline, never the same twice.
  private func serverTime() -> String {
    lastMicros = max(lastMicros + 1, Self.micros(timeline.elapsed))
    return DemoTime.rfc3339(micros: lastMicros)
  }

  // MARK: Google

  private func googleAuthorize(_ request: DemoRequest) -> HTTPResponse {
    guard request.query["client_id"] == Self.clientID, let redirect = request.query["redirect_uri"],
      redirect.hasPrefix("http://127.0.0.1:"), let challenge = request.query["code_challenge"],
      request.query["code_challenge_method"] == "S256", let state = request.query["state"],
      var components = URLComponents(string: redirect)
    else { return DemoJSON.response(400, ["error": "invalid_request"]) }
    let code = Self.random("4/0Ademo")
    googleCodes[code] = (challenge, redirect)
    components.queryItems = [
      URLQueryItem(name: "state", value: state), URLQueryItem(name: "code", value: code),
      URLQueryItem(name: "scope", value: "email profile openid"),
    ]
    return DemoJSON.redirect(to: components.string ?? redirect)
  }

  private func googleToken(_ form: [String: String]) -> HTTPResponse {
    switch form["grant_type"] {
    case "authorization_code":
      guard form["client_id"] == Self.clientID, form["client_secret"] == Self.clientSecret else {
        return DemoJSON.response(401, ["error": "invalid_client", "error_description": "Unauthorized"])
      }
      guard let code = form["code"], let issued = googleCodes.removeValue(forKey: code),
        issued.redirect == form["redirect_uri"], DemoSpotify.challenge(form["code_verifier"] ?? "") == issued.challenge
      else { return DemoJSON.response(400, ["error": "invalid_grant", "error_description": "Bad Request"]) }
      return googleGrant(audience: Self.clientID)
    case "urn:ietf:params:oauth:grant-type:device_code":
      guard form["client_id"] == Self.deviceClientID, form["client_secret"] == Self.deviceClientSecret else {
        return DemoJSON.response(401, ["error": "invalid_client", "error_description": "Unauthorized"])
      }
      guard let code = form["device_code"], deviceCodes.remove(code) != nil else {
        return DemoJSON.response(400, ["error": "expired_token", "error_description": "Expired"])
      }
      return googleGrant(audience: Self.deviceClientID)
    default:
      return DemoJSON.response(400, ["error": "unsupported_grant_type"])
    }
  }

  /// The device flow: the demo approves at once, so the first poll is granted.
  private func googleDeviceCode(_ request: DemoRequest) -> HTTPResponse {
    guard request.form["client_id"] == Self.deviceClientID else {
      return DemoJSON.response(401, ["error": "invalid_client"])
    }
    let code = Self.random("AH-demo")
    deviceCodes.insert(code)
    let host = request.headers["host"] ?? "127.0.0.1"
    return DemoJSON.response(
      200,
      [
        "device_code": code, "user_code": "DEMO-VIBE", "verification_url": "http://\(host)/device",
        "expires_in": 1800, "interval": 1,
      ])
  }

  private func googleGrant(audience: String) -> HTTPResponse {
    let now = Int(Date().timeIntervalSince1970)
    let idToken = Self.jwt([
      "iss": "https://accounts.google.com", "aud": audience, "sub": Self.googleSubject, "email": Self.email,
      "email_verified": true, "name": DemoFriends.me.displayName, "iat": now, "exp": now + 3600,
      "nonce": Self.random(""),
    ])
    googleIDTokens.insert(idToken)
    return DemoJSON.response(
      200,
      [
        "access_token": Self.random("ya29.demo"), "expires_in": 3599, "id_token": idToken,
        "scope":
          "openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile",
        "token_type": "Bearer",
      ])
  }

  /// An unsigned-looking JWT (`header.payload.demo`): vibes reads its claims for timing only.
  static func jwt(_ claims: [String: Any]) -> String {
    func encode(_ object: [String: Any]) -> String {
      let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
      return data.base64EncodedString().replacingOccurrences(of: "+", with: "-")
        .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
    return encode(["alg": "RS256", "kid": "demo", "typ": "JWT"]) + "." + encode(claims) + ".ZGVtbw"
  }

  // MARK: Identity Toolkit and Secure Token

  private func identityToolkit(_ method: String, _ body: [String: Any]) -> HTTPResponse {
    switch method {
    case "signInWithIdp":
      let form = DemoRequest.decode(body["postBody"] as? String ?? "")
      guard form["providerId"] == "google.com", let token = form["id_token"], googleIDTokens.contains(token) else {
        return Self.error(400, "INVALID_ARGUMENT", "INVALID_IDP_RESPONSE : Invalid Idp Response")
      }
      let uid = account.uid
      let isNew = deletedAccounts.remove(uid) != nil
      let refresh = Self.random("AMfDemo")
      refreshTokens[refresh] = uid
      return DemoJSON.response(
        200,
        [
          "federatedId": "https://accounts.google.com/\(Self.googleSubject)", "providerId": "google.com",
          "localId": uid, "email": Self.email, "emailVerified": true, "displayName": DemoFriends.me.displayName,
          "idToken": issueIDToken(uid), "refreshToken": refresh, "expiresIn": "3600", "isNewUser": isNew,
          "kind": "identitytoolkit#VerifyAssertionResponse",
        ])
    case "lookup":
      guard let uid = uid(ofIDToken: body["idToken"] as? String) else {
        return Self.error(400, "INVALID_ARGUMENT", "INVALID_ID_TOKEN")
      }
      return DemoJSON.response(
        200,
        [
          "kind": "identitytoolkit#GetAccountInfoResponse",
          "users": [["localId": uid, "email": Self.email, "displayName": DemoFriends.me.displayName]],
        ])
    case "delete":
      guard let uid = uid(ofIDToken: body["idToken"] as? String) else {
        return Self.error(400, "INVALID_ARGUMENT", "INVALID_ID_TOKEN")
      }
      deletedAccounts.insert(uid)
      refreshTokens = refreshTokens.filter { $0.value != uid }
      idTokens = idTokens.filter { $0.value.uid != uid }
      return DemoJSON.response(200, ["kind": "identitytoolkit#DeleteAccountResponse"])
    default:
      return Self.error(404, "NOT_FOUND", "Not found")
    }
  }

  private func refresh(_ form: [String: String]) -> HTTPResponse {
    guard form["grant_type"] == "refresh_token" else {
      return Self.error(400, "INVALID_ARGUMENT", "INVALID_GRANT_TYPE")
    }
    guard let token = form["refresh_token"], let uid = refreshTokens[token] else {
      return Self.error(400, "INVALID_ARGUMENT", "INVALID_REFRESH_TOKEN")
    }
    let id = issueIDToken(uid)
    return DemoJSON.response(
      200,
      [
        "access_token": id, "id_token": id, "expires_in": "3600", "token_type": "Bearer", "refresh_token": token,
        "user_id": uid, "project_id": "000000000000",
      ])
  }

  /// A 1-hour ID token on the real clock (the client refreshes by its `exp`); `auth_time` is now, so deleting the
  /// demo account needs no second sign-in.
  private func issueIDToken(_ uid: String) -> String {
    let now = Int(Date().timeIntervalSince1970)
    let token = Self.jwt([
      "iss": "https://securetoken.google.com/\(Self.projectID)", "aud": Self.projectID, "auth_time": now,
      "user_id": uid, "sub": uid, "iat": now, "exp": now + 3600, "email": Self.email,
      "firebase": ["sign_in_provider": "google.com"], "jti": Self.random(""),
    ])
    idTokens[token] = (uid, Date().addingTimeInterval(3600))
    return token
  }

  private func uid(ofIDToken token: String?) -> String? {
    guard let token, let entry = idTokens[token], entry.expires > Date() else { return nil }
    return entry.uid
  }

  private func bearer(_ request: DemoRequest) -> String? {
    let header = request.headers["authorization"] ?? ""
    guard header.hasPrefix("Bearer ") else { return nil }
    return uid(ofIDToken: String(header.dropFirst("Bearer ".count)))
  }

  static let unauthenticated = error(
    401, "UNAUTHENTICATED",
    "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid "
      + "authentication credential.")

  // MARK: Firestore

  private func firestore(_ request: DemoRequest) -> HTTPResponse {
    guard let uid = bearer(request) else { return Self.unauthenticated }
    let full = String(request.path.dropFirst("/v1/".count)).removingPercentEncoding ?? ""
    guard full == Self.root || full.hasPrefix(Self.root + "/") || full.hasPrefix(Self.root + ":") else {
      return Self.error(403, "PERMISSION_DENIED", "Missing or insufficient permissions.")
    }
    var name = full
    var verb: String?
    if let colon = full.lastIndex(of: ":"), !full[colon...].contains("/") {
      name = String(full[..<colon])
      verb = String(full[full.index(after: colon)...])
    }
    let body = request.json ?? [:]
    do throws(DemoFirestoreError) {
      switch (request.method, verb) {
      case ("POST", "runQuery"?):
        let parent = name == Self.root ? "" : DemoFirestore.relative(name, root: Self.root) ?? "-"
        let found = try store.run(body["structuredQuery"] as? [String: Any] ?? [:], parent: parent)
        let readTime = serverTime()
        if found.isEmpty { return DemoJSON.response(200, [["readTime": readTime]]) }
        return DemoJSON.response(
          200, found.map { ["document": Self.json($0.path, $0.document), "readTime": readTime] as [String: Any] })
      case ("POST", "runAggregationQuery"?):
        let aggregation = body["structuredAggregationQuery"] as? [String: Any] ?? [:]
        let found = try store.run(aggregation["structuredQuery"] as? [String: Any] ?? [:], parent: "")
        let alias = ((aggregation["aggregations"] as? [[String: Any]])?.first?["alias"] as? String) ?? "field_1"
        return DemoJSON.response(
          200,
          [
            [
              "result": ["aggregateFields": [alias: DemoValue.integer(found.count)]], "readTime": serverTime(),
            ] as [String: Any]
          ])
      case ("POST", "batchGet"?):
        let readTime = serverTime()
        let answers = (body["documents"] as? [String] ?? []).map { name -> [String: Any] in
          guard let path = DemoFirestore.relative(name, root: Self.root), let document = store.get(path) else {
            return ["missing": name, "readTime": readTime]
          }
          return ["found": Self.json(path, document), "readTime": readTime]
        }
        return DemoJSON.response(200, answers)
      case ("POST", "commit"?):
        let time = serverTime()
        try store.commit(body["writes"] as? [[String: Any]] ?? [], uid: uid, root: Self.root, time: time)
        let count = (body["writes"] as? [Any])?.count ?? 0
        return DemoJSON.response(
          200, ["writeResults": Array(repeating: ["updateTime": time], count: count), "commitTime": time])
      case ("GET", nil):
        guard let path = DemoFirestore.relative(name, root: Self.root), let document = store.get(path) else {
          return Self.error(404, "NOT_FOUND", "Document \"\(name)\" not found.")
        }
        return DemoJSON.response(200, Self.json(path, document))
      case ("PATCH", nil):
        guard let path = DemoFirestore.relative(name, root: Self.root) else {
          throw DemoFirestoreError.invalid("bad name")
        }
        var write: [String: Any] = ["update": ["name": name, "fields": body["fields"] ?? [String: Any]()]]
        let mask = Self.queryValues("updateMask.fieldPaths", request.rawQuery)
        if !mask.isEmpty { write["updateMask"] = ["fieldPaths": mask] }
        if let exists = Self.queryValues("currentDocument.exists", request.rawQuery).first {
          write["currentDocument"] = ["exists": exists == "true"]
        }
        try store.commit([write], uid: uid, root: Self.root, time: serverTime())
        return DemoJSON.response(200, Self.json(path, store.get(path)!))
      case ("POST", nil):
        guard let id = request.query["documentId"], !id.isEmpty, !id.contains("/"),
          let collection = DemoFirestore.relative(name + "/" + id, root: Self.root)
        else { throw DemoFirestoreError.invalid("a document id is needed") }
        let write: [String: Any] = [
          "update": ["name": name + "/" + id, "fields": body["fields"] ?? [String: Any]()],
          "currentDocument": ["exists": false],
        ]
        try store.commit([write], uid: uid, root: Self.root, time: serverTime())
        return DemoJSON.response(200, Self.json(collection, store.get(collection)!))
      case ("DELETE", nil):
        try store.commit([["delete": name]], uid: uid, root: Self.root, time: serverTime())
        return DemoJSON.response(200, [String: Any]())
      default:
        return Self.error(404, "NOT_FOUND", "Method not found.")
      }
    } catch {
      let answer = Self.error(error.code, error.status, error.message)
      // The streamed methods answer their errors inside an array.
      if verb == "runQuery" || verb == "runAggregationQuery" {
        return DemoJSON.response(
          error.code, [["error": ["code": error.code, "message": error.message, "status": error.status]]])
      }
      return answer
    }
  }

  static func json(_ path: String, _ document: DemoDocument) -> [String: Any] {
    [
      "name": root + "/" + path, "fields": document.fields, "createTime": document.createTime,
      "updateTime": document.updateTime,
    ]
  }

  /// Every value of a repeated query parameter (`updateMask.fieldPaths=a&updateMask.fieldPaths=b`).
  static func queryValues(_ name: String, _ raw: String) -> [String] {
    raw.split(separator: "&").compactMap { item -> String? in
      let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      func unescape(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
      }
      guard unescape(parts[0]) == name else { return nil }
      return parts.count > 1 ? unescape(parts[1]) : ""
    }
  }

  // MARK: Storage

  private func storage(_ request: DemoRequest) -> HTTPResponse {
    guard let uid = bearer(request) else { return Self.error(401, "UNAUTHENTICATED", "Unauthenticated") }
    let prefix = "/v0/b/\(Self.bucket)/o"
    guard request.path.hasPrefix(prefix) else { return Self.error(404, "NOT_FOUND", "Not Found.") }
    let rest = String(request.path.dropFirst(prefix.count))
    let object =
      rest.hasPrefix("/") ? (String(rest.dropFirst()).removingPercentEncoding ?? "") : request.query["name"] ?? ""
    guard object.hasPrefix("users/\(uid)/"), !object.contains("..") else {
      return Self.error(403, "PERMISSION_DENIED", "Permission denied.")
    }
    switch request.method {
    case "POST":
      let type = request.headers["content-type"] ?? "application/octet-stream"
      guard type.hasPrefix("image/"), request.body.count < 5 * 1024 * 1024 else {
        return Self.error(403, "PERMISSION_DENIED", "Permission denied.")
      }
      photos[object] = (request.body, type)
      return DemoJSON.response(
        200,
        [
          "name": object, "bucket": Self.bucket, "size": String(request.body.count), "contentType": type,
          "downloadTokens": UUID().uuidString.lowercased(), "timeCreated": serverTime(),
        ])
    case "DELETE":
      guard photos.removeValue(forKey: object) != nil else { return Self.error(404, "NOT_FOUND", "Not Found.") }
      return DemoJSON.empty(204)
    default:
      return Self.error(404, "NOT_FOUND", "Not Found.")
    }
  }
}
