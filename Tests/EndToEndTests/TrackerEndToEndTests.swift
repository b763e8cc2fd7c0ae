import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// The Tracker tab driven through the real binary in tmux against the loopback tracking API.
final class TrackerEndToEndTests: EndToEndTestCase {
  static let goodKey = "trkE2eGoodKey0123456789abcdef"
  static let badKey = "trkE2eWrongKey987654321zyx"
  static let brand = "brand-e2e"

  var fake: FakeTrackerServer!

  override func setUp() async throws {
    try await super.setUp()
    fake = try await serve(FakeTrackerServer(validKeys: [Self.goodKey], validBrands: [Self.brand]))
  }

  func launch() throws -> Tmux {
    try startVibes(fake.environment)
  }

  /// The path: wrong key (error, fields kept), fix, initialize, custom event reaches the API,
  /// an offline event is queued and delivered when the API answers, restart lands on the demo,
  /// reconfigure to Production, reset. No key in any file but the vault, nor on any screen.
  func testConfigureInitializeSendRestartReconfigureAndReset() async throws {
    let tmux = try launch()
    tmux.waitFor("1 Feed")
    tmux.send(TabID.tracker.key)
    var screen = tmux.waitFor("Tracking SDK · configuration")
    XCTAssertTrue(screen.contains("◉ QC (selected)"), screen)
    XCTAssertTrue(
      screen.contains("needs API Key and Brand ID"),
      "Initialize is disabled while blank:\n\(screen)")

    tmux.send("Tab")  // arriving on a tab never focuses a field: Tab enters the form
    tmux.type(Self.badKey)
    tmux.send("Tab")
    tmux.type(Self.brand)
    tmux.send("C-s")
    screen = tmux.waitFor("Invalid API Key. Please check your credentials.")
    XCTAssertTrue(
      screen.contains(String(repeating: "•", count: Self.badKey.count)),
      "the key field keeps its text")
    XCTAssertTrue(screen.contains(Self.brand), "the brand field keeps its text")
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: harness.vaultFile.path), "a failed check saves nothing"
    )

    tmux.send("C-u")
    tmux.type(Self.goodKey)
    tmux.send("C-s")
    tmux.waitFor("Tracking SDK · demo")
    screen = tmux.waitFor("SDK initialized (QC)")
    XCTAssertTrue(screen.contains(fake.qcURL.absoluteString), screen)

    tmux.send("c")
    tmux.waitFor("Event name")
    tmux.type("signup")
    tmux.send("Tab")
    tmux.type("plan=pro, seats=3")
    tmux.send("Enter")
    tmux.waitFor("signup accepted (HTTP 202)")
    var requests = await fake.recordedRequests()
    let signup = try XCTUnwrap(requests.last)
    XCTAssertEqual(signup.event, "signup")
    XCTAssertEqual(signup.path, "/qc/api/events")
    XCTAssertEqual(signup.apiKey, Self.goodKey)
    XCTAssertEqual(signup.brandID, Self.brand)
    XCTAssertEqual(signup.properties, ["plan": "pro", "seats": "3"])
    XCTAssertEqual(
      requests.filter { $0.event == "sdk_initialized" }.map(\.apiKey), [Self.badKey, Self.goodKey])

    // Offline: the event waits in the queue and goes out on its own once the API answers.
    await fake.setOffline(true)
    tmux.send("c")
    tmux.waitFor("Event name")
    tmux.type("while_offline")
    tmux.send("Enter", "Enter")
    tmux.waitFor("while_offline queued")
    await fake.setOffline(false)
    tmux.waitFor("while_offline accepted (HTTP 202)", timeout: 15)
    let delivered = await fake.acceptedEvents()
    XCTAssertEqual(delivered.filter { $0 == "while_offline" }.count, 1)

    tmux.send("q")
    tmux.waitForExit()

    let restarted = try launch()
    restarted.waitFor("1 Feed")
    restarted.send(TabID.tracker.key)
    restarted.waitFor("Tracking SDK · demo")
    screen = restarted.waitFor("SDK initialized (QC)")
    XCTAssertFalse(screen.contains("Tracking SDK · configuration"))

    restarted.send("s")
    restarted.waitFor("Tracking SDK · settings")
    restarted.send("Tab", "Tab", "Tab", "Right")
    screen = restarted.waitFor("◉ Production (selected)")
    restarted.send("C-s")
    screen = restarted.waitFor("SDK initialized (Production)")
    XCTAssertTrue(screen.contains(fake.productionURL.absoluteString), screen)
    requests = await fake.recordedRequests()
    XCTAssertEqual(requests.last?.path, "/production/api/events")
    XCTAssertEqual(requests.last?.event, "sdk_initialized")

    restarted.send("r")
    restarted.waitFor("Reset? y / n")
    restarted.send("y")
    restarted.waitFor("Tracking SDK · configuration")
    restarted.send("C-c")
    restarted.waitForExit()

    let third = try launch()
    third.waitFor("1 Feed")
    third.send(TabID.tracker.key)
    screen = third.waitFor("Tracking SDK · configuration")
    XCTAssertFalse(screen.contains("•"), "after a reset nothing is pre-filled:\n\(screen)")
    third.send("C-c")
    third.waitForExit()

    if let dump = ProcessInfo.processInfo.environment["TRACKER_E2E_DUMP"] {
      try? (tmux.captures + restarted.captures + third.captures).joined(separator: "\n=====\n")
        .write(
          toFile: dump, atomically: true, encoding: .utf8)
    }
    let secrets = [Self.goodKey, Self.badKey]
    XCTAssertEqual(harness.filesContaining(secrets, excluding: [harness.vaultFile]), [:])
    let allScreens = (tmux.captures + restarted.captures + third.captures).joined(separator: "\n")
    for secret in secrets {
      XCTAssertFalse(allScreens.contains(secret), "a key reached the screen")
      XCTAssertFalse(
        allScreens.contains(String(secret.dropFirst(3).prefix(10))),
        "part of a key reached the screen")
    }
  }

  /// A wrong brand and an unreachable API each say what to fix, keep the fields, and save nothing.
  func testWrongBrandAndUnreachableAPISayWhatToFix() async throws {
    let tmux = try launch()
    tmux.waitFor("1 Feed")
    tmux.send(TabID.tracker.key)
    tmux.waitFor("Tracking SDK · configuration")
    tmux.send("Tab")  // arriving on a tab never focuses a field: Tab enters the form
    tmux.type(Self.goodKey)
    tmux.send("Tab")
    tmux.type("brand-unknown")
    tmux.send("Enter", "Enter", "Enter", "Enter")
    var screen = tmux.waitFor("Invalid Brand ID. Please verify and try again.")
    XCTAssertTrue(screen.contains("brand-unknown"), screen)

    await fake.setOffline(true)
    tmux.send("C-u")
    tmux.type(Self.brand)
    tmux.send("C-s")
    screen = tmux.waitFor("Failed to connect to API. Check your API URL and network connection.")
    XCTAssertTrue(screen.contains(Self.brand), screen)
    XCTAssertFalse(FileManager.default.fileExists(atPath: harness.vaultFile.path), "nothing saved")
    tmux.send("C-c")
    tmux.waitForExit()
    XCTAssertFalse(tmux.captures.joined().contains(Self.goodKey))
  }
}
