import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// Issue 15, item 7, Tracker: terminal escapes in the tracking API's error bodies and in event names pasted by the
/// user reach the Tracker tab inert: the configuration form's failure lines and the demo's log lines (accepted,
/// refused and dropped). vibes maps error bodies to its own sentences, so for those the test checks the sentence and
/// that nothing of the body got through; pasted names keep their printable text (the input drops only controls),
/// so the log shows the marker and the raw bytes are checked for control strings.
final class EscapeInjectionTrackerEndToEndTests: EndToEndTestCase {
  static let key = "trkEscapeKey0123456789abcdef"
  static let brand = "brand-escape"

  var fake: FakeTrackerServer!

  override func setUp() async throws {
    try await super.setUp()
    fake = try await serve(FakeTrackerServer(validKeys: [Self.key], validBrands: [Self.brand]))
  }

  static func detailBody(_ extra: String = "") -> String {
    let object = ["detail": [["type": "value_error", "loc": ["body", "event"], "msg": extra + payloadText]]]
    return String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
  }

  static let payloadText = EscapePayloads.payloads.joined(separator: " ")

  func testErrorBodiesAndPastedEventNamesReachTheTrackerTabInert() async throws {
    await fake.enqueue(.raw(status: 422, body: Self.detailBody("brand ")))
    await fake.enqueue(.raw(status: 500, body: Self.payloadText, contentType: "text/html"))
    let recording = try EscapeInjectionRecording(test: self, environment: fake.environment)
    let tmux = recording.tmux
    tmux.waitFor("1 Feed")
    recording.noteTitle()
    tmux.send(TabID.tracker.key)
    tmux.waitFor("Tracking SDK · configuration")
    tmux.send("Tab")
    tmux.type(Self.key)
    tmux.send("Tab")
    tmux.type(Self.brand)
    tmux.send("C-s")
    tmux.waitFor("Invalid Brand ID. Please verify and try again.")
    tmux.send("C-s")
    tmux.waitFor("The tracking API had a problem (HTTP 500).")
    tmux.send("C-s")
    tmux.waitFor("SDK initialized (QC)")

    // One custom event per payload, its name pasted; the one before last is refused with a hostile body.
    let names = EscapePayloads.all("EN-")
    for (index, name) in names.enumerated() {
      if index == names.count - 2 { await fake.enqueue(.raw(status: 422, body: Self.detailBody())) }
      tmux.send("c")
      tmux.waitFor("Event name")
      try recording.paste(name)
      tmux.send("Enter", "Enter")  // to Properties, then send
      tmux.waitFor("Tracking SDK · demo")
      let screen = tmux.waitFor("EN-" + EscapePayloads.markers[index])
      recording.assertNoSpill(screen)
    }
    let screen = tmux.waitFor("EN-TAIL plain accepted (HTTP 202)")
    XCTAssertTrue(screen.contains("refused (HTTP 422) and dropped"), screen)
    recording.assertNoSpill(screen)
    let accepted = await fake.acceptedEvents()
    XCTAssertEqual(accepted.count, names.count - 1 + 1, "every event but the refused one, and sdk_initialized")
    recording.assertSeen(EscapePayloads.markers.map { "EN-" + $0 })
    try recording.finish()
  }
}
