import Foundation
import VibesCore
import VibesStorage
import VibesTestSupport
import XCTest

/// Issue 21 items 6, 7, 11 and a part of 12, against the built binary: stdin closed, an endless stdin, a signal
/// at the hidden prompt, escape sequences in the Spotify display name (login and `--json`), `logout --all` as
/// the app's sign-out, and `auth status` on a read-only data folder.
final class CLIHardeningEndToEndTests: EndToEndTestCase {
  override class var needsTmux: Bool { false }

  /// `--with-token` with standard input closed (`<&-`) trapped in Foundation (`try!` on EBADF, exit 132).
  func testATokenFromAClosedStandardInputIsRefusedNotACrash() throws {
    let result = try Spawn.run(
      ["/bin/sh", "-c", "exec \"$0\" auth login gemini --with-token <&- 2>&1", VibesHarness.binary.path],
      environment: harness.environment())
    XCTAssertEqual(result.status, 1, result.output)
    XCTAssertTrue(result.output.contains("no secret on standard input"), result.output)
  }

  /// `vibes auth login spotify </dev/zero` grew by ~330 MB/s (`readLine` never finds a line break).
  func testAnEndlessStandardInputKeepsMemoryBounded() async throws {
    let fake = try await serve(FakeSpotifyServer())
    var environment = harness.environment(fake.environment)
    environment["BROWSER"] = "/bin/true"
    let process = Process()
    process.executableURL = VibesHarness.binary
    process.arguments = ["auth", "login", "spotify"]
    process.environment = environment
    process.standardInput = FileHandle(forReadingAtPath: "/dev/zero")
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer {
      if process.isRunning { process.terminate() }
      process.waitUntilExit()
    }
    var largest = 0
    for _ in 0..<30 {
      usleep(100_000)
      guard process.isRunning else { break }
      largest = max(largest, Self.residentKiB(process.processIdentifier))
    }
    XCTAssertTrue(process.isRunning, "still waiting for the browser's redirect")
    XCTAssertLessThan(largest, 150 * 1024, "resident memory stays bounded (KiB)")
  }

