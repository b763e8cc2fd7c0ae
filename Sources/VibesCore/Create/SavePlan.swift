/// What to send to Spotify when saving a generated playlist (pure).
public enum SavePlan {
  /// Spotify's limit of URIs per `POST /v1/playlists/{id}/items`.
  public static let maxURIsPerRequest = 100

  /// The found tracks' URIs in playlist order, without repeats, in chunks of at most `chunkSize` (1...100);
  /// songs not found (or not resolved yet) are skipped, and so are the first `alreadyAdded` URIs (a resumed save).
  public static func uriChunks(
    for songs: [ResolvedSong], alreadyAdded: Int = 0, chunkSize: Int = maxURIsPerRequest
  ) -> [[String]] {
    let size = min(max(1, chunkSize), maxURIsPerRequest)
    let remaining = Array(uris(for: songs).dropFirst(max(0, alreadyAdded)))
    return stride(from: 0, to: remaining.count, by: size).map {
      Array(remaining[$0..<min($0 + size, remaining.count)])
    }
  }

  /// Every URI the saved playlist should hold, in order, without repeats.
  public static func uris(for songs: [ResolvedSong]) -> [String] {
    var seen = Set<String>()
    return songs.compactMap(\.uri).filter { seen.insert($0).inserted }
  }
}
