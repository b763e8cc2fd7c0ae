import Foundation
import VibesServices
import VibesTestSupport
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Issue 21, item 2: a 3xx from an API made the HTTP stack re-send the Spotify bearer token, the Gemini key, the
/// Tracker key and the App Store Connect JWT to whatever host `Location` named. Every client is sent every redirect
/// status to a second loopback server (another port, and another loopback address); that server must never see a
/// single request, so no header, query item or body, credential or not, leaves the origin.
final class RedirectMatrixTests: XCTestCase {
  static let statuses = [301, 302, 303, 307, 308]

  /// Every client call of the fault matrix, plus the Spotify code exchange (a POST whose body holds the verifier).
  static var calls: [(String, NetworkFaultMatrixTests.Call)] {
    NetworkFaultMatrixTests.calls + NetworkFaultMatrixTests.remainingCalls + [
      (
        "Spotify code exchange",
        { @Sendable url, transport in
          await NetworkFaultMatrixTests.capture {
            _ = try await SpotifyAccountsClient(baseURL: url, clientID: "client", transport: transport).exchange(
              code: "the-code", redirectURI: "http://127.0.0.1:8888/callback", verifier: "the-verifier")
          }
        }
      )
    ]
  }

  func testNoClientFollowsARedirectToAnotherPortOrHost() async throws {
    let otherPort = try RedirectServer(address: "127.0.0.1") { _ in RedirectServer.Answer(status: 200) }
    defer { otherPort.stop() }
    var targets = [otherPort]
    if let otherHost = try? RedirectServer(address: "127.0.0.2", answer: { _ in RedirectServer.Answer(status: 200) }) {
      targets.append(otherHost)
    } else {
      print("127.0.0.2 cannot be bound here: the other-host column uses another port only")
    }
    defer { for target in targets { target.stop() } }
    var checked = 0
    for (name, call) in Self.calls {
      for status in Self.statuses {
        for target in targets {
          let location = target.baseURL.absoluteString + "/caught"
          let origin = try RedirectServer { _ in .redirect(status, to: location) }
          defer { origin.stop() }
          let error = await call(origin.baseURL, URLSessionTransport(timeout: 5))
          let message = error.map(NetworkFaultMatrixTests.describe) ?? "accepted"
          XCTAssertNotNil(error, "\(name) \(status) → \(target.address): a refused redirect is a failure")
          XCTAssertTrue(message.contains("another address"), "\(name) \(status): \(message)")
          XCTAssertFalse(origin.requests.isEmpty, "\(name) \(status): the origin was never asked")
          checked += 1
        }
      }
    }
    for target in targets {
      XCTAssertEqual(
        target.requests.map(\.raw), [], "a request (with its credentials) reached \(target.address):\(target.port)")
    }
    XCTAssertEqual(checked, Self.calls.count * Self.statuses.count * targets.count)
  }

  func testTheTransportReportsARefusedRedirectAsItsOwnProblemNamingTheOrigin() async throws {
    let other = try RedirectServer { _ in RedirectServer.Answer(status: 200) }
    defer { other.stop() }
    let origin = try RedirectServer { _ in .redirect(307, to: other.baseURL.absoluteString + "/x") }
    defer { origin.stop() }
    var request = URLRequest(url: origin.baseURL.appendingPathComponent("v1/me"))
    request.setValue("Bearer spotify-token", forHTTPHeaderField: "Authorization")
    do {
      _ = try await URLSessionTransport(timeout: 5).send(request)
      XCTFail("followed a redirect to another port")
    } catch {
      XCTAssertEqual(error, .network(TransportFailure(.redirectRefused, host: "127.0.0.1")))
    }
    XCTAssertEqual(other.requests.count, 0)
    XCTAssertEqual(origin.requests.count, 1)
  }

  func testARedirectWithinTheOriginIsFollowedForEveryStatus() async throws {
    for status in Self.statuses {
      let box = RedirectServerBox()
      let origin = try RedirectServer { path in
        path.hasPrefix("/moved") ? RedirectServer.Answer(status: 200, body: "{\"ok\": true}") : box.redirect(status)
      }
      defer { origin.stop() }
      box.location = origin.baseURL.absoluteString + "/moved"
      var request = URLRequest(url: origin.baseURL.appendingPathComponent("v1/me"))
      request.setValue("Bearer spotify-token", forHTTPHeaderField: "Authorization")
      let (data, response) = try await URLSessionTransport(timeout: 5).send(request)
      XCTAssertEqual(response.statusCode, 200, "\(status)")
      XCTAssertEqual(String(decoding: data, as: UTF8.self), "{\"ok\": true}", "\(status)")
      XCTAssertEqual(origin.requests.map(\.path), ["/v1/me", "/moved"], "\(status)")
    }
  }

  func testThePolicyKeepsSchemeHostAndPort() throws {
    func allows(_ from: String, _ to: String) throws -> Bool {
      RedirectPolicy.allows(from: try XCTUnwrap(URL(string: from)), to: try XCTUnwrap(URL(string: to)))
    }
    XCTAssertTrue(try allows("https://api.spotify.com/v1/me", "https://api.spotify.com/v1/other"))
    XCTAssertTrue(try allows("https://api.spotify.com/v1/me", "https://API.Spotify.com:443/v1/other"))
    XCTAssertTrue(try allows("http://127.0.0.1:8080/a", "http://127.0.0.1:8080/b"))
    XCTAssertFalse(try allows("https://api.spotify.com/v1/me", "http://api.spotify.com/v1/me"), "https → http")
    XCTAssertFalse(try allows("https://api.spotify.com/v1/me", "https://api.spotify.com:8443/v1/me"), "port")
    XCTAssertFalse(try allows("https://api.spotify.com/v1/me", "https://evil.example/v1/me"), "host")
    XCTAssertFalse(try allows("https://api.spotify.com/v1/me", "https://api.spotify.com.evil.example/"), "suffix")
    XCTAssertFalse(try allows("http://127.0.0.1:8080/a", "http://127.0.0.1:8081/a"), "port")
    XCTAssertFalse(try allows("http://127.0.0.1/a", "https://127.0.0.1/a"), "http → https is another origin")
    XCTAssertFalse(try allows("https://api.spotify.com/", "file:///etc/passwd"), "scheme")
  }
}

/// The same-origin redirect's target, known only once the server has its port.
private final class RedirectServerBox: @unchecked Sendable {
  private let lock = NSLock()
  private var target = ""
  var location: String {
    get { lock.withLock { target } }
    set { lock.withLock { target = newValue } }
  }
  func redirect(_ status: Int) -> RedirectServer.Answer { .redirect(status, to: location) }
}
