/// The AppStoreConnect tab's feature: its state, actions and effects, slotted into AppState/AppAction/AppEffect
/// and AppReducer through the hooks below. Until the flow lands, the tab shows an honest
/// "not available" screen and these types are empty.
public struct AppStoreConnectState: Sendable, Hashable {
  public init() {}
}

public enum AppStoreConnectAction: Sendable, Hashable {
  /// The user switched to this tab.
  case tabSelected
}

public enum AppStoreConnectEffect: Sendable, Hashable {
  /// The request id this effect can be cancelled by (AppEffect.cancel), if any.
  public var cancellationID: Int? { nil }
}

/// Screens pushed on the AppStoreConnect tab's stack (Router.appStoreConnectPath).
public enum AppStoreConnectDestination: Sendable, Hashable {}

extension AppReducer {
  /// Effects to run at start-up (e.g. load a saved configuration).
  static func appStoreConnectStarted(_ state: inout AppState) -> [AppEffect] { [] }

  static func reduceAppStoreConnect(_ state: inout AppState, _ action: AppStoreConnectAction) -> [AppEffect] {
    switch action {
    case .tabSelected: return []
    }
  }

  /// Keys on this tab that no global binding took.
  static func handleAppStoreConnectKey(_ state: inout AppState, _ key: Key) -> [AppEffect] { [] }

  static func handleAppStoreConnectPaste(_ state: inout AppState, _ text: String) -> [AppEffect] { [] }

  /// True when a text field of this tab has the focus (so 1/2/3, q and ? are typed, not commands).
  static func appStoreConnectIsEditingText(_ state: AppState) -> Bool { false }

  /// Esc on this tab; nil means "pop the tab's stack".
  static func appStoreConnectGoBack(_ state: inout AppState) -> [AppEffect]? { nil }
}
