/// The eight ANSI colours plus the terminal's own default. Presenters map these to colour pairs;
/// with NO_COLOR or a monochrome terminal only the attributes survive, so state must never be colour alone.
public enum TerminalColor: Sendable, Hashable, CaseIterable {
  case `default`, black, red, green, yellow, blue, magenta, cyan, white
}

public struct TextAttributes: OptionSet, Sendable, Hashable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }
  public static let bold = TextAttributes(rawValue: 1 << 0)
  public static let dim = TextAttributes(rawValue: 1 << 1)
  public static let underline = TextAttributes(rawValue: 1 << 2)
  public static let reverse = TextAttributes(rawValue: 1 << 3)
}

public struct CellStyle: Sendable, Hashable {
  public var foreground: TerminalColor
  public var background: TerminalColor
  public var attributes: TextAttributes

  public init(
    foreground: TerminalColor = .default, background: TerminalColor = .default,
    attributes: TextAttributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  public static let plain = CellStyle()
}
