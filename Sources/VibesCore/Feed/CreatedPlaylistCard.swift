import Foundation

/// The Feed card "You created NAME": a playlist generated in the Create tab and saved to Spotify. Stored as kind
/// `FeedCardKind.createdPlaylist` with this JSON payload (dates as seconds since 1970, like the other cards).
public struct CreatedPlaylistCard: Sendable, Hashable, Codable {
  /// The Spotify playlist id.
  public var playlistID: String
  public var name: String
  public var url: String
  public var trackCount: Int
  public var createdAt: Date

  public init(playlistID: String, name: String, url: String, trackCount: Int, createdAt: Date) {
    self.playlistID = playlistID
    self.name = name
    self.url = url
    self.trackCount = trackCount
    self.createdAt = createdAt
  }

  /// The feed key: "createdPlaylist:<playlist id>".
  public var key: String { FeedCardKind.createdPlaylist.rawValue + ":" + playlistID }

  /// The payload as stored.
  public func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .secondsSince1970
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(self)
  }

  /// A stored payload, or nil when it does not decode.
  public static func decode(_ data: Data) -> CreatedPlaylistCard? {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    return try? decoder.decode(CreatedPlaylistCard.self, from: data)
  }
}
