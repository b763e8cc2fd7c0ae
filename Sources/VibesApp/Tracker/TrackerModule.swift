import VibesCore
import VibesUI

/// The Tracker tab, registered in `AppTabs`: its feature, its screens and how its effects run.
enum TrackerModule: TabModule {
  typealias Feature = TrackerState
  typealias Screen = TrackerScreen
  static let state = \AppState.tracker

  static func run(_ effect: TrackerEffect, on runner: EffectRunner, send: @escaping @Sendable (AppAction) -> Void) async
  {
    await runner.runTracker(effect, send: send)
  }
}
