import Foundation
import VibesStorage
import XCTest

/// A private D-Bus session bus and an unlocked gnome-keyring-daemon in a temp dir, so Secret Service tests never
/// touch the developer's own keyring. The bus config has no service directories, so nothing is auto-activated:
/// the only Secret Service on it is the daemon started here.
final class KeyringFixture {
  static let requireVariable = "VIBES_REQUIRE_SECRET_SERVICE"
  static let tools = ["dbus-daemon", "gnome-keyring-daemon", "secret-tool"]

  let directory: TemporaryDirectory
  /// HOME, XDG_* and DBUS_SESSION_BUS_ADDRESS of the private session; pass it to SecretServiceStore.
  let environment: [String: String]
  /// Seconds from nothing to a keyring that accepts writes.
  let startupSeconds: Double
  private let bus: Process
  private let keyring: Process

  /// Skips the test when a tool is missing, unless VIBES_REQUIRE_SECRET_SERVICE=1 (CI), where it fails instead.
  static func requireTools() throws {
    let missing = tools.filter { which($0) == nil }
    guard !missing.isEmpty else { return }
    let message =
      "missing \(missing.joined(separator: ", ")): apt-get install gnome-keyring libsecret-tools dbus-x11"
    if ProcessInfo.processInfo.environment[requireVariable] == "1" {
      throw FixtureError("\(requireVariable)=1 but \(message)")
    }
    throw XCTSkip(message)
  }

  init() throws {
    try Self.requireTools()
    let started = Date()
    directory = try TemporaryDirectory("vibes-keyring")
    let home = directory.appending("home")
    let runtime = directory.appending("run")
    try FileManager.default.createDirectory(
      at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)

    let config = directory.appending("bus.conf")
    try Self.busConfig(socket: directory.appending("bus").path).write(
      to: config, atomically: true, encoding: .utf8)
    let (bus, address) = try Self.startBus(config: config, output: directory.appending("bus.out"))
    self.bus = bus

    var environment = minimalEnvironment([
      "HOME": home.path,
      "XDG_DATA_HOME": home.appendingPathComponent(".local/share").path,
      "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
      "XDG_RUNTIME_DIR": runtime.path,
      "DBUS_SESSION_BUS_ADDRESS": address,
    ])
    environment["DISPLAY"] = nil
    self.environment = environment

    // --unlock reads the new login keyring's password from stdin; --foreground keeps it our child to kill.
    keyring = Process()
    keyring.executableURL = URL(fileURLWithPath: which("gnome-keyring-daemon")!)
    keyring.arguments = ["--foreground", "--unlock", "--components=secrets"]
    keyring.environment = environment
    let password = Pipe()
    keyring.standardInput = password
    let log = directory.appending("keyring.log")
    try Data().write(to: log)
    let logHandle = try FileHandle(forWritingTo: log)
    keyring.standardOutput = logHandle
    keyring.standardError = logHandle
    do {
      try keyring.run()
    } catch {
      Self.stop(bus)
      throw error
    }
    password.fileHandleForWriting.write(Data("vibes-test-password".utf8))
    try password.fileHandleForWriting.close()
    try logHandle.close()

    // Ready once the daemon owns the name and its collection accepts the availability probe.
    var reason: String? = "not probed"
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      reason = SecretServiceStore.unavailabilityReason(environment: environment, timeout: 2)
      if reason == nil { break }
      usleep(20_000)
    }
    startupSeconds = Date().timeIntervalSince(started)
    if let reason {
      let daemonLog = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      shutDown()
      throw FixtureError("keyring not ready after 10 s: \(reason); daemon log: \(daemonLog)")
    }
  }

  func shutDown() {
    Self.stop(keyring)
    Self.stop(bus)
    directory.remove()
  }

  /// Starts `dbus-daemon --nofork` as our child and returns it with its address. Not `--fork`: Foundation's Process
  /// learns of a child's exit through a socket the child inherits, and a forked daemon keeps it open, so the
  /// launcher would never be seen to exit. Output goes to a file and is polled for the address line.
  private static func startBus(config: URL, output: URL) throws -> (
    process: Process, address: String
  ) {
    try Data().write(to: output)
    let handle = try FileHandle(forWritingTo: output)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: which("dbus-daemon")!)
    process.arguments = ["--config-file=\(config.path)", "--nofork", "--print-address=1"]
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    try handle.close()
    let deadline = Date().addingTimeInterval(5)
    var text = ""
    repeat {
      text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
      if let line = text.split(whereSeparator: \.isNewline).first, line.hasPrefix("unix:") {
        return (process, String(line))
      }
      usleep(10_000)
    } while Date() < deadline && process.isRunning
    stop(process)
    throw FixtureError("dbus-daemon did not print its address: \(text)")
  }

  /// SIGTERM, then SIGKILL if it is still there after 2 s. Never waits unbounded.
  private static func stop(_ process: Process) {
    guard process.isRunning else { return }
    let pid = process.processIdentifier
    process.terminate()
    let deadline = Date().addingTimeInterval(2)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    if process.isRunning { kill(pid, SIGKILL) }
  }

  /// A session bus listening on one socket, allowing everything, with no service activation.
  private static func busConfig(socket: String) -> String {
    """
    <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
    <busconfig>
      <type>session</type>
      <listen>unix:path=\(socket)</listen>
      <auth>EXTERNAL</auth>
      <policy context="default">
        <allow send_destination="*" eavesdrop="true"/>
        <allow eavesdrop="true"/>
        <allow own="*"/>
      </policy>
    </busconfig>
    """
  }

  /// Runs a command that exits promptly and returns its stdout and stderr together (`secret-tool search` prints
  /// labels and secrets on stdout but attributes on stderr).
  static func runToEnd(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil
  ) throws
    -> String
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw FixtureError("\(executable) exited \(process.terminationStatus)")
    }
    return String(decoding: data, as: UTF8.self)
  }
}

struct FixtureError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// The absolute path of a program on this process's PATH.
func which(_ program: String) -> String? {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
  for folder in path.split(separator: ":") {
    let candidate = "\(folder)/\(program)"
    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
  }
  return nil
}
