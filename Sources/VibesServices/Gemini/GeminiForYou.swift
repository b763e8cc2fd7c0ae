import Foundation

/// One of the user's top artists as sent to Gemini for For You (FR-3.2).
public struct GeminiSeedArtist: Sendable, Hashable {
  public var name: String
  public var genres: [String]

  public init(name: String, genres: [String]) {
    self.name = name
    self.genres = genres
  }
}

/// What a For You request is grounded in: the user's real listening, what must not come back, and what the user
/// dismissed (those artists are asked for rarely and capped at one song).
public struct GeminiForYouSeeds: Sendable, Equatable {
  /// At most this many artists and tracks are sent (the heaviest first), to bound the request.
  public static let maxSeedArtists = 15
  public static let maxSeedTracks = 15
  /// Songs per artist in one answer; one for an artist the user dismissed a song of.
  public static let perArtistCap = 2

  public var artists: [GeminiSeedArtist]
  public var tracks: [GeminiSong]
  /// Library, top tracks, already shown and dismissed songs: never suggested (filtered again after the answer).
  public var excluding: [GeminiSong]
  /// Artists of dismissed songs.
  public var lessOf: [String]

  public init(artists: [GeminiSeedArtist], tracks: [GeminiSong], excluding: [GeminiSong], lessOf: [String] = []) {
    self.artists = Array(artists.prefix(Self.maxSeedArtists))
    self.tracks = Array(tracks.prefix(Self.maxSeedTracks))
    self.excluding = excluding
    self.lessOf = lessOf
  }

  /// The values `because_of` may take: every seed artist's name and every seed track's title, each once.
  public var becauseOfNames: [String] {
    var seen = Set<String>()
    return (artists.map(\.name) + tracks.map(\.title)).filter {
      !$0.trimmingCharacters(in: .whitespaces).isEmpty && seen.insert(GeminiReasonCheck.fold($0)).inserted
    }
  }
}

/// The reason check of For You: a reason may only name artists or tracks that were sent. The prompt asks for every
/// artist or song name in a reason to be in double quotes; a reason passes when
/// - `because_of` is one of the seed names (the schema's enum, checked again here),
/// - the reason is one line and names `because_of`, and
/// - every quoted name in it is a seed artist, a seed track's title or artist, or the suggested song's own title
///   or artist.
/// A song whose reason fails is dropped (it is counted in `droppedCount`).
public enum GeminiReasonCheck {
  public static let maxReasonLength = 200

  /// Case, diacritics, punctuation and spacing folded.
  public static func fold(_ text: String) -> String {
    let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    return String(folded.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) })
  }

  /// The spans between straight or curly double quotes.
  static func quotedNames(_ text: String) -> [String] {
    var names: [String] = []
    var current: String?
    for character in text {
      if character == "\"" || character == "“" || character == "”" {
        if let open = current {
          names.append(open)
          current = nil
        } else {
          current = ""
        }
      } else if current != nil {
        current?.append(character)
      }
    }
    return names
  }

  /// The cleaned reason when it passes, else nil.
  public static func checked(reason: String, becauseOf: String, song: GeminiSong, seeds: GeminiForYouSeeds)
    -> String?
  {
    let line = reason.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !line.isEmpty, line.count <= maxReasonLength, !line.contains(where: \.isNewline) else { return nil }
    let seedNames = Set(seeds.becauseOfNames.map(fold))
    let because = fold(becauseOf)
    guard !because.isEmpty, seedNames.contains(because), fold(line).contains(because) else { return nil }
    let allowed =
      seedNames.union(seeds.tracks.map { fold($0.artist) }).union([fold(song.title), fold(song.artist)])
    for name in quotedNames(line) where !allowed.contains(fold(name)) {
      return nil
    }
    return line
  }
}

extension GeminiForYouSeeds {
  static let systemText = """
    You are a music curator recommending songs to one listener, grounded only in what they really listen to. \
    You only suggest real, released songs that exist on Spotify, each by its main credited artist, spelled as on \
    Spotify. Never repeat a song. Each reason is one short sentence that names only artists or songs from the \
    listener's list, every name in double quotes. Answer only with the JSON object described by the response schema.
    """

  func promptText(count: Int) -> String {
    let artistLines = artists.map { artist in
      let genres = artist.genres.prefix(5).map(GeminiPlaylistRequest.quoted).joined(separator: ", ")
      return "- \(GeminiPlaylistRequest.quoted(artist.name))" + (genres.isEmpty ? "" : " (genres: \(genres))")
    }
    var text = """
      Recommend exactly \(count) different songs this listener does not know yet.
      Their top artists (heaviest first):
      \(artistLines.joined(separator: "\n"))
      """
    if !tracks.isEmpty {
      text += "\nTheir top tracks:\n\(GeminiPlaylistRequest.songLines(tracks))"
    }
    if !lessOf.isEmpty {
      text += "\nThey dismissed songs by these artists; suggest them rarely if at all:\n"
      text += lessOf.map { "- \(GeminiPlaylistRequest.quoted($0))" }.joined(separator: "\n")
    }
    if !excluding.isEmpty {
      let excluded = GeminiPlaylistRequest.songLines(Array(excluding.suffix(GeminiPlaylistRequest.maxListedSongs)))
      text += "\nDo not suggest any of these:\n\(excluded)"
    }
    text += """

      At most \(Self.perArtistCap) songs per artist. For each song give `because_of`: the one artist or track of \
      the lists above it is most like, and `reason`: one sentence why, naming only artists or songs from the lists \
      above, each in double quotes.
      """
    return text
  }

  func responseSchema(count: Int) -> [String: Any] {
    [
      "type": "object",
      "properties": [
        "songs": [
          "type": "array",
          "minItems": count,
          "maxItems": count,
          "items": [
            "type": "object",
            "properties": [
              "title": ["type": "string", "description": "Song title as on Spotify."],
              "artist": ["type": "string", "description": "Main credited artist."],
              "reason": ["type": "string", "description": "One sentence; names in double quotes."],
              "because_of": ["type": "string", "enum": becauseOfNames],
            ],
            "required": ["title", "artist", "reason", "because_of"],
          ],
        ]
      ],
      "required": ["songs"],
    ]
  }
}
