import Foundation
import VibesApp
import VibesCore
import VibesTestSupport
import XCTest

@testable import VibesDemo

/// `vibes demo` runs on one fixed instant, and the fakes' dates are built from it, so two recordings of the same
/// script show the same text.
final class DemoClockTests: XCTestCase {
  /// The Tracker tab after the demo script's setup: it shows the SDK's initialisation time to the second.
  @MainActor
  func trackerScreen(clock: (@Sendable () -> Date)? = DemoClock.now) async throws -> String {
    let demo = try await HeadlessDemo(clock: clock)
    try await demo.play(
      """
      key alt-6
      key tab
      type demo-tracker-key
      key tab
      type demo-brand
      key ctrl-s
      """)
    let screen = demo.screen
    await demo.finish()
    // The fakes' ports are fixed only when free (another demo may hold them): the clock is what is compared.
    return screen.replacingOccurrences(of: #"127\.0\.0\.1:\d+"#, with: "127.0.0.1:PORT", options: .regularExpression)
  }

  @MainActor
  func testTheSameDemoScreenReadsTheSameAtDifferentRealTimes() async throws {
    let first = try await trackerScreen()
    try await Task.sleep(nanoseconds: 1_100_000_000)  // the real clock is now at least a second later
    let second = try await trackerScreen()
    XCTAssertTrue(first.contains("2030-03-01T10:00:00Z"), "the demo's instant is shown:\n\(first)")
    XCTAssertEqual(first, second)
  }

  @MainActor
  func testWithoutTheDemoClockTheScreenShowsTheRealTime() async throws {
    // The check above can fail: the same screen on the real clock shows today, not the demo's instant.
    let screen = try await trackerScreen(clock: nil)
    XCTAssertFalse(screen.contains("2030-03-01T10:00:00Z"), screen)
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    XCTAssertTrue(screen.contains(formatter.string(from: Date())), "today's date on the real clock:\n\(screen)")
  }

  func testTheFakesDateConcertsAndNewSinglesFromTheDemosToday() {
    let event = DemoServices.event(0, city: "Berlin")
    let start = (event["dates"] as? [String: Any])?["start"] as? [String: Any]
    XCTAssertEqual(start?["localDate"] as? String, "2030-03-14", "13 days after the demo's today")
    let singles = DemoCatalog.songs.filter { $0.daysAgo != nil }
    XCTAssertFalse(singles.isEmpty)
    for single in singles {
      let album = DemoSpotify.albumJSON(single)
      XCTAssertEqual(album["release_date"] as? String, DemoClock.day(-(single.daysAgo ?? 0)))
      XCTAssertEqual(album["release_date_precision"] as? String, "day")
      XCTAssertEqual(album["album_type"] as? String, "single")
    }
  }

  func testTheFakesTakeTheirUsualPortWhenFreeAndAnyOtherWhenNot() throws {
    let free = try DemoSession.bindLoopback(0)
    XCTAssertEqual(try DemoSession.loopbackPort(preferring: free), free)
    // Hold the port with a listening socket: another one is chosen.
    let held = try LoopbackSocket.listen(port: free, backlog: 1)
    defer { close(held.fd) }
    XCTAssertEqual(held.port, free)
    let other = try DemoSession.loopbackPort(preferring: free)
    XCTAssertNotEqual(other, free)
    XCTAssertNotEqual(other, 0)
  }

  func testTheClockIsFixedAndDaysCountFromIt() async throws {
    let before = DemoClock.now()
    try await Task.sleep(nanoseconds: 50_000_000)
    XCTAssertEqual(DemoClock.now(), before)
    XCTAssertEqual(DemoClock.day(0), "2030-03-01")
    XCTAssertEqual(DemoClock.day(13), "2030-03-14")
    XCTAssertEqual(DemoClock.day(-4), "2030-02-25")
    XCTAssertEqual(DemoClock.day(31), "2030-04-01")
  }
}
