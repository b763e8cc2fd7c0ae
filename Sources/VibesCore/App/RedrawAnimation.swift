/// The frame counter of the few glyphs that gently animate (the legend streak tier, FR-9.2). There is no timer for
/// them: the counter moves only when the screen is redrawn for another reason (a key, an answer, a resize), never
/// on a clock tick — a tick redraws only a frame whose text changed, and an animation that moved on every tick
/// would change it every time. Under `NO_COLOR` or a dumb terminal nothing animates (the frame stays 0).
public struct RedrawAnimation: Sendable, Hashable {
  /// Animation is allowed on this terminal (set once by the runtime).
  public var isAllowed: Bool
  /// Redraws counted so far (not clock-driven ones).
  public private(set) var redraws = 0

  public init(isAllowed: Bool = false) { self.isAllowed = isAllowed }

  /// What an animated glyph is drawn at: the redraw count, or 0 where nothing may animate.
  public var frame: Int { isAllowed ? redraws : 0 }

  /// Called by the runtime before each render: a redraw caused by a clock tick (or the answers it asks for) keeps
  /// the frame, any other redraw moves it on by one.
  public mutating func willRedraw(clockDriven: Bool) {
    guard !clockDriven else { return }
    redraws &+= 1
  }

  /// Animation is off under `NO_COLOR` (any non-empty value), without `TERM`, and on `dumb`.
  public static func isAllowed(environment: [String: String]) -> Bool {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
    let term = environment["TERM"] ?? ""
    return !term.isEmpty && term != "dumb"
  }
}
