import Crypto
import Foundation

/// An App Store Connect team key: issuer, key id and the `.p8` private key (normalised PEM).
/// `description` never shows the key.
public struct AppStoreConnectCredentials: Sendable, Equatable, Codable, CustomStringConvertible {
  public var issuerID: String
  public var keyID: String
  /// PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`), as `PrivateKeyText.normalize` returns it.
  public var privateKeyPEM: String

  public init(issuerID: String, keyID: String, privateKeyPEM: String) {
    self.issuerID = issuerID
    self.keyID = keyID
    self.privateKeyPEM = privateKeyPEM
  }

  public var description: String {
    "AppStoreConnectCredentials(issuer: \(issuerID), key: \(keyID), ‹private key›)"
  }

  /// The signing key; `.malformedKey` when the PEM is not a P-256 key.
  public func signingKey() throws(AppStoreConnectFailure) -> P256.Signing.PrivateKey {
    do {
      return try P256.Signing.PrivateKey(pemRepresentation: privateKeyPEM)
    } catch {
      throw .malformedKey
    }
  }

  /// The secret store's string form (JSON).
  public func encoded() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
  }

  public static func decode(_ text: String) -> AppStoreConnectCredentials? {
    try? JSONDecoder().decode(AppStoreConnectCredentials.self, from: Data(text.utf8))
  }
}

/// What the UI may show about a key: never the key itself.
public struct PrivateKeyFingerprint: Sendable, Equatable {
  /// "P-256".
  public var curve: String
  /// Lower-case hex SHA-256 of the public key (DER SubjectPublicKeyInfo).
  public var sha256Hex: String

  public init(_ key: P256.Signing.PrivateKey) {
    curve = "P-256"
    sha256Hex = SHA256.hash(data: key.publicKey.derRepresentation).map {
      String(format: "%02x", $0)
    }.joined()
  }

  /// e.g. "1a2b…9f".
  public var short: String { String(sha256Hex.prefix(4)) + "…" + String(sha256Hex.suffix(2)) }
}
