import Foundation
import VibesStorage
import XCTest

/// SecretServiceStore's process handling, hermetically: a fake `secret-tool` shell script records its argv and
/// stdin and plays back the exit codes and messages measured from the real one. No bus or keyring needed.
final class SecretServiceStoreTests: XCTestCase {
  private var temp: TemporaryDirectory!
  private let secret = "fake-VALUE-\(UUID().uuidString)"

  override func setUpWithError() throws {
    temp = try TemporaryDirectory("vibes-fake-secret-tool")
  }

  override func tearDown() {
    temp.remove()
  }

  /// A store whose secret-tool is `/bin/sh` running `body`; argv goes to `args`, stdin to `stdin` in the temp dir.
  private func store(_ body: String, timeout: TimeInterval = SecretServiceStore.defaultTimeout)
    throws
    -> SecretServiceStore
  {
    let script = temp.appending("secret-tool")
    try """
    #!/bin/sh
    printf '%s\\n' "$@" > "\(temp.path)/args"
    cat > "\(temp.path)/stdin"
    \(body)
    """.write(to: script, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script.path)
    // Any address will do: the fake never connects, the store only insists that one is set.
    let environment = minimalEnvironment([
      "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(temp.path)/no-bus"
    ])
    return SecretServiceStore(
      environment: environment, secretToolPath: script.path, timeout: timeout)
  }

  private func recorded(_ name: String) throws -> String {
    try String(contentsOf: temp.appending(name), encoding: .utf8)
  }

  func testValueGoesToStdinNeverToArguments() throws {
    try store("exit 0").write(secret, for: .geminiAPIKey)
    XCTAssertEqual(try recorded("stdin"), secret, "the value is written on stdin, verbatim")
    let arguments = try recorded("args")
    XCTAssertFalse(arguments.contains(secret), "the value leaked into argv")
    XCTAssertEqual(
      arguments,
      ["store", "--label=vibes: gemini.apiKey", "service", "vibes", "key", "gemini.apiKey"].map {
        $0 + "\n"
      }
      .joined())
  }

  func testBuiltArgumentListsHoldNamesOnly() {
    for key in [
      SecretKey.geminiAPIKey, .ticketmasterAPIKey, .spotifyAccessToken, .spotifyRefreshToken,
    ] {
      let lists = [
        SecretServiceStore.storeArguments(for: key), SecretServiceStore.lookupArguments(for: key),
        SecretServiceStore.clearArguments(for: key),
      ]
      for list in lists {
        XCTAssertEqual(Array(list.suffix(4)), ["service", "vibes", "key", key.rawValue])
        XCTAssertFalse(list.joined().contains(secret))
      }
    }
    XCTAssertEqual(
      SecretServiceStore.storeArguments(for: .spotifyAccessToken)[1],
      "--label=vibes: spotify.accessToken")
  }

  func testLookupOutputIsReturnedVerbatim() throws {
    let store = try store("printf 'line one\\nline two\\n'")
    XCTAssertEqual(try store.read(.ticketmasterAPIKey), "line one\nline two\n")
    XCTAssertTrue(try store.contains(.ticketmasterAPIKey))
    XCTAssertEqual(try recorded("args"), "lookup\nservice\nvibes\nkey\nticketmaster.apiKey\n")
  }

  /// Measured: lookup and clear of a missing item exit 1 with no output at all.
  func testSilentExitOneMeansMissing() throws {
    let store = try store("exit 1")
    XCTAssertNil(try store.read(.geminiAPIKey))
    XCTAssertFalse(try store.contains(.geminiAPIKey))
    XCTAssertNoThrow(try store.delete(.geminiAPIKey))
    XCTAssertEqual(try recorded("args"), "clear\nservice\nvibes\nkey\ngemini.apiKey\n")
  }

  /// Measured: storing into a locked collection prints this and exits 1.
  func testLockedCollectionIsReported() throws {
    let store = try store(
      "echo 'secret-tool: Cannot create an item in a locked collection' >&2; exit 1")
    XCTAssertThrowsError(try store.write(secret, for: .geminiAPIKey)) { error in
      XCTAssertEqual(error as? SecretStoreError, .locked)
    }
  }

