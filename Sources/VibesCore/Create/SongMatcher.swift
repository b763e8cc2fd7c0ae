/// Picks the search result that is the suggested song (pure): compares normalised titles and artists.
public enum SongMatcher {
  /// The lowest combined score accepted as a match.
  public static let threshold = 0.75
  /// Below these the title or the artist is taken as different, whatever the other scores.
  static let minimumTitle = 0.7
  static let minimumArtist = 0.6

  /// The best candidate scoring at least `threshold`, or nil. Ties keep the earlier (more relevant) candidate.
  public static func bestMatch(for song: SuggestedSong, among candidates: [TrackCandidate]) -> TrackCandidate? {
    var best: (TrackCandidate, Double)?
    for candidate in candidates {
      let value = score(song, candidate)
      if value >= threshold, value > (best?.1 ?? 0) { best = (candidate, value) }
    }
    return best?.0
  }

  /// 0...1: 0.6 × title similarity + 0.4 × artist similarity, or 0 when either is below its minimum.
  /// Numbers must agree ("Song 2" is not "Song 3").
  public static func score(_ song: SuggestedSong, _ candidate: TrackCandidate) -> Double {
    let wantedTitle = SongNormalizer.normalizedTitle(song.title)
    let offeredTitle = SongNormalizer.normalizedTitle(candidate.name)
    guard numbers(wantedTitle) == numbers(offeredTitle) else { return 0 }
    let title = similarity(wantedTitle, offeredTitle)
    let wanted = [
      SongNormalizer.normalizedArtist(song.artist),
      SongNormalizer.normalizedArtist(SongNormalizer.primaryArtist(song.artist)),
    ]
    var offered = candidate.artists.map(SongNormalizer.normalizedArtist)
    offered.append(SongNormalizer.normalizedArtist(candidate.artists.joined(separator: " & ")))
    var artist = 0.0
    for a in wanted where !a.isEmpty {
      for b in offered where !b.isEmpty { artist = max(artist, similarity(a, b)) }
    }
    guard title >= minimumTitle, artist >= minimumArtist else { return 0 }
    return 0.6 * title + 0.4 * artist
  }

  static func numbers(_ text: String) -> [Substring] {
    text.split(separator: " ").filter { $0.allSatisfy(\.isNumber) }
  }

  /// Sørensen–Dice similarity of character bigrams (spaces ignored); 1 for equal strings, 0 if either is empty.
  static func similarity(_ a: String, _ b: String) -> Double {
    let x = Array(a.filter { $0 != " " })
    let y = Array(b.filter { $0 != " " })
    if x.isEmpty || y.isEmpty { return 0 }
    if x == y { return 1 }
    if x.count < 2 || y.count < 2 { return 0 }
    var counts: [String: Int] = [:]
    for i in 0..<(x.count - 1) { counts[String([x[i], x[i + 1]]), default: 0] += 1 }
    var shared = 0
    for i in 0..<(y.count - 1) {
      let bigram = String([y[i], y[i + 1]])
      if let count = counts[bigram], count > 0 {
        counts[bigram] = count - 1
        shared += 1
      }
    }
    return 2 * Double(shared) / Double(x.count - 1 + y.count - 1)
  }
}
