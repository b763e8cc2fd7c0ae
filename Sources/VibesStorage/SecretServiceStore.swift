import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Secrets in the freedesktop Secret Service (GNOME Keyring, KeePassXC...) through the `secret-tool` CLI
/// (Debian: libsecret-tools). Items carry the attributes `service=vibes key=<name>` and the label
/// `vibes: <name>`; the value goes to `secret-tool store` on stdin only, never in argv, attributes or labels.
///
/// Each call is a child process with a deadline (`timeout`). secret-tool quirks this relies on:
/// `lookup` of a missing item exits 1 with no output (and so does a lookup in a locked collection, which is
/// therefore indistinguishable from "missing"); `store` in a locked collection fails with
/// "Cannot create an item in a locked collection"; `clear` of a missing item exits 1 with no output.
public final class SecretServiceStore: SecretStore {
  public static let serviceAttribute = "vibes"
  public static let defaultTimeout: TimeInterval = 5
  /// The item `isAvailable` writes, reads back and clears.
  static let probeKey = SecretKey(rawValue: "vibes.availabilityProbe")

  /// Environment of the children: the caller's, with the session bus address made explicit.
  let childEnvironment: [String: String]
  let secretToolPath: String?
  let timeout: TimeInterval
  /// This installation's id (from SQLite), stored as the `installation` attribute of every item and required on
  /// lookup, so items left by an earlier installation are not taken for this one's. nil: items without it.
  public let installation: String?

  /// environment is passed to the `secret-tool` child processes (DBUS_SESSION_BUS_ADDRESS etc.)
  public init(
    environment: [String: String], secretToolPath: String? = nil,
    timeout: TimeInterval = defaultTimeout, installation: String? = nil
  ) {
    childEnvironment = Self.childEnvironment(environment)
    self.secretToolPath = secretToolPath ?? Self.findSecretTool(environment: environment)
    self.timeout = timeout
    self.installation = installation
  }

  public var kind: SecretStoreKind { .secretService }

  public var locationDescription: String { "Secret Service (default collection)" }

  public func read(_ key: SecretKey) throws -> String? {
    let result = try run(Self.lookupArguments(for: key, installation: installation), operation: "lookup")
    if result.status == 0 {
      guard let value = String(data: result.output, encoding: .utf8) else {
        throw SecretStoreError.invalidValue("the stored value of \(key.rawValue) is not UTF-8 text")
      }
      return value.isEmpty ? nil : value
    }
    if result.status == 1 && result.output.isEmpty && Self.message(result.errorOutput).isEmpty {
      return nil
    }
    throw Self.failure(operation: "lookup", result: result)
  }

  public func write(_ value: String, for key: SecretKey) throws {
    guard !value.isEmpty else {
      throw SecretStoreError.invalidValue("empty value for \(key.rawValue)")
    }
    let result = try run(
      Self.storeArguments(for: key, installation: installation), operation: "store", input: Data(value.utf8))
    guard result.status == 0 else {
      throw Self.failure(operation: "store", result: result, redacting: value)
    }
  }

  public func delete(_ key: SecretKey) throws {
    let result = try run(Self.clearArguments(for: key, installation: installation), operation: "clear")
    if result.status == 0 { return }
    if result.status == 1 && Self.message(result.errorOutput).isEmpty { return }  // nothing matched
    throw Self.failure(operation: "clear", result: result)
  }

  public func contains(_ key: SecretKey) throws -> Bool {
    try read(key) != nil
  }

  // MARK: Availability

  /// true when secret-tool exists, a session bus is reachable and an unlocked collection accepts a write (probe item).
  public static func isAvailable(environment: [String: String]) -> Bool {
    unavailabilityReason(environment: environment) == nil
  }

  /// nil when the Secret Service works; otherwise a plain-language reason such as "no session bus".
  /// The probe stores a random throwaway item, reads it back and clears it.
  public static func unavailabilityReason(
    environment: [String: String], secretToolPath: String? = nil,
    timeout: TimeInterval = defaultTimeout
  ) -> String? {
    unavailability(environment: environment, secretToolPath: secretToolPath, timeout: timeout)?.description
  }

