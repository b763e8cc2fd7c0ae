import Foundation

/// Failures of a secret store. Every payload is a path, a key name, a status or a tool's diagnostic with any
/// known secret value redacted — never a secret value — so descriptions are safe to show and to log.
public enum SecretStoreError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
  /// The Secret Service cannot be used (no secret-tool, no session bus, no daemon...). The reason is for humans.
  case unavailable(String)
  /// The keyring collection is locked and refused the operation.
  case locked
  /// A `secret-tool` child did not finish in time and was killed.
  case timedOut(operation: String)
  /// A `secret-tool` child failed; `message` is its stderr (first line, trimmed, secret redacted).
  case commandFailed(operation: String, status: Int32, message: String)
  /// The vault exists but its key file does not. Nothing is created: that would orphan the vault.
  case vaultKeyMissing(keyPath: String, vaultPath: String)
  /// The key file is not a 256-bit key.
  case vaultKeyInvalid(keyPath: String)
  /// The vault failed to decrypt or parse: wrong key, tampering, truncation or an unknown format.
  case vaultCorrupted(path: String, reason: String)
  /// A file is owned by another user or readable by group/others, and is refused.
  case insecureFile(path: String, reason: String)
  /// The secret value cannot be stored (e.g. empty).
  case invalidValue(String)
  /// VIBES_SECRET_STORE (or similar) holds an unknown value.
  case invalidConfiguration(String)
  /// A file-system error; the text holds the operation, path and errno message.
  case io(String)
  /// A save's second half (`commitError`, e.g. the SQLite row) failed and putting the previous secret back
  /// failed too (`rollbackError`, e.g. a full disk): the store holds the NEW value for `key` while the rest
  /// of the change was not saved. The UI must say so (retry the save, or remove the credential).
  case rollbackFailed(key: String, commitError: String, rollbackError: String)

  public var description: String {
    switch self {
    case .unavailable(let reason):
      return "Secret Service unavailable: \(reason)"
    case .locked:
      return "The keyring is locked; unlock it (e.g. log in to the desktop session) and try again"
    case .timedOut(let operation):
      return "secret-tool \(operation) did not answer in time"
    case .commandFailed(let operation, let status, let message):
      let detail = message.isEmpty ? "" : ": \(message)"
      return "secret-tool \(operation) failed (exit \(status))\(detail)"
    case .vaultKeyMissing(let keyPath, let vaultPath):
      return "The vault \(vaultPath) exists but its key file \(keyPath) is missing; "
        + "restore the key file, or reset the vault (its secrets are then lost)"
    case .vaultKeyInvalid(let keyPath):
      return "The vault key file \(keyPath) is not a valid 256-bit key"
    case .vaultCorrupted(let path, let reason):
      return "The vault \(path) cannot be opened: \(reason)"
    case .insecureFile(let path, let reason):
      return "Refusing to use \(path): \(reason)"
    case .invalidValue(let reason):
      return "Invalid secret: \(reason)"
    case .invalidConfiguration(let reason):
      return reason
    case .io(let message):
      return message
    case .rollbackFailed(let key, let commitError, let rollbackError):
      return "Saving \(key) failed (\(commitError)) and the previous secret could not be restored "
        + "(\(rollbackError)); the secret store now holds the new value"
    }
  }

  public var errorDescription: String? { description }
}
