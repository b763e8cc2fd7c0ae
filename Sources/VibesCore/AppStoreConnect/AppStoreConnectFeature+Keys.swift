import Foundation

extension TabID {
  public static let appStoreConnect = TabID("appStoreConnect")
}

/// What the App Store Connect tab's bindings do.
public enum AppStoreConnectCommand: Sendable, Hashable {
  case nextField
  case previousField
  case activate
  case submit
  case retry
  case openKeysPage
  case copyKeysPage
  case sync
  case openSettings
  case list(ListState.Move)
  case askRemoval
  case confirmRemoval
  case keep
  /// Esc while Verify & Connect runs.
  case cancel
}

/// The App Store Connect tab as a feature module: the setup form, the dashboard and the settings.
extension AppStoreConnectState: TabFeature {
  public static let id = TabID.appStoreConnect
  public typealias Action = AppStoreConnectAction
  public typealias Effect = AppStoreConnectEffect
  public typealias Command = AppStoreConnectCommand
  /// Where users create an App Store Connect API key.
  public static let keysURL = "https://appstoreconnect.apple.com/access/integrations/api"

  public var depth: Int { path.count }

  /// True when a text field of this tab has the focus (so digits, q and ? are typed, not commands).
  public var isEditingText: Bool {
    guard path.isEmpty, root == .setup else { return false }
    return setup.form.isEditingText
  }

  /// Arriving on the tab never puts the next key into a field.
  public mutating func arrive(_ context: inout AppContext) -> [AppEffect] {
    guard isEditingText else { return [] }
    return moveFocusToConnect(&context)
  }

  public func bindings(_ context: AppContext) -> [KeyBinding<AppStoreConnectCommand>] {
    if case .settings(let settings)? = path.last {
      switch settings.removal {
      case .removing: return []
      case .confirming:
        return [
          KeyBinding([.character("y"), .character("Y")], "y", .common(.helpConfirm), .confirmRemoval),
          KeyBinding([.character("n"), .character("N"), .enter], "n", .common(.helpKeep), .keep),
        ]
      case .idle, .failed:
        return [
          KeyBinding(
            [.enter, .character(" "), .character("x")], "Enter", .appStoreConnect(.ascHelpRemove), .askRemoval)
        ]
      }
    }
    switch root {
    case .loading: return []
    case .setup: return setupBindings
    case .dashboard:
      return ListState.bindings { .list($0) } + [
        KeyBinding([.character("r"), .ctrl("r")], "r", .appStoreConnect(.ascHelpSync), .sync),
        KeyBinding([.character("s")], "s", .appStoreConnect(.ascHelpSettings), .openSettings),
      ]
    }
  }

  var setupBindings: [KeyBinding<AppStoreConnectCommand>] {
    guard !setup.isVerifying else { return [KeyBinding([.escape], "Esc", .common(.helpCancel), .cancel)] }
    let field = setup.focusedField
    var bindings = FormBindings.focus(next: AppStoreConnectCommand.nextField, previous: .previousField)
    // Enter says what it does here: connect from the key field or the button, else the next field.
    bindings.append(
      KeyBinding(
        setup.form.activateKeys, "Enter",
        field == nil || field == .privateKey ? .appStoreConnect(.ascHelpConnect) : .common(.helpEnterNext),
        .activate))
    // Footer order is priority (a narrow footer drops entries from the end): retry before Ctrl-S.
    if case .failed(let failure) = setup.phase, failure.isRetryable {
      bindings.append(KeyBinding([.ctrl("r")], "Ctrl-R", .common(.helpRetry), .retry))
    }
    bindings.append(KeyBinding([.ctrl("s")], "Ctrl-S", .appStoreConnect(.ascHelpConnect), .submit))
    bindings += [
      KeyBinding([.ctrl("o")], "Ctrl-O", .common(.helpOpenLink), footer: false, .openKeysPage),
      KeyBinding([.ctrl("y")], "Ctrl-Y", .common(.helpCopyLink), footer: false, .copyKeysPage),
    ]
    return bindings
  }

  public mutating func perform(_ command: AppStoreConnectCommand, _ context: inout AppContext) -> [AppEffect] {
    switch command {
    case .nextField: return moveFocus(by: 1, &context)
    case .previousField: return moveFocus(by: -1, &context)
    case .activate:
      if setup.focusedField == nil || setup.focusedField == .privateKey { return submitSetup(&context) }
      return moveFocus(by: 1, &context)
    case .submit: return submitSetup(&context)
    case .retry:
      if case .failed(let failure) = setup.phase, failure.isRetryable { return submitSetup(&context) }
    case .openKeysPage: return [.openURL(Self.keysURL)]
    case .copyKeysPage:
      context.notice = .linkCopied
      return [.copyToClipboard(Self.keysURL)]
    case .sync: return startSync(&context)
    case .openSettings: path.append(.settings(AppStoreConnectSettingsState()))
    case .list(let move):
      dashboard.list.apply(move, count: dashboard.apps.count, visibleRows: Self.visibleRows(context.size))
    case .askRemoval: updateSettings { $0.removal = .confirming }
    case .confirmRemoval:
      updateSettings { $0.removal = .removing }
      var effects: [AppEffect] = []
      if let id = dashboard.syncRequestID {
        dashboard.sync = .idle
        effects.append(.cancel(requestID: id))
      }
      return effects + [.appStoreConnect(.removeCredentials)]
    case .keep: updateSettings { $0.removal = .idle }
    case .cancel: return goBack(&context) ?? []
    }
    return []
  }

