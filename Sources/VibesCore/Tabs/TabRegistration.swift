/// A registered tab with its feature's type erased: the root reaches the feature's state through a key
/// path of `AppState` and boxes its actions and effects as `FeatureMessage`s.
public struct TabRegistration: Sendable {
  public let id: TabID
  let isEditingText: @Sendable (AppState) -> Bool
  let depth: @Sendable (AppState) -> Int
  let unsavedWork: @Sendable (AppState) -> LocalizedText?
  let start: @Sendable (inout AppState) -> [AppEffect]
  let arrive: @Sendable (inout AppState) -> [AppEffect]
  let reduce: @Sendable (inout AppState, FeatureMessage) -> [AppEffect]
  let contextChanged: @Sendable (inout AppState, ContextChange) -> [AppEffect]
  let hints: @Sendable (AppState) -> [KeyHint]
  let handleKey: @Sendable (inout AppState, Key) -> [AppEffect]?
  let handleUnbound: @Sendable (inout AppState, InputEvent) -> [AppEffect]?
  let goBack: @Sendable (inout AppState) -> [AppEffect]?

  public init<Feature: TabFeature>(_ path: WritableKeyPath<AppState, Feature> & Sendable) {
    self.id = Feature.id
    /// Runs `body` on copies of the feature and the context and writes both back (no overlapping access).
    @Sendable func with<Result>(
      _ state: inout AppState, _ body: (inout Feature, inout AppContext) -> Result
    ) -> Result {
      var feature = state[keyPath: path]
      var context = state.context
      let result = body(&feature, &context)
      state[keyPath: path] = feature
      state.context = context
      return result
    }
    isEditingText = { $0[keyPath: path].isEditingText }
    depth = { $0[keyPath: path].depth }
    unsavedWork = { $0[keyPath: path].unsavedWork }
    start = { state in with(&state) { $0.start(&$1) } }
    arrive = { state in with(&state) { $0.arrive(&$1) } }
    reduce = { state, message in
      guard let action = message.value(as: Feature.Action.self) else { return [] }
      return with(&state) { $0.reduce(action, &$1) }
    }
    contextChanged = { state, change in with(&state) { $0.contextChanged(change, &$1) } }
    hints = { state in state[keyPath: path].bindings(state.context).map(\.hint) }
    handleKey = { state, key in
      guard let command = state[keyPath: path].bindings(state.context).command(for: key) else { return nil }
      return with(&state) { $0.perform(command, &$1) }
    }
    handleUnbound = { state, event in with(&state) { $0.handleUnbound(event, &$1) } }
    goBack = { state in with(&state) { $0.goBack(&$1) } }
  }
}

extension AppAction {
  /// Boxes a feature's own action for the root to route.
  public static func feature<Feature: TabFeature>(_ type: Feature.Type, _ action: Feature.Action) -> AppAction {
    .feature(FeatureMessage(Feature.id, action))
  }
}

extension AppEffect {
  /// Boxes a feature's own effect (as the registry does).
  public static func feature<Feature: TabFeature>(_ type: Feature.Type, _ effect: Feature.Effect) -> AppEffect {
    .feature(FeatureMessage(Feature.id, effect, cancellationID: effect.cancellationID))
  }

  /// The feature effect inside, if this carries one of `Feature`'s.
  public func effect<Feature: TabFeature>(of type: Feature.Type) -> Feature.Effect? {
    guard case .feature(let message) = self, message.tab == Feature.id else { return nil }
    return message.value(as: Feature.Effect.self)
  }
}

extension AppAction {
  /// The feature action inside, if this carries one of `Feature`'s.
  public func action<Feature: TabFeature>(of type: Feature.Type) -> Feature.Action? {
    guard case .feature(let message) = self, message.tab == Feature.id else { return nil }
    return message.value(as: Feature.Action.self)
  }
}
