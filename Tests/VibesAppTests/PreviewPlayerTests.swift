import Foundation
import VibesApp
import VibesCore
import VibesTestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// The preview player with a real `mpv --ao=null` (and ffplay with SDL's dummy driver) on clips ffmpeg generates
/// here: progress moves, one preview at a time, stop, failures detected, no child left behind.
final class PreviewPlayerTests: XCTestCase {
  private var directory: URL!
  private var players: [PreviewPlayer] = []

  override func setUpWithError() throws {
    guard PreviewPlayerSetup.isExecutableFile("/usr/bin/mpv"), PreviewPlayerSetup.isExecutableFile("/usr/bin/ffmpeg")
    else { throw XCTSkip("mpv and ffmpeg are needed (make test installs them)") }
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-player-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  override func tearDown() {
    for player in players { player.shutdown() }
    players = []
    if let directory { try? FileManager.default.removeItem(at: directory) }
  }

  /// A sine clip of `seconds` in an .m4a, like Apple's previews.
  private func clip(_ name: String, seconds: Int) throws -> String {
    try writeSineClip(to: directory.appendingPathComponent(name).path, seconds: seconds)
  }

  private func player(
    environment extra: [String: String] = [:], program: PreviewPlayerSetup.Program? = nil,
    mpvArguments: [String] = ["--ao=null"], stallTimeout: TimeInterval = 5
  ) -> PreviewPlayer {
    var environment = ProcessInfo.processInfo.environment
    environment["VIBES_TEST_SECRET"] = "sk-never-in-the-child"
    environment["SPOTIFY_TOKEN_FOR_TEST"] = "tok-never-in-the-child"
    for (name, value) in extra { environment[name] = value }
    var configuration = PreviewPlayerConfiguration(environment: environment, program: program)
    configuration.extraMPVArguments = mpvArguments
    configuration.stallTimeout = stallTimeout
    let player = PreviewPlayer(configuration: configuration)
    players.append(player)
    return player
  }

  /// Polls until `condition` holds or `timeout` passes; returns the last state.
  @discardableResult
  private func waitFor(
    _ player: PreviewPlayer, timeout: TimeInterval = 10, _ condition: (PreviewPlayback) -> Bool
  ) async -> PreviewPlayback {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      let state = player.playback
      if condition(state) { return state }
      try? await Task.sleep(nanoseconds: 50_000_000)
    }
    return player.playback
  }