  /// Measured: with a dead bus address secret-tool prints "Could not connect: ..." and exits 1.
  func testBusFailureIsUnavailableNotMissing() throws {
    let store = try store(
      "echo 'secret-tool: Could not connect: No such file or directory' >&2; exit 1")
    XCTAssertThrowsError(try store.read(.geminiAPIKey)) { error in
      guard case .unavailable = error as? SecretStoreError else { return XCTFail("\(error)") }
    }
  }

  func testFailureMessagesNeverCarryTheValue() throws {
    // A hostile tool that echoes its stdin into its error message.
    let store = try store("cat \"\(temp.path)/stdin\" >&2; exit 3")
    XCTAssertThrowsError(try store.write(secret, for: .geminiAPIKey)) { error in
      XCTAssertFalse("\(error)".contains(secret), "\(error)")
      XCTAssertFalse(error.localizedDescription.contains(secret))
      guard case .commandFailed(_, 3, _) = error as? SecretStoreError else {
        return XCTFail("\(error)")
      }
    }
  }

  func testHungToolIsKilledAtTheTimeout() throws {
    let store = try store("exec sleep 30", timeout: 0.5)
    let started = Date()
    XCTAssertThrowsError(try store.read(.geminiAPIKey)) { error in
      XCTAssertEqual(error as? SecretStoreError, .timedOut(operation: "lookup"))
    }
    XCTAssertLessThan(Date().timeIntervalSince(started), 4)
  }

  func testToolThatIgnoresStdinDoesNotKillUs() throws {
    // The child reads a little of its stdin and exits: the rest of the value is dropped without hanging on a full
    // pipe and without a SIGPIPE killing the test process.
    let script = temp.appending("secret-tool")
    let big = String(repeating: "x", count: 1 << 20)
    try "#!/bin/sh\nexec head -c 1 >/dev/null\n".write(
      to: script, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script.path)
    let environment = minimalEnvironment(["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"])
    let store = SecretServiceStore(environment: environment, secretToolPath: script.path)
    let started = Date()
    XCTAssertNoThrow(try store.write(big, for: .geminiAPIKey))
    XCTAssertLessThan(Date().timeIntervalSince(started), 4.5, "no hang on a full pipe (the timeout is 5 s)")
  }

  func testEmptyValueIsRejected() throws {
    XCTAssertThrowsError(try store("exit 0").write("", for: .geminiAPIKey)) { error in
      guard case .invalidValue = error as? SecretStoreError else { return XCTFail("\(error)") }
    }
  }

  func testNoBusMeansUnavailableWithoutRunningAnything() throws {
    let environment = minimalEnvironment(["HOME": temp.path])
    XCTAssertFalse(SecretServiceStore.isAvailable(environment: environment))
    let reason = try XCTUnwrap(SecretServiceStore.unavailabilityReason(environment: environment))
    XCTAssertTrue(reason.contains("session bus") || reason.contains("secret-tool"), reason)
    let store = SecretServiceStore(environment: environment)
    XCTAssertThrowsError(try store.read(.geminiAPIKey)) { error in
      guard case .unavailable = error as? SecretStoreError else { return XCTFail("\(error)") }
    }
  }

  func testDeadBusAddressIsUnavailableQuickly() throws {
    guard which("secret-tool") != nil else { throw XCTSkip("secret-tool is not installed") }
    let environment = minimalEnvironment([
      "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(temp.path)/no-such-socket"
    ])
    let started = Date()
    XCTAssertFalse(SecretServiceStore.isAvailable(environment: environment))
    XCTAssertLessThan(Date().timeIntervalSince(started), 4.5, "answered before the 5 s child timeout")
  }

  func testSystemdUserBusIsFoundFromXDGRuntimeDir() throws {
    // No DBUS_SESSION_BUS_ADDRESS and no $XDG_RUNTIME_DIR/bus socket: no bus.
    let environment = minimalEnvironment(["XDG_RUNTIME_DIR": temp.path])
    XCTAssertNotNil(SecretServiceStore.unavailabilityReason(environment: environment))
  }
}