  /// Typing and pasting into the setup form's focused field.
  public mutating func handleUnbound(_ event: InputEvent, _ context: inout AppContext) -> [AppEffect]? {
    guard isEditingText, let field = setup.focusedField else { return nil }
    guard let outcome = setup.form.edit(event) else { return nil }
    if outcome == .truncated { context.notice = .fieldFull }
    guard outcome.changedText, field == .privateKey else { return [] }
    // The key's summary is stale after any change; a paste into the key field asks the edge to read it
    // at once (typed text is read when the focus leaves the field).
    setup.keySummary = nil
    setup.keyProblem = nil
    setup.inspectionID = nil
    if case .paste = event { return inspectKey(&context) }
    return []
  }

  /// Esc: leave the removal question, cancel Verify & Connect, leave the setup field, or pop settings.
  public mutating func goBack(_ context: inout AppContext) -> [AppEffect]? {
    if case .settings(let settings)? = path.last {
      switch settings.removal {
      case .confirming, .failed:
        updateSettings { $0.removal = .idle }
        return []
      case .removing:
        return []
      case .idle:
        path.removeLast()
        return []
      }
    }
    if root == .setup {
      if case .checking(let id) = setup.phase {
        setup.phase = .editing
        return [.cancel(requestID: id)]
      }
      // The setup screen is the tab's root: Esc leaves the field, so the number keys, q and ? work again.
      if setup.focusedField != nil { return moveFocusToConnect(&context) }
    }
    return nil
  }

  mutating func inspectKey(_ context: inout AppContext) -> [AppEffect] {
    let text = setup.privateKey.text
    guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return [] }
    let id = context.makeRequestID()
    setup.inspectionID = id
    return [.appStoreConnect(.inspectPrivateKey(requestID: id, RedactedText(text)))]
  }

  mutating func moveFocus(by offset: Int, _ context: inout AppContext) -> [AppEffect] {
    let leaving = setup.focusedField
    setup.moveFocus(by: offset)
    return leftField(leaving, &context)
  }

  /// Leaving the key field reads the key typed into it (once).
  mutating func leftField(_ leaving: AppStoreConnectField?, _ context: inout AppContext) -> [AppEffect] {
    if leaving == .privateKey, setup.keySummary == nil, setup.keyProblem == nil, setup.inspectionID == nil {
      return inspectKey(&context)
    }
    return []
  }

  mutating func moveFocusToConnect(_ context: inout AppContext) -> [AppEffect] {
    let leaving = setup.focusedField
    setup.form.moveFocus(to: .connect)
    setup.fillKeyIDFromPath()
    return leftField(leaving, &context)
  }

  /// Ctrl-S, Enter on the key field or on Verify & Connect: check locally, then verify live.
  mutating func submitSetup(_ context: inout AppContext) -> [AppEffect] {
    guard let submission = setup.makeSubmission() else { return [] }
    let id = context.makeRequestID()
    setup.phase = .checking(requestID: id)
    setup.focus = .connect
    return [.appStoreConnect(.connect(requestID: id, submission))]
  }

  /// Rows of apps visible on the dashboard (header, notes and the table heading take the rest).
  public static func visibleRows(_ size: ScreenSize) -> Int {
    max(1, size.height - ScreenLayout.headerRows - ScreenLayout.footerRows - 7)
  }

  mutating func clampScroll(_ context: AppContext) {
    dashboard.list.clamp(count: dashboard.apps.count, visibleRows: Self.visibleRows(context.size))
  }

  public mutating func contextChanged(_ change: ContextChange, _ context: inout AppContext) -> [AppEffect] {
    if change == .resized { clampScroll(context) }
    return []
  }
}

extension AppAction {
  public static func appStoreConnect(_ action: AppStoreConnectAction) -> AppAction {
    .feature(AppStoreConnectState.self, action)
  }
}

extension AppEffect {
  public static func appStoreConnect(_ effect: AppStoreConnectEffect) -> AppEffect {
    AppStoreConnectState.run(effect)
  }
  /// The App Store Connect effect inside, if this is one.
  public var appStoreConnectEffect: AppStoreConnectEffect? { effect(of: AppStoreConnectState.self) }
}

extension AppAction {
  /// The App Store Connect action inside, if this is one.
  public var appStoreConnectAction: AppStoreConnectAction? { action(of: AppStoreConnectState.self) }
}