  static func residentKiB(_ pid: Int32) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return 0 }
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
  }

  /// SIGTERM at the hidden key prompt under a shell that restores nothing (tmux runs `sh -c`): echo used to stay
  /// off for the rest of the terminal's life.
  func testASignalAtTheHiddenPromptLeavesEchoOn() throws {
    try requireTmux()
    let tmux = try startVibes(arguments: ["auth", "login", "gemini"])
    tmux.waitFor("Paste the Gemini API key (it is not shown):")
    let vibes = try XCTUnwrap(ProcessTree.descendants(of: tmux.panePID).first { ProcessTree.name(of: $0) == "vibes" })
    let tty = tmux.format("#{pane_tty}")
    let during = try Spawn.run(["/bin/stty", "-a", "-F", tty], environment: [:]).output
    XCTAssertTrue(during.contains("-echo "), "echo is off at the prompt")
    kill(vibes, SIGTERM)
    tmux.waitForExit()
    XCTAssertEqual(tmux.exitStatus, "143", "died of SIGTERM as before")
    let after = try Spawn.run(["/bin/stty", "-a", "-F", tty], environment: [:]).output
    XCTAssertFalse(after.contains("-echo "), "echo is back on: \(after)")
  }

  static let hostileName =
    "Ada\u{1B}]0;PWNED-TITLE\u{07}\u{1B}]52;c;UFdORUQ=\u{07}\u{1B}[2J\u{9B}31m\u{9D}8;;x\u{9C}\u{202E}Love\u{2066}lace\u{85}"

  /// OSC 0/52, CSI 2J, 8-bit CSI/OSC and bidi overrides in the display name reached the terminal raw from
  /// `auth login spotify`, and `auth status --json` let C1 and bidi through.
  func testEscapesInTheDisplayNameNeverReachStandardOutput() async throws {
    let fake = try await serve(FakeSpotifyServer(displayName: Self.hostileName))
    let scratch = harness.home.appendingPathComponent("browser")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let browser = VibesHarness.fakeBrowser(writingTo: scratch.appendingPathComponent("redirect.txt"))
    let environment = harness.environment(fake.environment.merging(browser) { $1 })
    let login = try CLIRun.run(["auth", "login", "spotify"], environment: environment, timeout: 30)
    XCTAssertEqual(login.status, 0, login.all)
    Self.assertInert(login.stdout, "login stdout")
    Self.assertInert(login.stderr, "login stderr")
    XCTAssertEqual(login.stdout, "Logged in to Spotify as AdaLovelace.\n")

    for arguments in [["auth", "status", "spotify", "--plain"], ["auth", "status", "spotify", "--json"], ["status"]] {
      let status = try CLIRun.run(arguments, environment: environment)
      // JSON keeps the text with every control escaped (`\u001b]0;PWNED…`): inert, so its words may stay.
      Self.assertInert(status.all, arguments.joined(separator: " "), textMayStay: arguments.contains("--json"))
    }
    let json = try CLIRun.run(["auth", "status", "spotify", "--json"], environment: environment)
    let document = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], json.stdout)
    let services = try XCTUnwrap(document["services"] as? [[String: Any]])
    let name = (services.first?["details"] as? [String: String])?["displayName"] ?? ""
    XCTAssertTrue(name.contains("Love"), "the JSON keeps the text, escaped: \(json.stdout)")
  }

  /// No ESC, no C1 control, no bidi override or isolate, no other C0 but line breaks.
  static func assertInert(
    _ text: String, _ label: String, textMayStay: Bool = false, file: StaticString = #filePath, line: UInt = #line
  ) {
    for scalar in text.unicodeScalars {
      let value = scalar.value
      let bad =
        (value < 0x20 && value != 0x0A) || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
        || (0x2066...0x2069).contains(value) || value == 0x200E || value == 0x200F || value == 0x061C
      XCTAssertFalse(bad, "\(label): U+\(String(value, radix: 16)) in \(text.debugDescription)", file: file, line: line)
      if bad { return }
    }
    if !textMayStay { XCTAssertFalse(text.contains("PWNED"), "\(label): an OSC's text", file: file, line: line) }
  }

  /// `vibes auth logout --all` left the Feed cards, the Create history and the song-match cache that the app's
  /// sign-out removes.
  func testLogoutAllRemovesWhatTheAppSignOutRemoves() throws {
    try FileManager.default.createDirectory(at: harness.dataDirectory, withIntermediateDirectories: true)
    do {
      let database = try AppDatabase(path: harness.databaseFile.path)
      try database.replaceNewReleases(cards: [.newRelease(FeedFixtures.release(1))], fetchedAt: Date())
      let id = try database.recordGeneratedPlaylist(
        prompt: "a private prompt", name: "Night", description: "d",
        songs: [SuggestedSong(title: "Song", artist: "Band")], at: Date())
      try database.recordSpotifyPlaylistCreated("3cEYpjA9oz9GiPac4AsH4n", forGeneratedPlaylist: id)
      try database.storeResolution(CachedResolution(track: nil, resolvedAt: Date()), forKey: "song|band")
      XCTAssertEqual(try database.feedCardCount(), 1)
    }
    let logout = try CLIRun.run(["auth", "logout", "--all", "--yes"], environment: harness.environment())
    XCTAssertEqual(logout.status, 0, logout.all)
    let database = try AppDatabase(path: harness.databaseFile.path)
    XCTAssertEqual(try database.feedCardCount(), 0, "Feed cards")
    XCTAssertEqual(try database.generatedPlaylistCount(), 0, "Create history")
    XCTAssertNil(try database.cachedResolution(forKey: "song|band"), "song-match cache")
    XCTAssertEqual(try database.spotifyPlaylistIDsInCreateHistory(), [])
  }

  /// A read-only data folder (a read-only bind mount as root, mode 0500 otherwise): `auth status` and `status`
  /// exited 2 ("cannot open the database"); SQLite cannot open a WAL database read-only without its `-shm`.
  func testStatusOnAReadOnlyDataFolderReports() throws {
    let key = "AIzaReadOnlyFolderKey_0123456789abcd"
    do {
      try FileManager.default.createDirectory(at: harness.dataDirectory, withIntermediateDirectories: true)
      let database = try AppDatabase(path: harness.databaseFile.path)
      try database.saveStepVerified(.ticketmaster, city: "Berlin", at: Date())
      let vault = VaultSecretStore(
        vaultFile: harness.vaultFile, keyFile: harness.configDirectory.appendingPathComponent("vault.key"))
      try vault.write(key, for: .ticketmasterAPIKey)
    }
    try makeReadOnly(harness.dataDirectory)
    let before = try FileManager.default.contentsOfDirectory(atPath: harness.dataDirectory.path).sorted()
    let status = try CLIRun.run(["auth", "status", "ticketmaster", "--plain"], environment: harness.environment())
    XCTAssertEqual(status.status, 0, status.all)
    XCTAssertTrue(status.stdout.contains("Ticketmaster: configured"), status.stdout)
    XCTAssertTrue(status.stdout.contains("  city: Berlin"), "read from the database: \(status.stdout)")
    let short = try CLIRun.run(["status"], environment: harness.environment())
    XCTAssertNotEqual(short.status, 2, short.all)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: harness.dataDirectory.path).sorted(), before)
    XCTAssertFalse(short.all.contains(key) || status.all.contains(key))
  }

  func makeReadOnly(_ folder: URL) throws {
    guard geteuid() == 0 else {
      chmod(folder.path, 0o500)
      addTeardownBlock { chmod(folder.path, 0o700) }
      return
    }
    for arguments in [["--bind", folder.path, folder.path], ["-o", "remount,bind,ro", folder.path]] {
      let result = try Spawn.run(["/usr/bin/mount"] + arguments, environment: ["PATH": "/usr/bin:/bin"])
      guard result.status == 0 else { throw XCTSkip("mount is not permitted here (\(result.status))") }
      if arguments.first == "--bind" { unmountAtEnd(folder) }
    }
  }
}
