import Foundation
import VibesServices
import VibesTestSupport
import XCTest

/// Every error either client can throw, whatever the cause, must be safe to show or log.
final class ErrorRedactionTests: XCTestCase {
  private let geminiKey = "AIzaSySECRET-gemini-0123456789"
  private let tmKey = "TMSECRETkey0123456789"

  func testNoErrorDescriptionLeaksKeyOrURL() async throws {
    let gemini = try await FakeGeminiServer(validKeys: [geminiKey])
    let tm = try await FakeTicketmasterServer(validKeys: [tmKey], eventsByCity: ["Berlin": 1])
    let closed = try await closedLoopbackURL()
    var errors: [ServiceError] = []
    var forbiddenFragments = [
      // The host name is allowed (a network problem names it); the URL, port, path and query are not.
      geminiKey, tmKey, "apikey", "key=", "127.0.0.1:", "http", "/discovery", "/v1beta", closed.absoluteString,
    ]
    forbiddenFragments += [gemini.baseURL.absoluteString, tm.baseURL.absoluteString]
    forbiddenFragments += ["\(gemini.port)", "\(tm.port)", "\(closed.port ?? 0)"]

    let scripts: [FakeBehaviour] = [
      .invalidKey, .badRequest(reason: "OTHER"), .forbidden(reason: "API_KEY_SERVICE_BLOCKED"),
      .forbidden(reason: "\(geminiKey) http://leak/?apikey=\(tmKey)"),
      .quota(retryDelaySeconds: 26),
      .status(500), .raw(status: 200, body: "garbage \(tmKey)", contentType: "text/plain"),
      .dropConnection,
      .delay(seconds: 2),
    ]
    let geminiClient = GeminiClient(
      baseURL: gemini.baseURL, transport: URLSessionTransport(timeout: 0.3))
    let tmClient = TicketmasterClient(
      baseURL: tm.baseURL, transport: URLSessionTransport(timeout: 0.3))
    for script in scripts {
      await gemini.enqueue(script)
      await tm.enqueue(script)
      if let error = await captureError({ () async throws(ServiceError) in
        try await geminiClient.validate(apiKey: self.geminiKey)
      }) {
        errors.append(error)
      }
      if let error = await captureError({ () async throws(ServiceError) in
        try await tmClient.validate(apiKey: self.tmKey, city: "Berlin")
      }) {
        errors.append(error)
      }
    }
    // Refused connection and cancellation carry the failing URL inside URLError.
    let refusedTM = TicketmasterClient(baseURL: closed, transport: URLSessionTransport(timeout: 2))
    if let error = await captureError({ () async throws(ServiceError) in
      try await refusedTM.validate(apiKey: self.tmKey, city: "Berlin")
    }) {
      errors.append(error)
    }
    await tm.enqueue(.delay(seconds: 3))
    let slowClient = TicketmasterClient(
      baseURL: tm.baseURL, transport: URLSessionTransport(timeout: 5))
    let key = tmKey
    let task = Task { () async -> ServiceError? in
      do throws(ServiceError) {
        _ = try await slowClient.validate(apiKey: key, city: "Berlin")
        return nil
      } catch {
        return error
      }
    }
    try await Task.sleep(nanoseconds: 150_000_000)
    task.cancel()
    if let error = await task.value { errors.append(error) }

    await gemini.stop()
    await tm.stop()

    // Every category was reached, so the check below covers them all.
    let expected: [ServiceError] = [
      .invalidCredentials, .unexpectedStatus(400), .forbidden(reason: "API_KEY_SERVICE_BLOCKED"),
      .forbidden(reason: nil), .rateLimited(retryAfterSeconds: 26), .server(status: 500),
      .invalidResponse,
      .network(TransportFailure(.connectionLost, host: "127.0.0.1")),
      .network(TransportFailure(.connectionRefused, host: "127.0.0.1")),
      .network(TransportFailure(.timedOut, host: "127.0.0.1")), .cancelled,
    ]
    for category in expected {
      XCTAssertTrue(errors.contains(category), "missing \(category) in \(errors)")
    }
    for error in errors {
      let texts = [
        String(describing: error), String(reflecting: error), error.localizedDescription,
        (error as NSError).description, "\((error as NSError).userInfo)",
      ]
      for text in texts {
        for fragment in forbiddenFragments {
          XCTAssertFalse(text.contains(fragment), "\(text) contains \(fragment)")
        }
      }
    }
  }
}