  /// Processes whose parent is this test process and whose name is `name`.
  private func children(named name: String) -> [Int32] {
    let me = getpid()
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
    return entries.compactMap(Int32.init).filter { pid in
      guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return false }
      let lines = status.split(separator: "\n")
      let comm = lines.first { $0.hasPrefix("Name:") }?.split(separator: "\t").last.map(String.init)
      let parent = lines.first { $0.hasPrefix("PPid:") }?.split(separator: "\t").last.flatMap { Int32($0) }
      return comm == name && parent == me
    }
  }

  private func isGone(_ pid: Int32) -> Bool {
    kill(pid, 0) != 0 || (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?.contains(") Z ") == true
  }

  func testProgressMovesAndTheClipEnds() async throws {
    let path = try clip("a.m4a", seconds: 2)
    let player = player()
    var seen: [PreviewPlayback] = []
    let collector = Task {
      var states: [PreviewPlayback] = []
      for await state in player.updates { states.append(state) }
      return states
    }
    let started = await player.play(path)
    XCTAssertNotEqual(started.phase, .failed(.controlChannel))
    let moving = await waitFor(player) { $0.phase == .playing && $0.elapsed > 0.5 }
    XCTAssertEqual(moving.phase, .playing)
    XCTAssertEqual(moving.total ?? 0, 2, accuracy: 0.2)
    let ended = await waitFor(player) { $0.phase == .ended }
    XCTAssertEqual(ended.phase, .ended)
    player.shutdown()
    seen = await collector.value
    XCTAssertEqual(seen.first?.phase, .loading)
    XCTAssertTrue(seen.contains { $0.phase == .playing && $0.elapsed > 0.5 }, "\(seen)")
    XCTAssertEqual(seen.last?.phase, .ended)
  }

  func testOnePreviewAtATimeStopAndNoChildLeftBehind() async throws {
    let first = try clip("first.m4a", seconds: 20)
    let second = try clip("second.m4a", seconds: 7)
    let player = player()
    await player.play(first)
    await waitFor(player) { $0.phase == .playing && $0.elapsed > 0.5 }
    let pid = try XCTUnwrap(player.childProcessID)
    let state = await player.play(second)
    XCTAssertEqual(state.generation, 2)
    let replaced = await waitFor(player) {
      $0.phase == .playing && $0.generation == 2 && $0.elapsed > 0.3 && $0.total != nil
    }
    XCTAssertEqual(replaced.phase, .playing)
    XCTAssertEqual(replaced.total ?? 0, 7, accuracy: 0.3, "the second clip plays, not the first")
    XCTAssertLessThan(replaced.elapsed, 3, "the second clip starts from its beginning")
    XCTAssertEqual(player.childProcessID, pid, "the same mpv plays the second preview")
    XCTAssertEqual(children(named: "mpv"), [pid], "one player process")

    await player.pause()
    let paused = await waitFor(player) { $0.phase == .paused }
    XCTAssertEqual(paused.phase, .paused)
    await player.resume()
    await waitFor(player) { $0.phase == .playing }

    await player.stop()
    XCTAssertEqual(player.playback.phase, .idle)
    let stoppedAt = player.playback.elapsed
    try await Task.sleep(nanoseconds: 700_000_000)
    XCTAssertEqual(player.playback.phase, .idle)
    XCTAssertEqual(player.playback.elapsed, stoppedAt)

    player.shutdown()
    XCTAssertTrue(isGone(pid), "mpv is gone after shutdown")
    XCTAssertEqual(children(named: "mpv"), [])
  }

  func testTheChildGetsNoSecretsAndNoTerminal() async throws {
    let path = try clip("env.m4a", seconds: 10)
    // A descriptor of ours (vibes holds its terminal, database and sockets) must not reach the child.
    let marker = directory.appendingPathComponent("held-open").path
    XCTAssertTrue(FileManager.default.createFile(atPath: marker, contents: Data()))
    let held = open(marker, O_RDONLY)
    defer { close(held) }
    let player = player()
    await player.play(path)
    await waitFor(player) { $0.phase == .playing }
    let pid = try XCTUnwrap(player.childProcessID)
    let environ = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/environ"))
    let variables = environ.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    XCTAssertFalse(variables.contains { $0.hasPrefix("VIBES_") }, "\(variables)")
    XCTAssertFalse(variables.contains { $0.contains("never-in-the-child") })
    XCTAssertTrue(variables.contains { $0.hasPrefix("PATH=") })
    let arguments = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))
    XCTAssertFalse(String(decoding: arguments, as: UTF8.self).contains("never-in-the-child"))
    // No signal blocked (an async test runs on a pool thread that blocks some): SIGTERM must reach it.
    let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    let blocked = status.split(separator: "\n").first { $0.hasPrefix("SigBlk:") }
    XCTAssertEqual(blocked?.split(separator: "\t").last.map(String.init), "0000000000000000")
    let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")
    let targets = descriptors.compactMap {
      try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")
    }
    XCTAssertFalse(targets.contains(marker), "\(targets)")
    for fd in 0...2 {
      let target = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)")
      XCTAssertEqual(target, "/dev/null", "fd \(fd)")
    }
  }

  func testAFailedAudioOutputIsReportedNotASilentProgressBar() async throws {
    let path = try clip("noaudio.m4a", seconds: 5)
    let player = player(mpvArguments: ["--ao=alsa", "--audio-device=alsa/vibes-no-such-device"])
    await player.play(path)
    let state = await waitFor(player) { if case .failed = $0.phase { return true } else { return false } }
    XCTAssertEqual(state.phase, .failed(.audioOutputFailed))
  }

  func testAFileThatIsNotAudioFailsToLoad() async throws {
    let path = directory.appendingPathComponent("page.m4a").path
    try Data("<html>not audio</html>".utf8).write(to: URL(fileURLWithPath: path))
    let player = player()
    await player.play(path)
    let state = await waitFor(player) { if case .failed = $0.phase { return true } else { return false } }
    XCTAssertEqual(state.phase, .failed(.loadFailed))
  }

  func testAPreviewURLThatIsNotAudioOrNeverAnswersIsBounded() async throws {
    let host = try await FakeImageHost(cover: Data([0xFF, 0xD8]))
    let silent = try FaultServer(.hang)
    defer { silent.stop() }
    var configuration = PreviewPlayerConfiguration(environment: ProcessInfo.processInfo.environment)
    configuration.extraMPVArguments = ["--ao=null", "--network-timeout=30"]
    configuration.loadTimeout = 2
    let player = PreviewPlayer(configuration: configuration)
    players.append(player)
    await player.play(host.baseURL.absoluteString + "/page.html")
    let page = await waitFor(player) { if case .failed = $0.phase { return true } else { return false } }
    XCTAssertEqual(page.phase, .failed(.loadFailed))
    await host.stop()

    let started = Date()
    await player.play(silent.baseURL.absoluteString + "/clip.m4a")
    let hung = await waitFor(player, timeout: 8) { if case .failed = $0.phase { return true } else { return false } }
    XCTAssertEqual(hung.phase, .failed(.playerHung), "a clip that never arrives is given up after the load bound")
    XCTAssertLessThan(Date().timeIntervalSince(started), 5)
    XCTAssertNil(player.childProcessID, "the stuck player was killed")
  }

  func testAHungPlayerIsKilledAndADeadOneReported() async throws {
    let path = try clip("hang.m4a", seconds: 20)
    // 2 s: long enough that a busy CI machine's slow progress is not taken for a hang (a dead player between two
    // watchdog ticks is told apart by its process state, `PlayerChild.hasDied`).
    let player = player(stallTimeout: 2)
    await player.play(path)
    await waitFor(player) { $0.phase == .playing && $0.elapsed > 0.3 }
    let pid = try XCTUnwrap(player.childProcessID)
    kill(pid, SIGSTOP)
    let hung = await waitFor(player, timeout: 8) { if case .failed = $0.phase { return true } else { return false } }
    XCTAssertEqual(hung.phase, .failed(.playerHung))
    let deadline = Date().addingTimeInterval(3)
    while !isGone(pid) && Date() < deadline { usleep(50_000) }
    XCTAssertTrue(isGone(pid), "the hung mpv was killed")

    // The next play starts a fresh player; killing it mid-preview is reported.
    await player.play(path)
    await waitFor(player) { $0.phase == .playing && $0.generation == 2 }
    let second = try XCTUnwrap(player.childProcessID)
    XCTAssertNotEqual(second, pid)
    kill(second, SIGKILL)
    let died = await waitFor(player, timeout: 5) { if case .failed = $0.phase { return true } else { return false } }
    XCTAssertEqual(died.phase, .failed(.playerDied))
  }

  func testFFplayIsTheFallback() async throws {
    guard PreviewPlayerSetup.isExecutableFile("/usr/bin/ffplay") else { throw XCTSkip("ffplay missing") }
    let path = try clip("ff.m4a", seconds: 2)
    let player = player(environment: ["SDL_AUDIODRIVER": "dummy"], program: .ffplay("/usr/bin/ffplay"))
    await player.play(path)
    let moving = await waitFor(player) { $0.phase == .playing && $0.elapsed > 0.5 }
    XCTAssertEqual(moving.phase, .playing)
    let pid = try XCTUnwrap(player.childProcessID)
    let ended = await waitFor(player) { $0.phase == .ended }
    XCTAssertEqual(ended.phase, .ended)
    XCTAssertTrue(isGone(pid))
  }

  func testNoPlayerInstalledSaysSo() async {
    let player = player(environment: ["PATH": "/nonexistent-vibes"])
    XCTAssertNil(player.availableProgram)
    let state = await player.play("/tmp/x.m4a")
    XCTAssertEqual(state.phase, .failed(.noPlayer))
    XCTAssertEqual(PreviewPlayerSetup.debianPackages, ["mpv", "ffmpeg"])
  }

  func testSetupRules() {
    let long = "/" + String(repeating: "r", count: 100)
    let fallback = PreviewPlayerSetup.socketPath(runtimeDirectory: long, processID: 4_194_304, userID: 1000)
    XCTAssertEqual(fallback?.path, "/tmp/vibes-1000/mpv-4194304.sock")
    XCTAssertEqual(
      PreviewPlayerSetup.socketPath(runtimeDirectory: "/run/user/1000", processID: 7, userID: 1000)?.path,
      "/run/user/1000/vibes-mpv-7.sock")
    XCTAssertNil(PreviewPlayerSetup.socketPath(runtimeDirectory: long, processID: 7, userID: 0, fallbackRoot: long))
    // The fallback folder must be ours alone: a shared or foreign folder is refused.
    let mine = directory.appendingPathComponent("sock").path
    XCTAssertTrue(PreviewPlayerSetup.preparePrivateFolder(mine, userID: UInt32(getuid())))
    XCTAssertFalse(PreviewPlayerSetup.preparePrivateFolder(mine, userID: UInt32(getuid()) + 1))
    chmod(mine, 0o777)
    XCTAssertFalse(PreviewPlayerSetup.preparePrivateFolder(mine, userID: UInt32(getuid())))
    let link = directory.appendingPathComponent("link").path
    symlink("/tmp", link)
    XCTAssertFalse(PreviewPlayerSetup.preparePrivateFolder(link, userID: UInt32(getuid())))
    XCTAssertTrue(PreviewPlayerSetup.isRemoteSession(environment: ["SSH_CONNECTION": "10.0.0.2 5000 10.0.0.1 22"]))
    XCTAssertTrue(PreviewPlayerSetup.isRemoteSession(environment: ["SSH_TTY": "/dev/pts/3"]))
    XCTAssertFalse(PreviewPlayerSetup.isRemoteSession(environment: ["SSH_TTY": "", "TERM": "xterm"]))
    let child = PreviewPlayerSetup.childEnvironment(from: [
      "PATH": "/usr/bin", "VIBES_SPOTIFY_CLIENT_ID": "x", "GEMINI_API_KEY": "k", "XDG_RUNTIME_DIR": "/run/user/1",
    ])
    XCTAssertEqual(child, ["PATH": "/usr/bin", "XDG_RUNTIME_DIR": "/run/user/1"])
  }
}

