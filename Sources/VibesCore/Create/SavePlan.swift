/// What to send to Spotify when saving a generated playlist (pure).
public enum SavePlan {
  /// Spotify's limit of URIs per `POST /v1/playlists/{id}/items`.
  public static let maxURIsPerRequest = 100

  /// The found tracks' URIs in playlist order, without repeats, in chunks of at most `chunkSize` (1...100);
  /// songs not found (or not resolved yet) are skipped.
  public static func uriChunks(for songs: [ResolvedSong], chunkSize: Int = maxURIsPerRequest) -> [[String]] {
    let size = min(max(1, chunkSize), maxURIsPerRequest)
    var seen = Set<String>()
    let uris = songs.compactMap(\.uri).filter { seen.insert($0).inserted }
    return stride(from: 0, to: uris.count, by: size).map { Array(uris[$0..<min($0 + size, uris.count)]) }
  }
}
