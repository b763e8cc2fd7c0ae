/// Explore hosts "Play on Spotify": P on a track's, album's or playlist's screen, the controls while the
/// now-playing line shows, the device picker and the re-consent question over the screen on top.
extension ExploreState {
  /// What P plays on the screen on top: the track, or the album or playlist as a context.
  public var playTarget: PlaybackTarget? {
    guard let detail = path.last?.loaded?.detail else { return nil }
    switch detail {
    case .track(let track): return .track(uri: track.uri)
    case .album(let album): return .context(uri: album.album.uri)
    case .playlist(let playlist): return .context(uri: playlist.playlist.link.uri)
    case .artist: return nil
    }
  }

  /// True while the picker or the question is over the screen (they take the keys).
  var playerTakesKeys: Bool { player.picker != nil || player.consent != nil }

  var playerBindings: [KeyBinding<ExploreCommand>] {
    player.bindings(canPlay: playTarget != nil).map { binding in
      KeyBinding(binding.keys, binding.label, binding.help, footer: binding.inFooter, .player(binding.command))
    }
  }

  mutating func performPlayer(_ key: SpotifyPlayerKey, _ context: inout AppContext) -> [AppEffect] {
    player.perform(key, target: playTarget, reconsent: .reconnectSpotifyForPlayer, &context).map {
      Self.run(.player($0))
    }
  }

  mutating func reducePlayer(_ action: SpotifyPlayerAction, _ context: inout AppContext) -> [AppEffect] {
    player.reduce(action, &context).map { Self.run(.player($0)) }
  }
}
