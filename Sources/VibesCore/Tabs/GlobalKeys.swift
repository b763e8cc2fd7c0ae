/// What the keys that mean the same on every screen do.
public enum GlobalCommand: Sendable, Hashable {
  case help
  case selectTab(TabID)
  /// q: quit from a tab's root, else back.
  case quitOrBack
  case back
  /// PageUp (-1) / PageDown (+1) on a screen taller than the terminal.
  case scroll(pages: Int)
}

/// The global key map as data. Tab switching with Alt+number works everywhere, text fields included
/// (Alt never types); the bare number keys, ? and q only where no text field takes them.
public enum GlobalKeys {
  public static func bindings(_ state: AppState, editing: Bool) -> [KeyBinding<GlobalCommand>] {
    let ids = state.tabs.tabBarIDs
    let range = ids.isEmpty ? "" : "1–\(ids.count)"
    var bindings: [KeyBinding<GlobalCommand>] = []
    for (index, id) in ids.enumerated() {
      let digit = Character(String(index + 1))
      bindings.append(
        KeyBinding([.alt(digit)], "Alt-\(range)", .common(.helpTabsAnywhere), footer: false, .selectTab(id)))
    }
    bindings.append(KeyBinding([.function(1)], "F1", .common(.helpHelp), footer: false, .help))
    guard !editing else {
      bindings.append(KeyBinding([.escape], "Esc", .common(.helpLeaveField), .back))
      return bindings + scrollBindings(state)
    }
    for (index, id) in ids.enumerated() {
      let digit = Character(String(index + 1))
      bindings.append(KeyBinding([.character(digit)], range, .common(.helpTabs), footer: false, .selectTab(id)))
    }
    bindings.append(KeyBinding([.character("?")], "?", .common(.helpHelp), .help))
    if state.isAtRoot {
      bindings.append(KeyBinding([.escape], "Esc", .common(.helpBack), footer: false, .back))
      bindings.append(KeyBinding([.character("q")], "q", .common(.helpQuit), .quitOrBack))
    } else {
      bindings.append(KeyBinding([.escape, .character("q")], "Esc", .common(.helpBack), .back))
    }
    return bindings + scrollBindings(state)
  }

  static func scrollBindings(_ state: AppState) -> [KeyBinding<GlobalCommand>] {
    guard state.context.viewport.isScrollable else { return [] }
    return [
      KeyBinding([.pageUp], "PgUp PgDn", .common(.helpScroll), .scroll(pages: -1)),
      KeyBinding([.pageDown], "PgUp PgDn", .common(.helpScroll), .scroll(pages: 1)),
    ]
  }

  /// The global bindings as the footer and help show them (one line per distinct label), with Ctrl-C.
  static func hints(_ state: AppState) -> [KeyHint] {
    var seen = Set<String>()
    var hints: [KeyHint] = []
    for binding in bindings(state, editing: state.isEditingText) where seen.insert(binding.label).inserted {
      hints.append(binding.hint)
    }
    hints.append(KeyHint(label: "Ctrl-C", help: .common(.helpQuitAnywhere), inFooter: false))
    return hints
  }
}

extension KeyBinding {
  /// True when every key of this binding can never be typed text.
  var neverText: Bool {
    keys.allSatisfy {
      switch $0 {
      case .alt, .function: return true
      default: return false
      }
    }
  }
}
