import Foundation

/// What a Blend (FR-6.2) is generated from: both users' public taste summaries (top artists with their genres, top
/// genres). The answer is an ordinary playlist (`{name, description, songs}`), so resolution and the Spotify save
/// are Create's; the mix (mutual favourites, discoveries from each side, similar artists) is classified afterwards
/// from the artists (`BlendPreview` in VibesCore).
public struct GeminiBlendSeeds: Sendable, Equatable {
  public static let maxArtistsPerSide = 20
  public static let maxGenresPerSide = 10

  public var mine: [GeminiSeedArtist]
  public var theirs: [GeminiSeedArtist]
  public var myGenres: [String]
  public var theirGenres: [String]

  public init(mine: [GeminiSeedArtist], theirs: [GeminiSeedArtist], myGenres: [String], theirGenres: [String]) {
    self.mine = Array(mine.prefix(Self.maxArtistsPerSide))
    self.theirs = Array(theirs.prefix(Self.maxArtistsPerSide))
    self.myGenres = Array(myGenres.prefix(Self.maxGenresPerSide))
    self.theirGenres = Array(theirGenres.prefix(Self.maxGenresPerSide))
  }

  /// Artists both listed (folded names), in my order.
  public var mutualArtists: [String] {
    let theirKeys = Set(theirs.map { GeminiReasonCheck.fold($0.name) })
    return mine.map(\.name).filter { theirKeys.contains(GeminiReasonCheck.fold($0)) }
  }

  func promptText(count: Int) -> String {
    func lines(_ artists: [GeminiSeedArtist]) -> String {
      artists.map { "- \(GeminiPlaylistRequest.quoted($0.name))" }.joined(separator: "\n")
    }
    func genres(_ names: [String]) -> String { names.map(GeminiPlaylistRequest.quoted).joined(separator: ", ") }
    let mutual = count * 4 / 10
    let sides = count * 3 / 10
    let similar = count - mutual - sides
    return """
      Create a Blend: one playlist of exactly \(count) different songs for two friends, mixing their tastes.
      Listener A's top artists:
      \(lines(mine))
      Listener A's top genres: \(genres(myGenres))
      Listener B's top artists:
      \(lines(theirs))
      Listener B's top genres: \(genres(theirGenres))
      Mix about \(mutual) songs by artists both listeners have (or, if none, from the genres they share), about \
      \(sides) discoveries split between A's artists that B lacks and B's artists that A lacks, and about \
      \(similar) songs by similar artists neither listed. Give the playlist a short name (at most 60 characters) \
      that names neither listener, and a one-sentence description.
      """
  }
}
