import VibesCore
import VibesUI

/// A tab, registered once: its pure feature (VibesCore), its screen (VibesUI) and its runtime — how its effects
/// run at the edge — together. A module without a screen or a runtime, or whose screen draws another feature,
/// does not compile (Docs/adr/0012-typed-tab-composition.md shows the error). `AppTabs` lists the modules; the core's
/// `TabList`, the tab bar and the effect runners all come from that one list.
public protocol TabModule: SendableMetatype {
  associatedtype Feature: TabFeature
  associatedtype Screen: TabScreen where Screen.Feature == Feature

  /// Where the feature's state lives in `AppState`.
  static var state: WritableKeyPath<AppState, Feature> & Sendable { get }
  /// Runs one of the feature's effects against the live dependencies, sending back what happened.
  static func run(_ effect: Feature.Effect, on runner: EffectRunner, send: @escaping @Sendable (AppAction) -> Void)
    async
}

/// A tab's runtime as the registration carries it (the `TabPart` the effect runner reads).
struct TabRuntimePart: TabPart {
  let run: @Sendable (EffectRunner, FeatureMessage, @escaping @Sendable (AppAction) -> Void) async -> Bool

  init<Module: TabModule>(_ module: Module.Type) {
    run = { runner, message, send in
      guard let effect = message.value(as: Module.Feature.Effect.self) else { return false }
      await Module.run(effect, on: runner, send: send)
      return true
    }
  }
}

extension TabModule {
  /// The module as one registration: the feature with its screen and runtime.
  static var registration: TabRegistration {
    TabRegistration(state, parts: [TabScreenPart(Screen.self), TabRuntimePart(Self.self)])
  }
}

extension TabList {
  /// The list of `modules`, in this order.
  init(modules: [any TabModule.Type]) {
    self.init(modules.map { $0.registration })
  }
}
