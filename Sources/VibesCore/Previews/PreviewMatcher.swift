/// The song a preview is wanted for, as Spotify describes it (pure data; the app maps Spotify's track into it).
public struct PreviewQuery: Sendable, Hashable {
  public var title: String
  /// Credited artists, primary first.
  public var artists: [String]
  public var album: String?
  public var durationMilliseconds: Int?
  public var discNumber: Int?
  public var trackNumber: Int?

  public init(
    title: String, artists: [String], album: String? = nil, durationMilliseconds: Int? = nil, discNumber: Int? = nil,
    trackNumber: Int? = nil
  ) {
    self.title = title
    self.artists = artists
    self.album = album
    self.durationMilliseconds = durationMilliseconds
    self.discNumber = discNumber
    self.trackNumber = trackNumber
  }
}

/// One song the iTunes Search API offered (pure data; the services client maps its JSON into it).
public struct PreviewCandidate: Sendable, Hashable, Codable {
  public var trackID: Int
  public var title: String
  public var artist: String
  public var album: String?
  public var durationMilliseconds: Int?
  /// The 30-second clip; nil when the store has none for this song.
  public var previewURL: String?
  /// The Apple Music page (`trackViewUrl`), shown beside a preview as Apple's terms ask.
  public var storeURL: String?
  public var discNumber: Int?
  public var trackNumber: Int?

  public init(
    trackID: Int, title: String, artist: String, album: String? = nil, durationMilliseconds: Int? = nil,
    previewURL: String? = nil, storeURL: String? = nil, discNumber: Int? = nil, trackNumber: Int? = nil
  ) {
    self.trackID = trackID
    self.title = title
    self.artist = artist
    self.album = album
    self.durationMilliseconds = durationMilliseconds
    self.previewURL = previewURL
    self.storeURL = storeURL
    self.discNumber = discNumber
    self.trackNumber = trackNumber
  }
}

/// A candidate accepted as the wanted song, and how sure the match is.
public struct PreviewMatch: Sendable, Hashable {
  public enum Confidence: Sendable, Hashable, Comparable {
    /// The title matched only by containment, or the durations differ by 3-15 s, or a duration is unknown.
    case likely
    /// Same normalised title and artist, durations within 3 s.
    case confident
  }
  public var candidate: PreviewCandidate
  public var confidence: Confidence
  public var score: Double
}

/// The rules that decide whether an iTunes song is the Spotify song (pure). A wrong song is worse than none, so
/// everything doubtful is rejected:
/// - both sides are normalised (`SongNormalizer`: case, diacritics, feat./ft., remaster/radio edit/live suffixes,
///   brackets, punctuation, & ≈ and);
/// - the artist must match (one normalised name contains the other, for any credited artist);
/// - the title must match exactly, or one must contain the other (then only with durations within 3 s);
/// - durations more than 15 s apart are rejected; within 3 s is confident;
/// - Live, Remix, Acoustic and Instrumental must be on both sides or on neither;
/// - karaoke, tribute, cover, "made famous by" and "in the style of" candidates are penalised (and lose to any
///   clean candidate) unless the wanted song says so too.
public enum PreviewMatcher {
  /// Durations this close (ms) are the same recording.
  public static let confidentDurationDelta = 3_000
  /// Durations further apart than this (ms) are a different recording.
  public static let maximumDurationDelta = 15_000
  /// The lowest score accepted.
  public static let threshold = 0.5

  /// Version markers that must agree between the two titles.
  public enum VersionTag: String, Sendable, Hashable, CaseIterable {
    case live, remix, acoustic, instrumental
  }

  /// The best acceptable candidate with a preview URL, or nil. Ties keep the earlier (more relevant) candidate.
  public static func bestMatch(for query: PreviewQuery, among candidates: [PreviewCandidate]) -> PreviewMatch? {
    var best: PreviewMatch?
    for candidate in candidates where candidate.previewURL?.isEmpty == false {
      guard let match = evaluate(query, candidate) else { continue }
      if best == nil || match.score > best!.score { best = match }
    }
    return best
  }

