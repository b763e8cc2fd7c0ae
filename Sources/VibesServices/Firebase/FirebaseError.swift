import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Typed failures of the Google OAuth, Identity Toolkit, Secure Token, Firestore and Storage clients. No case carries
/// a token, a key or a URL with a key; texts from the server are reduced to machine codes.
public enum FirebaseError: Error, Equatable, Sendable {
  // Google OAuth (token endpoint, device flow).
  /// `invalid_grant`: the code was used, expired, or the verifier does not match.
  case invalidGrant
  /// `invalid_client`: wrong client id or secret, or a Desktop client used for the device flow.
  case invalidClient
  /// The user refused (`access_denied`) in the browser or on the device page.
  case accessDenied
  /// The device code expired (`expired_token`): start over.
  case deviceCodeExpired
  /// Another OAuth error code (sanitised).
  case oauth(code: String?)

  // Identity Toolkit / Secure Token: the code before ` : ` in `error.message`.
  case auth(AuthErrorCode)

  // Firestore (the `status` of the error body).
  case permissionDenied
  case notFound
  case alreadyExists
  /// FAILED_PRECONDITION that is not about an index (an `updateTime` or `exists` precondition failed).
  case failedPrecondition
  /// FAILED_PRECONDITION "The query requires an index": deploy `firestore.indexes.json`. The console link, when it is
  /// a plain https link to the Firebase console, else nil.
  case missingIndex(consoleLink: String?)
  /// 401: the ID token expired or is invalid.
  case unauthenticated
  /// 429 RESOURCE_EXHAUSTED, with a suggested wait.
  case resourceExhausted(retryAfterSeconds: Int?)
  /// 409 ABORTED: contention; retry.
  case aborted
  /// 400 INVALID_ARGUMENT (a malformed query or value: a bug, never the user's fault).
  case invalidArgument

  // Storage, before any upload.
  case photoTooLarge(bytes: Int)
  case photoNotAnImage

  /// Not configured, no session, or the session ended (refresh token refused): sign in again.
  case notSignedIn
  case signInAgain
  /// The secret store could not read, keep or remove the session.
  case secretStoreFailed
  /// Transport, 5xx, other statuses, unreadable answers.
  case service(ServiceError)
}

/// Identity Toolkit and Secure Token error codes that vibes tells apart.
public enum AuthErrorCode: Equatable, Sendable {
  /// Malformed, expired or foreign-audience Google id_token (wrong OAuth client or project).
  case invalidIdpResponse
  case userDisabled
  /// Google sign-in is not enabled in the project.
  case operationNotAllowed
  /// The last sign-in is too old for `accounts:delete`: sign in again, then delete.
  case credentialTooOld
  case tooManyAttempts
  case invalidRefreshToken
  case userNotFound
  case tokenExpired
  case invalidIDToken
  case invalidAPIKey
  case projectNumberMismatch
  /// Another code (sanitised: letters, digits, `_ . -`).
  case other(String?)

  init(code: String) {
    switch code {
    case "INVALID_IDP_RESPONSE": self = .invalidIdpResponse
    case "USER_DISABLED": self = .userDisabled
    case "OPERATION_NOT_ALLOWED": self = .operationNotAllowed
    case "CREDENTIAL_TOO_OLD_LOGIN_AGAIN": self = .credentialTooOld
    case "TOO_MANY_ATTEMPTS_TRY_LATER": self = .tooManyAttempts
    case "INVALID_REFRESH_TOKEN": self = .invalidRefreshToken
    case "USER_NOT_FOUND": self = .userNotFound
    case "TOKEN_EXPIRED": self = .tokenExpired
    case "INVALID_ID_TOKEN": self = .invalidIDToken
    case "PROJECT_NUMBER_MISMATCH": self = .projectNumberMismatch
    default: self = .other(ServiceError.sanitizedReason(code))
    }
  }

  /// True for the codes after which the stored session is useless.
  public var endsSession: Bool {
    switch self {
    case .invalidRefreshToken, .userNotFound, .tokenExpired, .userDisabled, .projectNumberMismatch: return true
    default: return false
    }
  }
}

/// The shared request plumbing of the Firebase clients: JSON or form bodies, the transport, typed errors.
struct FirebaseHTTP: Sendable {
  let transport: any HTTPTransport

  enum Body {
    case none
    case json(Any)
    case form([(String, String)])
    case bytes(Data, contentType: String)
  }

  /// `readOnly`: the request only reads (Firestore's queries and batch gets are POSTs), so it may share a pooled
  /// connection like a GET (`HTTPTransport.send(_:repeatable:)`); any other POST or PATCH gets a connection of its own.
  func send(
    _ method: String, _ url: URL?, body: Body = .none, headers: [String: String] = [:], readOnly: Bool = false
  ) async throws(FirebaseError) -> (Data, HTTPURLResponse) {
    guard let url else { throw .service(.invalidResponse) }
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    switch body {
    case .none: break
    case .json(let object):
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
      request.httpBody = try? JSONSerialization.data(withJSONObject: object, options: [.withoutEscapingSlashes])
    case .form(let items):
      request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
      request.httpBody = Data(Self.form(items).utf8)
    case .bytes(let data, let contentType):
      request.setValue(contentType, forHTTPHeaderField: "Content-Type")
      request.httpBody = data
    }
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    do {
      // Not read-only: the transport decides by the method, as for every other client.
      return try await readOnly ? transport.send(request, repeatable: true) : transport.send(request)
    } catch {
      throw .service(error)
    }
  }

