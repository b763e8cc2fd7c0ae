/// The tutorial overlay's reducer and bindings. While it shows it takes every key but Ctrl-C; the
/// footer and the help are generated from `bindings`.
public enum Tutorial {
  /// The keys in force on the card shown, in footer order.
  public static func bindings(_ state: TutorialState) -> [KeyBinding<TutorialCommand>] {
    var bindings: [KeyBinding<TutorialCommand>] = []
    if state.card != .welcome {
      bindings.append(KeyBinding([.left, .character("h")], "←", .key(TutorialL10n.tutorialHelpBack), .previous))
    }
    if state.card == .connectSpotify {
      bindings.append(
        KeyBinding([.enter], "Enter", .key(TutorialL10n.tutorialHelpConnect), .connectSpotify))
      bindings.append(
        KeyBinding([.character("s"), .escape], "s", .key(TutorialL10n.tutorialHelpSkipForNow), .skip))
    } else if state.card == .signIn {
      bindings.append(
        KeyBinding([.enter], "Enter", .key(TutorialL10n.tutorialHelpSignIn), .signIn(device: false)))
      bindings.append(
        KeyBinding([.character("d")], "d", .key(TutorialL10n.tutorialHelpSignInCode), .signIn(device: true)))
      bindings.append(
        KeyBinding([.right, .character("l"), .character(" ")], "→", .key(TutorialL10n.tutorialHelpNotNow), .next))
      bindings.append(KeyBinding([.character("s"), .escape], "s", .key(TutorialL10n.tutorialHelpSkip), .skip))
    } else {
      bindings.append(
        KeyBinding([.right, .character("l"), .enter, .character(" ")], "→", .key(TutorialL10n.tutorialHelpNext), .next))
      bindings.append(KeyBinding([.character("s"), .escape], "s", .key(TutorialL10n.tutorialHelpSkip), .skip))
    }
    return bindings
  }

  /// Handles a key while the tutorial shows; every key is taken (unbound ones do nothing).
  public static func handleKey(_ key: Key, _ state: inout AppState) -> [AppEffect] {
    guard let command = bindings(state.tutorial).command(for: key) else { return [] }
    return perform(command, &state)
  }

  static func perform(_ command: TutorialCommand, _ state: inout AppState) -> [AppEffect] {
    switch command {
    case .next:
      if let next = TutorialCard(rawValue: state.tutorial.card.rawValue + 1) { state.tutorial.card = next }
      return []
    case .previous:
      if let previous = TutorialCard(rawValue: state.tutorial.card.rawValue - 1) { state.tutorial.card = previous }
      return []
    case .skip:
      state.tutorial = TutorialState()
      return [.tutorial(.markSeen)]
    case .connectSpotify:
      state.tutorial = TutorialState()
      state.context.navigationRequest = .openSetupStep(.spotify)
      return [.tutorial(.markSeen)]
    case .signIn(let device):
      // People's sign-in, shown in place of the tutorial: a new account then chooses its @username, a returning
      // one lands on the Feed.
      state.tutorial = TutorialState()
      state.context.navigationRequest = .signInAtStart(device: device)
      return [.tutorial(.markSeen)]
    }
  }

  /// Reduces a tutorial action.
  public static func reduce(_ action: TutorialAction, _ state: inout AppState) -> [AppEffect] {
    switch action {
    case .seenLoaded(let seen):
      if !seen { state.tutorial = TutorialState(isVisible: true) }
      return []
    case .replay:
      state.tutorial = TutorialState(isVisible: true)
      state.isHelpVisible = false
      return []
    }
  }
}