  /// The candidate's score and confidence, or nil when a rule rejects it.
  public static func evaluate(_ query: PreviewQuery, _ candidate: PreviewCandidate) -> PreviewMatch? {
    guard artistMatches(query.artists, candidate.artist) else { return nil }
    let wanted = SongNormalizer.normalizedTitle(query.title)
    let offered = SongNormalizer.normalizedTitle(candidate.title)
    guard !wanted.isEmpty, !offered.isEmpty else { return nil }
    guard versionTags(query.title) == versionTags(candidate.title) else { return nil }
    let exactTitle = wanted == offered
    let containedTitle =
      !exactTitle && (contains(wanted, offered) || contains(offered, wanted))
    guard exactTitle || containedTitle else { return nil }

    var delta: Int?
    if let a = query.durationMilliseconds, let b = candidate.durationMilliseconds, a > 0, b > 0 {
      delta = abs(a - b)
    }
    if let delta, delta > maximumDurationDelta { return nil }
    let closeDuration = delta.map { $0 <= confidentDurationDelta } ?? false
    // A title that only contains the other is accepted only when the recording's length agrees.
    if containedTitle && !closeDuration { return nil }

    var score = exactTitle ? 0.6 : 0.4
    if closeDuration { score += 0.3 } else if delta != nil { score += 0.1 }
    if let album = query.album, let other = candidate.album,
      SongNormalizer.normalizedTitle(album) == SongNormalizer.normalizedTitle(other)
    {
      score += 0.1
    }
    if isImitation(candidate) && !isImitation(query) { score -= 0.5 }
    guard score >= threshold else { return nil }
    let confidence: PreviewMatch.Confidence = exactTitle && closeDuration ? .confident : .likely
    return PreviewMatch(candidate: candidate, confidence: confidence, score: score)
  }

  /// The UPC route: from an album's tracks (iTunes `lookup?upc=…&entity=song`), the one at the same disc and track
  /// number whose title matches, else any track that matches by the usual rules.
  public static func albumTrack(for query: PreviewQuery, among tracks: [PreviewCandidate]) -> PreviewMatch? {
    if let disc = query.discNumber, let number = query.trackNumber,
      let positioned = tracks.first(where: { ($0.discNumber ?? 1) == disc && $0.trackNumber == number }),
      positioned.previewURL?.isEmpty == false,
      let match = evaluate(query, positioned)
    {
      return match
    }
    return bestMatch(for: query, among: tracks)
  }

  /// The search term: the title without version notes and featured artists, and the primary artist.
  public static func searchTerm(for query: PreviewQuery) -> String {
    let title = SongNormalizer.normalizedTitle(query.title)
    let artist = SongNormalizer.normalizedArtist(SongNormalizer.primaryArtist(query.artists.first ?? ""))
    return [title, artist].filter { !$0.isEmpty }.joined(separator: " ")
  }

  /// Live, Remix, Acoustic, Instrumental as written anywhere in the raw title (brackets and " - " suffixes too).
  public static func versionTags(_ title: String) -> Set<VersionTag> {
    let words = Set(SongNormalizer.clean(SongNormalizer.fold(title)).split(separator: " ").map(String.init))
    var tags = Set<VersionTag>()
    if words.contains("live") { tags.insert(.live) }
    if words.contains("remix") || words.contains("remixed") || words.contains("rmx") { tags.insert(.remix) }
    if words.contains("acoustic") || words.contains("unplugged") { tags.insert(.acoustic) }
    if words.contains("instrumental") { tags.insert(.instrumental) }
    return tags
  }

  /// Karaoke, tribute, cover versions and sound-alikes, judged from title, artist and album.
  public static func isImitation(_ candidate: PreviewCandidate) -> Bool {
    isImitationText([candidate.title, candidate.artist, candidate.album ?? ""].joined(separator: " "))
  }

  static func isImitation(_ query: PreviewQuery) -> Bool {
    isImitationText(([query.title, query.album ?? ""] + query.artists).joined(separator: " "))
  }

  static func isImitationText(_ raw: String) -> Bool {
    let text = " " + SongNormalizer.clean(SongNormalizer.fold(raw)) + " "
    let markers = [
      " karaoke ", " tribute ", " cover ", " covers ", " made famous by ", " in the style of ",
      " originally performed by ", " as made famous ", " sound alike ", " soundalike ",
    ]
    return markers.contains { text.contains($0) }
  }

  /// True when one of the wanted artists and the offered artist credit contain one another (normalised).
  static func artistMatches(_ wanted: [String], _ offered: String) -> Bool {
    let offeredNames =
      [
        SongNormalizer.normalizedArtist(offered),
        SongNormalizer.normalizedArtist(SongNormalizer.primaryArtist(offered)),
      ]
      .filter { !$0.isEmpty }
    for artist in wanted {
      for name in [
        SongNormalizer.normalizedArtist(artist), SongNormalizer.normalizedArtist(SongNormalizer.primaryArtist(artist)),
      ]
      where !name.isEmpty {
        for other in offeredNames where contains(name, other) || contains(other, name) { return true }
      }
    }
    return false
  }

  /// Whole-word containment: "abba" is in "abba gold", not in "abbacadabra".
  static func contains(_ haystack: String, _ needle: String) -> Bool {
    (" " + haystack + " ").contains(" " + needle + " ")
  }
}
