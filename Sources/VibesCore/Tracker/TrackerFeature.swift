/// The Tracker tab's feature: its state, actions and effects, slotted into AppState/AppAction/AppEffect
/// and AppReducer through the hooks below. Until the flow lands, the tab shows an honest
/// "not available" screen and these types are empty.
public struct TrackerState: Sendable, Hashable {
  public init() {}
}

public enum TrackerAction: Sendable, Hashable {
  /// The user switched to this tab.
  case tabSelected
}

public enum TrackerEffect: Sendable, Hashable {
  /// The request id this effect can be cancelled by (AppEffect.cancel), if any.
  public var cancellationID: Int? { nil }
}

/// Screens pushed on the Tracker tab's stack (Router.trackerPath).
public enum TrackerDestination: Sendable, Hashable {}

extension AppReducer {
  /// Effects to run at start-up (e.g. load a saved configuration).
  static func trackerStarted(_ state: inout AppState) -> [AppEffect] { [] }

  static func reduceTracker(_ state: inout AppState, _ action: TrackerAction) -> [AppEffect] {
    switch action {
    case .tabSelected: return []
    }
  }

  /// Keys on this tab that no global binding took.
  static func handleTrackerKey(_ state: inout AppState, _ key: Key) -> [AppEffect] { [] }

  static func handleTrackerPaste(_ state: inout AppState, _ text: String) -> [AppEffect] { [] }

  /// True when a text field of this tab has the focus (so 1/2/3, q and ? are typed, not commands).
  static func trackerIsEditingText(_ state: AppState) -> Bool { false }

  /// Esc on this tab; nil means "pop the tab's stack".
  static func trackerGoBack(_ state: inout AppState) -> [AppEffect]? { nil }
}
