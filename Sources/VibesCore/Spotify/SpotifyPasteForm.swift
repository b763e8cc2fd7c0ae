/// The one focus of the Spotify paste form.
public enum SpotifyPasteFocus: Sendable, Hashable {
  /// The redirected URL (or the bare code).
  case redirect
}

/// The Spotify setup's paste field on the one form engine: a single field whose text is the redirected URL or
/// the bare code. It has no buttons (Enter or Ctrl-S submits, Esc cancels the attempt). The field is a
/// `.secret` kind: a paste loses every space, line break and control character (a URL wrapped by the terminal or
/// the browser still reads whole), and its `.query` masking keeps the address readable and draws the code as bullets.
public enum SpotifyPasteForm {
  /// A fresh, empty paste form focused on its field.
  public static func make() -> Form<SpotifyPasteFocus, SpotifyFailure> {
    Form([Field(.redirect, .secret, masking: .query)], focus: .redirect, blurCheck: .never)
  }
}
