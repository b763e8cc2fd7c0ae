import VibesCore

extension EffectRunner {
  /// Runs the AppStoreConnect feature's effects against `dependencies.appStoreConnect`.
  func runAppStoreConnect(_ effect: AppStoreConnectEffect, send: @escaping @Sendable (AppAction) -> Void) async {}
}
