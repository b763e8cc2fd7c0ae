/// The Tracker tab's keys: the configuration form, the event forms and the demo screen.
extension AppReducer {
  static func handleTrackerFormKey(_ state: inout AppState, _ key: Key) -> [AppEffect] {
    guard let form = trackerForm(state) else { return [] }
    if form.isBusy {
      // Busy: only Esc (cancel) gets through; typing would change what is being checked.
      if key == .escape { return goBack(&state) }
      return []
    }
    switch key {
    case .ctrl("s"):
      return submitTrackerForm(&state)
    case .tab, .down:
      updateTrackerForm(&state) { $0.moveFocus(by: 1) }
      return []
    case .backTab, .up:
      updateTrackerForm(&state) { $0.moveFocus(by: -1) }
      return []
    case .escape:
      return goBack(&state)
    default:
      break
    }
    switch form.focus {
    case .initialize:
      switch key {
      case .enter, .character(" "): return submitTrackerForm(&state)
      default: return []
      }
    case .field(.environment):
      switch key {
      case .left, .character("h"):
        updateTrackerForm(&state) { $0.toggleEnvironment(by: -1) }
      case .right, .character("l"), .character(" "):
        updateTrackerForm(&state) { $0.toggleEnvironment(by: 1) }
      case .enter:
        updateTrackerForm(&state) { $0.moveFocus(by: 1) }
      default:
        break
      }
      return []
    case .field(let id):
      return handleTrackerTextKey(&state, id, key)
    }
  }

  static func handleTrackerTextKey(_ state: inout AppState, _ id: TrackerFieldID, _ key: Key)
    -> [AppEffect]
  {
    func edit(clearsError: Bool = true, _ body: (inout TextInput) -> Void) {
      updateTrackerForm(&state) { form in
        form.edit(id, body)
        if clearsError {
          form.errors[id] = nil
          if case .failed = form.phase { form.phase = .editing }
        }
      }
    }
    switch key {
    case .enter, .ctrl("j"), .altEnter:
      updateTrackerForm(&state) { $0.moveFocus(by: 1) }
    case .character(let character): edit { $0.insert(String(character)) }
    case .backspace, .ctrl("h"): edit { $0.deleteBackward() }
    case .delete, .ctrl("d"): edit { $0.deleteForward() }
    case .ctrl("u"): edit { $0.clear() }
    case .left, .ctrl("b"): edit(clearsError: false) { $0.moveLeft() }
    case .right, .ctrl("f"): edit(clearsError: false) { $0.moveRight() }
    case .home, .ctrl("a"): edit(clearsError: false) { $0.moveToStart() }
    case .end, .ctrl("e"): edit(clearsError: false) { $0.moveToEnd() }
    default: break
    }
    return []
  }

  /// Ctrl-S or Enter on Initialize: validate locally, then send `sdk_initialized`.
  static func submitTrackerForm(_ state: inout AppState) -> [AppEffect] {
    var configuration: TrackerConfiguration?
    updateTrackerForm(&state) { configuration = $0.makeConfiguration() }
    guard let configuration else { return [] }
    let requestID = state.makeRequestID()
    updateTrackerForm(&state) { form in
      form.phase = .initializing(requestID: requestID)
      form.focus = .initialize
    }
    return [.tracker(.initialize(requestID: requestID, configuration, persist: true))]
  }

  static func handleTrackerEventFormKey(
    _ state: inout AppState, _ form: TrackerEventForm, _ key: Key
  ) -> [AppEffect] {
    switch key {
    case .ctrl("s"):
      return submitTrackerEventForm(&state)
    case .tab, .down:
      updateTrackerEventForm(&state) { $0.moveFocus(by: 1) }
      return []
    case .backTab, .up:
      updateTrackerEventForm(&state) { $0.moveFocus(by: -1) }
      return []
    case .escape:
      return goBack(&state)
    default:
      break
    }
    if form.focus == .send {
      if key == .enter || key == .character(" ") { return submitTrackerEventForm(&state) }
      return []
    }
    switch key {
    case .enter, .ctrl("j"), .altEnter:
      if form.focus == .properties { return submitTrackerEventForm(&state) }
      updateTrackerEventForm(&state) { $0.moveFocus(by: 1) }
    case .character(let character):
      updateTrackerEventForm(&state) { $0.edit { $0.insert(String(character)) } }
    case .backspace, .ctrl("h"): updateTrackerEventForm(&state) { $0.edit { $0.deleteBackward() } }
    case .delete, .ctrl("d"): updateTrackerEventForm(&state) { $0.edit { $0.deleteForward() } }
    case .ctrl("u"): updateTrackerEventForm(&state) { $0.edit { $0.clear() } }
    case .left, .ctrl("b"): updateTrackerEventForm(&state) { $0.edit { $0.moveLeft() } }
    case .right, .ctrl("f"): updateTrackerEventForm(&state) { $0.edit { $0.moveRight() } }
    case .home, .ctrl("a"): updateTrackerEventForm(&state) { $0.edit { $0.moveToStart() } }
    case .end, .ctrl("e"): updateTrackerEventForm(&state) { $0.edit { $0.moveToEnd() } }
    default: break
    }
    return []
  }

  static func submitTrackerEventForm(_ state: inout AppState) -> [AppEffect] {
    guard let configuration = state.tracker.configuration else { return [] }
    var event: TrackerEvent?
    let userID = state.tracker.currentUserID
    updateTrackerEventForm(&state) { event = $0.makeEvent(userID: userID) }
    guard let event else { return [] }
    if event.name == TrackerEvent.identifyName { state.tracker.identifiedUserID = event.userID }
    state.router.trackerPath.removeLast()
    return [.tracker(.send(event, configuration))]
  }

  static func handleTrackerDemoKey(_ state: inout AppState, _ key: Key) -> [AppEffect] {
    if state.tracker.isResetting { return [] }
    if state.tracker.isConfirmingReset {
      switch key {
      case .character("y"), .character("Y"), .enter:
        state.tracker.isConfirmingReset = false
        state.tracker.isResetting = true
        return [.tracker(.reset)]
      case .character("n"), .character("N"), .escape:
        state.tracker.isConfirmingReset = false
      default:
        break
      }
      return []
    }
    let actions = TrackerDemoAction.allCases
    switch key {
    case .up, .character("k"):
      state.tracker.selection = actions[max(0, state.tracker.selection.rawValue - 1)]
    case .down, .character("j"):
      state.tracker.selection =
        actions[min(actions.count - 1, state.tracker.selection.rawValue + 1)]
    case .enter, .character(" "):
      return runTrackerDemoAction(&state, state.tracker.selection)
    case .character(let character):
      if let action = actions.first(where: { $0.shortcut == character }) {
        state.tracker.selection = action
        return runTrackerDemoAction(&state, action)
      }
    default:
      break
    }
    return []
  }

  static func runTrackerDemoAction(_ state: inout AppState, _ action: TrackerDemoAction)
    -> [AppEffect]
  {
    guard let configuration = state.tracker.configuration else { return [] }
    switch action {
    case .customEvent:
      state.router.trackerPath.append(.event(TrackerEventForm(kind: .custom)))
    case .screenView:
      state.router.trackerPath.append(.event(TrackerEventForm(kind: .screenView)))
    case .identify:
      state.router.trackerPath.append(
        .event(TrackerEventForm(kind: .identify, primary: state.tracker.currentUserID)))
    case .flush:
      return [.tracker(.flush(configuration, summary: true))]
    case .settings:
      state.router.trackerPath.append(.settings(TrackerForm(configuration)))
    case .reset:
      state.tracker.isConfirmingReset = true
    }
    return []
  }
}
