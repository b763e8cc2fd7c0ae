import VibesCore
import VibesUI

/// The Feed tab, registered in `AppTabs`: its feature, its screens and how its effects run.
enum FeedModule: TabModule {
  typealias Feature = FeedTab
  typealias Screen = FeedTabScreen
  static let state = \AppState.feed

  static func run(_ effect: FeedEffect, on runner: EffectRunner, send: @escaping @Sendable (AppAction) -> Void) async {
    await runner.runFeed(effect, send: send)
  }
}