  /// Why the Secret Service cannot be used here, as a value the UI can put into words; nil when a probe
  /// item could be written and read back.
  public static func unavailability(
    environment: [String: String], secretToolPath: String? = nil,
    timeout: TimeInterval = defaultTimeout
  ) -> SecretServiceUnavailability? {
    let store = SecretServiceStore(
      environment: environment, secretToolPath: secretToolPath, timeout: timeout)
    guard store.secretToolPath != nil else { return .secretToolMissing }
    guard store.childEnvironment["DBUS_SESSION_BUS_ADDRESS"] != nil else { return .noSessionBus }
    let probe = "probe-\(UUID().uuidString)"
    do {
      try store.write(probe, for: probeKey)
      defer { try? store.delete(probeKey) }
      guard try store.read(probeKey) == probe else { return .probeNotReadBack }
      return nil
    } catch SecretStoreError.locked {
      return .collectionLocked
    } catch SecretStoreError.timedOut {
      return .noAnswer(seconds: Int(timeout))
    } catch SecretStoreError.unavailable(let reason) {
      return .other(reason)
    } catch {
      return .other("\(error)")
    }
  }

  // MARK: Command lines (public so tests and diagnostics can show them: names only, never a value)

  public static func storeArguments(for key: SecretKey, installation: String? = nil) -> [String] {
    ["store", "--label=vibes: \(key.rawValue)"] + attributes(for: key, installation: installation)
  }

  public static func lookupArguments(for key: SecretKey, installation: String? = nil) -> [String] {
    ["lookup"] + attributes(for: key, installation: installation)
  }

  public static func clearArguments(for key: SecretKey, installation: String? = nil) -> [String] {
    ["clear"] + attributes(for: key, installation: installation)
  }

  private static func attributes(for key: SecretKey, installation: String?) -> [String] {
    ["service", serviceAttribute, "key", key.rawValue] + (installation.map { ["installation", $0] } ?? [])
  }

  /// Upgrading from a version without installation ids: items stored without the attribute are moved onto this
  /// installation (read, cleared, stored again with it). Returns the keys moved.
  @discardableResult
  public func adoptItemsWithoutInstallation(_ keys: [SecretKey]) throws -> [SecretKey] {
    guard let installation else { return [] }
    let legacy = SecretServiceStore(
      environment: childEnvironment, secretToolPath: secretToolPath, timeout: timeout, installation: nil)
    var moved: [SecretKey] = []
    for key in keys {
      guard try read(key) == nil, let value = try legacy.read(key) else { continue }
      try legacy.delete(key)
      let store = SecretServiceStore(
        environment: childEnvironment, secretToolPath: secretToolPath, timeout: timeout,
        installation: installation)
      try store.write(value, for: key)
      moved.append(key)
    }
    return moved
  }

  // MARK: Internals

  private func run(_ arguments: [String], operation: String, input: Data? = nil) throws
    -> ChildProcess.Result
  {
    guard let secretToolPath else {
      throw SecretStoreError.unavailable(
        "secret-tool is not installed (Debian package libsecret-tools)")
    }
    guard childEnvironment["DBUS_SESSION_BUS_ADDRESS"] != nil else {
      throw SecretStoreError.unavailable("no session bus")
    }
    do {
      return try ChildProcess.run(
        secretToolPath, arguments: arguments,
        environment: .allowing(Self.allowedVariables, from: childEnvironment), input: input,
        timeout: timeout)
    } catch ChildProcess.Failure.timedOut {
      throw SecretStoreError.timedOut(operation: operation)
    } catch ChildProcess.Failure.launchFailed(let reason) {
      throw SecretStoreError.unavailable("cannot run secret-tool: \(reason)")
    }
  }

