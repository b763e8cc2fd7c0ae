import Foundation
import VibesCore
import VibesServices
import VibesTestSupport
import XCTest

/// Issue 15, item 7: terminal escapes in what a service returns reach the screen inert. The raw bytes vibes
/// writes to the terminal (tmux pipe-pane) hold no OSC, DCS or 8-bit C1 from the data, and the title is unchanged.
final class EscapeInjectionEndToEndTests: XCTestCase {
  static let issuer = "57246542-96fe-1a63-e053-0824d011072a"
  static let keyID = "2X9R4HXF34"

  /// One payload per trick; each name also carries a plain marker so the test can see the row was drawn.
  static let payloads = [
    "OSC0 \u{1b}]0;PWNED-TITLE\u{07}x", "OSC8 \u{1b}]8;;https://evil.example\u{1b}\\link\u{1b}]8;;\u{1b}\\",
    "OSC52 \u{1b}]52;c;cHduZWQ=\u{07}", "CSI2J \u{1b}[2J\u{1b}[H", "DCS \u{1b}Pq#0;2;0;0;0\u{1b}\\",
    "C1 \u{9b}31m\u{9d}0;PWNED\u{9c}", "BIDI \u{202e}txet\u{202c}", "CTRL A\u{0}B\rC\u{8}D",
    "LONG " + String(repeating: "W", count: 10_000),
  ]

  let key = TestAppStoreConnectKey()
  var harness: VibesHarness!
  var fake: FakeAppStoreConnectServer!
  var session: Tmux?

  override func setUp() async throws {
    try requireTmux()
    harness = try VibesHarness()
    let apps = Self.payloads.enumerated().map { index, name in
      AppStoreConnectAppResource(
        id: "\(7_000 + index)", name: name, bundleID: "com.example.e\(index)", sku: "E\(index)")
    }
    fake = try await FakeAppStoreConnectServer(
      keys: [Self.keyID: .init(issuerID: Self.issuer, publicKey: key.publicKey)], apps: apps, pageSize: 50)
  }

  override func tearDown() async throws {
    session?.kill()
    await fake?.stop()
    harness?.cleanUp()
  }

  /// Bytes that start a control string or an 8-bit control in what the terminal received.
  static func injected(_ raw: Data) -> [String] {
    let bytes = [UInt8](raw)
    var found: [String] = []
    for index in bytes.indices.dropLast() {
      let pair = (bytes[index], bytes[index + 1])
      if pair == (0x1b, 0x5d) {
        // vibes' own links are OSC 8 hyperlinks to the services' pages; anything else is from the data.
        let rest = String(decoding: bytes[(index + 2)..<min(bytes.count, index + 200)], as: UTF8.self)
        let own = ["8;;https://appstoreconnect.apple.com", "8;;https://developer", "8;;\u{1b}\\"]
        if !own.contains(where: { rest.hasPrefix($0) }) || rest.hasPrefix("8;;https://evil") {
          found.append("OSC at \(index)")
        }
      }
      if pair == (0x1b, 0x50) { found.append("DCS at \(index)") }
      if pair == (0xc2, 0x9b) || pair == (0xc2, 0x9d) || pair == (0xc2, 0x90) { found.append("C1 at \(index)") }
      if pair == (0xe2, 0x80), index + 2 < bytes.count, (0xaa...0xae).contains(bytes[index + 2]) {
        found.append("bidi override at \(index)")
      }
    }
    return found
  }

  func testAppStoreConnectAppNamesReachTheScreenInert() async throws {
    let tmux = try harness.start(fake.environment, width: 100, height: 40)
    session = tmux
    let raw = harness.home.appendingPathComponent("pane.raw")
    _ = try tmux.run(["pipe-pane", "-t", tmux.target, "-o", "cat >> " + Tmux.quote(raw.path)])
    tmux.waitFor("Setup · 0/3")
    let title = tmux.format("#{pane_title}")
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
    let screen = tmux.waitFor("OSC52")
    XCTAssertTrue(screen.contains("CSI2J"), screen)
    XCTAssertFalse(screen.contains("Connect App Store Connect"), "the dashboard is not wiped:\n\(screen)")
    XCTAssertEqual(tmux.format("#{pane_title}"), title, "a name set the terminal title")
    tmux.send("q")
    tmux.waitForExit()
    _ = try tmux.run(["pipe-pane", "-t", tmux.target])
    let bytes = try Data(contentsOf: raw)
    XCTAssertGreaterThan(bytes.count, 1000, "the raw output was captured")
    XCTAssertEqual(
      Self.injected(Data(Self.payloads.joined().utf8)).count, 8,
      "the scan sees every payload written raw (OSC 0, 8, 52, DCS, two C1, two bidi)")
    let found = Self.injected(bytes)
    XCTAssertEqual(found, [], "control strings from the data reached the terminal")
    if let first = found.first, let offset = Int(first.split(separator: " ").last ?? "") {
      print(
        "around the first:",
        String(decoding: bytes[max(0, offset - 40)..<min(bytes.count, offset + 80)], as: UTF8.self).debugDescription)
    }
  }
}
