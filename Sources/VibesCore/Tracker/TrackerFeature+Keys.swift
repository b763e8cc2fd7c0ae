extension TabID {
  public static let tracker = TabID("tracker")
}

/// What the Tracker tab's bindings do.
public enum TrackerCommand: Sendable, Hashable {
  case nextField
  case previousField
  case activate
  case submit
  case toggleEnvironment(Int)
  case move(Int)
  case run(TrackerDemoAction)
  case runSelected
  case confirmReset
  case keep
  /// Esc while the initialization runs.
  case cancel
}

/// The Tracker tab as a feature module: the configuration form, the event forms and the demo screen.
extension TrackerState: TabFeature {
  public static let id = TabID.tracker
  public typealias Action = TrackerAction
  public typealias Effect = TrackerEffect
  public typealias Command = TrackerCommand

  public var depth: Int { path.count }

  /// True when a text field of this tab has the focus (so digits, q and ? are typed, not commands).
  public var isEditingText: Bool {
    if case .event(let form)? = path.last { return form.isEditingText }
    guard let form = trackerForm else { return false }
    return form.form.isEditingText
  }

  /// Arriving on the tab never puts the next key into a field.
  public mutating func arrive(_ context: inout AppContext) -> [AppEffect] {
    if path.isEmpty, let form = trackerForm, form.form.isEditingText {
      updateTrackerForm { $0.focus = .initialize }
    }
    return []
  }

  public func bindings(_ context: AppContext) -> [KeyBinding<TrackerCommand>] {
    switch path.last {
    case .settings?: return formBindings
    case .event(let form)?: return eventFormBindings(form)
    case nil:
      if isLoading { return [] }
      if configuration == nil { return formBindings }
      return demoBindings
    }
  }

  var formBindings: [KeyBinding<TrackerCommand>] {
    guard let form = trackerForm else { return [] }
    guard !form.isBusy else { return [KeyBinding([.escape], "Esc", .common(.helpCancel), .cancel)] }
    var bindings = FormBindings.focus(next: TrackerCommand.nextField, previous: .previousField)
    bindings.append(KeyBinding([.ctrl("s")], "Ctrl-S", .tracker(.trackerHelpSubmitForm), .submit))
    switch form.focus {
    case .initialize:
      bindings.append(KeyBinding([.enter, .character(" ")], "Enter", .tracker(.trackerHelpSubmitForm), .activate))
    case .field(.environment):
      bindings += [
        KeyBinding([.left, .character("h")], "← →", .tracker(.trackerHelpEnvironment), .toggleEnvironment(-1)),
        KeyBinding(
          [.right, .character("l"), .character(" ")], "← →", .tracker(.trackerHelpEnvironment), .toggleEnvironment(1)),
        KeyBinding([.enter], "Enter", .common(.helpEnterNext), footer: false, .activate),
      ]
    case .field:
      bindings.append(KeyBinding(form.form.activateKeys, "Enter", .common(.helpEnterNext), .activate))
    }
    return bindings
  }

  func eventFormBindings(_ form: TrackerEventForm) -> [KeyBinding<TrackerCommand>] {
    FormBindings.focus(next: TrackerCommand.nextField, previous: .previousField) + [
      KeyBinding([.ctrl("s")], "Ctrl-S", .tracker(.trackerHelpSend), .submit),
      KeyBinding(
        form.focus == .send ? [.enter, .character(" ")] : [.enter, .ctrl("j"), .altEnter], "Enter",
        form.focus == .send || form.focus == .properties ? .tracker(.trackerHelpSend) : .common(.helpEnterNext),
        .activate),
    ]
  }

  var demoBindings: [KeyBinding<TrackerCommand>] {
    switch reset {
    case .resetting: return []
    case .confirming:
      return [
        KeyBinding([.character("y"), .character("Y"), .enter], "y", .common(.helpConfirm), .confirmReset),
        KeyBinding([.character("n"), .character("N")], "n", .common(.helpKeep), .keep),
      ]
    case .idle:
      var bindings: [KeyBinding<TrackerCommand>] = [
        KeyBinding([.up, .character("k")], "↑ ↓", .common(.helpMove), .move(-1)),
        KeyBinding([.down, .character("j")], "↑ ↓", .common(.helpMove), .move(1)),
        KeyBinding([.enter, .character(" ")], "Enter", .tracker(.trackerHelpRun), .runSelected),
      ]
      for action in TrackerDemoAction.allCases {
        bindings.append(
          KeyBinding(
            [.character(action.shortcut)], String(action.shortcut), .tracker(action.helpKey), footer: false,
            .run(action)))
      }
      return bindings
    }
  }

