import VibesCore

extension EffectRunner {
  /// Runs the Tracker feature's effects against `dependencies.tracker`.
  func runTracker(_ effect: TrackerEffect, send: @escaping @Sendable (AppAction) -> Void) async {}
}
