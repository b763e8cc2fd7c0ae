import Foundation

/// One song in a Gemini request or answer (raw model text).
public struct GeminiSong: Sendable, Hashable {
  public var title: String
  public var artist: String
  /// For You only: the checked one-line reason (`GeminiReasonCheck`) and the seed it is `because_of`.
  public var reason: String?
  public var becauseOf: String?

  public init(title: String, artist: String, reason: String? = nil, becauseOf: String? = nil) {
    self.title = title
    self.artist = artist
    self.reason = reason
    self.becauseOf = becauseOf
  }
}

/// A generated playlist as Gemini answered it, after validation.
public struct GeminiPlaylist: Sendable, Equatable {
  public var name: String
  public var description: String
  /// Distinct, non-blank songs, at most the count wanted.
  public var songs: [GeminiSong]
  /// Further distinct songs of the same answer beyond the count (the request asks for a few more than wanted, so
  /// a song dropped later, e.g. not found on Spotify, can be replaced without another request).
  public var spares: [GeminiSong]
  /// Entries dropped because they were blank or repeated a song earlier in the answer.
  public var repeatedCount: Int
  /// Entries dropped because they were already in the playlist (or on the request's exclusion list).
  public var alreadyListedCount: Int
  /// For You: entries dropped by the reason check (`GeminiReasonCheck`) or past the per-artist cap.
  public var uncheckedCount: Int

  /// How many entries were dropped (blank, repeated or already listed).
  public var droppedCount: Int { repeatedCount + alreadyListedCount + uncheckedCount }

  public init(
    name: String, description: String, songs: [GeminiSong], spares: [GeminiSong] = [], repeatedCount: Int = 0,
    alreadyListedCount: Int = 0, uncheckedCount: Int = 0
  ) {
    self.name = name
    self.description = description
    self.songs = songs
    self.spares = spares
    self.repeatedCount = repeatedCount
    self.alreadyListedCount = alreadyListedCount
    self.uncheckedCount = uncheckedCount
  }
}

/// What to ask Gemini for.
public enum GeminiPlaylistRequest: Sendable, Equatable {
  /// A new playlist of `count` songs for the user's prompt.
  case new(prompt: String, count: Int)
  /// `count` more songs that fit an existing playlist's vibe, none of `existing` or `excluding`.
  case grow(playlistName: String, description: String, existing: [GeminiSong], excluding: [GeminiSong], count: Int)
  /// For You (FR-3.2): `count` songs grounded in `seeds`, each with a checked reason. The request asks for
  /// `forYouMargin` more than `count`, since the reason check, the exclusions and the per-artist caps drop some;
  /// the answer keeps at most `count`.
  case forYou(GeminiForYouSeeds, count: Int)
  /// A Blend (FR-6.2) of `count` songs (20–30) for two users' taste summaries; an ordinary playlist answer.
  case blend(GeminiBlendSeeds, count: Int)

  /// Songs per request are kept in 1...50.
  public static let countRange = 1...50
  /// At most this many listed songs go into a grow prompt (the newest ones), to bound the request size.
  public static let maxListedSongs = 200

  /// For You shows 10–20 songs.
  public static let forYouCountRange = 10...20
  /// A Blend has 20–30 songs.
  public static let blendCountRange = 20...30

  /// The number of songs kept, clamped to `countRange` (For You: `forYouCountRange`).
  public var count: Int {
    switch self {
    case .new(_, let count), .grow(_, _, _, _, let count):
      min(max(count, Self.countRange.lowerBound), Self.countRange.upperBound)
    case .forYou(_, let count):
      min(max(count, Self.forYouCountRange.lowerBound), Self.forYouCountRange.upperBound)
    case .blend(_, let count):
      min(max(count, Self.blendCountRange.lowerBound), Self.blendCountRange.upperBound)
    }
  }

  /// The number of songs the one request asks Gemini for. A new playlist and Grow: the count plus a fifth (at least
  /// 2, at most 50 in all). Models sometimes repeat a song or name one Spotify does not have; the extra songs top the
  /// answer up within the same request instead of spending another of the few free daily requests on a retry. For
  /// You: half again (at least 5), since the reason check, the exclusions and the per-artist caps drop some. A Blend
  /// asks for its count.
  public var requestedCount: Int {
    switch self {
    case .new, .grow: min(Self.countRange.upperBound, count + max(2, count / 5))
    case .forYou: count + max(5, count / 2)
    case .blend: count
    }
  }

