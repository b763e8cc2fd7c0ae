import Foundation
import VibesCore
import VibesServices
import VibesTestSupport
import XCTest

@testable import VibesApp

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Issue 19: one network-error kind. What a client throws below HTTP is the very value every feature failure
/// embeds and the screen words: no mirror type and no mapping between them.
final class OneTransportFailureTests: XCTestCase {
  func testEveryClientFailureReachesTheFeaturesAsTheSameValue() {
    for kind in TransportFailure.Kind.allCases {
      let failure = TransportFailure(kind, host: "api.example.com")
      XCTAssertEqual(ValidationFailure(ServiceError.network(failure)), .transport(failure))
      XCTAssertEqual(TrackerFailure(TrackerClientError.network(failure)), .transport(failure))
      XCTAssertEqual(SpotifyFailure(SpotifyAuthError.service(.network(failure))), .transport(failure))
    }
  }

  /// A real refused loopback port: the client's failure is worded by the core's one message, host and all.
  func testARefusedConnectionIsWordedFromTheClientsOwnValue() async throws {
    let fake = try await FakeGeminiServer(validKeys: [])
    let closed = fake.baseURL
    await fake.stop()
    do {
      _ = try await URLSessionTransport(timeout: 3).send(URLRequest(url: closed.appendingPathComponent("v1")))
      XCTFail("a closed port answered")
    } catch {
      guard case .network(let failure) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(failure, TransportFailure(.connectionRefused, host: "127.0.0.1"))
      let text = Localizer(.en).transportFailure(failure, service: "Gemini")
      XCTAssertEqual(text, "127.0.0.1 refused the connection: nothing answers at that address and port.")
    }
  }

  /// Only a host name ever travels, whichever side builds the value (the core's old mirror kept any text).
  func testOnlyAPlainHostNameIsKept() {
    XCTAssertEqual(TransportFailure(.timedOut, host: "api.spotify.com").host, "api.spotify.com")
    XCTAssertNil(TransportFailure(.timedOut, host: "https://api.spotify.com/v1?key=SECRET").host)
    XCTAssertNil(TransportFailure(.timedOut, host: "evil\u{1b}[2J").host)
    XCTAssertEqual(AppStoreConnectFailure.transport(.cancelled), .transport(TransportFailure(.other)))
  }

  /// `vibes auth login appstoreconnect` words the client's transport failure as a sentence, not a type dump.
  func testTheLoginCommandWordsAnAppStoreConnectTransportFailure() {
    let failure = TransportFailure(.timedOut, host: "api.appstoreconnect.apple.com")
    XCTAssertEqual(
      ServiceLogin.ascText(.transport(failure)), "The service did not answer in time (api.appstoreconnect.apple.com).")
    XCTAssertEqual(ServiceLogin.ascText(.notAuthorized), "not authorized (check the Issuer ID, Key ID and key)")
  }
}
