import Crypto
import Foundation

/// RFC 7636 Proof Key for Code Exchange with S256, and the OAuth `state` value.
/// Both come from the system's cryptographic random source; a fresh pair per attempt.
public enum PKCE {
  /// The characters a verifier may hold (RFC 7636 §4.1: ALPHA / DIGIT / "-" / "." / "_" / "~").
  public static let unreservedCharacters = Set(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

  /// base64url of 32 random octets: 43 characters, as RFC 7636 §4.1 recommends.
  public static func makeVerifier() -> String {
    var generator = SystemRandomNumberGenerator()
    return makeVerifier(byteCount: 32, using: &generator)
  }

  /// base64url of `byteCount` random octets (32...96 keeps the result within 43...128 characters).
  public static func makeVerifier<G: RandomNumberGenerator>(byteCount: Int, using generator: inout G) -> String {
    let count = min(max(byteCount, 32), 96)
    return base64URL(Data((0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }))
  }

  /// A fresh, unguessable `state` (128 random bits, base64url).
  public static func makeState() -> String {
    var generator = SystemRandomNumberGenerator()
    return base64URL(Data((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }))
  }

  /// `BASE64URL-ENCODE(SHA256(ASCII(code_verifier)))` without padding.
  public static func challenge(for verifier: String) -> String {
    base64URL(Data(SHA256.hash(data: Data(verifier.utf8))))
  }

  /// True for 43...128 characters of the unreserved set.
  public static func isValidVerifier(_ verifier: String) -> Bool {
    (43...128).contains(verifier.count) && verifier.allSatisfy { unreservedCharacters.contains($0) }
  }

  static func base64URL(_ data: Data) -> String {
    data.base64EncodedString()
      .replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }
}
