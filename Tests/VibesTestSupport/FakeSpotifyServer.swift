import Crypto
import FlyingFox
import Foundation
import VibesServices

/// A loopback stand-in for Spotify's accounts service and `/v1/me`, strict where the real one is:
/// the client ID must be known, the redirect URI must be a literal loopback URI that matches the
/// registered one (a URI registered without a port accepts any port), codes are single-use and bound
/// to the S256 challenge, the redirect URI and the client, and refresh tokens rotate (the old one
/// stops working). `/authorize` answers at once with the redirect a user's "Agree" (or "Cancel")
/// would produce, so a scripted browser can follow it.
public final class FakeSpotifyServer: Sendable {
  public enum Consent: Sendable { case approve, deny }

  public static let clientID = "0123456789abcdef0123456789abcdef"

  private let state: SpotifyFakeState
  private let server: LoopbackServer

  /// `registeredRedirectURI`: what the "dashboard" holds, e.g. `http://127.0.0.1/callback`.
  public init(
    registeredRedirectURI: String = "http://127.0.0.1/callback", displayName: String = "Ada Lovelace",
    accessTokenLifetime: Int = 3600
  ) async throws {
    let state = SpotifyFakeState(
      registered: registeredRedirectURI, displayName: displayName, lifetime: accessTokenLifetime)
    self.state = state
    self.server = try await LoopbackServer(state: FakeServerState(validKeys: [])) { request, _, _ in
      await Self.respond(to: request, state: state)
    }
  }

  public var baseURL: URL { server.baseURL }
  public var environment: [String: String] {
    [
      "VIBES_SPOTIFY_ACCOUNTS_URL": baseURL.absoluteString, "VIBES_SPOTIFY_API_URL": baseURL.absoluteString,
      "VIBES_SPOTIFY_CLIENT_ID": Self.clientID,
    ]
  }

  public func stop() async { await server.stop() }
  public func setConsent(_ consent: Consent) async { await state.setConsent(consent) }
  /// Every request (method, path, query, headers) and, for POSTs, the decoded form body.
  public func recordedRequests() async -> [(RecordedRequest, [String: String])] { await state.recorded }
  /// Every access and refresh token ever issued (to scan files and screens for leaks).
  public func issuedSecrets() async -> [String] { await state.issuedSecrets }
  public func tokenRequestCount(grantType: String) async -> Int {
    await state.recorded.filter { $0.0.path.hasSuffix("/api/token") && $0.1["grant_type"] == grantType }.count
  }
  /// Invalidates every refresh token (as revoking the app's access does).
  public func revokeRefreshTokens() async { await state.revoke() }
  /// Issues a token pair directly (for tests that start connected).
  public func issueTokens() async -> (access: String, refresh: String) { await state.issue() }
  /// Lets issued access tokens expire now.
  public func expireAccessTokens() async { await state.expireAccess() }

  static func respond(to request: HTTPRequest, state: SpotifyFakeState) async -> HTTPResponse {
    var headers: [String: String] = [:]
    for (name, value) in request.headers { headers[name.rawValue.lowercased()] = value }
    let recorded = RecordedRequest(
      method: request.method.rawValue, path: request.target.path(percentEncoded: true),
      query: request.target.query(percentEncoded: true), headers: headers)
    var form: [String: String] = [:]
    if request.method == .POST, let body = try? await request.bodyData {
      for item in FormQuery.decode(String(decoding: body, as: UTF8.self)) where form[item.name] == nil {
        form[item.name] = item.value
      }
    }
    await state.record(recorded, form)
    switch (request.method, request.path) {
    case (.GET, "/authorize"): return await authorize(recorded, state)
    case (.POST, "/api/token"): return await token(form, state)
    case (.GET, "/v1/me"): return await me(headers["authorization"], state)
    default: return FakeJSON.response(404, ["error": ["status": 404, "message": "Service not found"]])
    }
  }

  static func authorize(_ request: RecordedRequest, _ state: SpotifyFakeState) async -> HTTPResponse {
    guard request.queryValue("client_id") == clientID else {
      return FakeJSON.raw(400, body: "INVALID_CLIENT: Invalid client", contentType: "text/plain")
    }
    guard let redirect = request.queryValue("redirect_uri"), await state.accepts(redirect) else {
      return FakeJSON.raw(400, body: "INVALID_CLIENT: Invalid redirect URI", contentType: "text/plain")
    }
    guard request.queryValue("response_type") == "code", request.queryValue("code_challenge_method") == "S256",
      let challenge = request.queryValue("code_challenge"), challenge.count == 43,
      let stateValue = request.queryValue("state"), !stateValue.isEmpty
    else {
      return redirectResponse(redirect, [("error", "invalid_request"), ("state", request.queryValue("state") ?? "")])
    }
    if await state.consent == .deny {
      return redirectResponse(redirect, [("error", "access_denied"), ("state", stateValue)])
    }
    let code = await state.issueCode(challenge: challenge, redirectURI: redirect, scope: request.queryValue("scope"))
    return redirectResponse(redirect, [("code", code), ("state", stateValue)])
  }

  static func redirectResponse(_ redirect: String, _ items: [(String, String)]) -> HTTPResponse {
    var components = URLComponents(string: redirect)!
    components.queryItems = items.map { URLQueryItem(name: $0.0, value: $0.1) }
    var headers = HTTPHeaders()
    headers[.location] = components.string!
    return HTTPResponse(statusCode: .found, headers: headers, body: Data())
  }

