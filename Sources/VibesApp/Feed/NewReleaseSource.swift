import Foundation
import VibesCore

/// Where new releases come from (Spotify: `GET /v1/me/top/artists`, then
/// `GET /v1/artists/{id}/albums?include_groups=album,single&limit=10`). The lead wires the Spotify web client in.
public protocol NewReleaseSource: Sendable {
  /// The artists the user listens to most, most listened first.
  func topArtists() async throws -> [FeedArtist]
  /// The artist's latest albums and singles, `fromArtist` set to that artist's name.
  func recentReleases(artistID: String) async throws -> [NewReleaseCard]
}

/// A `NewReleaseSource` made of two closures.
public struct ClosureNewReleaseSource: NewReleaseSource {
  private let top: @Sendable () async throws -> [FeedArtist]
  private let releases: @Sendable (String) async throws -> [NewReleaseCard]

  public init(
    topArtists: @escaping @Sendable () async throws -> [FeedArtist],
    recentReleases: @escaping @Sendable (String) async throws -> [NewReleaseCard]
  ) {
    top = topArtists
    releases = recentReleases
  }

  public func topArtists() async throws -> [FeedArtist] { try await top() }
  public func recentReleases(artistID: String) async throws -> [NewReleaseCard] { try await releases(artistID) }
}
