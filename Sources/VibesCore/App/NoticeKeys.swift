/// What the keys of the whole-message overlay (and the `!` that opens it) do.
public enum NoticeCommand: Sendable, Hashable {
  /// Show the status line's message whole, over the screen.
  case open
  case close
  /// Move the message by `rows` (negative: up).
  case scroll(rows: Int)
  /// Move the message by whole pages (negative: up).
  case scrollPages(Int)
}

/// The status line's warnings can be longer than the rows it gives them: `!` (outside text fields, while a
/// warning shows) opens the whole message in a scrollable overlay; Esc closes it and the warning stays.
public enum NoticeKeys {
  /// `!` while a warning shows and no text field takes the key (the footer and help list it then); also over
  /// the vault recovery screen, not over the tutorial (which takes every key).
  public static func openBindings(_ state: AppState) -> [KeyBinding<NoticeCommand>] {
    guard state.notice?.isWarning == true, !state.isNoticeOpen, !state.tutorial.isVisible else { return [] }
    let recovering = state.vaultRecovery?.isShown == true
    guard recovering || !state.isEditingText else { return [] }
    return [KeyBinding([.character("!")], "!", .common(.helpFullMessage), .open)]
  }

  /// The overlay's keys: close, scroll by line, and by page when the message is taller than the screen.
  public static func overlayBindings(_ state: AppState) -> [KeyBinding<NoticeCommand>] {
    var bindings: [KeyBinding<NoticeCommand>] = [
      KeyBinding([.escape, .character("q"), .character("!"), .enter], "Esc", .common(.helpCloseMessage), .close)
    ]
    guard state.context.viewport.isScrollable else { return bindings }
    bindings += [
      KeyBinding([.up, .character("k")], "↑↓", .common(.helpScrollMessage), .scroll(rows: -1)),
      KeyBinding([.down, .character("j")], "↑↓", .common(.helpScrollMessage), .scroll(rows: 1)),
      KeyBinding([.pageUp], "PgUp PgDn", .common(.helpScroll), .scrollPages(-1)),
      KeyBinding([.pageDown], "PgUp PgDn", .common(.helpScroll), .scrollPages(1)),
    ]
    return bindings
  }

  /// The overlay's keys as the footer and help show them, with Ctrl-C.
  static func overlayHints(_ state: AppState) -> [KeyHint] {
    var seen = Set<String>()
    return overlayBindings(state).filter { seen.insert($0.label).inserted }.map(\.hint) + [
      KeyHint(label: "Ctrl-C", help: .common(.helpQuitAnywhere))
    ]
  }

  /// Applies a command to the state (nothing runs at the edge).
  static func perform(_ command: NoticeCommand, _ state: inout AppState) {
    switch command {
    case .open:
      state.isNoticeOpen = true
      state.context.scroll = ScrollPosition(offset: 0)
    case .close:
      state.isNoticeOpen = false
      state.context.scroll = ScrollPosition()
    case .scroll(let rows):
      state.context.scroll.scroll(by: rows, in: state.context.viewport)
    case .scrollPages(let pages):
      let rows = max(1, state.context.viewport.viewportHeight - 1)
      state.context.scroll.scroll(by: pages * rows, in: state.context.viewport)
    }
  }
}

extension Notice {
  /// A warning (drawn in the warning colour, wrapped onto up to three rows, whole with `!`); else information.
  public var isWarning: Bool {
    switch self {
    case .noBrowser, .storageUnavailable, .fieldFull: return true
    case .localized(_, let isWarning): return isWarning
    case .saved, .savedCityWithoutEvents, .savedCityWithEvents, .removed, .linkOpened, .linkCopied, .message:
      return false
    }
  }
}
