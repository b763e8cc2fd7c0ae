/// The short form a stored secret is shown as: enough to recognise which key it is, never enough to
/// use it. Keys shorter than 16 characters show no characters at all.
public enum SecretMask {
  public static func preview(of secret: String) -> String {
    let characters = Array(secret)
    guard characters.count >= 16 else { return "••••••••" }
    return String(characters.prefix(4)) + "…" + String(characters.suffix(3))
  }

  /// What a secret field shows while typing: one bullet per character, capped so that a long key
  /// does not fill the screen.
  public static func bullets(count: Int, limit: Int) -> String {
    String(repeating: "•", count: min(count, limit))
  }
}
