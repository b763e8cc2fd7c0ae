import Foundation

/// A song For You talks about, in the core's terms (title and main artist as shown): the same value as a song
/// the model suggested for a playlist, with the same normalised `key`.
public typealias ForYouSong = SuggestedSong

/// What For You remembers between refreshes (FR-3.2; cached, and stored privately under `users/{uid}` when signed
/// in): the songs the user dismissed (never shown again) and how often each artist was dismissed (that artist
/// weighs less as a seed and is asked for rarely), plus the songs already shown.
public struct ForYouMemory: Sendable, Equatable, Codable {
  /// Dismissed song keys.
  public private(set) var dismissedSongs: Set<String>
  /// Dismissals per normalised artist.
  public private(set) var dismissedArtists: [String: Int]
  /// Songs shown before, newest last (bounded by `maxShown`).
  public private(set) var shown: [ForYouSong]
  public private(set) var dismissed: [ForYouSong]

  public static let maxShown = 300
  /// Each dismissal halves an artist's weight; below `seedThreshold` the artist is no longer sent as a seed.
  public static let dismissalFactor = 0.5
  public static let seedThreshold = 0.3

  public init() {
    dismissedSongs = []
    dismissedArtists = [:]
    shown = []
    dismissed = []
  }

  /// `x` on a song: it never returns and its artist weighs less.
  public mutating func dismiss(_ song: ForYouSong) {
    guard dismissedSongs.insert(song.key).inserted else { return }
    dismissed.append(song)
    dismissedArtists[SongNormalizer.normalizedArtist(song.artist), default: 0] += 1
  }

  /// Songs that were on screen (so a refresh asks for new ones).
  public mutating func markShown(_ songs: [ForYouSong]) {
    let known = Set(shown.map(\.key))
    shown += songs.filter { !known.contains($0.key) }
    if shown.count > Self.maxShown { shown.removeFirst(shown.count - Self.maxShown) }
  }

  /// An artist's weight: 1, halved per dismissal.
  public func weight(ofArtist artist: String) -> Double {
    let count = dismissedArtists[SongNormalizer.normalizedArtist(artist)] ?? 0
    return pow(Self.dismissalFactor, Double(count))
  }

  /// Artists of dismissed songs (for "suggest them rarely").
  public var lessOf: [String] {
    var seen = Set<String>()
    return dismissed.map(\.artist).filter { seen.insert(SongNormalizer.normalizedArtist($0)).inserted }
  }

  /// The seed artists, heaviest first: rank weight `(n - i) / n` times the dismissal weight; artists whose
  /// dismissal weight is under `seedThreshold` (two dismissals) are left out (order is stable for ties).
  public func seedArtists(_ ranked: [String]) -> [String] {
    let n = Double(ranked.count)
    return ranked.enumerated()
      .filter { weight(ofArtist: $0.element) >= Self.seedThreshold }
      .map { (name: $0.element, weight: (n - Double($0.offset)) / n * weight(ofArtist: $0.element), index: $0.offset) }
      .sorted { $0.weight != $1.weight ? $0.weight > $1.weight : $0.index < $1.index }
      .map(\.name)
  }

  /// The exclusion list sent with the request: library, top tracks, already shown and dismissed songs, each once.
  public func exclusions(library: [ForYouSong], topTracks: [ForYouSong]) -> [ForYouSong] {
    var seen = Set<String>()
    return (library + topTracks + shown + dismissed).filter { seen.insert($0.key).inserted }
  }

  /// After resolution: drops what the answer must not contain even if the model sent it (library, top tracks,
  /// dismissed songs), keeping order.
  public func filter(_ songs: [ForYouSong], library: [ForYouSong], topTracks: [ForYouSong]) -> [ForYouSong] {
    let banned = Set((library + topTracks + dismissed).map(\.key)).union(dismissedSongs)
    return songs.filter { !banned.contains($0.key) }
  }
}

extension ForYouMemory {
  /// This memory with `other`'s added (two devices, or the offline copy and the stored one): every dismissal of
  /// either (an artist's count grows only by dismissals this side lacks) and every song either showed.
  public func merged(with other: ForYouMemory) -> ForYouMemory {
    var merged = self
    for song in other.dismissed { merged.dismiss(song) }
    merged.markShown(other.shown)
    return merged
  }
}
