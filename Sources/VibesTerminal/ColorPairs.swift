import VibesUI

/// Colour pairs created on demand: pair 0 is the terminal default; each new (foreground, background) gets the
/// next number until the terminal's COLOR_PAIRS is used up, after which pair 0 is used.
struct ColorPairTable: Sendable {
  struct Definition: Equatable, Sendable {
    var pair: Int16
    var foreground: Int16
    var background: Int16
  }

  let limit: Int
  /// `use_default_colors()` succeeded: -1 means the terminal's own colour.
  let defaultColors: Bool
  /// Red and green foregrounds use the bright variants (9, 10): a dark background on a 16-colour terminal.
  let brightStates: Bool
  private var pairs: [Int: Int16] = [:]
  private var nextPair: Int16 = 1

  init(limit: Int, defaultColors: Bool, brightStates: Bool = false) {
    self.limit = limit
    self.defaultColors = defaultColors
    self.brightStates = brightStates
  }

  /// The pair for the colours, and the definition to pass to `init_pair` when it is new.
  mutating func pair(foreground: TerminalColor, background: TerminalColor) -> (
    pair: Int16, define: Definition?
  ) {
    if foreground == .default && background == .default { return (0, nil) }
    let key = Self.index(foreground) * 16 + Self.index(background)
    if let pair = pairs[key] { return (pair, nil) }
    guard Int(nextPair) < limit else { return (0, nil) }
    let pair = nextPair
    nextPair += 1
    pairs[key] = pair
    return (
      pair,
      Definition(
        pair: pair,
        foreground: Self.foregroundNumber(foreground, defaultColors: defaultColors, bright: brightStates),
        background: Self.number(background, foreground: false, defaultColors: defaultColors))
    )
  }

  /// The foreground's colour number; red and green become bright red (9) and bright green (10) when `bright`.
  static func foregroundNumber(_ color: TerminalColor, defaultColors: Bool, bright: Bool) -> Int16 {
    let base = number(color, foreground: true, defaultColors: defaultColors)
    guard bright, color == .red || color == .green else { return base }
    return base + 8
  }

  /// ncurses colour numbers (COLOR_BLACK = 0 … COLOR_WHITE = 7); `.default` is -1, or white on black when the
  /// terminal has no default colours.
  static func number(_ color: TerminalColor, foreground: Bool, defaultColors: Bool) -> Int16 {
    switch color {
    case .default: defaultColors ? -1 : (foreground ? 7 : 0)
    case .black: 0
    case .red: 1
    case .green: 2
    case .yellow: 3
    case .blue: 4
    case .magenta: 5
    case .cyan: 6
    case .white: 7
    }
  }

  private static func index(_ color: TerminalColor) -> Int {
    TerminalColor.allCases.firstIndex(of: color) ?? 0
  }
}
