import Foundation
import VibesServices
import VibesTestSupport
import XCTest

/// Issue 21, item 1, for the sign-in clients that came after it: numbers from Google and Firebase are clamped where
/// they are read. A device-flow `interval` of Int64.max made the poll wait overflow (a trap); a negative token
/// lifetime would make every call refresh.
final class FirebaseHostileNumbersTests: XCTestCase {
  private func server(_ body: String) throws -> RedirectServer {
    try RedirectServer { _ in
      RedirectServer.Answer(status: 200, headers: "Content-Type: application/json\r\n", body: body)
    }
  }

  func testADeviceCodeWithAbsurdNumbersIsPolledWithinBounds() async throws {
    let device = try server(
      """
      {"device_code":"d","user_code":"ABCD-EFGH","verification_url":"https://www.google.com/device",
       "expires_in":"9223372036854775807","interval":9223372036854775807}
      """)
    defer { device.stop() }
    let google = GoogleOAuthClient(oauth2URL: device.baseURL)
    let code = try await google.deviceCode(clientID: "c")
    XCTAssertEqual(code.interval, 60)
    XCTAssertEqual(code.expiresIn, 3600)
    let negative = try server(
      #"{"device_code":"d","user_code":"U","verification_url":"https://x","expires_in":-5,"interval":-9223372036854775808}"#
    )
    defer { negative.stop() }
    let low = try await GoogleOAuthClient(oauth2URL: negative.baseURL).deviceCode(clientID: "c")
    XCTAssertEqual(low.interval, 1)
    XCTAssertEqual(low.expiresIn, 1)
  }

  func testTokenLifetimesAreClampedToAnHour() async throws {
    let refresh = try server(#"{"id_token":"i","user_id":"u","refresh_token":"r","expires_in":"-9223372036854775808"}"#)
    defer { refresh.stop() }
    let auth = FirebaseAuthClient(apiKey: "k", authURL: refresh.baseURL, tokenURL: refresh.baseURL)
    let refreshed = try await auth.refresh(refreshToken: "r")
    XCTAssertEqual(refreshed.expiresIn, 60)
    let signIn = try server(#"{"localId":"u","idToken":"i","refreshToken":"r","expiresIn":"9223372036854775807"}"#)
    defer { signIn.stop() }
    let grant = try await FirebaseAuthClient(apiKey: "k", authURL: signIn.baseURL, tokenURL: signIn.baseURL)
      .signInWithGoogle(idToken: "g")
    XCTAssertEqual(grant.expiresIn, 3600)
  }
}
