import Foundation

/// The pieces of a tab that live above the core — its screen (VibesUI) and its runtime (VibesApp) — carried with
/// the feature in its one registration. Only `TabModule` (Sources/VibesApp/TabModule.swift) builds registrations
/// with parts, generically, so a tab without a screen or a runtime does not compile.
public protocol TabPart: Sendable {}

/// A registered tab with its feature's type erased: the root reaches the feature's state through a key
/// path of `AppState` and opens its boxed actions with the type the feature declared.
public struct TabRegistration: Sendable {
  public let id: TabID
  /// The tab an area belongs to (nil: a tab of the tab bar).
  public let home: TabID?
  let isEditingText: @Sendable (AppState) -> Bool
  let depth: @Sendable (AppState) -> Int
  let unsavedWork: @Sendable (AppState) -> LocalizedText?
  let runningRequestIDs: @Sendable (AppState) -> [Int]
  let wantsClock: Bool
  let launch: @Sendable (inout AppState) -> [AppEffect]
  let start: @Sendable (inout AppState) -> [AppEffect]
  let arrive: @Sendable (inout AppState) -> [AppEffect]
  let leave: @Sendable (inout AppState) -> [AppEffect]
  let reduce: @Sendable (inout AppState, FeatureMessage) -> [AppEffect]
  let isClockDriven: @Sendable (FeatureMessage) -> Bool
  let clockTicked: @Sendable (inout AppState, Date) -> [AppEffect]
  let contextChanged: @Sendable (inout AppState, ContextChange) -> [AppEffect]
  let hints: @Sendable (AppState) -> [KeyHint]
  let handleKey: @Sendable (inout AppState, Key) -> [AppEffect]?
  let handleUnbound: @Sendable (inout AppState, InputEvent) -> [AppEffect]?
  let goBack: @Sendable (inout AppState) -> [AppEffect]?
  /// The tab's screen and runtime (see `TabPart`).
  public let parts: [any TabPart]

  public init<Feature: TabFeature>(_ path: WritableKeyPath<AppState, Feature> & Sendable, parts: [any TabPart] = []) {
    self.id = Feature.id
    self.home = Feature.home
    self.parts = parts
    /// Runs `body` on the feature in place and on a copy of the context, which is written back (the feature
    /// is never copied out and back; the context is small).
    @Sendable func with<Result>(
      _ state: inout AppState, _ body: (inout Feature, inout AppContext) -> Result
    ) -> Result {
      var context = state.context
      let result = body(&state[keyPath: path], &context)
      state.context = context
      return result
    }
    isEditingText = { $0[keyPath: path].isEditingText }
    depth = { $0[keyPath: path].depth }
    unsavedWork = { $0[keyPath: path].unsavedWork }
    runningRequestIDs = { $0[keyPath: path].runningRequestIDs }
    wantsClock = Feature.wantsClock
    launch = { state in with(&state) { $0.launch(&$1) } }
    start = { state in with(&state) { $0.start(&$1) } }
    arrive = { state in with(&state) { $0.arrive(&$1) } }
    leave = { state in with(&state) { $0.leave(&$1) } }
    reduce = { state, message in
      guard let action = message.value(as: Feature.Action.self) else { return [] }
      return with(&state) { $0.reduce(action, &$1) }
    }
    isClockDriven = { message in message.value(as: Feature.Action.self).map(Feature.isClockDriven) ?? false }
    clockTicked = { state, date in with(&state) { $0.clockTicked(date, &$1) } }
    contextChanged = { state, change in with(&state) { $0.contextChanged(change, &$1) } }
    // A closure, not `\.hint`: a key path of a generic type is made anew on every call (every frame's footer).
    hints = { state in state[keyPath: path].bindings(state.context).map { $0.hint } }
    handleKey = { state, key in
      guard let command = state[keyPath: path].bindings(state.context).command(for: key) else { return nil }
      return with(&state) { $0.perform(command, &$1) }
    }
    handleUnbound = { state, event in with(&state) { $0.handleUnbound(event, &$1) } }
    goBack = { state in with(&state) { $0.goBack(&$1) } }
  }

  /// The part of type `Part` (the UI's screen, the app's runtime), if the registration carries one.
  public func part<Part: TabPart>(_ type: Part.Type) -> Part? {
    // A plain loop: the lazy `compactMap` instantiated its generic types on every call (several per frame).
    for part in parts { if let part = part as? Part { return part } }
    return nil
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
