import Foundation
import VibesStorage
import VibesTestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// Damaged storage met by the real binary in tmux: each case is explained on screen (or, when the UI cannot
/// start, on stderr with exit code 1) in words with what to do; nothing crashes; a vault is never changed
/// unless the user confirmed a reset.
final class DamagedStorageEndToEndTests: EndToEndTestCase {
  static let oldGeminiKey = "AIzaSyDamageOldKey0123456789abcdefOLD1"
  static let newGeminiKey = "AIzaSyDamageNewKey9876543210zyxwvuNEW2"

  // MARK: Database

  func testZeroLengthDatabaseIsMovedAsideAndExplained() throws {
    try writeDataFile(harness.databaseFile, Data())
    // At 80 columns the warning wraps; the old file's path is on screen whole or behind `!`.
    try assertDatabaseRecovered(reason: "the file is empty", width: 80)
  }

  func testTruncatedDatabaseIsMovedAsideAndExplained() throws {
    try makeVibesDatabase()
    let bytes = try Data(contentsOf: harness.databaseFile)
    try bytes.prefix(bytes.count - 100).write(to: harness.databaseFile)
    try assertDatabaseRecovered(reason: "the file is truncated")
  }

  func testGarbageDatabaseIsMovedAsideAndExplained() throws {
    try writeDataFile(harness.databaseFile, randomBytes(8192))
    try assertDatabaseRecovered(reason: "the file is not an SQLite database")
  }

