import Foundation

/// Reads a `generateContent` answer into a validated playlist (pure; no I/O).
enum GeminiReplyParser {
  /// Finish reasons that still carry a usable answer.
  static let normalFinishReasons: Set<String> = ["STOP", "FINISH_REASON_UNSPECIFIED"]

  /// Maps a 200 body to a playlist or the typed reason it is unusable.
  static func playlist(from data: Data, for request: GeminiPlaylistRequest) throws(GeminiGenerationError)
    -> GeminiPlaylist
  {
    guard let body = JSONBody.object(data) else { throw .service(.invalidResponse) }
    // `candidates` of another shape is not an empty answer but an unreadable one.
    if let raw = body["candidates"], !(raw is [Any]) { throw .service(.invalidResponse) }
    let candidates = (body["candidates"] as? [Any])?.compactMap { $0 as? [String: Any] } ?? []
    guard let candidate = candidates.first else {
      let feedback = body["promptFeedback"] as? [String: Any]
      if let reason = feedback?["blockReason"] as? String {
        throw .promptBlocked(reason: ServiceError.sanitizedReason(reason) ?? "OTHER")
      }
      throw .emptyReply
    }
    let finishReason = candidate["finishReason"] as? String
    let content = candidate["content"] as? [String: Any]
    let parts = (content?["parts"] as? [Any])?.compactMap { $0 as? [String: Any] } ?? []
    // Thought summaries (`"thought": true`) are not the answer.
    let text = parts.filter { ($0["thought"] as? Bool) != true }.compactMap { $0["text"] as? String }.joined()
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)

    if let finishReason, finishReason != "MAX_TOKENS", !normalFinishReasons.contains(finishReason) {
      throw .answerBlocked(finishReason: ServiceError.sanitizedReason(finishReason) ?? "OTHER")
    }
    if trimmed.isEmpty {
      if finishReason == "MAX_TOKENS" { throw .ranOutOfTokens }
      throw .emptyReply
    }
    do throws(GeminiGenerationError) {
      return try validate(parseJSON(trimmed), for: request)
    } catch .malformedReply where finishReason == "MAX_TOKENS" {
      // The JSON was cut off by the token limit.
      throw .ranOutOfTokens
    }
  }

  /// Strict JSON: one object with string `name`, optional string `description`, and `songs` of `{title, artist}`
  /// strings. Anything else (code fences, wrong types) is malformed.
  static func parseJSON(_ text: String) throws(GeminiGenerationError) -> (String, String, [GeminiSong]) {
    guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any],
      let name = object["name"] as? String,
      let rawSongs = object["songs"] as? [Any]
    else { throw .malformedReply }
    let description = object["description"] as? String ?? ""
    if object["description"] != nil, !(object["description"] is String) { throw .malformedReply }
    var songs: [GeminiSong] = []
    for raw in rawSongs {
      guard let song = raw as? [String: Any], let title = song["title"] as? String,
        let artist = song["artist"] as? String
      else { throw .malformedReply }
      songs.append(GeminiSong(title: title, artist: artist))
    }
    return (name, description, songs)
  }

  /// Trims values, drops blank, repeated (by `dedupeKey`) and forbidden songs, keeps the first `count` as the
  /// songs and the rest as spares. Only an answer with no usable song at all is refused: a short list is still useful
  /// and a retry would spend another request.
  static func validate(_ parsed: (String, String, [GeminiSong]), for request: GeminiPlaylistRequest)
    throws(GeminiGenerationError) -> GeminiPlaylist
  {
    let (rawName, rawDescription, rawSongs) = parsed
    let name = rawName.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !name.isEmpty else { throw .invalidReply(.missingName) }
    let forbidden = Set(request.forbidden.map(dedupeKey))
    var seen = Set<String>()
    var usable: [GeminiSong] = []
    var repeated = 0
    var listed = 0
    for song in rawSongs.prefix(request.requestedCount) {
      let title = song.title.trimmingCharacters(in: .whitespacesAndNewlines)
      let artist = song.artist.trimmingCharacters(in: .whitespacesAndNewlines)
      let clean = GeminiSong(title: title, artist: artist)
      let key = dedupeKey(clean)
      if title.isEmpty || artist.isEmpty || !seen.insert(key).inserted {
        repeated += 1
      } else if forbidden.contains(key) {
        listed += 1
      } else {
        usable.append(clean)
      }
    }
    guard !usable.isEmpty else {
      throw .invalidReply(.tooFewSongs(asked: request.count, usable: 0))
    }
    return GeminiPlaylist(
      name: name, description: rawDescription.trimmingCharacters(in: .whitespacesAndNewlines),
      songs: Array(usable.prefix(request.count)), spares: Array(usable.dropFirst(request.count)),
      repeatedCount: repeated, alreadyListedCount: listed)
  }

  /// Case, diacritics, punctuation and spacing folded, so "Héroes"/"heroes " count as one song. (The resolver's
  /// stricter `SongNormalizer` lives in VibesCore, which this module does not import.)
  static func dedupeKey(_ song: GeminiSong) -> String {
    func fold(_ text: String) -> String {
      let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
      return String(folded.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) })
    }
    return fold(song.title) + "\u{1F}" + fold(song.artist)
  }
}
