/// What can cover a tab, in the one order that decides which takes the keys, whose keys the footer lists and
/// what the screen shows: the first one showing is on top. Written once here; the reducer, `AppState.keyHints`
/// and the UI's `AppView` all read `AppState.overlays`.
public enum Overlay: Sendable, Hashable, CaseIterable {
  /// `?`/F1: the keys of what is under it; any key closes it.
  case help
  /// `q` with unsaved work: only y/n answer (on the status line; the screen under it stays).
  case quitQuestion
  /// `!`: the status line's warning, whole.
  case notice
  /// The vault cannot be opened: the way out, over every tab.
  case vaultRecovery
  /// The first-launch tutorial.
  case tutorial

  /// True when the overlay replaces the tab's screen (the help draws over the frame; the question on the status line).
  public var coversScreen: Bool {
    switch self {
    case .notice, .vaultRecovery, .tutorial: return true
    case .help, .quitQuestion: return false
    }
  }

  func isShown(_ state: AppState) -> Bool {
    switch self {
    case .help: return state.isHelpVisible
    case .quitQuestion: return state.isConfirmingQuit
    case .notice: return state.isNoticeOpen && state.notice != nil
    case .vaultRecovery: return state.vaultRecovery?.isShown == true
    case .tutorial: return state.tutorial.isVisible
    }
  }
}

extension AppState {
  /// The overlays showing, top first.
  public var overlays: [Overlay] { Overlay.allCases.filter { $0.isShown(self) } }

  /// The overlay that replaces the tab's screen, if any.
  public var coveringOverlay: Overlay? { overlays.first { $0.coversScreen } }
}
