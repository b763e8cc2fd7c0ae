import FlyingFox
import Foundation

/// One request the fake Web API saw: method, raw path and query, headers and body.
public struct FakeSpotifyWebRequest: Sendable {
  public var request: RecordedRequest
  public var body: Data

  public var method: String { request.method }
  public var path: String { request.path }
  /// The first decoded query value for `name`.
  public func queryValue(_ name: String) -> String? { request.queryValue(name) }
  /// The JSON body, if it is an object.
  public var jsonBody: [String: Any]? { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] }
}

/// A scripted answer for the next request (whatever it is); when none is queued the fake answers as Spotify would.
public enum FakeSpotifyWebBehaviour: Sendable, Equatable {
  /// That status with Spotify's `{"error":{"status","message"}}` body.
  case status(Int)
  /// 429 with this raw `Retry-After` header (delta seconds or an HTTP-date; nil: no header).
  case rateLimited(retryAfter: String?)
  /// 403 "the user may not be registered" (development-mode allowlist).
  case notRegistered
  /// 401 "The access token expired".
  case unauthorized
  /// Wait, then answer normally.
  case delay(seconds: Double)
  /// Exactly this status and body.
  case raw(status: Int, body: String)
  /// Do the request (a write takes effect), then wait before answering: past the client's bound the answer is
  /// lost, and the client cannot know whether the write happened.
  case actThenAnswerLate(seconds: Double)
}

/// A loopback stand-in for the Spotify Web API as a new development-mode app sees it in 2026: search and artist
/// albums refuse `limit` > 10, removed endpoints answer 404, other people's playlist items 403, pages hold `null`
/// entries, playlist entries carry `item`. It keeps state (library, created playlists, added items), records every
/// request, and accepts the tokens in `validTokens` or those issued by an attached `FakeSpotifyServer`.
public final class FakeSpotifyWebServer: Sendable {
  /// The 403 text Spotify sends to a user who is not on a development-mode app's allowlist.
  public static let notRegisteredMessage =
    "Check settings on developer.spotify.com/dashboard, the user may not be registered."

  private let state: SpotifyWebFakeState
  private let server: LoopbackServer

  public init(
    validTokens: Set<String> = [], accounts: FakeSpotifyServer? = nil, catalog: FakeSpotifyWebCatalog = .standard()
  ) async throws {
    let state = SpotifyWebFakeState(catalog: catalog, validTokens: validTokens)
    self.state = state
    self.server = try await LoopbackServer(handler: SpotifyWebHandler(state: state, accounts: accounts))
  }

  public var baseURL: URL { server.baseURL }
  public func stop() async { await server.stop() }

  public func enqueue(_ behaviour: FakeSpotifyWebBehaviour) async { await state.enqueue(behaviour) }
  public func setValidTokens(_ tokens: Set<String>) async { await state.setValidTokens(tokens) }
  /// false: every call answers 403 "the user may not be registered".
  public func setRegistered(_ registered: Bool) async { await state.setRegistered(registered) }
  /// true: `PUT /v1/playlists/{id}` (Change Playlist Details) answers 403 as for a token without the scope.
  public func setRefusesDetailChanges(_ refuses: Bool) async { await state.setRefusesDetailChanges(refuses) }
  /// Delay before every answer (for benches and cancellation tests).
  public func setLatency(_ seconds: Double) async { await state.setLatency(seconds) }
  /// More latency for POSTs (a write takes effect only once it is over): a slow "create playlist".
  public func setWriteLatency(_ seconds: Double) async { await state.setWriteLatency(seconds) }
  public func recordedRequests() async -> [FakeSpotifyWebRequest] { await state.recorded }
  /// The URIs in the user's library.
  public func library() async -> Set<String> { await state.library }
  /// Spotify Connect: the listener's account, devices, what plays, and whether the player scopes were granted.
  public func setPlayer(_ update: @escaping @Sendable (inout FakeSpotifyPlayer) -> Void) async {
    await state.setPlayer(update)
  }
  public func player() async -> FakeSpotifyPlayer { await state.player }
  /// The current catalog (with created playlists and added items).
  public func catalog() async -> FakeSpotifyWebCatalog { await state.catalog }
}

private struct SpotifyWebHandler: HTTPHandler {
  let state: SpotifyWebFakeState
  let accounts: FakeSpotifyServer?

  func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
    var headers: [String: String] = [:]
    for (name, value) in request.headers { headers[name.rawValue.lowercased()] = value }
    let recorded = RecordedRequest(
      method: request.method.rawValue, path: request.target.path(percentEncoded: true),
      query: request.target.query(percentEncoded: true), headers: headers)
    let body = (try? await request.bodyData) ?? Data()
    let (behaviour, latency) = await state.begin(FakeSpotifyWebRequest(request: recorded, body: body))
    if latency > 0 { try await Task.sleep(nanoseconds: UInt64(latency * 1_000_000_000)) }
    var response = try await answer(recorded, body: body, behaviour: behaviour, authorization: headers["authorization"])
    response.headers[.connection] = "close"
    return response
  }

  private func answer(
    _ request: RecordedRequest, body: Data, behaviour: FakeSpotifyWebBehaviour?, authorization: String?
  ) async throws -> HTTPResponse {
    switch behaviour {
    case .status(let status): return SpotifyWebFakeState.error(status, Self.message(for: status))
    case .rateLimited(let retryAfter):
      let extra = retryAfter.map { ["Retry-After": $0] } ?? [:]
      return FakeJSON.response(
        429, ["error": ["status": 429, "message": "API rate limit exceeded"]], headers: extra)
    case .notRegistered: return SpotifyWebFakeState.error(403, FakeSpotifyWebServer.notRegisteredMessage)
    case .unauthorized: return SpotifyWebFakeState.error(401, "The access token expired")
    case .raw(let status, let text): return FakeJSON.raw(status, body: text, contentType: "application/json")
    case .delay(let seconds): try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
    case .actThenAnswerLate(let seconds):
      let response = try await answer(request, body: body, behaviour: nil, authorization: authorization)
      try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
      return response
    case nil: break
    }
    guard let authorization, authorization.hasPrefix("Bearer ") else {
      return SpotifyWebFakeState.error(401, "No token provided")
    }
    let token = String(authorization.dropFirst(7))
    var valid = await state.validTokens.contains(token)
    if !valid, let accounts { valid = await accounts.isValidAccessToken(token) }
    guard valid else { return SpotifyWebFakeState.error(401, "Invalid access token") }
    guard await state.registered else {
      return SpotifyWebFakeState.error(403, FakeSpotifyWebServer.notRegisteredMessage)
    }
    return await state.route(request, body: body)
  }

  static func message(for status: Int) -> String {
    switch status {
    case 400: return "Bad request"
    case 401: return "Invalid access token"
    case 403: return "Forbidden"
    case 404: return "Resource not found"
    case 500: return "Server error"
    case 502: return "Bad gateway"
    case 503: return "Service unavailable"
    default: return "Error"
    }
  }
}
