import Foundation
import Synchronization
import VibesApp
import VibesCore
import XCTest

final class KeyScriptTests: XCTestCase {
  func testParsesKeysTextPastesPausesAndPace() throws {
    let script = try KeyScript(
      parsing: """
        # a comment
        pace 0.5
        key right s ctrl-c alt-2 f1 enter esc
        sleep 2

        type Hi
        paste a b
        """)
    XCTAssertEqual(
      script.steps,
      [
        .input(.key(.right)), .pause(0.5), .input(.key(.character("s"))), .pause(0.5), .input(.key(.ctrl("c"))),
        .pause(0.5), .input(.key(.alt("2"))), .pause(0.5), .input(.key(.function(1))), .pause(0.5),
        .input(.key(.enter)), .pause(0.5), .input(.key(.escape)), .pause(0.5), .pause(2),
        .input(.key(.character("H"))), .pause(0.5), .input(.key(.character("i"))), .pause(0.5),
        .input(.paste("a b")), .pause(0.5),
      ])
  }

  func testRejectsUnknownCommandsKeysAndBadNumbersWithTheLine() {
    XCTAssertThrowsError(try KeyScript(parsing: "key right\njump 3")) {
      XCTAssertEqual(($0 as? KeyScript.ParseError)?.line, 2)
    }
    XCTAssertThrowsError(try KeyScript(parsing: "key teleport")) {
      XCTAssertEqual(($0 as? KeyScript.ParseError)?.reason, "unknown key \"teleport\"")
    }
    XCTAssertThrowsError(try KeyScript(parsing: "sleep -1"))
    XCTAssertThrowsError(try KeyScript(parsing: "sleep forever"))
  }

  func testTheSampleScriptInDocsParses() throws {
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Docs/demo-script.txt")
    let script = try KeyScript(parsing: try String(contentsOf: docs, encoding: .utf8))
    XCTAssertGreaterThan(script.steps.count, 10)
    XCTAssertEqual(
      script.steps.last(where: { if case .input = $0 { true } else { false } }), .input(.key(.character("q"))))
  }

  func testAtSpeedDividesEveryPauseAndKeepsTheEvents() throws {
    let script = try KeyScript(parsing: "pace 0.5\nkey a\nsleep 3\ntype bc")
    XCTAssertEqual(
      script.atSpeed(2).steps,
      [
        .input(.key(.character("a"))), .pause(0.25), .pause(1.5), .input(.key(.character("b"))), .pause(0.25),
        .input(.key(.character("c"))), .pause(0.25),
      ])
    XCTAssertEqual(script.atSpeed(1), script)
  }

  func testOnStartIsCalledOnceBeforeTheFirstStep() async throws {
    var script = try KeyScript(parsing: "pace 0\nkey a b")
    let starts = Atomic<Int>(0)
    script.onStart = { starts.add(1, ordering: .sequentiallyConsistent) }
    let box = Recorder()
    // Each event is recorded with how many starts had been called by then.
    await script.play { event in
      await box.add(.paste("\(starts.load(ordering: .sequentiallyConsistent))"))
      await box.add(event)
    }
    let events = await box.events
    XCTAssertEqual(events, [.paste("1"), .key(.character("a")), .paste("1"), .key(.character("b"))])
    XCTAssertEqual(script.atSpeed(2).steps.count, script.steps.count)
    XCTAssertNotNil(script.atSpeed(2).onStart, "a script at another speed starts the same way")
  }

  func testPlaySendsTheEventsInOrder() async throws {
    let script = try KeyScript(parsing: "pace 0\nkey a b\ntype c")
    let box = Recorder()
    await script.play { await box.add($0) }
    let events = await box.events
    XCTAssertEqual(events, [.key(.character("a")), .key(.character("b")), .key(.character("c"))])
  }
}

private actor Recorder {
  var events: [InputEvent] = []
  func add(_ event: InputEvent) { events.append(event) }
}
