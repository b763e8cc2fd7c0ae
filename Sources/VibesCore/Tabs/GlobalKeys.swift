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
  /// The global bindings in force, from the tab list's table (`GlobalKeyTable`: the map below, built once).
  public static func bindings(_ state: AppState, editing: Bool) -> [KeyBinding<GlobalCommand>] {
    entry(state, editing: editing).bindings
  }

  /// The table's entry for the state: the bindings, those of them that are never text, the hints.
  static func entry(_ state: AppState, editing: Bool) -> GlobalKeyTable.Entry {
    // At the root or not matters only outside a text field.
    state.tabs.globalKeys.entry(
      editing: editing, isAtRoot: !editing && state.isAtRoot, scrollable: state.context.viewport.isScrollable)
  }

  /// The global key map itself, for a tab bar of `ids`: what every situation's bindings are made from.
  static func declared(
    _ ids: [TabID], editing: Bool, isAtRoot: Bool, scrollable: Bool
  ) -> [KeyBinding<GlobalCommand>] {
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
      return bindings + scrollBindings(scrollable)
    }
    for (index, id) in ids.enumerated() {
      let digit = Character(String(index + 1))
      bindings.append(KeyBinding([.character(digit)], range, .common(.helpTabs), footer: false, .selectTab(id)))
    }
    bindings.append(KeyBinding([.character("?")], "?", .common(.helpHelp), .help))
    if isAtRoot {
      bindings.append(KeyBinding([.escape], "Esc", .common(.helpBack), footer: false, .back))
      bindings.append(KeyBinding([.character("q")], "q", .common(.helpQuit), .quitOrBack))
    } else {
      bindings.append(KeyBinding([.escape, .character("q")], "Esc", .common(.helpBack), .back))
    }
    return bindings + scrollBindings(scrollable)
  }

  static func scrollBindings(_ state: AppState) -> [KeyBinding<GlobalCommand>] {
    scrollBindings(state.context.viewport.isScrollable)
  }

  static func scrollBindings(_ scrollable: Bool) -> [KeyBinding<GlobalCommand>] {
    guard scrollable else { return [] }
    return [
      KeyBinding([.pageUp], "PgUp PgDn", .common(.helpScroll), .scroll(pages: -1)),
      KeyBinding([.pageDown], "PgUp PgDn", .common(.helpScroll), .scroll(pages: 1)),
    ]
  }

  /// The global bindings as the footer and help show them (one line per distinct label), with Ctrl-C.
  static func hints(_ state: AppState) -> [KeyHint] {
    entry(state, editing: state.isEditingText).hints
  }

  /// `bindings` as the footer and help show them (one line per distinct label), with Ctrl-C.
  static func hints(_ bindings: [KeyBinding<GlobalCommand>]) -> [KeyHint] {
    var seen = Set<String>()
    var hints: [KeyHint] = []
    for binding in bindings where seen.insert(binding.label).inserted {
      hints.append(binding.hint)
    }
    hints.append(KeyHint(label: "Ctrl-C", help: .common(.helpQuitAnywhere), inFooter: false))
    return hints
  }
}

/// The global key map of one tab bar in each of the eight situations it depends on (in a text field or not, at a
/// tab's root or not, on a screen taller than the terminal or not), built once with the tab list: the reducer
/// looks a key up and the footer lists the hints on every key, and the map changes only with those three facts.
struct GlobalKeyTable: Sendable {
  struct Entry: Sendable {
    /// `GlobalKeys.declared` for the situation.
    let bindings: [KeyBinding<GlobalCommand>]
    /// Those of `bindings` that can never be typed text (they win over a text field).
    let neverText: [KeyBinding<GlobalCommand>]
    /// `bindings` as the footer and help show them.
    let hints: [KeyHint]
  }

  private let entries: [Entry]

  init(tabBarIDs ids: [TabID]) {
    var entries: [Entry] = []
    for index in 0..<8 {
      let bindings = GlobalKeys.declared(
        ids, editing: index & 4 != 0, isAtRoot: index & 2 != 0, scrollable: index & 1 != 0)
      entries.append(
        Entry(bindings: bindings, neverText: bindings.filter { $0.neverText }, hints: GlobalKeys.hints(bindings)))
    }
    self.entries = entries
  }

  func entry(editing: Bool, isAtRoot: Bool, scrollable: Bool) -> Entry {
    entries[(editing ? 4 : 0) + (isAtRoot ? 2 : 0) + (scrollable ? 1 : 0)]
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