  static func form(_ items: [(String, String)]) -> String {
    items.map { "\(ServiceEndpoints.encode($0.0))=\(ServiceEndpoints.encode($0.1))" }.joined(separator: "&")
  }

  /// The error object of a body: `{"error":{…}}`, or the first element of a streamed `[{"error":{…}}]`.
  static func errorObject(_ data: Data) -> [String: Any]? {
    guard !data.isEmpty, let json = try? JSONSerialization.jsonObject(with: data) else { return nil }
    if let object = json as? [String: Any] { return object["error"] as? [String: Any] }
    if let array = json as? [Any], let first = array.first as? [String: Any] {
      return first["error"] as? [String: Any]
    }
    return nil
  }

  /// Maps a non-2xx answer of a Google API (Identity Toolkit, Secure Token, Firestore, Storage).
  static func apiError(status: Int, data: Data, retryAfter: String?) -> FirebaseError {
    let error = errorObject(data)
    let message = error?["message"] as? String ?? ""
    let grpc = error?["status"] as? String
    // Identity Toolkit / Secure Token: the code is the text before " : " (or the whole message).
    let authCode = message.components(separatedBy: " : ").first?.trimmingCharacters(in: .whitespaces) ?? ""
    let looksLikeAuthCode =
      !authCode.isEmpty && authCode.allSatisfy { $0.isUppercase || $0 == "_" || $0.isNumber }
      && authCode.contains("_")
    if message.hasPrefix("API key not valid") || Self.reasons(error).contains("API_KEY_INVALID") {
      return .auth(.invalidAPIKey)
    }
    switch grpc {
    case "PERMISSION_DENIED": return .permissionDenied
    case "NOT_FOUND": return .notFound
    case "ALREADY_EXISTS": return .alreadyExists
    case "FAILED_PRECONDITION":
      if message.contains("requires an index") || message.contains("index is currently building") {
        return .missingIndex(consoleLink: consoleLink(in: message))
      }
      return .failedPrecondition
    case "UNAUTHENTICATED": return .unauthenticated
    case "RESOURCE_EXHAUSTED": return .resourceExhausted(retryAfterSeconds: RetryAfter.seconds(retryAfter))
    case "ABORTED": return .aborted
    case "INVALID_ARGUMENT" where !looksLikeAuthCode: return .invalidArgument
    default: break
    }
    if looksLikeAuthCode, status == 400 || status == 403 || status == 401 {
      return .auth(AuthErrorCode(code: authCode))
    }
    switch status {
    case 401: return .unauthenticated
    case 403: return .permissionDenied
    case 404: return .notFound
    case 409: return .alreadyExists
    case 429: return .resourceExhausted(retryAfterSeconds: RetryAfter.seconds(retryAfter))
    case 500..<600: return .service(.server(status: status))
    default: return .service(.unexpectedStatus(status))
    }
  }

  static func reasons(_ error: [String: Any]?) -> [String] {
    var result: [String] = []
    for detail in error?["details"] as? [[String: Any]] ?? [] {
      if let reason = detail["reason"] as? String { result.append(reason) }
    }
    for item in error?["errors"] as? [[String: Any]] ?? [] {
      if let reason = item["reason"] as? String { result.append(reason) }
    }
    return result
  }

  /// The Firebase console link of a missing-index message: only `https://console.firebase.google.com/…` (or a
  /// loopback fake's `http://127.0.0.1…`) made of URL characters, at most 2,000 of them.
  static func consoleLink(in message: String) -> String? {
    guard let start = message.range(of: "https://console.firebase.google.com/") ?? message.range(of: "http://127.0.0.1")
    else { return nil }
    let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%")
    let link = String(message[start.lowerBound...].prefix { allowed.contains($0) })
    return link.count <= 2000 ? link : nil
  }

  /// Maps a non-2xx answer of Google's OAuth token endpoints (`{"error":"…","error_description":…}`), branching on
  /// `error`, never on the status.
  static func oauthError(status: Int, data: Data, retryAfter: String?) -> FirebaseError {
    let code = (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["error"] as? String
    switch code {
    case "invalid_grant": return .invalidGrant
    case "invalid_client", "unauthorized_client": return .invalidClient
    case "access_denied": return .accessDenied
    case "expired_token": return .deviceCodeExpired
    case .some(let other): return .oauth(code: ServiceError.sanitizedReason(other))
    case nil: break
    }
    switch status {
    case 429: return .service(.rateLimited(retryAfterSeconds: RetryAfter.seconds(retryAfter)))
    case 500..<600: return .service(.server(status: status))
    default: return .service(.unexpectedStatus(status))
    }
  }
}
