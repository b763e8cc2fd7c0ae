import VibesCore
import VibesUI

/// The Profile tab, registered in `AppTabs`: its feature, its screens and how its effects run.
enum ProfileModule: TabModule {
  typealias Feature = ProfileState
  typealias Screen = ProfileScreen
  static let state = \AppState.profile

  static func run(_ effect: ProfileEffect, on runner: EffectRunner, send: @escaping @Sendable (AppAction) -> Void) async
  {
    await runner.runProfile(effect, send: send)
  }
}
