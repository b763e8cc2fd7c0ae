/// What to do on a track's screen once it has opened, when another surface asked for more than the screen: the song
/// menu's "Play preview" and "Add to playlist" open the track in Explore and act there, so there is one preview line
/// and one playlist picker. The request rides on the screen it opened (`DetailScreen.arrival`) and runs once, when the
/// screen is loaded and still on top; leaving the screen first drops it.
public enum ExploreArrival: Sendable, Hashable {
  /// Find and play the track's preview (as `p` does).
  case playPreview
  /// Open the playlist picker for the track (as `a` does).
  case addToPlaylist
}

extension NavigationRequest {
  /// Opens `link` in Explore and, once it has loaded, does `arrival` on it.
  public static func openSpotifyItem(_ link: SpotifyLink, then arrival: ExploreArrival) -> NavigationRequest {
    .open(ExploreState.self, .openThen(link, arrival))
  }
}

extension ExploreState {
  /// Opens `link` and keeps `arrival` on its screen until it can run.
  mutating func open(_ link: SpotifyLink, then arrival: ExploreArrival, _ context: inout AppContext) -> [AppEffect] {
    let effects = open(link, &context)
    guard !path.isEmpty else { return effects }
    path[path.count - 1].arrival = arrival
    return effects + arriveIfReady(&context)
  }

  /// Runs the screen on top's pending arrival if that screen has loaded; once.
  mutating func arriveIfReady(_ context: inout AppContext) -> [AppEffect] {
    guard let last = path.indices.last, let arrival = path[last].arrival, path[last].loaded != nil else { return [] }
    path[last].arrival = nil
    switch arrival {
    case .playPreview: return performCommand(.togglePreview, &context)
    case .addToPlaylist: return performCommand(.addToPlaylist, &context)
    }
  }
}
