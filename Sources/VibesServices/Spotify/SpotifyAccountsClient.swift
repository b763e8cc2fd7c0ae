import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What the token endpoint hands out. Never logged, never shown; only the secret store keeps it.
public struct SpotifyTokenGrant: Sendable, Equatable {
  public var accessToken: String
  /// nil when a refresh did not rotate the refresh token (keep the old one then).
  public var refreshToken: String?
  public var expiresIn: Int
  public var scope: String?

  public init(accessToken: String, refreshToken: String?, expiresIn: Int, scope: String?) {
    self.accessToken = accessToken
    self.refreshToken = refreshToken
    self.expiresIn = expiresIn
    self.scope = scope
  }
}

/// Failures of the accounts service. `invalidGrant` is the one that means "connect again".
public enum SpotifyAuthError: Error, Equatable, Sendable {
  case invalidGrant
  /// Another OAuth error code (sanitised: letters, digits, `_ . -`), e.g. `invalid_client`.
  case oauth(code: String?)
  case service(ServiceError)
}

/// The Spotify accounts service: authorize URL, code exchange and refresh (PKCE, no client secret).
public struct SpotifyAccountsClient: Sendable {
  public let baseURL: URL
  public let clientID: String
  private let transport: any HTTPTransport

  public init(
    baseURL: URL = SpotifyConfiguration.defaultAccountsURL, clientID: String,
    transport: any HTTPTransport = URLSessionTransport()
  ) {
    self.baseURL = baseURL
    self.clientID = clientID
    self.transport = transport
  }

  /// `GET /authorize?response_type=code&client_id&redirect_uri&scope&state&code_challenge_method=S256&code_challenge`
  public func authorizeURL(redirectURI: String, state: String, challenge: String, scopes: [String]) -> URL? {
    ServiceEndpoints.url(
      base: baseURL, appending: "/authorize",
      query: [
        ("response_type", "code"), ("client_id", clientID), ("redirect_uri", redirectURI),
        ("scope", scopes.joined(separator: " ")), ("state", state), ("code_challenge_method", "S256"),
        ("code_challenge", challenge),
      ])
  }

  public func exchange(code: String, redirectURI: String, verifier: String) async throws(SpotifyAuthError)
    -> SpotifyTokenGrant
  {
    try await token([
      ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI), ("client_id", clientID),
      ("code_verifier", verifier),
    ])
  }

  public func refresh(refreshToken: String) async throws(SpotifyAuthError) -> SpotifyTokenGrant {
    try await token([("grant_type", "refresh_token"), ("refresh_token", refreshToken), ("client_id", clientID)])
  }

  private func token(_ form: [(String, String)]) async throws(SpotifyAuthError) -> SpotifyTokenGrant {
    guard let url = ServiceEndpoints.url(base: baseURL, appending: "/api/token") else {
      throw .service(.network(TransportFailure(.other, host: baseURL.host)))
    }
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    request.httpBody = Data(
      form.map { "\(ServiceEndpoints.encode($0.0))=\(ServiceEndpoints.encode($0.1))" }.joined(separator: "&").utf8)
    let data: Data
    let response: HTTPURLResponse
    do {
      (data, response) = try await transport.send(request)
    } catch {
      throw .service(error)
    }
    try Self.check(
      status: response.statusCode, data: data, retryAfter: response.value(forHTTPHeaderField: "Retry-After"))
    guard let body = JSONBody.object(data), let access = body["access_token"] as? String, !access.isEmpty else {
      throw .service(.invalidResponse)
    }
    let refresh = (body["refresh_token"] as? String).flatMap { $0.isEmpty ? nil : $0 }
    return SpotifyTokenGrant(
      accessToken: access, refreshToken: refresh, expiresIn: JSONBody.int(body["expires_in"]) ?? 3600,
      scope: body["scope"] as? String)
  }

  static func check(status: Int, data: Data, retryAfter: String?) throws(SpotifyAuthError) {
    if (200..<300).contains(status) { return }
    let code = JSONBody.object(data)?["error"] as? String
    switch status {
    case 400, 401:
      if code == "invalid_grant" { throw .invalidGrant }
      throw .oauth(code: ServiceError.sanitizedReason(code))
    case 429:
      throw .service(
        .rateLimited(retryAfterSeconds: RetryAfter.seconds(retryAfter)))
    case 500..<600:
      throw .service(.server(status: status))
    default:
      throw .service(.unexpectedStatus(status))
    }
  }
}

/// The signed-in user, for "Connected as NAME". Not secret.
public struct SpotifyProfile: Sendable, Equatable {
  public var id: String
  public var displayName: String?

  public init(id: String, displayName: String?) {
    self.id = id
    self.displayName = displayName
  }

  /// What to show: the display name, else the user id.
  public var name: String { (displayName?.isEmpty == false ? displayName : nil) ?? id }
}

/// The Spotify Web API (only what the setup flow needs so far).
public struct SpotifyAPIClient: Sendable {
  public let baseURL: URL
  private let transport: any HTTPTransport

  public init(baseURL: URL = SpotifyConfiguration.defaultAPIURL, transport: any HTTPTransport = URLSessionTransport()) {
    self.baseURL = baseURL
    self.transport = transport
  }

  /// `GET /v1/me` with a bearer token. 401 -> `.invalidCredentials` (the token is stale).
  public func currentUser(accessToken: String) async throws(ServiceError) -> SpotifyProfile {
    guard let url = ServiceEndpoints.url(base: baseURL, appending: "/v1/me") else {
      throw .network(TransportFailure(.other, host: baseURL.host))
    }
    var request = URLRequest(url: url)
    request.httpMethod = "GET"
    request.setValue("Bearer \(accessToken)", forHTTPHeaderField: "Authorization")
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    let (data, response) = try await transport.send(request)
    switch response.statusCode {
    case 200..<300:
      guard let body = JSONBody.object(data), let id = body["id"] as? String else { throw .invalidResponse }
      return SpotifyProfile(id: id, displayName: body["display_name"] as? String)
    case 401: throw .invalidCredentials
    case 403: throw .forbidden(reason: nil)
    case 429:
      throw .rateLimited(
        retryAfterSeconds: RetryAfter.seconds(response.value(forHTTPHeaderField: "Retry-After")))
    case 500..<600: throw .server(status: response.statusCode)
    default: throw .unexpectedStatus(response.statusCode)
    }
  }
}