  func testAnotherProgramsDatabaseIsMovedAsideAndExplained() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") else {
      throw XCTSkip("sqlite3 (the command-line shell) is needed to make another program's database")
    }
    try FileManager.default.createDirectory(at: harness.dataDirectory, withIntermediateDirectories: true)
    let made = try Spawn.run(
      [
        "/usr/bin/sqlite3", harness.databaseFile.path,
        "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('keep me');",
      ], environment: [:])
    XCTAssertEqual(made.status, 0, made.output)
    let aside = try assertDatabaseRecovered(reason: "the file is another program's database")
    // Its rows are kept (SQLite switched it to WAL mode while vibes looked inside, so the bytes differ).
    let rows = try Spawn.run(["/usr/bin/sqlite3", aside.path, "SELECT body FROM notes;"], environment: [:])
    XCTAssertEqual(rows.output.trimmingCharacters(in: .whitespacesAndNewlines), "keep me", "the other program's rows")
  }

  func testOrphanWriteAheadLogIsMovedAsideAndExplained() throws {
    let wal = URL(fileURLWithPath: harness.databaseFile.path + "-wal")
    try writeDataFile(wal, randomBytes(4096))
    let aside = try assertDatabaseRecovered(reason: "a write-ahead log was found without its database")
    XCTAssertTrue(aside.path.hasSuffix("-wal"), aside.path)
  }

  // MARK: Vault

  func testGarbageVaultIsExplainedAndKeptUntilTheUserConfirms() throws {
    try makeVault()
    try randomBytes(300).write(to: harness.vaultFile)
    let before = try Data(contentsOf: harness.vaultFile)
    let tmux = try launch(width: 100, height: 30)
    tmux.waitFor("The secret vault cannot be opened")
    var text = flat(tmux.capture())
    report("vault: garbage", text)
    XCTAssertTrue(text.contains("does not decrypt with its key"), text)
    XCTAssertTrue(text.contains("damaged"), text)
    XCTAssertTrue(text.contains("reset the vault"), text)
    // Asked, then kept: nothing happens to the file.
    tmux.send("r")
    tmux.waitFor("y deletes, n keeps them")
    tmux.send("n")
    tmux.waitForAbsence("y deletes, n keeps them")
    XCTAssertEqual(try Data(contentsOf: harness.vaultFile), before, "a kept vault is not touched")
    // Now confirmed: only then is it deleted.
    tmux.send("r")
    tmux.waitFor("y deletes, n keeps them")
    tmux.send("y")
    text = flat(tmux.waitFor("Vault reset"))
    XCTAssertTrue(text.contains("Set up your services again"), text)
    XCTAssertFalse(FileManager.default.fileExists(atPath: harness.vaultFile.path), "confirmed: the vault is gone")
    try quit(tmux)
  }

  func testVaultKeyOfTheWrongSizeIsExplainedAndTheVaultKept() throws {
    try makeVault()
    try writePrivate(vaultKeyFile, randomBytes(16))
    let text = try assertVaultExplained(expecting: ["is not a valid key", "vault.key"])
    XCTAssertTrue(text.contains("put it back at"), text)
  }

  func testMissingVaultKeyIsExplainedAndTheVaultKept() throws {
    try makeVault()
    try FileManager.default.removeItem(at: vaultKeyFile)
    let text = try assertVaultExplained(expecting: ["its key file", "is gone"])
    XCTAssertTrue(text.contains("reset the vault"), text)
    XCTAssertFalse(FileManager.default.fileExists(atPath: vaultKeyFile.path), "no new key was made")
  }

  func testVaultKeyOthersCanReadIsExplainedWithTheChmodAndNoReset() throws {
    try makeVault()
    XCTAssertEqual(chmod(vaultKeyFile.path, 0o644), 0)
    // Put off, the setup card names the permissions, not a reset.
    let text = try assertVaultExplained(
      expecting: ["has mode 644", "chmod 600 \(vaultKeyFile.path)"], card: "refused for its permissions")
    XCTAssertFalse(text.contains("reset the vault"), text)
    XCTAssertTrue(FileManager.default.fileExists(atPath: vaultKeyFile.path), "the key file is kept")
  }

  // MARK: Folder, disk, second process

  func testReadOnlyDataFolderStopsWithAnExplanation() throws {
    try makeVibesDatabase()
    try makeVault()
    let before = try Data(contentsOf: harness.vaultFile)
    try makeReadOnly(harness.dataDirectory)
    let tmux = try launch(width: 200, height: 30)
    tmux.waitForExit()
    let screen = tmux.capture(history: true)
    XCTAssertEqual(tmux.exitStatus, "1", screen)
    let text = flat(screen)
    XCTAssertTrue(text.contains("vibes: vibes cannot write to its data folder \(harness.dataDirectory.path)"), text)
    XCTAssertTrue(text.contains("Make the folder writable"), text)
    assertNoCrash(tmux)
    report("read-only data folder", screenLine(containing: "vibes: ", in: screen))
    XCTAssertEqual(try Data(contentsOf: harness.vaultFile), before)
  }

  func testFullDiskAtStartStopsWithAnExplanation() throws {
    try mountTmpfs(at: harness.dataDirectory, options: "size=256k,mode=0700")
    try fill(harness.dataDirectory)
    let tmux = try launch(width: 200, height: 30)
    tmux.waitForExit()
    let screen = tmux.capture(history: true)
    XCTAssertEqual(tmux.exitStatus, "1", screen)
    let text = flat(screen)
    XCTAssertTrue(text.contains("vibes: The disk holding \(harness.dataDirectory.path) is full"), text)
    XCTAssertTrue(text.contains("Free some space"), text)
    assertNoCrash(tmux)
    report("full disk at start", screenLine(containing: "vibes: ", in: screen))
  }

  func testFullDiskSayingAKeyWasNotSavedKeepsTheOldOne() async throws {
    try mountTmpfs(at: harness.dataDirectory, options: "size=2m,mode=0700")
    try makeVault()
    let before = try Data(contentsOf: harness.vaultFile)
    let gemini = try await serve(FakeGeminiServer(validKeys: [Self.newGeminiKey]))
    let tmux = try launch(gemini.environment)
    tmux.waitFor("Setup · 1/3")
    try fill(harness.dataDirectory)
    tmux.send("Enter")
    tmux.waitFor("Setup checklist")
    tmux.send("Down", "Enter")
    tmux.waitFor("stored · type to replace")
    tmux.type(Self.newGeminiKey)
    tmux.send("Enter")
    let screen = tmux.waitFor("Not saved: the disk is full")
    let text = flat(screen)
    XCTAssertTrue(text.contains("Nothing was saved"), text)
    XCTAssertTrue(text.contains("Free some space"), text)
    report("full disk on save", screenLine(containing: "Not saved", in: screen))
    try quit(tmux)
    XCTAssertEqual(try Data(contentsOf: harness.vaultFile), before, "the vault holds the old content")
    let store = VaultSecretStore(vaultFile: harness.vaultFile, keyFile: vaultKeyFile)
    XCTAssertEqual(try store.read(.geminiAPIKey), Self.oldGeminiKey)
    XCTAssertFalse(tmux.captures.joined().contains(Self.newGeminiKey), "no secret on screen")
  }

  func testSecondVibesIsToldTheFirstIsRunning() throws {
    let first = try launch()
    first.waitFor("Setup · 0/3")
    let second = try launch()
    let screen = second.waitFor("Another vibes is already running")
    let text = flat(screen)
    let pid = text.range(of: #"process (\d+)\)"#, options: .regularExpression).map {
      Int32(text[$0].dropFirst("process ".count).dropLast()) ?? 0
    }
    let firstVibes = ProcessTree.descendants(of: first.panePID).first { ProcessTree.name(of: $0) == "vibes" }
    XCTAssertNotNil(firstVibes)
    XCTAssertEqual(pid, firstVibes, "the notice names the first vibes' process: \(text)")
    XCTAssertTrue(text.contains("quit one of them"), text)
    report("second vibes", screenLine(containing: "Another vibes", in: screen))
    XCTAssertFalse(flat(first.capture()).contains("Another vibes"), "the first one is not warned")
    try quit(second)
    try quit(first)
    // Once the first has gone, a new start is not warned.
    let third = try launch()
    third.waitFor("Setup · 0/3")
    XCTAssertFalse(flat(third.capture()).contains("Another vibes"))
    try quit(third)
  }

  // MARK: Helpers

  func launch(_ extra: [String: String] = [:], width: Int = 80, height: Int = 24) throws -> Tmux {
    try startVibes(extra, width: width, height: height)
  }

  /// Starts vibes on the damaged database; the status line names what happened, that keys are safe and (in a
  /// wide pane: the line is long) where the old file went. Returns the moved-aside file.
  @discardableResult
  func assertDatabaseRecovered(
    reason: String, width: Int = 300, file: StaticString = #filePath, line: UInt = #line
  ) throws -> URL {
    let tmux = try launch(width: width)
    let screen = tmux.waitFor("Database damaged", file: file, line: line)
    let text = flat(screen)
    report("database: \(reason)", screenLine(containing: "Database damaged", in: screen))
    XCTAssertTrue(
      text.contains("Database damaged (\(reason)), rebuilt: your keys are safe"), text, file: file, line: line)
    let aside = try XCTUnwrap(
      try FileManager.default.contentsOfDirectory(atPath: harness.dataDirectory.path)
        .filter { $0.hasPrefix("vibes.sqlite.damaged-") }.sorted().first, file: file, line: line)
    let asideMain = aside.hasSuffix("-wal") ? aside : aside.replacingOccurrences(of: "-shm", with: "")
    let oldFile = "The old file is \(harness.dataDirectory.path)/\(asideMain)"
    if width >= 300 {
      XCTAssertTrue(text.contains(oldFile), text, file: file, line: line)
    } else if !squeezed(text).contains(squeezed(oldFile)) {
      // Cut after three rows: `!` shows the whole message, Esc goes back.
      XCTAssertTrue(text.contains("! shows all"), text, file: file, line: line)
      tmux.send("!", literal: true)
      let whole = flat(tmux.waitFor("Whole message", file: file, line: line))
      report("database: \(reason) (whole message)", whole)
      XCTAssertTrue(squeezed(whole).contains(squeezed(oldFile)), whole, file: file, line: line)
      tmux.send("Escape")
      tmux.waitForAbsence("Whole message", file: file, line: line)
    }
    tmux.waitFor("Setup · 0/3", file: file, line: line)
    try quit(tmux, file: file, line: line)
    XCTAssertTrue(FileManager.default.fileExists(atPath: harness.databaseFile.path), "rebuilt", file: file, line: line)
    return harness.dataDirectory.appendingPathComponent(asideMain)
  }

  /// Starts vibes on a vault it cannot open; the recovery screen explains with `phrases`, Esc puts it off (the
  /// Feed's setup card then says `card`), the app quits cleanly and the vault file is byte for byte what it was.
  func assertVaultExplained(
    expecting phrases: [String], card: String = "the secret vault cannot be opened", file: StaticString = #filePath,
    line: UInt = #line
  ) throws -> String {
    let before = try Data(contentsOf: harness.vaultFile)
    let tmux = try launch(width: 100, height: 30)
    let text = flat(tmux.waitFor("The secret vault cannot be opened", file: file, line: line))
    report("vault: \(phrases[0])", text)
    for phrase in phrases { XCTAssertTrue(text.contains(phrase), "\(phrase): \(text)", file: file, line: line) }
    tmux.send("Escape")
    tmux.waitFor(card, file: file, line: line)
    try quit(tmux, file: file, line: line)
    XCTAssertEqual(try Data(contentsOf: harness.vaultFile), before, "the vault is untouched", file: file, line: line)
    return text
  }

  func quit(_ tmux: Tmux, file: StaticString = #filePath, line: UInt = #line) throws {
    tmux.send("C-c")
    tmux.waitForExit(file: file, line: line)
    XCTAssertEqual(tmux.exitStatus, "0", tmux.capture(history: true), file: file, line: line)
    assertNoCrash(tmux, file: file, line: line)
  }

  /// No signal exit and no Swift runtime trap text in anything the pane showed.
  func assertNoCrash(_ tmux: Tmux, file: StaticString = #filePath, line: UInt = #line) {
    let all = (tmux.captures + [tmux.capture(history: true)]).joined(separator: "\n")
    for trap in [
      "Fatal error", "fatal error", "Segmentation fault", "Illegal instruction", "Trace/breakpoint", "Aborted",
    ] {
      XCTAssertFalse(all.contains(trap), "\(trap) on screen:\n\(all)", file: file, line: line)
    }
    if let status = tmux.exitStatus.flatMap(Int.init) {
      XCTAssertLessThan(status, 128, "ended by a signal", file: file, line: line)
    }
  }

  /// Prints what the user is shown for a case (the test output then lists every case's words).
  func report(_ name: String, _ shown: String) {
    print("[damaged storage] \(name): \(shown.trimmingCharacters(in: .whitespaces))")
  }

  func screenLine(containing text: String, in screen: String) -> String {
    screen.components(separatedBy: "\n").first { $0.contains(text) } ?? ""
  }

  /// The screen's lines trimmed and joined by spaces, so wrapped paragraphs read as one text.
  /// Text without spaces: a path broken across rows reads whole again.
  func squeezed(_ text: String) -> String { text.filter { $0 != " " } }

  func flat(_ screen: String) -> String {
    screen.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      .joined(separator: " ")
  }

  var vaultKeyFile: URL { harness.configDirectory.appendingPathComponent("vault.key") }

  /// A vault holding the old Gemini key, made by the storage layer as vibes would.
  func makeVault() throws {
    let store = VaultSecretStore(vaultFile: harness.vaultFile, keyFile: vaultKeyFile)
    try store.write(Self.oldGeminiKey, for: .geminiAPIKey)
  }

  /// A real vibes database (created and closed again).
  func makeVibesDatabase() throws {
    try FileManager.default.createDirectory(at: harness.dataDirectory, withIntermediateDirectories: true)
    _ = try AppDatabase(path: harness.databaseFile.path)
  }

  func writeDataFile(_ url: URL, _ data: Data) throws {
    try FileManager.default.createDirectory(at: harness.dataDirectory, withIntermediateDirectories: true)
    try data.write(to: url)
  }

  func writePrivate(_ url: URL, _ data: Data) throws {
    try data.write(to: url)
    chmod(url.path, 0o600)
  }

  func randomBytes(_ count: Int) -> Data {
    var generator = SystemRandomNumberGenerator()
    return Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
  }

  /// Read-only for vibes: as root (where chmod does not stop writes) a read-only bind mount of the folder onto
  /// itself; otherwise mode 0500. Skips when root may not mount here.
  func makeReadOnly(_ folder: URL) throws {
    guard geteuid() == 0 else {
      chmod(folder.path, 0o500)
      addTeardownBlock { chmod(folder.path, 0o700) }
      return
    }
    try mount(["--bind", folder.path, folder.path], at: folder)
    try mount(["-o", "remount,bind,ro", folder.path], at: nil)
  }

  func mountTmpfs(at folder: URL, options: String) throws {
    guard geteuid() == 0 else { throw XCTSkip("mounting a small tmpfs needs root") }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try mount(["-t", "tmpfs", "-o", options, "tmpfs", folder.path], at: folder)
  }

  func mount(_ arguments: [String], at folder: URL?) throws {
    let result = try Spawn.run(["/usr/bin/mount"] + arguments, environment: ["PATH": "/usr/bin:/bin"])
    guard result.status == 0 else {
      throw XCTSkip("mount \(arguments.joined(separator: " ")) is not permitted here (\(result.status))")
    }
    if let folder { unmountAtEnd(folder) }
  }

  /// Writes a filler file until the file system is full.
  func fill(_ folder: URL) throws {
    guard DiskFiller.fill(folder) != nil else { throw POSIXError(.EIO) }
  }
}
