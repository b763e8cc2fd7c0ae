/// How a picture can be drawn in this terminal.
public enum GraphicsProtocol: String, Sendable, Hashable {
  /// The kitty graphics protocol (kitty; WezTerm mostly).
  case kitty
  /// DEC sixel (foot, mlterm, xterm -ti 340, WezTerm; tmux 3.4+ built with sixel).
  case sixel
  /// iTerm2 inline images (iTerm2, WezTerm, mintty, rio, Warp).
  case iterm2
  /// `▀` with foreground = top pixel, background = bottom pixel: works everywhere colours do.
  case halfBlocks
  /// No pictures: NO_COLOR, a dumb terminal, or off by setting.
  case none
}

/// What the terminal can do, as far as the environment (and, when asked, a probe reply) tells.
public struct GraphicsCapabilities: Sendable, Hashable {
  public var graphics: GraphicsProtocol
  /// 24-bit colour for half-blocks (`COLORTERM` truecolor/24bit); else the nearest of 256.
  public var trueColor: Bool
  /// Inside tmux: image sequences must be wrapped for passthrough (and tmux must allow it).
  public var insideTmux: Bool

  public init(graphics: GraphicsProtocol, trueColor: Bool, insideTmux: Bool) {
    self.graphics = graphics
    self.trueColor = trueColor
    self.insideTmux = insideTmux
  }

  /// A guess from the environment alone (pure): TERM, TERM_PROGRAM, LC_TERMINAL, COLORTERM, TMUX, NO_COLOR,
  /// KITTY_WINDOW_ID. Inside tmux, kitty/sixel/iTerm2 need `allow-passthrough on` (`tmuxPassthrough`), else
  /// half-blocks. The probe (`GraphicsProbe`) can confirm kitty or sixel afterwards.
  public static func guess(environment: [String: String], tmuxPassthrough: Bool = false) -> GraphicsCapabilities {
    func value(_ name: String) -> String { environment[name]?.trimmingCharacters(in: .whitespaces) ?? "" }
    let term = value("TERM").lowercased()
    let colorTerm = value("COLORTERM").lowercased()
    let trueColor = colorTerm == "truecolor" || colorTerm == "24bit"
    let insideTmux = !value("TMUX").isEmpty || term.hasPrefix("tmux")
    if environment["NO_COLOR"].map({ !$0.isEmpty }) == true || term.isEmpty || term == "dumb" {
      return GraphicsCapabilities(graphics: .none, trueColor: false, insideTmux: insideTmux)
    }
    let program = value("TERM_PROGRAM").lowercased()
    let lcTerminal = value("LC_TERMINAL").lowercased()
    var graphics: GraphicsProtocol = .halfBlocks
    if term == "xterm-kitty" || !value("KITTY_WINDOW_ID").isEmpty {
      graphics = .kitty
    } else if program == "iterm.app" || lcTerminal == "iterm2" || program == "wezterm" || program == "mintty"
      || program == "rio" || program == "warpterminal"
    {
      graphics = .iterm2
    } else if term.hasPrefix("foot") || term.hasPrefix("mlterm") || term == "yaft-256color" {
      graphics = .sixel
    }
    if insideTmux && !tmuxPassthrough && graphics != .halfBlocks { graphics = .halfBlocks }
    return GraphicsCapabilities(graphics: graphics, trueColor: trueColor, insideTmux: insideTmux)
  }

  /// The guess corrected by a probe reply: a kitty OK wins, then sixel in DA1 (unless iTerm2 was recognised), else
  /// a kitty/sixel guess falls back to half-blocks. Inside tmux only a kitty OK counts: tmux answers DA1 itself (its
  /// sixel is tmux's, not the terminal's) and need not hand the outer terminal's replies on, so silence proves
  /// nothing there. `.none` stays none.
  public func refined(by probe: GraphicsProbe.Reply) -> GraphicsCapabilities {
    var result = self
    guard graphics != .none else { return result }
    if probe.kitty {
      result.graphics = .kitty
    } else if insideTmux {
      return result
    } else if probe.sixel && graphics != .iterm2 {
      result.graphics = .sixel
    } else if graphics == .kitty || graphics == .sixel {
      result.graphics = .halfBlocks
    }
    return result
  }
}

/// The start-up query for kitty graphics and sixel, and the parser of the terminal's reply.
public enum GraphicsProbe {
  /// A 1×1 kitty query (`a=q`, nothing stored) followed by DA1: a kitty terminal answers `ESC _Gi=31;OK ESC \` before
  /// the DA1 reply; others answer DA1 only. The key decoder swallows the answers (`KeyDecoder.takeReplies`).
  public static let query: [UInt8] = kittyQuery + Array("\u{1B}[c".utf8)

  static let kittyQuery: [UInt8] = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\".utf8)

  /// What vibes sends at start: the kitty query (inside tmux only through passthrough, else left out), the cell
  /// size in pixels (`ESC [16t`, answered `ESC [6;h;wt`), then DA1, which every terminal answers last.
  public static func query(insideTmux: Bool, passthrough: Bool) -> [UInt8] {
    let kitty = insideTmux ? (passthrough ? TmuxPassthrough.wrap(kittyQuery) : []) : kittyQuery
    return kitty + Array("\u{1B}[16t\u{1B}[c".utf8)
  }

  public struct Reply: Sendable, Hashable {
    public var kitty: Bool
    public var sixel: Bool
    /// One cell's size in pixels from `ESC [6;h;wt`, when the terminal told.
    public var cellWidth: Int?
    public var cellHeight: Int?
    public init(kitty: Bool, sixel: Bool, cellWidth: Int? = nil, cellHeight: Int? = nil) {
      self.kitty = kitty
      self.sixel = sixel
      self.cellWidth = cellWidth
      self.cellHeight = cellHeight
    }
  }

  /// Reads the bytes the terminal sent back. nil until the DA1 reply (`ESC [ ? … c`) is complete; `kitty` when the
  /// query's OK came before it; `sixel` when DA1 lists attribute 4.
  public static func parse(_ bytes: [UInt8]) -> Reply? {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let start = text.range(of: "\u{1B}[?") else { return nil }
    let rest = text[start.upperBound...]
    guard let end = rest.firstIndex(of: "c") else { return nil }
    let attributes = rest[..<end].split(separator: ";").map(String.init)
    guard attributes.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else { return nil }
    let before = text[..<start.lowerBound]
    let kitty = before.contains("\u{1B}_Gi=31;OK")
    var reply = Reply(kitty: kitty, sixel: attributes.dropFirst().contains("4"))
    if let cell = before.range(of: "\u{1B}[6;"), let end = before[cell.upperBound...].firstIndex(of: "t") {
      let numbers = before[cell.upperBound..<end].split(separator: ";").compactMap { Int($0) }
      if numbers.count == 2, (1...1000).contains(numbers[0]), (1...1000).contains(numbers[1]) {
        reply.cellHeight = numbers[0]
        reply.cellWidth = numbers[1]
      }
    }
    return reply
  }
}

/// tmux passthrough: `ESC P tmux; <sequence with every ESC doubled> ESC \` (needs `set -g allow-passthrough on`).
public enum TmuxPassthrough {
  public static func wrap(_ sequence: [UInt8]) -> [UInt8] {
    var output: [UInt8] = Array("\u{1B}Ptmux;".utf8)
    output.reserveCapacity(sequence.count + 16)
    for byte in sequence {
      if byte == 0x1B { output.append(0x1B) }
      output.append(byte)
    }
    output += [0x1B, 0x5C]
    return output
  }
}