  /// Maps a failed run to an error. stderr never holds the value (it only went to stdin), but any occurrence of
  /// the value being written is redacted all the same.
  private static func failure(
    operation: String, result: ChildProcess.Result, redacting secret: String? = nil
  )
    -> SecretStoreError
  {
    var text = message(result.errorOutput)
    if let secret, !secret.isEmpty {
      text = text.replacingOccurrences(of: secret, with: "<redacted>")
    }
    let lowered = text.lowercased()
    if lowered.contains("locked") { return .locked }
    // Measured: "Could not connect: No such file or directory" (dead address), "Cannot autolaunch D-Bus without
    // X11 $DISPLAY" (no address), "The name org.freedesktop.secrets was not provided by any .service files".
    let busMarkers = [
      "cannot autolaunch", "could not connect", "not provided by any .service",
      "connection refused",
      "serviceunknown",
    ]
    if busMarkers.contains(where: lowered.contains) {
      return .unavailable("no Secret Service on the session bus (\(text))")
    }
    return .commandFailed(operation: operation, status: result.status, message: text)
  }

  /// First non-empty line of a tool's stderr, trimmed and capped, for error messages.
  private static func message(_ data: Data) -> String {
    let text = String(decoding: data, as: UTF8.self)
    let line =
      text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
      .first { !$0.isEmpty } ?? ""
    return String(line.prefix(300))
  }

  /// What secret-tool may see of vibes' environment: enough to find the session bus and a language, no VIBES_*.
  static let allowedVariables: Set<String> = [
    "PATH", "HOME", "USER", "LOGNAME", "LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "LC_MESSAGES", "TMPDIR",
    "DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR",
  ]

  /// The caller's allowed variables with DBUS_SESSION_BUS_ADDRESS set when a bus can be found: the variable itself,
  /// else the systemd user bus `$XDG_RUNTIME_DIR/bus`. An explicit address also keeps GDBus from trying to
  /// autolaunch a bus through X11.
  static func childEnvironment(_ environment: [String: String]) -> [String: String] {
    var result = ChildEnvironment.allowing(allowedVariables, from: environment).variables
    if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return result }
    result["DBUS_SESSION_BUS_ADDRESS"] = nil
    if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
      let socket = runtime + "/bus"
      var info = stat()
      if stat(socket, &info) == 0 && (info.st_mode & S_IFMT) == S_IFSOCK {
        result["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(socket)"
      }
    }
    return result
  }

  /// `secret-tool` on the environment's PATH (or the usual system folders when PATH is unset).
  static func findSecretTool(environment: [String: String]) -> String? {
    let path =
      environment["PATH"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/bin:/usr/bin:/bin"
    for folder in path.split(separator: ":") where folder.hasPrefix("/") {
      let candidate = "\(folder)/secret-tool"
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }
}

/// Why auto mode could not use the Secret Service (or chose not to).
public enum SecretServiceUnavailability: Sendable, Equatable, CustomStringConvertible {
  case secretToolMissing
  case noSessionBus
  case collectionLocked
  case noAnswer(seconds: Int)
  case probeNotReadBack
  /// Auto mode keeps a vault that already holds secrets, so they do not seem to vanish.
  case vaultAlreadyInUse
  case other(String)

  /// English, for logs and diagnostics; the UI words it in the user's language.
  public var description: String {
    switch self {
    case .secretToolMissing: return "secret-tool is not installed (Debian package libsecret-tools)"
    case .noSessionBus:
      return "no session bus (DBUS_SESSION_BUS_ADDRESS is not set and $XDG_RUNTIME_DIR/bus does not exist)"
    case .collectionLocked: return "the default keyring collection is locked"
    case .noAnswer(let seconds): return "the Secret Service did not answer within \(seconds) s"
    case .probeNotReadBack: return "the probe item could not be read back"
    case .vaultAlreadyInUse:
      return "the vault already holds secrets (VIBES_SECRET_STORE=secret-service uses the keyring instead)"
    case .other(let text): return text
    }
  }
}
