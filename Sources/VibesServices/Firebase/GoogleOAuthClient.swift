import Foundation

/// What Google's token endpoint hands out. Only `idToken` is used (exchanged at once for a Firebase session); the
/// Google tokens are never stored.
public struct GoogleTokenGrant: Sendable, Equatable {
  public var accessToken: String
  public var idToken: String
  public var refreshToken: String?
  public var expiresIn: Int

  public init(accessToken: String, idToken: String, refreshToken: String?, expiresIn: Int) {
    self.accessToken = accessToken
    self.idToken = idToken
    self.refreshToken = refreshToken
    self.expiresIn = expiresIn
  }
}

/// The device flow's first answer: what the user types where. `verificationURL` is Google's
/// `verification_url` (RFC 8628 says `verification_uri`; both are read).
public struct GoogleDeviceCode: Sendable, Equatable {
  public var deviceCode: String
  public var userCode: String
  public var verificationURL: String
  public var expiresIn: Int
  public var interval: Int

  public init(deviceCode: String, userCode: String, verificationURL: String, expiresIn: Int, interval: Int) {
    self.deviceCode = deviceCode
    self.userCode = userCode
    self.verificationURL = verificationURL
    self.expiresIn = expiresIn
    self.interval = interval
  }
}

/// One poll of the device flow.
public enum GoogleDevicePoll: Sendable, Equatable {
  case granted(GoogleTokenGrant)
  /// `authorization_pending`: keep polling at the same interval.
  case pending
  /// `slow_down`: add 5 seconds to the interval.
  case slowDown
}

/// Google's OAuth 2.0 for installed apps: the authorize URL (PKCE + state, loopback redirect), the code exchange
/// (which still wants the Desktop client's secret), the device flow and revocation.
public struct GoogleOAuthClient: Sendable {
  public static let scopes = ["openid", "email", "profile"]

  public let accountsURL: URL
  public let oauth2URL: URL
  private let http: FirebaseHTTP

  public init(
    accountsURL: URL = FirebaseConfiguration.defaultAccountsURL,
    oauth2URL: URL = FirebaseConfiguration.defaultOAuth2URL, transport: any HTTPTransport = URLSessionTransport()
  ) {
    self.accountsURL = accountsURL
    self.oauth2URL = oauth2URL
    self.http = FirebaseHTTP(transport: transport)
  }

  /// `GET /o/oauth2/v2/auth?client_id&redirect_uri&response_type=code&scope=openid email profile&code_challenge
  /// &code_challenge_method=S256&state&prompt=select_account`
  public func authorizeURL(clientID: String, redirectURI: String, state: String, challenge: String) -> URL? {
    ServiceEndpoints.url(
      base: accountsURL, appending: "/o/oauth2/v2/auth",
      query: [
        ("client_id", clientID), ("redirect_uri", redirectURI), ("response_type", "code"),
        ("scope", Self.scopes.joined(separator: " ")), ("code_challenge", challenge),
        ("code_challenge_method", "S256"), ("state", state), ("prompt", "select_account"),
      ])
  }

  /// The loopback redirect URI for a listener on `port` (Google accepts any port for a Desktop client).
  public static func redirectURI(port: UInt16) -> String { "http://127.0.0.1:\(port)/" }

  public func exchange(
    code: String, clientID: String, clientSecret: String, redirectURI: String, verifier: String
  ) async throws(FirebaseError) -> GoogleTokenGrant {
    let (data, response) = try await http.send(
      "POST", ServiceEndpoints.url(base: oauth2URL, appending: "/token"),
      body: .form([
        ("grant_type", "authorization_code"), ("code", code), ("client_id", clientID),
        ("client_secret", clientSecret), ("redirect_uri", redirectURI), ("code_verifier", verifier),
      ]))
    guard (200..<300).contains(response.statusCode) else {
      throw FirebaseHTTP.oauthError(
        status: response.statusCode, data: data, retryAfter: response.value(forHTTPHeaderField: "Retry-After"))
    }
    return try Self.grant(data)
  }

