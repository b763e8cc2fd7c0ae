import Foundation

/// Where a Blend song comes from, from the viewer's side.
public enum BlendSource: String, Sendable, CaseIterable, Codable {
  /// By an artist both users have in their taste summaries.
  case mutual
  /// By one of the other user's artists the viewer lacks: a discovery from the other side.
  case fromThem
  /// By one of the viewer's artists the other user lacks.
  case fromMe
  /// By an artist neither listed (a similar artist).
  case similar
}

/// One song of a Blend preview.
public struct BlendTrack: Sendable, Hashable {
  public var title: String
  public var artist: String
  public var source: BlendSource

  public init(title: String, artist: String, source: BlendSource) {
    self.title = title
    self.artist = artist
    self.source = source
  }
}

/// The Blend preview (FR-6.2): the generated name, 20–30 songs classified by where they come from, and the taste
/// match of the two summaries. The songs themselves go through Create's history, resolution and save.
public struct BlendPreview: Sendable, Hashable {
  public static let songRange = 20...30
  public static let nameLimit = 60

  public var name: String
  public var matchPercent: Int
  public var tracks: [BlendTrack]

  /// Why a Blend cannot be made yet.
  public enum Problem: Sendable, Equatable {
    /// The other user has not shared a taste summary.
    case noTasteSummary
    /// The viewer's own summary is empty (Spotify not connected or no listening yet).
    case noOwnTaste
  }

  /// nil when both summaries have artists.
  public static func problem(mine: TasteSummary, theirs: TasteSummary?) -> Problem? {
    guard let theirs, !theirs.artists.isEmpty else { return .noTasteSummary }
    return mine.artists.isEmpty ? .noOwnTaste : nil
  }

  /// Classifies each generated song by its artist against both summaries (folded names); the name is cleaned
  /// (model text) and capped.
  public init(name: String, songs: [(title: String, artist: String)], mine: TasteSummary, theirs: TasteSummary) {
    let myArtists = Set(mine.artists.map { GenreNames.key($0.name) })
    let theirArtists = Set(theirs.artists.map { GenreNames.key($0.name) })
    self.name = SocialTextLimits.clean(name, limit: Self.nameLimit)
    matchPercent = TasteMatch.percent(mine, theirs)
    tracks = songs.map { song in
      let key = GenreNames.key(song.artist)
      let source: BlendSource =
        switch (myArtists.contains(key), theirArtists.contains(key)) {
        case (true, true): .mutual
        case (false, true): .fromThem
        case (true, false): .fromMe
        case (false, false): .similar
        }
      return BlendTrack(
        title: SocialTextLimits.clean(song.title, limit: 200), artist: SocialTextLimits.clean(song.artist, limit: 200),
        source: source)
    }
  }

  /// Songs per source, every source present (0 when none).
  public var mix: [BlendSource: Int] {
    var mix = Dictionary(uniqueKeysWithValues: BlendSource.allCases.map { ($0, 0) })
    for track in tracks { mix[track.source, default: 0] += 1 }
    return mix
  }

  /// True when the preview has 20–30 songs and more than one kind of song (a Blend is a mix, not one side).
  public var isAMix: Bool {
    Self.songRange.contains(tracks.count) && mix.values.filter { $0 > 0 }.count >= 2
  }
}
