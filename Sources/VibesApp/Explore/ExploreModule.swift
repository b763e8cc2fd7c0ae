import VibesCore
import VibesUI

/// The Explore tab, registered in `AppTabs`: its feature, its screens and how its effects run.
enum ExploreModule: TabModule {
  typealias Feature = ExploreState
  typealias Screen = ExploreScreen
  static let state = \AppState.explore

  static func run(_ effect: ExploreEffect, on runner: EffectRunner, send: @escaping @Sendable (AppAction) -> Void) async
  {
    await runner.runExplore(effect, send: send)
  }
}
