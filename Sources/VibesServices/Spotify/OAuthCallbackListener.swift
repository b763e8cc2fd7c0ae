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
/// or token back to the browser. The server is `LoopbackHTTPServer`: a request head is capped (8 KiB, then 431)
/// and must arrive within 5 s, so no client can hold up the real redirect.
public final class OAuthCallbackListener: Sendable {
  public let port: UInt16
  private let server: LoopbackHTTPServer
  private let gate: CallbackGate

  /// Binds 127.0.0.1:`port` (0 = an ephemeral port). Throws when the port cannot be bound.
  public init(port: UInt16, expectedState: String, path: String = SpotifyConfiguration.callbackPath) async throws {
    let gate = CallbackGate(expectedState: expectedState, path: path)
    self.gate = gate
    self.server = try LoopbackHTTPServer(port: port) { request in CallbackResponder.respond(to: request, gate: gate) }
    self.port = server.port
  }

  deinit { server.requestStop() }

  /// Waits for the one outcome; nil when the listener was closed (cancel) or `timeout` passed first.
  /// Closes the listener either way.
  public func outcome(timeout: TimeInterval) async -> OAuthCallbackOutcome? {
    let gate = self.gate
    let result = await withTaskGroup(of: OAuthCallbackOutcome?.self) { group in
      group.addTask { await gate.wait() }
      group.addTask {
        try? await Task.sleep(nanoseconds: UInt64(max(0, min(timeout, 86_400)) * 1_000_000_000))
        gate.close()
        return nil
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      return first
    }
    await close()
    return result
  }

  /// Stops listening and releases the port (an answer being written still reaches the browser). Safe to call
  /// more than once.
  public func close() async {
    gate.close()
    await server.stop()
  }

  /// True while the server accepts connections.
  public var isListening: Bool {
    get async { server.isListening }
  }
}

public enum CallbackListenerError: Error, Equatable, Sendable {
  case notListening
}

/// Decides what each request means; hands the first valid callback to the waiter, once.
final class CallbackGate: @unchecked Sendable {
  let expectedState: String
  let path: String
  private let lock = NSLock()
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
    lock.withLock { decide(path: requestPath, query: query) }
  }

  private func decide(path requestPath: String, query: [String: String]) -> Verdict {
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
    await withCheckedContinuation { continuation in
      lock.withLock {
        if let delivered {
          continuation.resume(returning: delivered)
        } else if closed {
          continuation.resume(returning: nil)
        } else {
          waiters.append(continuation)
        }
      }
    }
  }

  func close() {
    lock.withLock {
      guard !closed else { return }
      closed = true
      resume(delivered)
    }
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

/// Turns a request into the gate's verdict and the page that says it. Only `GET` of the callback path counts.
enum CallbackResponder {
  static func respond(to request: LoopbackRequest, gate: CallbackGate) -> LoopbackResponse {
    guard request.method == "GET" else { return page(404, "Nothing here. vibes is waiting for the sign-in redirect.") }
    switch gate.handle(path: request.path, query: request.queryItems) {
    case .ignored:
      return page(404, "Nothing here. vibes is waiting for the sign-in redirect.")
    case .wrongState:
      return page(400, "This sign-in link does not belong to the current attempt. Start again in vibes.")
    case .alreadyUsed:
      return page(400, "This sign-in was already used. Start again in vibes if needed.")
    case .accepted:
      return page(200, "Done. You can close this tab and return to the terminal.")
    }
  }

  private static func page(_ status: Int, _ text: String) -> LoopbackResponse {
    LoopbackResponse(status: status, html: LoopbackHTTPServer.page(text))
  }
}
