import FlyingFox
import Foundation

/// What the browser's redirect brought back for this attempt (state already checked).
public enum OAuthCallbackOutcome: Sendable, Equatable {
  case code(String)
  /// `error=access_denied`: the user said no.
  case denied
  /// Another `error=` value (sanitised).
  case failed(error: String?)
}

/// The loopback redirect target: an HTTP server on 127.0.0.1 only, for one authorization attempt.
/// It ignores stray requests (favicon, a bare `/callback`), rejects a wrong or missing state without
/// consuming the attempt, hands out exactly one outcome, refuses replays, and never echoes a code
/// or token back to the browser.
public final class OAuthCallbackListener: Sendable {
  public let port: UInt16
  private let server: HTTPServer
  private let runTask: Task<Void, Never>
  private let gate: CallbackGate

  /// Binds 127.0.0.1:`port` (0 = an ephemeral port). Throws when the port cannot be bound.
  public init(port: UInt16, expectedState: String, path: String = SpotifyConfiguration.callbackPath) async throws {
    let gate = CallbackGate(expectedState: expectedState, path: path)
    let server = HTTPServer(
      address: try .inet(ip4: "127.0.0.1", port: port), timeout: 30, logger: .disabled,
      handler: CallbackHandler(gate: gate))
    self.gate = gate
    self.server = server
    let ended = RunEnded()
    self.runTask = Task {
      try? await server.run()
      await ended.set()
    }
    // A port that cannot be bound ends `run()` at once: report that now instead of waiting out a timeout.
    let deadline = Date().addingTimeInterval(5)
    while await server.listeningAddress == nil, await !ended.value, Date() < deadline {
      try? await Task.sleep(nanoseconds: 5_000_000)
    }
    guard case .ip4(_, let bound) = await server.listeningAddress else {
      await server.stop(timeout: 0)
      runTask.cancel()
      throw CallbackListenerError.notListening
    }
    self.port = bound
  }

  /// Waits for the one outcome; nil when the listener was closed (cancel) or `timeout` passed first.
  /// Closes the listener either way.
  public func outcome(timeout: TimeInterval) async -> OAuthCallbackOutcome? {
    let gate = self.gate
    let result = await withTaskGroup(of: OAuthCallbackOutcome?.self) { group in
      group.addTask { await gate.wait() }
      group.addTask {
        try? await Task.sleep(nanoseconds: UInt64(max(0, timeout) * 1_000_000_000))
        await gate.close()
        return nil
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      return first
    }
    await close()
    return result
  }

  /// Stops listening (lets the last answer reach the browser first). Safe to call more than once.
  public func close() async {
    await gate.close()
    await server.stop(timeout: 0.5)
    runTask.cancel()
  }

  /// True while the server accepts connections.
  public var isListening: Bool {
    get async { await server.listeningAddress != nil }
  }
}

private actor RunEnded {
  private(set) var value = false
  func set() { value = true }
}

public enum CallbackListenerError: Error, Equatable, Sendable {
  case notListening
}

/// Decides what each request means; hands the first valid callback to the waiter, once.
actor CallbackGate {
  let expectedState: String
  let path: String
  private var delivered: OAuthCallbackOutcome?
  private var consumed = false
  private var closed = false
  private var waiters: [CheckedContinuation<OAuthCallbackOutcome?, Never>] = []

  init(expectedState: String, path: String) {
    self.expectedState = expectedState
    self.path = path
  }

  enum Verdict: Equatable {
    case ignored
    case wrongState
    case alreadyUsed
    case accepted
  }

  func handle(path requestPath: String, query: [String: String]) -> Verdict {
    guard requestPath == path else { return .ignored }
    let code = query["code"].flatMap { $0.isEmpty ? nil : $0 }
    let error = query["error"].flatMap { $0.isEmpty ? nil : $0 }
    guard code != nil || error != nil else { return .ignored }
    if consumed || closed { return .alreadyUsed }
    guard let state = query["state"], Self.constantTimeEquals(state, expectedState) else { return .wrongState }
    consumed = true
    // RFC 6749 4.1.2.1: an error response carries no code. When both come, the error wins and the code is
    // never used: a redirect that says "failed" must not sign anyone in.
    let outcome: OAuthCallbackOutcome
    if error == "access_denied" {
      outcome = .denied
    } else if error != nil {
      outcome = .failed(error: ServiceError.sanitizedReason(error))
    } else if let code {
      outcome = .code(code)
    } else {
      return .ignored
    }
    delivered = outcome
    resume(outcome)
    return .accepted
  }

  func wait() async -> OAuthCallbackOutcome? {
    if let delivered { return delivered }
    if closed { return nil }
    return await withCheckedContinuation { waiters.append($0) }
  }

  func close() {
    guard !closed else { return }
    closed = true
    resume(delivered)
  }

  private func resume(_ value: OAuthCallbackOutcome?) {
    let pending = waiters
    waiters = []
    for waiter in pending { waiter.resume(returning: value) }
  }

  static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    guard x.count == y.count else { return false }
    var difference: UInt8 = 0
    for index in x.indices { difference |= x[index] ^ y[index] }
    return difference == 0
  }
}

private struct CallbackHandler: HTTPHandler {
  let gate: CallbackGate

  func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
    var query: [String: String] = [:]
    for item in request.query where query[item.name] == nil { query[item.name] = item.value }
    let verdict = await gate.handle(path: request.path, query: query)
    switch verdict {
    case .ignored:
      return page(404, "vibes", "Nothing here. vibes is waiting for Spotify's redirect.")
    case .wrongState:
      return page(400, "vibes", "This sign-in link does not belong to the current attempt. Start again in vibes.")
    case .alreadyUsed:
      return page(400, "vibes", "This sign-in was already used. Start again in vibes if needed.")
    case .accepted:
      return page(200, "vibes", "Done. You can close this tab and return to the terminal.")
    }
  }

  /// A tiny page that never echoes the request (no code, state or token in it).
  private func page(_ status: Int, _ title: String, _ text: String) -> HTTPResponse {
    let body = """
      <!doctype html><html><head><meta charset="utf-8"><title>\(title)</title></head>\
      <body style="font-family:sans-serif;margin:3em"><p>\(text)</p></body></html>
      """
    var headers = HTTPHeaders()
    headers[.contentType] = "text/html; charset=utf-8"
    headers[.connection] = "close"
    headers[HTTPHeader("Cache-Control")] = "no-store"
    headers[HTTPHeader("Referrer-Policy")] = "no-referrer"
    let phrase = [200: "OK", 400: "Bad Request", 404: "Not Found"][status] ?? "Status"
    return HTTPResponse(statusCode: HTTPStatusCode(status, phrase: phrase), headers: headers, body: Data(body.utf8))
  }
}
