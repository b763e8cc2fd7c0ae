import Foundation
import VibesCore
import VibesTestSupport
import XCTest

@testable import VibesApp

/// A desktop notification's OSC through the presenter: the effect never writes to the terminal itself; the bytes
/// reach the presenter once, after a frame.
extension AppRuntimeTests {
  func testANotificationsBytesGoOutOnceAfterAFrame() async throws {
    // WezTerm shows OSC 9; no notify-send on this PATH.
    try await start(environment: ["TERM_PROGRAM": "WezTerm", "PATH": home.path])
    let framesBefore = presenter.frames.count
    XCTAssertEqual(presenter.sentAfterFrames, [], "nothing besides frames at start")
    let notification = SongNotification(title: "@ada sent you a song", body: "Take On Me · a-ha")

    runtime.perform(FeedTab.run(.notify(notification)))
    await settle()

    let expected = DesktopNotifier.oscBytes(notification, method: .osc9, tmux: false)
    XCTAssertFalse(expected.isEmpty)
    XCTAssertEqual(
      presenter.sentAfterFrames, [TestPresenter.SentBytes(afterFrame: framesBefore + 1, bytes: expected)],
      "once, after the frame presented with it")
    // Later frames carry nothing more.
    await press(.down)
    XCTAssertGreaterThan(presenter.frames.count, framesBefore + 1)
    XCTAssertEqual(presenter.sentAfterFrames.count, 1)
  }
}
