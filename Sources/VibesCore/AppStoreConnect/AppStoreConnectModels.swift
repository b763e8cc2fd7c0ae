import Foundation

// `AppStoreConnectApp` and `AppStoreConnectFailure` are the shared kernel's (VibesWire/AppStoreConnect.swift): the
// client lists and throws the very values the feature keeps and shows.

/// Text that must never be drawn, logged or dumped: `description` hides it.
public struct RedactedText: Sendable, Hashable, CustomStringConvertible,
  CustomDebugStringConvertible
{
  public var value: String
  public init(_ value: String) { self.value = value }
  public var description: String { "‹redacted›" }
  public var debugDescription: String { "‹redacted›" }
}

/// What the setup form asks the edge to verify and, on success, save.
public struct AppStoreConnectSubmission: Sendable, Hashable {
  public var issuerID: String
  public var keyID: String
  /// The pasted `.p8` content or a path to the file.
  public var privateKey: RedactedText

  public init(issuerID: String, keyID: String, privateKey: RedactedText) {
    self.issuerID = issuerID
    self.keyID = keyID
    self.privateKey = privateKey
  }
}

/// What may be shown about a loaded key: its curve and a short fingerprint of the public key.
public struct PrivateKeySummary: Sendable, Hashable {
  public var curve: String
  /// e.g. "1a2b…9f".
  public var fingerprint: String
  /// The Key ID found in an `AuthKey_<KEYID>.p8` file name, when a path was given.
  public var keyIDFromFileName: String?

  public init(curve: String, fingerprint: String, keyIDFromFileName: String? = nil) {
    self.curve = curve
    self.fingerprint = fingerprint
    self.keyIDFromFileName = keyIDFromFileName
  }
}

/// What storage says at start-up: are credentials stored, and the cached dashboard.
public struct AppStoreConnectStoredState: Sendable, Hashable {
  public var isConfigured: Bool
  public var apps: [AppStoreConnectApp]
  public var lastSync: Date?

  public init(isConfigured: Bool, apps: [AppStoreConnectApp] = [], lastSync: Date? = nil) {
    self.isConfigured = isConfigured
    self.apps = apps
    self.lastSync = lastSync
  }
}
