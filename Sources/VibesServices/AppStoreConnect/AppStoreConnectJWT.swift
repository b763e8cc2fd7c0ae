import Crypto
import Foundation

/// The ES256 token App Store Connect wants, made in memory for each batch of calls and never stored:
/// header `{"alg":"ES256","kid":KEY_ID,"typ":"JWT"}`, claims `iss`, `iat`, `exp` (at most 20 minutes
/// later) and `aud` `appstoreconnect-v1`, signature the raw 64-byte r||s.
public enum AppStoreConnectJWT {
  public static let audience = "appstoreconnect-v1"
  /// Apple refuses tokens that live longer than 20 minutes; stay below that.
  public static let lifetime: TimeInterval = 15 * 60

  public static func make(
    _ credentials: AppStoreConnectCredentials, now: Date, lifetime: TimeInterval = lifetime
  ) throws(AppStoreConnectFailure) -> String {
    let key = try credentials.signingKey()
    let issuedAt = Int(now.timeIntervalSince1970)
    let header = #"{"alg":"ES256","kid":\#(jsonString(credentials.keyID)),"typ":"JWT"}"#
    let claims =
      #"{"iss":\#(jsonString(credentials.issuerID)),"iat":\#(issuedAt),"exp":\#(issuedAt + Int(min(lifetime, 1200))),"aud":"\#(audience)"}"#
    let signingInput = base64URL(Data(header.utf8)) + "." + base64URL(Data(claims.utf8))
    guard let signature = try? key.signature(for: Data(signingInput.utf8)) else {
      throw .malformedKey
    }
    return signingInput + "." + base64URL(signature.rawRepresentation)
  }

  static func jsonString(_ value: String) -> String {
    let data =
      (try? JSONSerialization.data(withJSONObject: [value], options: [.withoutEscapingSlashes]))
      ?? Data()
    let array = String(decoding: data, as: UTF8.self)
    return String(array.dropFirst().dropLast())
  }

  public static func base64URL(_ data: Data) -> String {
    data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(
      of: "/", with: "_"
    )
    .replacingOccurrences(of: "=", with: "")
  }
}
