import Foundation
import VibesCore
import VibesStorage
import VibesTestSupport
import XCTest

/// How the binary behaves as a terminal program: start-up checks, resize, signals, help, language.
final class TerminalBehaviourEndToEndTests: EndToEndTestCase {
  override class var needsTmux: Bool { false }

  func launch(_ extra: [String: String] = [:], arguments: [String] = [], width: Int = 80, height: Int = 24) throws
    -> Tmux
  {
    try requireTmux()
    return try startVibes(extra, arguments: arguments, width: width, height: height)
  }

  /// Runs the binary without a terminal, capturing stdout and stderr.
  func runDirect(_ arguments: [String], environment: [String: String]) throws -> (Int32, String, String) {
    let process = Process()
    process.executableURL = VibesHarness.binary
    process.arguments = arguments
    process.environment = environment
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self)
    )
  }

  func testWithoutATerminalItSaysSoInOneLineWithoutEscapes() throws {
    let (status, out, err) = try runDirect([], environment: harness.environment())
    XCTAssertNotEqual(status, 0)
    XCTAssertEqual(out, "")
    XCTAssertEqual(err.split(separator: "\n").count, 1, err)
    XCTAssertTrue(err.contains("needs an interactive terminal"), err)
    XCTAssertFalse(err.contains("\u{1B}"))
    XCTAssertFalse(FileManager.default.fileExists(atPath: harness.databaseFile.path), "nothing created")
  }

  func testVersionAndHelp() throws {
    let (status, out, _) = try runDirect(["--version"], environment: harness.environment())
    XCTAssertEqual(status, 0)
    XCTAssertEqual(out, "0.1.0\n")
    let help = try runDirect(["--help"], environment: harness.environment())
    XCTAssertEqual(help.0, 0)
    XCTAssertEqual(
      help.1,
      """
      OVERVIEW: Set up the services vibes uses (Spotify, Gemini, Ticketmaster, App
      Store Connect, a tracking SDK), from the keyboard.

      Run without a subcommand to open the full-screen app. Secrets go to the Secret
      Service when one runs, otherwise to an encrypted vault file (force one with
      VIBES_SECRET_STORE=secret-service|vault). Data follows the XDG base directories.

      USAGE: vibes <subcommand>

      OPTIONS:
        --version               Show the version.
        -h, --help              Show help information.

      SUBCOMMANDS:
        run (default)           Open the full-screen app (the default).
        status                  Print which setup steps are complete and where
                                secrets are kept (short for `vibes auth status`).
        auth                    Sign in to, check and sign out of the services vibes
                                uses.
        widget                  Print a one-line App Store Connect summary (for a
                                tmux status bar or a shell prompt).
        reset-vault             Delete the encrypted vault and its key file (every
                                secret in it is lost).
        demo                    Open vibes against built-in fake services, for a tour
                                or a recording without any account.

        See 'vibes help <subcommand>' for detailed help.

      """)
    let bad = try runDirect(["--bogus"], environment: harness.environment())
    XCTAssertNotEqual(bad.0, 0)
    XCTAssertTrue(bad.2.contains("Unknown option '--bogus'"), bad.2)
  }

  func testStatusCommandReportsStepsForScripts() throws {
    let (status, out, _) = try runDirect(["status"], environment: harness.environment())
    XCTAssertEqual(status, 1, "incomplete setup exits 1")
    XCTAssertTrue(out.contains("✗ Gemini API Key: not configured"), out)
    XCTAssertTrue(out.contains("Setup · 0/3 complete"), out)
    XCTAssertTrue(out.contains("encrypted vault file"), out)
  }

  func testTermUnsetOrDumbIsRefusedWithAClearLine() throws {
    for (term, expected) in [("", "TERM is not set"), ("dumb", "TERM=dumb"), ("nonexistent-term", "unknown here")] {
      var environment = harness.environment()
      environment["TERM"] = term.isEmpty ? nil : term
      try requireTmux()
      let tmux = keep(try Tmux(command: [VibesHarness.binary.path], environment: environment))
      tmux.waitForExit()
      let screen = tmux.capture(history: true)
      XCTAssertTrue(screen.contains(expected), "TERM=\(term):\n\(screen)")
      XCTAssertEqual(tmux.exitStatus, "1", screen)
      XCTAssertFalse(
        FileManager.default.fileExists(atPath: harness.databaseFile.path), "TERM=\(term): refused before storage")
    }
  }

  func testResizeRelaysAtOnceAndTooSmallSaysSo() throws {
    let tmux = try launch()
    tmux.waitFor("Setup · 0/3 complete")
    tmux.resize(width: 40, height: 10)
    tmux.waitFor("Terminal too small")
    tmux.resize(width: 100, height: 30)
    let screen = tmux.waitFor("Setup · 0/3 complete")
    let cardLine = screen.components(separatedBy: "\n").first { $0.contains("╭") } ?? ""
    XCTAssertGreaterThanOrEqual(cardLine.count, 95, "the card spans the new width:\n\(screen)")
  }

  func testSigtermAndCtrlCRestoreTheTerminal() throws {
    for stop in ["TERM", "C-c", "HUP"] {
      let tmux = try launch()
      tmux.waitFor("Setup · 0/3")
      XCTAssertEqual(tmux.format("#{alternate_on}"), "1", "full screen while running")
      if stop == "C-c" {
        tmux.send("C-c")
      } else {
        let signal = stop == "TERM" ? SIGTERM : SIGHUP
        let pids = ProcessTree.descendants(of: tmux.panePID).filter { ProcessTree.name(of: $0) == "vibes" }
        XCTAssertEqual(pids.count, 1, "one vibes under the pane")
        for pid in pids { kill(pid, signal) }
      }
      tmux.waitForExit()
      XCTAssertEqual(tmux.exitStatus, "0", "\(stop): \(tmux.capture())")
      XCTAssertEqual(tmux.format("#{alternate_on}"), "0", "\(stop): the alternate screen is left")
      XCTAssertEqual(tmux.format("#{cursor_flag}"), "1", "\(stop): the cursor is visible again")
      tmux.kill()
    }
  }

  func testHelpOverlayAndTabs() throws {
    let tmux = try launch()
    tmux.waitFor("Setup · 0/3")
    tmux.send("?")
    tmux.waitFor("Any key closes this help.")
    tmux.send("Escape")
    tmux.waitForAbsence("Any key closes this help.")
    tmux.send(TabID.appStoreConnect.key)
    tmux.waitFor("Connect App Store Connect")
    tmux.send("Escape", TabID.tracker.key)
    tmux.waitFor("Tracking SDK · configuration")
    // Arriving on a tab never puts the next key into a field; Tab enters it, and then digits are text.
    tmux.send("Tab", "1")
    tmux.waitFor("API Key      •", timeout: 2)
    tmux.send("C-u", "Escape", TabID.feed.key)
    tmux.waitFor("Setup · 0/3")
  }

  func testGermanWhenTheLocaleSaysSo() throws {
    let tmux = try launch(["LANG": "de_DE.UTF-8"])
    tmux.waitFor("Einrichtung · 0/3 erledigt")
    tmux.send("Enter")
    let screen = tmux.waitFor("nicht eingerichtet")
    XCTAssertTrue(screen.contains("Verbinde deine Musikbibliothek"), screen)
  }

  func testMonochromeTerminalsStillShowTheStateInWords() throws {
    let tmux = try launch(["TERM": "vt100", "NO_COLOR": "1"])
    tmux.waitFor("Setup · 0/3")
    tmux.send("Enter")
    let screen = tmux.waitFor("Setup checklist")
    let spotify = screen.components(separatedBy: "\n").first { $0.contains("Spotify") } ?? ""
    XCTAssertTrue(spotify.contains("✗") && spotify.contains("not configured"), screen)
  }
}

