import VibesCore
import VibesUI

/// The AppStoreConnect tab, registered in `AppTabs`: its feature, its screens and how its effects run.
enum AppStoreConnectModule: TabModule {
  typealias Feature = AppStoreConnectState
  typealias Screen = AppStoreConnectScreen
  static let state = \AppState.appStoreConnect

  static func run(
    _ effect: AppStoreConnectEffect, on runner: EffectRunner, send: @escaping @Sendable (AppAction) -> Void
  ) async {
    await runner.runAppStoreConnect(effect, send: send)
  }
}
