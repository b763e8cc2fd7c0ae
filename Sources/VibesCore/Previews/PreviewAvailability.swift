/// What is known about a song's 30-second preview (the cache's value; pure data).
public enum PreviewAvailability: Sendable, Hashable, Codable {
  /// A matched clip and its Apple Music page (shown beside the preview, as Apple's terms ask).
  case available(previewURL: String, storeURL: String?)
  /// The store was asked and has no matching song with a preview. Never stored for a rate-limited or failed ask.
  case none
}
