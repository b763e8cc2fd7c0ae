import Foundation

/// A Firebase Auth session as `accounts:signInWithIdp` or a refresh hands it out. `refreshToken` is the secret to
/// store; `idToken` lives one hour and only in memory.
public struct FirebaseAuthGrant: Sendable, Equatable {
  public var uid: String
  public var idToken: String
  public var refreshToken: String
  public var expiresIn: Int
  public var email: String?
  public var displayName: String?
  public var photoURL: String?
  /// Only on the first sign-in of this Google account in the project.
  public var isNewUser: Bool

  public init(
    uid: String, idToken: String, refreshToken: String, expiresIn: Int, email: String? = nil,
    displayName: String? = nil, photoURL: String? = nil, isNewUser: Bool = false
  ) {
    self.uid = uid
    self.idToken = idToken
    self.refreshToken = refreshToken
    self.expiresIn = expiresIn
    self.email = email
    self.displayName = displayName
    self.photoURL = photoURL
    self.isNewUser = isNewUser
  }
}

/// `accounts:lookup`'s view of the user (not secret).
public struct FirebaseAccountInfo: Sendable, Equatable {
  public var uid: String
  public var email: String?
  public var displayName: String?
}

/// Identity Toolkit v1 (`accounts:signInWithIdp`, `lookup`, `delete`) and Secure Token (`/v1/token`), keyed by the
/// project's Web API key.
public struct FirebaseAuthClient: Sendable {
  public let authURL: URL
  public let tokenURL: URL
  private let apiKey: String
  private let http: FirebaseHTTP

  public init(
    apiKey: String, authURL: URL = FirebaseConfiguration.defaultAuthURL,
    tokenURL: URL = FirebaseConfiguration.defaultTokenURL, transport: any HTTPTransport = URLSessionTransport()
  ) {
    self.apiKey = apiKey
    self.authURL = authURL
    self.tokenURL = tokenURL
    self.http = FirebaseHTTP(transport: transport)
  }

  /// Exchanges a Google `id_token` for a Firebase session.
  public func signInWithGoogle(idToken: String) async throws(FirebaseError) -> FirebaseAuthGrant {
    let body: [String: Any] = [
      "requestUri": "http://localhost",
      "postBody": FirebaseHTTP.form([("id_token", idToken), ("providerId", "google.com")]),
      "returnSecureToken": true, "returnIdpCredential": true,
    ]
    let object = try await call("accounts:signInWithIdp", body)
    guard let uid = object["localId"] as? String, !uid.isEmpty, let id = object["idToken"] as? String, !id.isEmpty,
      let refresh = object["refreshToken"] as? String, !refresh.isEmpty
    else {
      // `needConfirmation` / an `errorMessage` in a 200 (returnIdpCredential) carries no session.
      if let message = object["errorMessage"] as? String { throw .auth(AuthErrorCode(code: message)) }
      throw .service(.invalidResponse)
    }
    return FirebaseAuthGrant(
      uid: uid, idToken: id, refreshToken: refresh,
      expiresIn: JSONBody.int(object["expiresIn"], clampedTo: 60...3600, fallback: 3600),
      email: object["email"] as? String,
      displayName: (object["displayName"] as? String) ?? object["fullName"] as? String,
      photoURL: object["photoUrl"] as? String, isNewUser: object["isNewUser"] as? Bool ?? false)
  }

  /// `accounts:lookup` for the signed-in user.
  public func lookup(idToken: String) async throws(FirebaseError) -> FirebaseAccountInfo {
    let object = try await call("accounts:lookup", ["idToken": idToken])
    guard let user = (object["users"] as? [[String: Any]])?.first, let uid = user["localId"] as? String else {
      throw .auth(.userNotFound)
    }
    return FirebaseAccountInfo(
      uid: uid, email: user["email"] as? String, displayName: user["displayName"] as? String)
  }

  /// `accounts:delete`; `.auth(.credentialTooOld)` when the last sign-in is more than about 5 minutes old.
  public func deleteAccount(idToken: String) async throws(FirebaseError) {
    _ = try await call("accounts:delete", ["idToken": idToken])
  }

  /// Secure Token refresh (form body, snake_case answer, `expires_in` a string).
  public func refresh(refreshToken: String) async throws(FirebaseError) -> FirebaseAuthGrant {
    let (data, response) = try await http.send(
      "POST", ServiceEndpoints.url(base: tokenURL, appending: "/v1/token", query: [("key", apiKey)]),
      body: .form([("grant_type", "refresh_token"), ("refresh_token", refreshToken)]))
    guard (200..<300).contains(response.statusCode) else {
      throw FirebaseHTTP.apiError(
        status: response.statusCode, data: data, retryAfter: response.value(forHTTPHeaderField: "Retry-After"))
    }
    guard let object = JSONBody.object(data),
      let id = (object["id_token"] as? String) ?? object["access_token"] as? String,
      !id.isEmpty, let uid = object["user_id"] as? String
    else { throw .service(.invalidResponse) }
    return FirebaseAuthGrant(
      uid: uid, idToken: id, refreshToken: (object["refresh_token"] as? String) ?? refreshToken,
      expiresIn: JSONBody.int(object["expires_in"], clampedTo: 60...3600, fallback: 3600))
  }

  private func call(_ method: String, _ body: [String: Any]) async throws(FirebaseError) -> [String: Any] {
    let (data, response) = try await http.send(
      "POST", ServiceEndpoints.url(base: authURL, appending: "/v1/" + method, query: [("key", apiKey)]),
      body: .json(body))
    guard (200..<300).contains(response.statusCode) else {
      throw FirebaseHTTP.apiError(
        status: response.statusCode, data: data, retryAfter: response.value(forHTTPHeaderField: "Retry-After"))
    }
    guard let object = JSONBody.object(data) else { throw .service(.invalidResponse) }
    return object
  }
}

/// Reads the claims of a JWT without checking its signature: only for timing (`exp`) and the uid, never for trust.
public enum JWTClaims {
  public static func payload(_ token: String) -> [String: Any]? {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3 else { return nil }
    var text = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    while text.count % 4 != 0 { text += "=" }
    guard let data = Data(base64Encoded: text) else { return nil }
    return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
  }

  /// The `exp` claim as a date.
  public static func expiry(_ token: String) -> Date? {
    guard let exp = payload(token)?["exp"] else { return nil }
    if let seconds = exp as? Double { return Date(timeIntervalSince1970: seconds) }
    if let seconds = exp as? Int { return Date(timeIntervalSince1970: TimeInterval(seconds)) }
    return nil
  }
}