  /// The fewest usable songs accepted: a new playlist and Grow keep any usable answer (a short list is still useful,
  /// and a retry would spend another request); For You and a Blend need their range's lower bound.
  public var minimumAccepted: Int {
    switch self {
    case .new, .grow: 1
    case .forYou: Self.forYouCountRange.lowerBound
    case .blend: Self.blendCountRange.lowerBound
    }
  }

  /// Songs the answer must not contain (normalised comparison).
  var forbidden: [GeminiSong] {
    switch self {
    case .new, .blend: []
    case .grow(_, _, let existing, let excluding, _): existing + excluding
    case .forYou(let seeds, _): seeds.excluding + seeds.tracks
    }
  }

  static let systemText = """
    You are a music curator. You only suggest real, released songs that exist on Spotify, each by its main \
    credited artist, with titles and artist names spelled as on Spotify. Never repeat a song. Answer only with \
    the JSON object described by the response schema.
    """

  /// The user turn's text.
  var promptText: String {
    switch self {
    case .new(let prompt, _):
      return """
        Create a playlist of exactly \(requestedCount) different songs for this request:
        \(Self.quoted(prompt))
        Give the playlist a short name (at most 60 characters) and a one-sentence description.
        """
    case .grow(let name, let description, let existing, let excluding, _):
      let listed = Self.songLines(Array(existing.suffix(Self.maxListedSongs)))
      let excluded = Self.songLines(Array(excluding.suffix(Self.maxListedSongs)))
      var text = """
        Suggest exactly \(requestedCount) more different songs that fit the vibe of this playlist.
        Playlist name: \(Self.quoted(name))
        Description: \(Self.quoted(description))
        Songs already in it (do not suggest any of them):
        \(listed)
        """
      if !excluding.isEmpty {
        text += "\nAlso do not suggest any of these:\n\(excluded)"
      }
      text += "\nKeep the playlist's name and description in your answer."
      return text
    case .forYou(let seeds, _):
      return seeds.promptText(count: requestedCount)
    case .blend(let seeds, _):
      return seeds.promptText(count: count)
    }
  }

  /// The `responseJsonSchema` for `{name, description, songs: [{title, artist}]}` with exactly `requestedCount` songs.
  var responseSchema: [String: Any] {
    if case .forYou(let seeds, _) = self { return seeds.responseSchema(count: requestedCount) }
    return [
      "type": "object",
      "properties": [
        "name": ["type": "string", "description": "Short playlist name."],
        "description": ["type": "string", "description": "One sentence describing the playlist."],
        "songs": [
          "type": "array",
          "minItems": requestedCount,
          "maxItems": requestedCount,
          "items": [
            "type": "object",
            "properties": [
              "title": ["type": "string", "description": "Song title as on Spotify."],
              "artist": ["type": "string", "description": "Main credited artist."],
            ],
            "required": ["title", "artist"],
          ],
        ],
      ],
      "required": ["name", "description", "songs"],
    ]
  }

  /// Output budget: thinking tokens count against `maxOutputTokens` on 2.5+ models, so this leaves about 30 000
  /// tokens for thinking on top of the ~2 000 a 50-song answer needs. No `thinkingConfig` is sent: 2.5 models take
  /// `thinkingBudget`, 3.x models `thinkingLevel`, and the model is a user setting.
  static let maxOutputTokens = 32_768

  /// The whole `generateContent` body.
  var body: [String: Any] {
    [
      "systemInstruction": ["parts": [["text": systemInstructionText]]],
      "contents": [["role": "user", "parts": [["text": promptText]]]],
      "generationConfig": [
        "responseMimeType": "application/json",
        "responseJsonSchema": responseSchema,
        "maxOutputTokens": Self.maxOutputTokens,
        "temperature": 1.0,
      ],
    ]
  }

  var systemInstructionText: String {
    if case .forYou = self { return GeminiForYouSeeds.systemText }
    return Self.systemText
  }

  static func quoted(_ text: String) -> String {
    let data = (try? JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])) ?? Data()
    let array = String(decoding: data, as: UTF8.self)
    return String(array.dropFirst().dropLast())
  }

  static func songLines(_ songs: [GeminiSong]) -> String {
    songs.map { "- \(quoted($0.title)) by \(quoted($0.artist))" }.joined(separator: "\n")
  }
}
