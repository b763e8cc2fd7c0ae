import Foundation

/// A user's public taste summary (FR-6.2), shared so a friend can Blend: the top artists and top genres, each with a
/// weight in 0...1 (1 for the first). Names are other people's text: cleaned and capped on the way in.
public struct TasteSummary: Sendable, Equatable {
  public struct Entry: Sendable, Equatable {
    public var name: String
    public var weight: Double

    public init(name: String, weight: Double) {
      self.name = name
      self.weight = weight
    }
  }

  public static let maxArtists = 20
  public static let maxGenres = 10
  public static let nameLimit = 100

  public var artists: [Entry]
  public var genres: [Entry]

  /// Cleans names (sanitised, capped), drops blank names and non-positive or non-finite weights, merges duplicates
  /// (folded names, the larger weight wins), clamps weights to 0...1 and keeps the heaviest `max…` entries.
  public init(artists: [Entry], genres: [Entry]) {
    self.artists = Self.clean(artists, limit: Self.maxArtists)
    self.genres = Self.clean(genres, limit: Self.maxGenres)
  }

  /// A summary from the user's top artists (rank order) and their genres: artist `i` of `n` weighs `(n - i) / n`;
  /// a genre weighs the sum of its artists' weights, scaled so the heaviest genre weighs 1.
  public static func from(topArtists: [(name: String, genres: [String])]) -> TasteSummary {
    let top = Array(topArtists.prefix(maxArtists))
    let n = Double(top.count)
    var artistEntries: [Entry] = []
    var genreWeights: [String: Double] = [:]
    var genreOrder: [String] = []
    for (index, artist) in top.enumerated() {
      let weight = (n - Double(index)) / n
      artistEntries.append(Entry(name: artist.name, weight: weight))
      for genre in Set(artist.genres.map(GenreNames.key)) where !genre.isEmpty {
        if genreWeights[genre] == nil { genreOrder.append(genre) }
        genreWeights[genre, default: 0] += weight
      }
    }
    let heaviest = genreWeights.values.max() ?? 1
    let genres = genreOrder.map { Entry(name: $0, weight: genreWeights[$0]! / heaviest) }
    return TasteSummary(artists: artistEntries, genres: genres)
  }

  static func clean(_ entries: [Entry], limit: Int) -> [Entry] {
    var byKey: [String: Entry] = [:]
    var order: [String] = []
    for entry in entries where entry.weight.isFinite && entry.weight > 0 {
      let name = SocialTextLimits.clean(entry.name, limit: nameLimit).trimmingCharacters(in: .whitespaces)
      let key = GenreNames.key(name)
      guard !key.isEmpty else { continue }
      let weight = min(entry.weight, 1)
      if let existing = byKey[key] {
        if weight > existing.weight { byKey[key]?.weight = weight }
      } else {
        byKey[key] = Entry(name: name, weight: weight)
        order.append(key)
      }
    }
    let kept = order.enumerated().sorted { lhs, rhs in
      let (l, r) = (byKey[lhs.element]!.weight, byKey[rhs.element]!.weight)
      return l != r ? l > r : lhs.offset < rhs.offset
    }
    return kept.prefix(limit).map { byKey[$0.element]! }
  }
}

/// The taste-match percentage of two summaries (Docs/social.md):
///
///   match = 100 × (0.6 × cos(artists A, artists B) + 0.4 × cos(genres A, genres B))
///
/// where each side is a vector of weights over folded names and cos is the cosine similarity (0 when either side is
/// empty). When neither summary has genres, the artist part counts alone (and the other way round). Symmetric,
/// 100 for identical summaries, 0 for disjoint ones, and it rises when one side swaps an entry the other lacks for
/// one the other has.
public enum TasteMatch {
  public static let artistShare = 0.6
  public static let genreShare = 0.4

  /// The match in 0...1.
  public static func score(_ a: TasteSummary, _ b: TasteSummary) -> Double {
    let hasArtists = !a.artists.isEmpty || !b.artists.isEmpty
    let hasGenres = !a.genres.isEmpty || !b.genres.isEmpty
    let artistPart = cosine(a.artists, b.artists)
    let genrePart = cosine(a.genres, b.genres)
    switch (hasArtists, hasGenres) {
    case (true, true): return min(1, max(0, artistShare * artistPart + genreShare * genrePart))
    case (true, false): return artistPart
    case (false, true): return genrePart
    case (false, false): return 0
    }
  }

  /// The match as a whole percentage, 0...100.
  public static func percent(_ a: TasteSummary, _ b: TasteSummary) -> Int {
    Int((score(a, b) * 100).rounded())
  }

  /// Cosine similarity of two weight vectors keyed by folded name; 0 when either is empty.
  static func cosine(_ a: [TasteSummary.Entry], _ b: [TasteSummary.Entry]) -> Double {
    let va = vector(a)
    let vb = vector(b)
    let dot = va.reduce(0.0) { $0 + $1.value * (vb[$1.key] ?? 0) }
    let na = va.values.reduce(0.0) { $0 + $1 * $1 }.squareRoot()
    let nb = vb.values.reduce(0.0) { $0 + $1 * $1 }.squareRoot()
    guard na > 0, nb > 0 else { return 0 }
    return min(1, max(0, dot / (na * nb)))
  }

  static func vector(_ entries: [TasteSummary.Entry]) -> [String: Double] {
    var vector: [String: Double] = [:]
    for entry in entries { vector[GenreNames.key(entry.name), default: 0] += entry.weight }
    return vector
  }
}
