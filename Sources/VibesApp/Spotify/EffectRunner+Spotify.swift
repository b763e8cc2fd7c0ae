import VibesCore

extension EffectRunner {
  /// Runs the Spotify feature's effects against `dependencies.spotify`.
  func runSpotify(_ effect: SpotifyEffect, send: @escaping @Sendable (AppAction) -> Void) async {}
}