extension TerminalBehaviourEndToEndTests {
  func testStatusListsTheOtherFlowsWithoutChangingTheExitStatus() throws {
    let (status, out, _) = try runDirect(["status"], environment: harness.environment(["LANG": "de_DE.UTF-8"]))
    XCTAssertEqual(status, 1)
    XCTAssertTrue(out.contains("✗ App Store Connect: nicht eingerichtet"), out)
    XCTAssertTrue(out.contains("✗ Tracker: nicht eingerichtet"), out)
    XCTAssertTrue(out.contains("Einrichtung · 0/3 erledigt"), out)
  }
}

extension TerminalBehaviourEndToEndTests {
  /// A vault whose key file was lost: status says why (naming files, never a secret), and
  /// reset-vault is the way out, only with --yes.
  func testLostVaultKeyIsExplainedAndResetVaultRecovers() throws {
    let secret = "AIzaSyLostKeyCase0123456789abcdefXYZ"
    try FileManager.default.createDirectory(at: harness.dataDirectory, withIntermediateDirectories: true)
    let keyFile = harness.configDirectory.appendingPathComponent("vault.key")
    try VaultSecretStore(vaultFile: harness.vaultFile, keyFile: keyFile).write(secret, for: .geminiAPIKey)
    try FileManager.default.removeItem(at: keyFile)

    let broken = try runDirect(["status"], environment: harness.environment())
    XCTAssertEqual(broken.0, 2, broken.2)
    XCTAssertTrue(broken.2.contains(keyFile.path) && broken.2.contains("is missing"), broken.2)
    XCTAssertFalse((broken.1 + broken.2).contains(secret))

    let refused = try runDirect(["reset-vault"], environment: harness.environment())
    XCTAssertEqual(refused.0, 1)
    XCTAssertTrue(refused.2.contains("--yes"), refused.2)
    XCTAssertTrue(FileManager.default.fileExists(atPath: harness.vaultFile.path), "nothing deleted without --yes")

    let reset = try runDirect(["reset-vault", "--yes"], environment: harness.environment())
    XCTAssertEqual(reset.0, 0, reset.2)
    XCTAssertFalse(FileManager.default.fileExists(atPath: harness.vaultFile.path))

    let healthy = try runDirect(["status"], environment: harness.environment())
    XCTAssertEqual(healthy.0, 1, healthy.2)
    XCTAssertTrue(healthy.1.contains("Setup · 0/3 complete"), healthy.1)
  }
}
