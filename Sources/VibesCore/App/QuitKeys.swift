/// What the keys of the quit question do.
public enum QuitCommand: Sendable, Hashable {
  case quit
  case stay
}

/// `q` must never throw away unsaved work without asking: when a tab reports unsaved work (`TabFeature
/// .unsavedWork`), `q` asks first, on the status line, and only these keys answer (Ctrl-C still quits at once).
public enum QuitKeys {
  public static func bindings() -> [KeyBinding<QuitCommand>] {
    [
      KeyBinding([.character("y"), .character("q"), .enter], "y", .common(.helpQuitAnyway), .quit),
      KeyBinding([.character("n"), .escape], "n", .common(.helpStay), .stay),
    ]
  }

  static func hints() -> [KeyHint] {
    bindings().map(\.hint) + [KeyHint(label: "Ctrl-C", help: .common(.helpQuitAnywhere), inFooter: false)]
  }

  /// What quitting now would lose, from every tab (nil: nothing, quit at once).
  public static func unsavedWork(_ state: AppState) -> LocalizedText? {
    state.tabs.tabs.lazy.compactMap { $0.unsavedWork(state) }.first
  }

  /// `q` at a root: quit, or ask first when work would be lost.
  static func quit(_ state: inout AppState) -> [AppEffect] {
    guard let lost = unsavedWork(state) else { return AppReducer.quitNow(&state) }
    state.isConfirmingQuit = true
    state.notice = .localized(
      LocalizedText(L10n.quitQuestion) { t in ["what": t[lost]] }, isWarning: true)
    return []
  }

  static func perform(_ command: QuitCommand, _ state: inout AppState) -> [AppEffect] {
    state.isConfirmingQuit = false
    switch command {
    case .quit:
      return AppReducer.quitNow(&state)
    case .stay:
      state.notice = nil
      return []
    }
  }
}
