import Foundation

/// Folds song titles and artist names into comparable keys (pure): case and diacritics folded, "feat." parts and
/// version suffixes ("(2011 Remaster)", " - Live", " - Radio Edit") dropped, "&" read as "and", punctuation removed.
public enum SongNormalizer {
  /// Words that mark a bracketed part or a " - " suffix as a version note rather than part of the title.
  static let versionWords = [
    "remaster", "remastered", "live", "radio edit", "edit", "version", "mono", "stereo", "single", "deluxe",
    "bonus", "explicit", "clean", "demo", "acoustic version", "original mix", "extended", "anniversary", "from",
    "soundtrack", "bonus track", "mix", "album version", "instrumental version",
  ]
  /// Words that start a featured-artist part.
  static let featureWords = ["feat", "feat.", "ft", "ft.", "featuring", "with"]

  /// The cache and duplicate key: normalised title, a separator, normalised primary artist.
  public static func key(title: String, artist: String) -> String {
    normalizedTitle(title) + "\u{1F}" + normalizedArtist(primaryArtist(artist))
  }

  /// Title without version notes or featured artists, folded (e.g. "Hey Jude - Remastered 2015" → "hey jude").
  public static func normalizedTitle(_ raw: String) -> String {
    var text = fold(raw)
    text = removeBracketed(text)
    text = removeDashSuffix(text)
    text = cutFeature(text)
    return clean(text)
  }

  /// Artist name folded, with a leading "the" dropped ("The Beatles" → "beatles", "Simon & Garfunkel" →
  /// "simon and garfunkel").
  public static func normalizedArtist(_ raw: String) -> String {
    var text = clean(cutFeature(removeBracketed(fold(raw))))
    if text.hasPrefix("the ") { text.removeFirst(4) }
    return text
  }

  /// The first credited artist: "Daft Punk feat. Pharrell" → "Daft Punk", "Calvin Harris, Rihanna" → "Calvin Harris".
  /// "&" is kept (it is often part of one act's name, e.g. "Simon & Garfunkel").
  public static func primaryArtist(_ raw: String) -> String {
    var text = raw
    for separator in [",", ";", " / ", " x ", " X "] {
      if let range = text.range(of: separator) { text = String(text[..<range.lowerBound]) }
    }
    let lowered = text.lowercased()
    for word in featureWords {
      for form in [" \(word) ", " (\(word) ", " [\(word) "] {
        if let range = lowered.range(of: form) {
          let offset = lowered.distance(from: lowered.startIndex, to: range.lowerBound)
          text = String(text.prefix(offset))
          return text.trimmingCharacters(in: .whitespaces)
        }
      }
    }
    return text.trimmingCharacters(in: .whitespaces)
  }

  static func fold(_ raw: String) -> String {
    raw.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
      .replacingOccurrences(of: "ß", with: "ss")
      .replacingOccurrences(of: "ø", with: "o")
      .replacingOccurrences(of: "æ", with: "ae")
      .replacingOccurrences(of: "œ", with: "oe")
      .replacingOccurrences(of: "ł", with: "l")
      .replacingOccurrences(of: "’", with: "'")
  }

  /// Drops "(…)" and "[…]" parts that hold a version note or a featured artist.
  static func removeBracketed(_ text: String) -> String {
    var result = text
    for (open, close) in [("(", ")"), ("[", "]")] {
      var searchStart = result.startIndex
      while let openRange = result.range(of: open, range: searchStart..<result.endIndex),
        let closeRange = result.range(of: close, range: openRange.upperBound..<result.endIndex)
      {
        let inner = String(result[openRange.upperBound..<closeRange.lowerBound])
        if isVersionNote(inner) || startsWithFeature(inner) {
          result.removeSubrange(openRange.lowerBound..<closeRange.upperBound)
          searchStart = openRange.lowerBound
        } else {
          searchStart = closeRange.upperBound
        }
      }
    }
    return result
  }

  /// Drops a " - Remastered 2011" / " - Live" / " - Radio Edit" style suffix.
  static func removeDashSuffix(_ text: String) -> String {
    var result = text
    for separator in [" - ", " – ", " — "] {
      if let range = result.range(of: separator, options: .backwards),
        isVersionNote(String(result[range.upperBound...]))
      {
        result = String(result[..<range.lowerBound])
      }
    }
    return result
  }

  /// Cuts an unbracketed " feat. X" / " ft. X" / " featuring X" tail.
  static func cutFeature(_ text: String) -> String {
    for word in ["feat.", "feat", "ft.", "ft", "featuring"] {
      if let range = text.range(of: " \(word) ") { return String(text[..<range.lowerBound]) }
    }
    return text
  }

  static func isVersionNote(_ inner: String) -> Bool {
    let words = Set(clean(inner).split(separator: " ").map(String.init))
    let joined = clean(inner)
    return versionWords.contains { word in
      word.contains(" ") ? joined.contains(word) : words.contains(word)
    }
  }

  static func startsWithFeature(_ inner: String) -> Bool {
    let first = inner.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) ?? ""
    return featureWords.contains(first)
  }

  /// "&" → "and", apostrophes removed, other punctuation becomes a space, whitespace collapsed.
  static func clean(_ text: String) -> String {
    var output = ""
    for character in text.replacingOccurrences(of: "&", with: " and ").replacingOccurrences(of: "+", with: " and ") {
      if character == "'" || character == "`" { continue }
      if character.isLetter || character.isNumber {
        output.append(character)
      } else {
        output.append(" ")
      }
    }
    return output.split(separator: " ").joined(separator: " ")
  }
}
