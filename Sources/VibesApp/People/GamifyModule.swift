import VibesCore
import VibesUI

/// The Blend and achievements area of Profile (reached from People), registered in `AppTabs`.
enum GamifyModule: TabModule {
  typealias Feature = GamifyFeature
  typealias Screen = GamifyScreen
  static let state = \AppState.gamify

  static func run(_ effect: GamifyEffect, on runner: EffectRunner, send: @escaping @Sendable (AppAction) -> Void) async
  {
    await runner.runGamify(effect, send: send)
  }
}
