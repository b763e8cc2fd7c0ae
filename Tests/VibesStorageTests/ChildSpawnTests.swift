import Foundation
import VibesStorage
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// The one way vibes starts children, checked from outside in /proc: the child sees only the variables allowed
/// (never a VIBES_* one of ours), its output never reaches our stdout, it has its own process group and no blocked
/// signal, a hanging one is killed with its group at the timeout, and every one is reaped (no zombie).
final class ChildSpawnTests: XCTestCase {
  func environ(_ pid: pid_t) -> [String] {
    let data = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/environ"))) ?? Data()
    return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Whether `pid` is still a process (a zombie counts): false once it is reaped.
  func exists(_ pid: pid_t) -> Bool { FileManager.default.fileExists(atPath: "/proc/\(pid)") }

  func state(_ pid: pid_t) -> String? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    return String(stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).prefix(1))
  }

  func waitGone(_ pid: pid_t, seconds: TimeInterval = 3) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while exists(pid) && Date() < deadline { usleep(10_000) }
    return !exists(pid)
  }

  func testAChildNeverSeesAVibesSecretOfTheParent() throws {
    setenv("VIBES_FIREBASE_API_KEY", "AIzaSecretOfTheParent", 1)
    defer { unsetenv("VIBES_FIREBASE_API_KEY") }
    let ours = ProcessInfo.processInfo.environment
    XCTAssertEqual(ours["VIBES_FIREBASE_API_KEY"], "AIzaSecretOfTheParent")
    // Even a careless allow-list that names the secret does not pass it on.
    let environment = ChildEnvironment.allowing(["PATH", "HOME", "VIBES_FIREBASE_API_KEY"], from: ours)
    XCTAssertNil(environment.variables["VIBES_FIREBASE_API_KEY"])
    let child = try SpawnedChild.start("/bin/sleep", arguments: ["10"], environment: environment)
    defer { child.stop() }
    // Read until the exec'd image's environment shows: on a loaded machine the first read can come back empty.
    var seen = environ(child.processIdentifier)
    let deadline = Date().addingTimeInterval(5)
    while !seen.contains(where: { $0.hasPrefix("PATH=") }), Date() < deadline {
      usleep(10_000)
      seen = environ(child.processIdentifier)
    }
    XCTAssertFalse(seen.isEmpty, "the child's environment is readable")
    XCTAssertFalse(seen.contains { $0.hasPrefix("VIBES_") || $0.contains("AIzaSecretOfTheParent") }, "\(seen)")
    XCTAssertEqual(Set(seen.map { String($0.prefix { $0 != "=" }) }), Set(environment.variables.keys))
  }

  func testItsOutputNeverReachesOurStdout() throws {
    let capture = FileManager.default.temporaryDirectory.appendingPathComponent("spawn-out-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: capture) }
    // Our stdout and stderr go to a file while the child runs; it must write nothing there.
    fflush(nil)
    let saved = (dup(1), dup(2))
    let file = open(capture.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    XCTAssertGreaterThanOrEqual(file, 0)
    dup2(file, 1)
    dup2(file, 2)
    let exit = try? SpawnedChild.run(
      "/bin/sh", arguments: ["-c", "echo LEAKED-OUT; echo LEAKED-ERR >&2"],
      environment: .allowing(["PATH"], from: ["PATH": "/usr/bin:/bin"]), timeout: 10)
    fflush(nil)
    dup2(saved.0, 1)
    dup2(saved.1, 2)
    close(saved.0)
    close(saved.1)
    close(file)
    XCTAssertNotNil(exit)
    let written = try String(contentsOf: capture, encoding: .utf8)
    XCTAssertFalse(written.contains("LEAKED"), written)

    // Its streams are /dev/null and nothing else of ours is open in it.
    let child = try SpawnedChild.start(
      "/bin/sleep", arguments: ["10"], environment: .allowing(["PATH"], from: ["PATH": "/usr/bin:/bin"]))
    defer { child.stop() }
    let folder = "/proc/\(child.processIdentifier)/fd"
    let descriptors = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    XCTAssertEqual(descriptors, ["0", "1", "2"])
    for fd in descriptors {
      XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\(fd)"), "/dev/null")
    }
  }

  func testItHasItsOwnProcessGroupAndNoBlockedSignal() throws {
    // Spawned from a thread that blocks SIGTERM (as a pool thread does): the child must not inherit that.
    var blocked = sigset_t()
    var previous = sigset_t()
    sigemptyset(&blocked)
    sigaddset(&blocked, SIGTERM)
    pthread_sigmask(SIG_BLOCK, &blocked, &previous)
    let child = try SpawnedChild.start(
      "/bin/sleep", arguments: ["10"], environment: .allowing(["PATH"], from: ["PATH": "/usr/bin:/bin"]))
    pthread_sigmask(SIG_SETMASK, &previous, nil)
    defer { child.stop() }
    let pid = child.processIdentifier
    XCTAssertEqual(getpgid(pid), pid, "a group of its own")
    XCTAssertNotEqual(getpgid(pid), getpgrp())
    let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    let mask = status.split(separator: "\n").first { $0.hasPrefix("SigBlk:") }
    XCTAssertEqual(mask.map { $0.split(separator: "\t").last.map(String.init) ?? "" }, "0000000000000000")
  }

  func testAHangingChildIsKilledWithItsGroupAtTheTimeoutAndReaped() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spawn-hang-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let grandchildFile = folder.appendingPathComponent("grandchild").path
    // The shell ignores SIGTERM; its own child sleeps too: only the group's SIGKILL ends both.
    let script = "trap '' TERM; sleep 30 & echo $! > \(grandchildFile); wait"
    let started = Date()
    let child = try SpawnedChild.start(
      "/bin/sh", arguments: ["-c", script], environment: .allowing(["PATH"], from: ["PATH": "/usr/bin:/bin"]))
    XCTAssertNil(child.wait(timeout: 0.5), "still running at the timeout")
    let deadline = Date().addingTimeInterval(3)
    while !FileManager.default.fileExists(atPath: grandchildFile) && Date() < deadline { usleep(10_000) }
    let grandchild = pid_t(
      (try String(contentsOfFile: grandchildFile, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines))
    let ended = child.stop(grace: 0.3)
    XCTAssertEqual(ended, .signalled(SIGKILL), "SIGTERM was ignored: SIGKILL ended it")
    XCTAssertLessThan(Date().timeIntervalSince(started), 10)
    XCTAssertFalse(exists(child.processIdentifier), "reaped: no zombie")
    if let grandchild {
      // Not our child to reap: gone, or a zombie waiting for init; never still running.
      let deadline = Date().addingTimeInterval(3)
      while let state = state(grandchild), state != "Z", Date() < deadline { usleep(10_000) }
      XCTAssertTrue(state(grandchild) == nil || state(grandchild) == "Z", "the group's sleep was killed too")
    } else {
      XCTFail("no grandchild pid")
    }

    // `run` throws at its timeout and leaves nothing behind.
    XCTAssertThrowsError(
      try SpawnedChild.run(
        "/bin/sleep", arguments: ["30"], environment: .allowing(["PATH"], from: ["PATH": "/usr/bin:/bin"]),
        timeout: 0.3)
    ) { XCTAssertEqual($0 as? SpawnedChild.Failure, .timedOut) }
  }

  func testAChildThatEndsOnItsOwnIsReapedWithoutAWait() throws {
    let child = try SpawnedChild.start(
      "/bin/sh", arguments: ["-c", "exit 3"], environment: .allowing(["PATH"], from: ["PATH": "/usr/bin:/bin"]))
    XCTAssertTrue(waitGone(child.processIdentifier), "no zombie left by a child nobody waited for")
    XCTAssertEqual(child.ended, .exited(3))
    XCTAssertEqual(child.ended?.shellStatus, 3)
    XCTAssertThrowsError(
      try SpawnedChild.start("/nonexistent/program", arguments: [], environment: .exactly([:])))
  }
}
