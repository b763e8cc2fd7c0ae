import Foundation
import VibesCore
import VibesServices
import VibesTestSupport
import XCTest

/// Issue 15, item 7, App Store Connect: terminal escapes in app names reach the screen inert. The raw bytes vibes
/// writes to the terminal (tmux pipe-pane) hold no OSC, DCS or 8-bit C1 from the data, and the title is unchanged.
final class EscapeInjectionAppStoreConnectEndToEndTests: EndToEndTestCase {
  static let issuer = "57246542-96fe-1a63-e053-0824d011072a"
  static let keyID = "2X9R4HXF34"
  static let names = EscapePayloads.all("APP-")

  let key = TestAppStoreConnectKey()
  var fake: FakeAppStoreConnectServer!

  override func setUp() async throws {
    try await super.setUp()
    let apps = Self.names.enumerated().map { index, name in
      AppStoreConnectApp(
        id: "\(7_000 + index)", name: name, bundleID: "com.example.e\(index)", sku: "E\(index)")
    }
    fake = try await serve(
      FakeAppStoreConnectServer(
        keys: [Self.keyID: .init(issuerID: Self.issuer, publicKey: key.publicKey)], apps: apps, pageSize: 50))
  }

  func testTheScannerSeesEveryPayloadWrittenRaw() {
    // OSC 0, 8 and 52, DCS, three C1 (CSI, OSC, ST), two bidi (override and pop).
    XCTAssertEqual(EscapePayloads.injected(Data(EscapePayloads.payloads.joined().utf8)).count, 9)
  }

  func testAppStoreConnectAppNamesReachTheScreenInert() async throws {
    let recording = try EscapeInjectionRecording(test: self, environment: fake.environment)
    let tmux = recording.tmux
    tmux.waitFor("Setup · 0/3")
    recording.noteTitle()
    tmux.send(TabID.appStoreConnect.key)
    tmux.waitFor("Connect App Store Connect")
    tmux.send("Tab")
    tmux.type(Self.issuer)
    tmux.send("Tab")
    tmux.type(Self.keyID)
    tmux.send("Tab")
    tmux.paste(key.appleShapedPEM.split(separator: "\n").map { " \($0) " }.joined(separator: "\r\n"))
    tmux.waitFor("Private key loaded")
    tmux.send("C-s")
    let screen = tmux.waitFor("APP-TAIL")
    XCTAssertFalse(screen.contains("Connect App Store Connect"), "the dashboard is not wiped:\n\(screen)")
    recording.assertSeen(EscapePayloads.markers.map { "APP-" + $0 })
    recording.assertLongRowClipped("APP-LONG", next: "APP-TAIL", in: screen)
    try recording.finish(quit: ["q"])
  }
}
