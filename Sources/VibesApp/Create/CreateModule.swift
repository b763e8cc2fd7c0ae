import VibesCore
import VibesUI

/// The Create tab, registered in `AppTabs`: its feature, its screens and how its effects run.
enum CreateModule: TabModule {
  typealias Feature = CreateState
  typealias Screen = CreateScreen
  static let state = \AppState.create

  static func run(_ effect: CreateEffect, on runner: EffectRunner, send: @escaping @Sendable (AppAction) -> Void) async
  {
    await runner.runCreate(effect, send: send)
  }
}
