import Foundation

/// How times of the App Store Connect tab are shown: "2026-11-22 01:23 UTC" (one format everywhere, so the
/// dashboard and `vibes widget` agree and a tmux status bar stays narrow).
public enum AppStoreConnectTime {
  public static func format(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    return formatter.string(from: date) + " UTC"
  }

  /// True for a single line that names a key file rather than holding key text. Key material (a
  /// one-line base64 body, even after a stray "/") is never taken for a path, so it is never drawn.
  public static func looksLikePath(_ text: String) -> Bool {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty, !trimmed.contains("\n"), !trimmed.hasPrefix("-----") else {
      return false
    }
    let components = trimmed.split(separator: "/")
    guard !trimmed.contains("PRIVATE KEY"), components.allSatisfy({ $0.count <= 60 && !$0.hasPrefix("MIG") })
    else { return false }
    return trimmed.hasPrefix("/") || trimmed.hasPrefix("~/")
      || trimmed.lowercased().hasSuffix(".p8")
  }
}