/// mpv's parent watch: a parent that dies without `shutdown()` (SIGKILL) still takes its mpv with it.
final class PreviewPlayerParentWatchTests: XCTestCase {
  func testMPVQuitsWhenItsParentIsKilled() throws {
    guard PreviewPlayerSetup.isExecutableFile("/usr/bin/mpv") else { throw XCTSkip("mpv is needed") }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-watch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = folder.appendingPathComponent("watch.lua").path
    try Data(PreviewPlayerSetup.parentWatchScript.utf8).write(to: URL(fileURLWithPath: script))
    let arguments = PreviewPlayerSetup.mpvArguments(
      socketPath: folder.appendingPathComponent("s.sock").path, extra: ["--ao=null"], watchScript: script,
      parentProcessID: 4242)
    XCTAssertTrue(arguments.contains("--script=\(script)"))
    XCTAssertTrue(arguments.contains("--script-opts=vibes-parent=4242"))

    // A shell stands in for vibes: it starts mpv with the same arguments and its own pid, then is SIGKILLed.
    let pidFile = folder.appendingPathComponent("mpv.pid").path
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    shell.arguments =
      [
        "-c", "mpv \"$@\" --script-opts=vibes-parent=$$ >/dev/null 2>&1 & echo $! > '\(pidFile)'; exec sleep 30", "sh",
      ] + arguments.filter { !$0.hasPrefix("--script-opts=") }
    shell.standardOutput = FileHandle.nullDevice
    shell.standardError = FileHandle.nullDevice
    try shell.run()
    var mpv: Int32 = 0
    let started = Date().addingTimeInterval(10)
    while Date() < started {
      if let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
        let pid = Int32(
          text.trimmingCharacters(
            in: .whitespacesAndNewlines))
      {
        mpv = pid
        break
      }
      usleep(50_000)
    }
    guard mpv > 0 else {
      kill(shell.processIdentifier, SIGKILL)
      return XCTFail("mpv did not start")
    }
    usleep(800_000)
    XCTAssertEqual(kill(mpv, 0), 0, "mpv runs while its parent lives")
    // Not waitUntilExit: mpv inherits the shell's descriptors, so Foundation would wait for mpv too.
    kill(shell.processIdentifier, SIGKILL)
    let deadline = Date().addingTimeInterval(5)
    while kill(mpv, 0) == 0 && Date() < deadline { usleep(50_000) }
    XCTAssertNotEqual(kill(mpv, 0), 0, "mpv quit once its parent was gone")
    if kill(mpv, 0) == 0 { kill(mpv, SIGKILL) }
  }
}

/// Writes a 440 Hz sine clip of `seconds` in an .m4a (AAC, like Apple's previews) at `path` with ffmpeg, fails the
/// test unless ffmpeg succeeded, and returns `path`.
func writeSineClip(to path: String, seconds: Int, file: StaticString = #filePath, line: UInt = #line) throws -> String {
  let ffmpeg = Process()
  ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
  ffmpeg.arguments = [
    "-loglevel", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=\(seconds)", "-c:a", "aac", "-y", path,
  ]
  ffmpeg.standardOutput = FileHandle.nullDevice
  ffmpeg.standardError = FileHandle.nullDevice
  try ffmpeg.run()
  ffmpeg.waitUntilExit()
  XCTAssertEqual(ffmpeg.terminationStatus, 0, file: file, line: line)
  return path
}