  public mutating func perform(_ command: TrackerCommand, _ context: inout AppContext) -> [AppEffect] {
    if case .event(let form)? = path.last { return performEventForm(command, form) }
    switch command {
    case .nextField: updateTrackerForm { $0.form.moveFocus(by: 1) }
    case .previousField: updateTrackerForm { $0.form.moveFocus(by: -1) }
    case .submit: return submitTrackerForm(&context)
    case .activate:
      guard let form = trackerForm else { return [] }
      if form.focus == .initialize { return submitTrackerForm(&context) }
      updateTrackerForm { $0.form.moveFocus(by: 1) }
    case .toggleEnvironment(let offset): updateTrackerForm { $0.toggleEnvironment(by: offset) }
    case .move(let offset):
      let actions = TrackerDemoAction.allCases
      selection = actions[max(0, min(actions.count - 1, selection.rawValue + offset))]
    case .runSelected: return runTrackerDemoAction(selection)
    case .run(let action):
      selection = action
      return runTrackerDemoAction(action)
    case .confirmReset:
      reset = .resetting
      return [.tracker(.reset)]
    case .keep:
      reset = .idle
    case .cancel:
      return goBack(&context) ?? []
    }
    return []
  }

  mutating func performEventForm(_ command: TrackerCommand, _ form: TrackerEventForm) -> [AppEffect] {
    switch command {
    case .nextField: updateTrackerEventForm { $0.form.moveFocus(by: 1) }
    case .previousField: updateTrackerEventForm { $0.form.moveFocus(by: -1) }
    case .submit: return submitTrackerEventForm()
    case .activate:
      if form.focus == .send || form.focus == .properties { return submitTrackerEventForm() }
      updateTrackerEventForm { $0.form.moveFocus(by: 1) }
    default: break
    }
    return []
  }

  /// Typing and pasting into the focused text field.
  public mutating func handleUnbound(_ event: InputEvent, _ context: inout AppContext) -> [AppEffect]? {
    guard isEditingText else { return nil }
    var outcome: TextEditing.Outcome?
    if case .event? = path.last {
      updateTrackerEventForm { outcome = $0.edit(event) }
    } else {
      updateTrackerForm { outcome = $0.form.edit(event) }
    }
    if outcome == .truncated { context.notice = .fieldFull }
    return outcome == nil ? nil : []
  }

  /// Esc: leave the confirmation, cancel a running check, leave the root form's field, or pop.
  public mutating func goBack(_ context: inout AppContext) -> [AppEffect]? {
    if path.isEmpty, reset == .confirming {
      reset = .idle
      return []
    }
    if let form = trackerForm, case .checking(let requestID) = form.phase {
      updateTrackerForm { $0.phase = .editing }
      return [.cancel(requestID: requestID)]
    }
    // The setup form is the tab's root: Esc leaves the text field, so the number keys, q and ? work again.
    if path.isEmpty, let form = trackerForm, form.focusedTextField != nil {
      updateTrackerForm { $0.focus = .initialize }
      return []
    }
    guard !path.isEmpty else { return nil }
    path.removeLast()
    return []
  }

  /// Ctrl-S or Enter on Initialize: validate locally, then send `sdk_initialized`.
  mutating func submitTrackerForm(_ context: inout AppContext) -> [AppEffect] {
    var configuration: TrackerConfiguration?
    updateTrackerForm { configuration = $0.makeConfiguration() }
    guard let configuration else { return [] }
    let requestID = context.makeRequestID()
    updateTrackerForm { form in
      form.phase = .checking(requestID: requestID)
      form.focus = .initialize
    }
    return [.tracker(.initialize(requestID: requestID, configuration, persist: true))]
  }

  mutating func submitTrackerEventForm() -> [AppEffect] {
    guard let configuration else { return [] }
    var event: TrackerEvent?
    let userID = currentUserID
    updateTrackerEventForm { event = $0.makeEvent(userID: userID) }
    guard let event else { return [] }
    if event.name == TrackerEvent.identifyName { identifiedUserID = event.userID }
    path.removeLast()
    return [.tracker(.send(event, configuration))]
  }

  mutating func runTrackerDemoAction(_ action: TrackerDemoAction) -> [AppEffect] {
    guard let configuration else { return [] }
    switch action {
    case .customEvent: path.append(.event(TrackerEventForm(kind: .custom)))
    case .screenView: path.append(.event(TrackerEventForm(kind: .screenView)))
    case .identify: path.append(.event(TrackerEventForm(kind: .identify, primary: currentUserID)))
    case .flush: return [.tracker(.flush(configuration, summary: true))]
    case .settings: path.append(.settings(TrackerForm(configuration)))
    case .reset: reset = .confirming
    }
    return []
  }
}

extension TrackerDemoAction {
  /// The action's name, as the help overlay lists its letter.
  public var helpKey: TrackerL10n {
    switch self {
    case .customEvent: return .trackerActionCustom
    case .screenView: return .trackerActionScreen
    case .identify: return .trackerActionIdentify
    case .flush: return .trackerActionFlush
    case .settings: return .trackerActionSettings
    case .reset: return .trackerActionReset
    }
  }
}

extension AppAction {
  public static func tracker(_ action: TrackerAction) -> AppAction { .feature(TrackerState.self, action) }
}

extension AppEffect {
  public static func tracker(_ effect: TrackerEffect) -> AppEffect { TrackerState.run(effect) }
  /// The Tracker effect inside, if this is one.
  public var trackerEffect: TrackerEffect? { effect(of: TrackerState.self) }
}

extension AppAction {
  /// The Tracker action inside, if this is one.
  public var trackerAction: TrackerAction? { action(of: TrackerState.self) }
}
