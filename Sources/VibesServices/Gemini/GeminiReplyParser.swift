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
      return try validate(parseJSON(trimmed, for: request), for: request)
    } catch .malformedReply where finishReason == "MAX_TOKENS" {
      // The JSON was cut off by the token limit.
      throw .ranOutOfTokens
    }
  }

  /// Strict JSON: one object with string `name`, optional string `description`, and `songs` of `{title, artist}`
  /// strings (For You: no name, and every song also has string `reason` and `because_of`). Anything else (code
  /// fences, wrong types) is malformed.
  static func parseJSON(_ text: String, for request: GeminiPlaylistRequest)
    throws(GeminiGenerationError) -> (String, String, [GeminiSong])
  {
    let isForYou: Bool
    if case .forYou = request { isForYou = true } else { isForYou = false }
    guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any],
      let name = object["name"] as? String ?? (isForYou ? forYouName : nil),
      let rawSongs = object["songs"] as? [Any]
    else { throw .malformedReply }
    let description = object["description"] as? String ?? ""
    if object["description"] != nil, !(object["description"] is String) { throw .malformedReply }
    var songs: [GeminiSong] = []
    for raw in rawSongs {
      guard let song = raw as? [String: Any], let title = song["title"] as? String,
        let artist = song["artist"] as? String
      else { throw .malformedReply }
      if isForYou {
        guard let reason = song["reason"] as? String, let because = song["because_of"] as? String else {
          throw .malformedReply
        }
        songs.append(GeminiSong(title: title, artist: artist, reason: reason, becauseOf: because))
      } else {
        songs.append(GeminiSong(title: title, artist: artist))
      }
    }
    return (name, description, songs)
  }

  /// Trims values, drops blank, repeated (by `dedupeKey`) and forbidden songs (For You: also songs whose reason
  /// fails `GeminiReasonCheck` and those past the per-artist cap), keeps the first `count` as the songs and the rest
  /// as spares. A new playlist or Grow refuses only an answer with no usable song at all (a short list is still
  /// useful and a retry would spend another request); For You and a Blend need `minimumAccepted`.
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
    var unchecked = 0
    var perArtist: [String: Int] = [:]
    // The whole answer is read (a model may list songs it was told to leave out first), up to the songs and spares
    // the request asked for.
    for song in rawSongs where usable.count < request.requestedCount {
      let title = song.title.trimmingCharacters(in: .whitespacesAndNewlines)
      let artist = song.artist.trimmingCharacters(in: .whitespacesAndNewlines)
      var clean = GeminiSong(title: title, artist: artist)
      let key = dedupeKey(clean)
      if title.isEmpty || artist.isEmpty || !seen.insert(key).inserted {
        repeated += 1
        continue
      }
      if forbidden.contains(key) {
        listed += 1
        continue
      }
      if case .forYou(let seeds, _) = request {
        // The reason check, then the per-artist cap (one song for an artist the user dismissed a song of).
        guard let because = song.becauseOf,
          let reason = GeminiReasonCheck.checked(
            reason: song.reason ?? "", becauseOf: because, song: clean, seeds: seeds)
        else {
          unchecked += 1
          continue
        }
        let artistKey = GeminiReasonCheck.fold(artist)
        let cap = seeds.lessOf.contains { GeminiReasonCheck.fold($0) == artistKey } ? 1 : GeminiForYouSeeds.perArtistCap
        guard perArtist[artistKey, default: 0] < cap else {
          unchecked += 1
          continue
        }
        perArtist[artistKey, default: 0] += 1
        clean.reason = reason
        clean.becauseOf = seeds.becauseOfNames.first { GeminiReasonCheck.fold($0) == GeminiReasonCheck.fold(because) }
      }
      usable.append(clean)
    }
    guard !usable.isEmpty, usable.count >= request.minimumAccepted else {
      throw .invalidReply(.tooFewSongs(asked: request.count, usable: usable.count))
    }
    return GeminiPlaylist(
      name: name, description: rawDescription.trimmingCharacters(in: .whitespacesAndNewlines),
      songs: Array(usable.prefix(request.count)), spares: Array(usable.dropFirst(request.count)),
      repeatedCount: repeated, alreadyListedCount: listed, uncheckedCount: unchecked)
  }

  /// The name a For You answer gets (it has none of its own).
  static let forYouName = "For You"

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
