import Foundation
import VibesApp
import VibesCore
import XCTest

/// The new-song notification: which way it goes, the bytes a terminal gets (inside tmux too), and what the
/// notify-send child sees (no secrets, only the title and text).
final class DesktopNotifierTests: XCTestCase {
  let note = SongNotification(title: "vibes", body: "New song from @ana\u{1B}]52;c;cHduZWQ=\u{07};x")

  func testNotifySendNeedsTheProgramAndASessionBusElseTheTerminalsOwnSequence() {
    let withBus = ["PATH": "/opt/bin:/usr/bin", "DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1/bus"]
    let found = DesktopNotifier(environment: withBus, isExecutable: { $0 == "/usr/bin/notify-send" })
    XCTAssertEqual(found.method, .notifySend(path: "/usr/bin/notify-send"))
    let noBus = DesktopNotifier(
      environment: ["PATH": "/usr/bin", "TERM_PROGRAM": "WezTerm"], isExecutable: { _ in true },
      fileExists: { _ in false })
    XCTAssertEqual(noBus.method, .osc9)
    let runtimeBus = DesktopNotifier(
      environment: ["PATH": "/usr/bin", "XDG_RUNTIME_DIR": "/run/user/1"], isExecutable: { _ in true },
      fileExists: { $0 == "/run/user/1/bus" })
    XCTAssertEqual(runtimeBus.method, .notifySend(path: "/usr/bin/notify-send"))
    XCTAssertEqual(DesktopNotifier.terminalMethod(["TERM": "rxvt-unicode-256color"]), .osc777)
    XCTAssertEqual(DesktopNotifier.terminalMethod(["TERM": "xterm-kitty"]), .osc9)
    XCTAssertEqual(DesktopNotifier.terminalMethod(["TERM": "xterm-256color"]), .none, "unknown: no stray bytes")
  }

  func testTheTerminalGetsOneCleanSequenceWrappedForTmux() {
    let plain = String(decoding: DesktopNotifier.oscBytes(note, method: .osc777, tmux: false), as: UTF8.self)
    XCTAssertTrue(plain.hasPrefix("\u{1B}]777;notify;vibes;New song from @ana"), plain)
    XCTAssertTrue(plain.hasSuffix("x\u{07}"), plain)
    XCTAssertEqual(plain.filter { $0 == ";" }.count, 3, "the body adds no field: \(plain)")
    XCTAssertEqual(plain.filter { $0 == "\u{1B}" }.count, 1)
    let nine = String(decoding: DesktopNotifier.oscBytes(note, method: .osc9, tmux: false), as: UTF8.self)
    XCTAssertEqual(nine.filter { $0 == "\u{1B}" }.count, 1, "the body cannot start a sequence of its own")
    XCTAssertEqual(nine.filter { $0 == "\u{07}" }.count, 1)
    let tmux = String(decoding: DesktopNotifier.oscBytes(note, method: .osc9, tmux: true), as: UTF8.self)
    XCTAssertTrue(tmux.hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}]9;"), tmux)
    XCTAssertTrue(tmux.hasSuffix("\u{07}\u{1B}\\"), tmux)
  }

  func testTheNotifySendChildGetsNoSecretsAndOnlyTheText() {
    let environment = [
      "PATH": "/usr/bin", "HOME": "/home/a", "DBUS_SESSION_BUS_ADDRESS": "unix:x", "VIBES_FIREBASE_API_KEY": "k",
      "SPOTIFY_CLIENT_SECRET": "s", "GITHUB_TOKEN": "t",
    ]
    XCTAssertEqual(
      DesktopNotifier.childEnvironment(from: environment),
      ["PATH": "/usr/bin", "HOME": "/home/a", "DBUS_SESSION_BUS_ADDRESS": "unix:x"])
    let arguments = DesktopNotifier.notifySendArguments(note)
    XCTAssertEqual(arguments.count, 4)
    XCTAssertEqual(Array(arguments.prefix(3)), ["--app-name=vibes", "--", "vibes"])
    XCTAssertFalse(arguments[3].contains("\u{1B}"))
  }

  func testWithNothingAvailableNothingIsWritten() {
    let written = Written()
    let notifier = DesktopNotifier(
      environment: ["PATH": "/usr/bin", "TERM": "dumb"], writeTerminal: { written.add($0) },
      isExecutable: { _ in false })
    XCTAssertEqual(notifier.notify(note), .none)
    XCTAssertEqual(written.count, 0)
    let kitty = DesktopNotifier(
      environment: ["PATH": "/usr/bin", "TERM": "xterm-kitty"], writeTerminal: { written.add($0) },
      isExecutable: { _ in false })
    XCTAssertEqual(kitty.notify(note), .osc9)
    XCTAssertEqual(written.count, 1, "one notification, one write")
  }
}

private final class Written: @unchecked Sendable {
  // @unchecked: `writes` is only touched under `lock`.
  private let lock = NSLock()
  private var writes: [[UInt8]] = []
  func add(_ bytes: [UInt8]) { lock.withLock { writes.append(bytes) } }
  var count: Int { lock.withLock { writes.count } }
}
