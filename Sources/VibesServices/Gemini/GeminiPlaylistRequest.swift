import Foundation

/// One song in a Gemini request or answer (raw model text).
public struct GeminiSong: Sendable, Hashable {
  public var title: String
  public var artist: String

  public init(title: String, artist: String) {
    self.title = title
    self.artist = artist
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

  /// How many entries were dropped (blank, repeated or already listed).
  public var droppedCount: Int { repeatedCount + alreadyListedCount }

  public init(
    name: String, description: String, songs: [GeminiSong], spares: [GeminiSong] = [], repeatedCount: Int = 0,
    alreadyListedCount: Int = 0
  ) {
    self.name = name
    self.description = description
    self.songs = songs
    self.spares = spares
    self.repeatedCount = repeatedCount
    self.alreadyListedCount = alreadyListedCount
  }
}

/// What to ask Gemini for.
public enum GeminiPlaylistRequest: Sendable, Equatable {
  /// A new playlist of `count` songs for the user's prompt.
  case new(prompt: String, count: Int)
  /// `count` more songs that fit an existing playlist's vibe, none of `existing` or `excluding`.
  case grow(playlistName: String, description: String, existing: [GeminiSong], excluding: [GeminiSong], count: Int)

  /// Songs per request are kept in 1...50.
  public static let countRange = 1...50
  /// At most this many listed songs go into a grow prompt (the newest ones), to bound the request size.
  public static let maxListedSongs = 200

  /// The number of songs asked for, clamped to `countRange`.
  public var count: Int {
    switch self {
    case .new(_, let count), .grow(_, _, _, _, let count):
      min(max(count, Self.countRange.lowerBound), Self.countRange.upperBound)
    }
  }

  /// The number of songs the one request asks Gemini for: the count plus a fifth (at least 2, at most 50 in all).
  /// Models sometimes repeat a song or name one Spotify does not have; the extra songs top the answer up within the
  /// same request instead of spending another of the few free daily requests on a retry.
  public var requestedCount: Int {
    min(Self.countRange.upperBound, count + max(2, count / 5))
  }

  /// Songs the answer must not contain (normalised comparison).
  var forbidden: [GeminiSong] {
    switch self {
    case .new: []
    case .grow(_, _, let existing, let excluding, _): existing + excluding
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
    }
  }

  /// The `responseJsonSchema` for `{name, description, songs: [{title, artist}]}` with exactly `requestedCount` songs.
  var responseSchema: [String: Any] {
    [
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
      "systemInstruction": ["parts": [["text": Self.systemText]]],
      "contents": [["role": "user", "parts": [["text": promptText]]]],
      "generationConfig": [
        "responseMimeType": "application/json",
        "responseJsonSchema": responseSchema,
        "maxOutputTokens": Self.maxOutputTokens,
        "temperature": 1.0,
      ],
    ]
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
