/// The few styles vibes uses. State is always carried by a symbol and a word as well; colour only
/// reinforces it (NO_COLOR and vt100 users see the same information).
public enum Theme {
  public static let incomplete = CellStyle(foreground: .red, attributes: [.bold])
  public static let complete = CellStyle(foreground: .green, attributes: [.bold])
  public static let pending = CellStyle(foreground: .yellow)
  public static let title = CellStyle(attributes: [.bold])
  public static let hint = CellStyle(attributes: [.dim])
  public static let selected = CellStyle(attributes: [.reverse, .bold])
  public static let link = CellStyle(foreground: .cyan, attributes: [.underline])
  public static let error = CellStyle(foreground: .red, attributes: [.bold])
  public static let warning = CellStyle(foreground: .yellow, attributes: [.bold])
  public static let focusedBorder = CellStyle(foreground: .cyan, attributes: [.bold])
  public static let field = CellStyle(attributes: [.underline])
  /// The DEMO mark in the tab bar.
  public static let warningMark = CellStyle(foreground: .yellow, attributes: [.reverse, .bold])

  public static let incompleteSymbol = "✗"
  public static let completeSymbol = "✓"
}