  static func token(_ form: [String: String], _ state: SpotifyFakeState) async -> HTTPResponse {
    guard form["client_id"] == clientID else {
      return FakeJSON.response(400, ["error": "invalid_client", "error_description": "Invalid client"])
    }
    switch form["grant_type"] {
    case "authorization_code":
      guard let code = form["code"], let issued = await state.redeem(code) else {
        return invalidGrant("Invalid authorization code")
      }
      guard form["redirect_uri"] == issued.redirectURI else { return invalidGrant("Invalid redirect URI") }
      let verifier = form["code_verifier"] ?? ""
      let digest = Data(SHA256.hash(data: Data(verifier.utf8))).base64EncodedString()
        .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        .replacingOccurrences(of: "=", with: "")
      guard (43...128).contains(verifier.count), digest == issued.challenge else {
        return invalidGrant("code_verifier was incorrect")
      }
      let pair = await state.issue()
      return grant(pair, lifetime: state.lifetime, scope: issued.scope)
    case "refresh_token":
      guard let old = form["refresh_token"], let pair = await state.rotate(old) else {
        return invalidGrant("Refresh token revoked")
      }
      return grant(pair, lifetime: state.lifetime, scope: nil)
    default:
      return FakeJSON.response(400, ["error": "unsupported_grant_type", "error_description": "grant_type is invalid"])
    }
  }

  static func grant(_ pair: (String, String), lifetime: Int, scope: String?) -> HTTPResponse {
    FakeJSON.response(
      200,
      [
        "access_token": pair.0, "token_type": "Bearer", "scope": scope ?? "user-read-private",
        "expires_in": lifetime, "refresh_token": pair.1,
      ])
  }

  static func invalidGrant(_ description: String) -> HTTPResponse {
    FakeJSON.response(400, ["error": "invalid_grant", "error_description": description])
  }

  static func me(_ authorization: String?, _ state: SpotifyFakeState) async -> HTTPResponse {
    guard let authorization, authorization.hasPrefix("Bearer "),
      await state.isValidAccess(String(authorization.dropFirst(7)))
    else {
      return FakeJSON.response(401, ["error": ["status": 401, "message": "The access token expired"]])
    }
    return FakeJSON.response(
      200,
      [
        "id": "ada", "display_name": state.displayName, "country": "DE", "product": "premium",
        "type": "user", "uri": "spotify:user:ada",
      ])
  }
}

actor SpotifyFakeState {
  struct IssuedCode {
    let challenge: String
    let redirectURI: String
    let scope: String?
  }

  let registered: String
  let displayName: String
  let lifetime: Int
  var consent: FakeSpotifyServer.Consent = .approve
  private(set) var recorded: [(RecordedRequest, [String: String])] = []
  private(set) var issuedSecrets: [String] = []
  private var codes: [String: IssuedCode] = [:]
  private var refreshTokens: Set<String> = []
  private var accessTokens: [String: Date] = [:]
  private var counter = 0

  init(registered: String, displayName: String, lifetime: Int) {
    self.registered = registered
    self.displayName = displayName
    self.lifetime = lifetime
  }

  func setConsent(_ value: FakeSpotifyServer.Consent) { consent = value }
  func record(_ request: RecordedRequest, _ form: [String: String]) { recorded.append((request, form)) }

  /// Literal loopback only (never `localhost`), exact match, except a registered URI without a port
  /// accepts any port.
  func accepts(_ redirect: String) -> Bool {
    guard let given = URLComponents(string: redirect), given.scheme == "http", given.host == "127.0.0.1"
    else { return false }
    if redirect == registered { return true }
    guard let wanted = URLComponents(string: registered), wanted.port == nil else { return false }
    return given.path == wanted.path && given.query == nil && given.port != nil
  }

  func issueCode(challenge: String, redirectURI: String, scope: String?) -> String {
    let code = "AQ" + random(60)
    codes[code] = IssuedCode(challenge: challenge, redirectURI: redirectURI, scope: scope)
    issuedSecrets.append(code)
    return code
  }

  func redeem(_ code: String) -> IssuedCode? { codes.removeValue(forKey: code) }

  func issue() -> (access: String, refresh: String) {
    let access = "BQ" + random(100)
    let refresh = "AQR" + random(120)
    accessTokens[access] = Date().addingTimeInterval(TimeInterval(lifetime))
    refreshTokens.insert(refresh)
    issuedSecrets += [access, refresh]
    return (access, refresh)
  }

  func rotate(_ old: String) -> (String, String)? {
    guard refreshTokens.remove(old) != nil else { return nil }
    return issue()
  }

  func revoke() { refreshTokens.removeAll() }
  func expireAccess() { for key in accessTokens.keys { accessTokens[key] = .distantPast } }
  func isValidAccess(_ token: String) -> Bool { (accessTokens[token] ?? .distantPast) > Date() }

  private func random(_ count: Int) -> String {
    counter += 1
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    return String((0..<count).map { _ in alphabet.randomElement()! })
  }
}

extension FakeSpotifyServer {
  /// Whether `token` is a live access token this fake issued (so `FakeSpotifyWebServer` can share its tokens).
  public func isValidAccessToken(_ token: String) async -> Bool { await state.isValidAccess(token) }
}