  /// `POST /device/code` with the "TVs and Limited Input devices" client.
  public func deviceCode(clientID: String) async throws(FirebaseError) -> GoogleDeviceCode {
    let (data, response) = try await http.send(
      "POST", ServiceEndpoints.url(base: oauth2URL, appending: "/device/code"),
      body: .form([("client_id", clientID), ("scope", Self.scopes.joined(separator: " "))]))
    guard (200..<300).contains(response.statusCode) else {
      throw FirebaseHTTP.oauthError(
        status: response.statusCode, data: data, retryAfter: response.value(forHTTPHeaderField: "Retry-After"))
    }
    guard let body = JSONBody.object(data), let device = body["device_code"] as? String, !device.isEmpty,
      let user = body["user_code"] as? String, !user.isEmpty,
      let url = (body["verification_url"] as? String) ?? (body["verification_uri"] as? String)
    else { throw .service(.invalidResponse) }
    return GoogleDeviceCode(
      deviceCode: device, userCode: user, verificationURL: url,
      expiresIn: JSONBody.int(body["expires_in"], clampedTo: 1...3600, fallback: 1800),
      interval: JSONBody.int(body["interval"], clampedTo: 1...60, fallback: 5))
  }

  /// One poll of the token endpoint. Branches on `error`, never on the status (Google answers 400 or 428).
  public func pollDevice(
    deviceCode: String, clientID: String, clientSecret: String
  ) async throws(FirebaseError) -> GoogleDevicePoll {
    let (data, response) = try await http.send(
      "POST", ServiceEndpoints.url(base: oauth2URL, appending: "/token"),
      body: .form([
        ("client_id", clientID), ("client_secret", clientSecret), ("device_code", deviceCode),
        ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"),
      ]))
    let code = (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["error"] as? String
    switch code {
    case "authorization_pending": return .pending
    case "slow_down": return .slowDown
    case nil where (200..<300).contains(response.statusCode): return .granted(try Self.grant(data))
    default:
      throw FirebaseHTTP.oauthError(
        status: response.statusCode, data: data, retryAfter: response.value(forHTTPHeaderField: "Retry-After"))
    }
  }

  /// Polls until granted, refused or expired: waits `interval` seconds between polls, 5 more after each
  /// `slow_down`, and stops at `expiresIn`. `sleep` is injectable so tests need not wait.
  public func waitForDevice(
    _ code: GoogleDeviceCode, clientID: String, clientSecret: String,
    sleep: @Sendable (Int) async throws -> Void = { try await Task.sleep(nanoseconds: UInt64($0) * 1_000_000_000) }
  ) async throws(FirebaseError) -> GoogleTokenGrant {
    var interval = max(1, code.interval)
    var waited = 0
    while waited < code.expiresIn {
      do {
        try await sleep(interval)
      } catch {
        throw .service(.cancelled)
      }
      waited += interval
      switch try await pollDevice(deviceCode: code.deviceCode, clientID: clientID, clientSecret: clientSecret) {
      case .granted(let grant): return grant
      case .pending: continue
      case .slowDown: interval += 5
      }
    }
    throw .deviceCodeExpired
  }

  /// `POST /revoke` form `token=…`; an unknown or already revoked token (`invalid_token`) counts as done.
  public func revoke(token: String) async throws(FirebaseError) {
    let (data, response) = try await http.send(
      "POST", ServiceEndpoints.url(base: oauth2URL, appending: "/revoke"), body: .form([("token", token)]))
    if (200..<300).contains(response.statusCode) { return }
    let error = FirebaseHTTP.oauthError(status: response.statusCode, data: data, retryAfter: nil)
    if error == .oauth(code: "invalid_token") { return }
    throw error
  }

  static func grant(_ data: Data) throws(FirebaseError) -> GoogleTokenGrant {
    guard let body = JSONBody.object(data), let access = body["access_token"] as? String,
      let id = body["id_token"] as? String, !id.isEmpty
    else { throw .service(.invalidResponse) }
    return GoogleTokenGrant(
      accessToken: access, idToken: id, refreshToken: body["refresh_token"] as? String,
      expiresIn: JSONBody.int(body["expires_in"], clampedTo: 60...3600, fallback: 3600))
  }
}
