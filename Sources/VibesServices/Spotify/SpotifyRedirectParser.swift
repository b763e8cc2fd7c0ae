import Foundation

/// Reads what a user pasted back from the browser: the whole redirected URL (state checked) or only
/// the code. Nothing here logs or keeps the text.
public enum SpotifyRedirectParser {
  public enum Result: Equatable, Sendable {
    case code(String)
    case denied
    case error(String?)
    case stateMismatch
    case noCode
  }

  public static func parse(_ text: String, expectedState: String) -> Result {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { return .noCode }
    let looksLikeURL = trimmed.contains("?") || trimmed.contains("=") || trimmed.contains("/")
    guard looksLikeURL else {
      // Only the code: nothing to compare the state with; the code itself is single-use and bound
      // to this attempt's verifier, so a foreign code simply fails the exchange.
      let allowed = PKCE.unreservedCharacters
      return trimmed.allSatisfy({ allowed.contains($0) }) ? .code(trimmed) : .noCode
    }
    var query = trimmed
    if let mark = query.firstIndex(of: "?") { query = String(query[query.index(after: mark)...]) }
    if let hash = query.firstIndex(of: "#") { query = String(query[..<hash]) }
    var items: [String: String] = [:]
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = String(parts[0])
      let raw = parts.count > 1 ? String(parts[1]) : ""
      let value = raw.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? raw
      if items[name] == nil { items[name] = value }
    }
    let code = items["code"].flatMap { $0.isEmpty ? nil : $0 }
    let error = items["error"].flatMap { $0.isEmpty ? nil : $0 }
    guard code != nil || error != nil else { return .noCode }
    guard let state = items["state"], CallbackGate.constantTimeEquals(state, expectedState) else {
      return .stateMismatch
    }
    // An error wins over a code that came with it (RFC 6749 4.1.2.1: an error response has no code).
    if error == "access_denied" { return .denied }
    if error != nil { return .error(ServiceError.sanitizedReason(error)) }
    guard let code else { return .noCode }
    return .code(code)
  }
}
