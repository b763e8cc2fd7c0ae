/// Whether the terminal draws on a dark or a light background: the semantic styles are adapted so red and green
/// stay readable on both (yellow and cyan, unreadable on white, give way to darker colours on light backgrounds).
public enum ThemeBackground: Sendable, Hashable, CaseIterable {
  case dark
  case light

  /// `VIBES_THEME=light|dark` wins; else `COLORFGBG` ("fg;bg", set by rxvt, Konsole and others) decides: a
  /// background of 7 or 9–15 is light. Unknown means dark, the common default.
  public static func detect(environment: [String: String]) -> ThemeBackground {
    switch environment["VIBES_THEME"]?.lowercased() {
    case "light": return .light
    case "dark": return .dark
    default: break
    }
    guard let last = environment["COLORFGBG"]?.split(separator: ";").last, let number = Int(last) else {
      return .dark
    }
    return number == 7 || (9...15).contains(number) ? .light : .dark
  }
}

extension Theme {
  /// The style as drawn on `background`. State colours (red, green) are always bold, which most terminals also
  /// draw in the bright variant on dark backgrounds; on light backgrounds yellow becomes magenta and cyan blue.
  /// Attributes, symbols and words are kept, so NO_COLOR shows the same information.
  public static func adapted(_ style: CellStyle, for background: ThemeBackground) -> CellStyle {
    var style = style
    if style.foreground == .red || style.foreground == .green { style.attributes.insert(.bold) }
    switch background {
    case .dark:
      if style.foreground == .blue { style.foreground = .cyan }
    case .light:
      switch style.foreground {
      case .yellow: style.foreground = .magenta
      case .cyan: style.foreground = .blue
      case .white: style.foreground = .default
      default: break
      }
    }
    return style
  }

  /// Every cell's style adapted to `background` (the terminal applies this when it draws).
  public static func adapted(_ grid: Grid, for background: ThemeBackground) -> Grid {
    var grid = grid
    for row in 0..<grid.height {
      for column in 0..<grid.width {
        let style = adapted(grid[row, column].style, for: background)
        if style != grid[row, column].style { grid[row, column].style = style }
      }
    }
    return grid
  }
}
