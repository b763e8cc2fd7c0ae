import Foundation

/// Why someone is suggested (FR-8.4): people you follow who follow them, and how well your public taste summaries
/// match (`TasteMatch.percent`). Names are other people's text, already sanitised and capped at the edge.
public struct SuggestionReason: Sendable, Hashable, Codable {
  /// Up to two of the people you follow who follow them ("@mika"), in the order they are named.
  public var followedBy: [String]
  /// How many people you follow follow them (among those looked at).
  public var followedByCount: Int
  /// The taste match in percent, nil when unknown (no summary on either side) or below the threshold.
  public var tastePercent: Int?

  public init(followedBy: [String] = [], followedByCount: Int = 0, tastePercent: Int? = nil) {
    self.followedBy = followedBy
    self.followedByCount = followedByCount
    self.tastePercent = tastePercent
  }
}

/// One suggested person with the reason in words.
public struct PersonSuggestion: Sendable, Hashable, Codable {
  public var person: PersonSummary
  public var reason: SuggestionReason

  public init(person: PersonSummary, reason: SuggestionReason) {
    self.person = person
    self.reason = reason
  }
}

/// The suggestions shown on People's find screen (fresh, or the SQLite copy with its age).
public struct PeopleSuggestions: Sendable, Hashable, Codable {
  public var items: [PersonSuggestion]
  public var fetchedAt: Date
  /// True when this is the SQLite copy shown because Firebase could not be reached.
  public var isCached: Bool
  /// Whether your own taste summary may be published (Profile's "Taste summary" setting): without it nobody is
  /// suggested by taste, and the list says where to switch it on. Read fresh with every load, never stored.
  public var tasteShared: Bool

  enum CodingKeys: String, CodingKey { case items, fetchedAt, isCached }

  public init(items: [PersonSuggestion], fetchedAt: Date, isCached: Bool = false, tasteShared: Bool = true) {
    self.items = items
    self.fetchedAt = fetchedAt
    self.isCached = isCached
    self.tasteShared = tasteShared
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    items = try container.decode([PersonSuggestion].self, forKey: .items)
    fetchedAt = try container.decode(Date.self, forKey: .fetchedAt)
    isCached = try container.decode(Bool.self, forKey: .isCached)
    tasteShared = true
  }
}

/// What one suggestion refresh found in Firestore, before ranking (`PeopleSuggestionRanking.rank`).
public struct SuggestionEvidence: Sendable, Hashable {
  /// Your uid (never suggested).
  public var me: String
  /// Everyone you follow (never suggested).
  public var following: Set<String>
  /// Blocked either way (never suggested).
  public var blocked: Set<String>
  /// A candidate's uid → the uids of people you follow who follow them.
  public var followedBy: [String: Set<String>]
  /// A candidate's uid → the taste match with you in percent.
  public var tastePercent: [String: Int]
  /// The profiles known: candidates (a candidate without one is left out) and the people you follow (for names).
  public var people: [String: PersonSummary]

  public init(
    me: String, following: Set<String>, blocked: Set<String>, followedBy: [String: Set<String>],
    tastePercent: [String: Int], people: [String: PersonSummary]
  ) {
    self.me = me
    self.following = following
    self.blocked = blocked
    self.followedBy = followedBy
    self.tastePercent = tastePercent
    self.people = people
  }
}

/// Ranks and merges the two kinds of suggestion. Pure.
///
///   score = (people you follow who follow them) + (taste match %) / 25
///
/// so a 100 % match weighs as much as four mutual follows. A taste match alone counts from `minTastePercent`.
/// Never you, never someone you follow, never anyone blocked either way, never a candidate without a profile.
/// Ties: more mutual follows, then the name, then the uid (stable across refreshes).
public enum PeopleSuggestionRanking {
  public static let limit = 10
  public static let minTastePercent = 30
  public static let tasteDivisor = 25.0

  public static func rank(_ evidence: SuggestionEvidence, limit: Int = limit) -> [PersonSuggestion] {
    let candidates = Set(evidence.followedBy.keys).union(evidence.tastePercent.keys)
    var scored: [(suggestion: PersonSuggestion, score: Double)] = []
    for uid in candidates {
      guard uid != evidence.me, !evidence.following.contains(uid), !evidence.blocked.contains(uid),
        let person = evidence.people[uid]
      else { continue }
      let mutual = (evidence.followedBy[uid] ?? []).filter {
        $0 != uid && $0 != evidence.me && evidence.following.contains($0) && !evidence.blocked.contains($0)
      }
      let taste = evidence.tastePercent[uid].flatMap { $0 >= minTastePercent ? min(100, $0) : nil }
      guard !mutual.isEmpty || taste != nil else { continue }
      // Named: the people you follow with a known profile, by name (then uid), at most two.
      let named = mutual.compactMap { evidence.people[$0] }.sorted(by: byName).prefix(2).map(\.shortName)
      let reason = SuggestionReason(followedBy: named, followedByCount: mutual.count, tastePercent: taste)
      let score = Double(mutual.count) + Double(taste ?? 0) / tasteDivisor
      scored.append((PersonSuggestion(person: person, reason: reason), score))
    }
    scored.sort { lhs, rhs in
      if lhs.score != rhs.score { return lhs.score > rhs.score }
      let (l, r) = (lhs.suggestion, rhs.suggestion)
      if l.reason.followedByCount != r.reason.followedByCount {
        return l.reason.followedByCount > r.reason.followedByCount
      }
      return byName(l.person, r.person)
    }
    return scored.prefix(max(0, limit)).map(\.suggestion)
  }

  static func byName(_ a: PersonSummary, _ b: PersonSummary) -> Bool {
    (a.displayName.lowercased(), a.username ?? "", a.uid) < (b.displayName.lowercased(), b.username ?? "", b.uid)
  }

  /// The folded keys a taste summary is found by (`users/{uid}.tasteKeys`, array-contains-any): its artists'
  /// `GenreNames.key`s, heaviest first, at most `TasteSummary.maxArtists` (Firestore allows 30 values per query).
  public static func tasteKeys(_ summary: TasteSummary) -> [String] {
    var seen = Set<String>()
    return summary.artists.map { GenreNames.key($0.name) }.filter { !$0.isEmpty && seen.insert($0).inserted }
      .prefix(TasteSummary.maxArtists).map { $0 }
  }
}

extension SuggestionReason {
  /// The reason in words: "followed by @a and 2 others · 72 % taste match".
  public func text(_ t: Localizer) -> String {
    var parts: [String] = []
    if followedByCount > 0, let first = followedBy.first {
      if followedByCount == 1 {
        parts.append(t.format(.suggestFollowedByOne, ["a": first]))
      } else if followedByCount == 2, followedBy.count == 2 {
        parts.append(t.format(.suggestFollowedByTwo, ["a": first, "b": followedBy[1]]))
      } else {
        parts.append(t.format(.suggestFollowedByMany, ["a": first, "count": "\(followedByCount - 1)"]))
      }
    }
    if let tastePercent { parts.append(t.format(.suggestTaste, ["percent": "\(tastePercent)"])) }
    return parts.joined(separator: " · ")
  }
}

/// The suggestions' text, English and German.
public enum PeopleSuggestL10n: String, LocalizedKey {
  case suggestTitle, suggestNone, suggestFollowedByOne, suggestFollowedByTwo, suggestFollowedByMany, suggestTaste
  case suggestHelpFollow, suggestFailed, suggestTasteOff

  public static func table(for language: Language) -> [PeopleSuggestL10n: String] {
    switch language {
    case .en: return english
    case .de: return german
    }
  }

  static let english: [PeopleSuggestL10n: String] = [
    .suggestTitle: "Suggested for you",
    .suggestNone:
      "No suggestions yet: they come from the people you follow and, once Spotify is connected, your taste.",
    .suggestFollowedByOne: "followed by {a}",
    .suggestFollowedByTwo: "followed by {a} and {b}",
    .suggestFollowedByMany: "followed by {a} and {count} others",
    .suggestTaste: "{percent} % taste match",
    .suggestHelpFollow: "follow",
    .suggestFailed: "Could not load suggestions: {reason}.",
    .suggestTasteOff: "Taste matches need your taste summary: Profile › Taste summary, Enter shares it.",
  ]

  static let german: [PeopleSuggestL10n: String] = [
    .suggestTitle: "Vorschläge für dich",
    .suggestNone:
      "Noch keine Vorschläge: sie kommen von den Leuten, denen du folgst, und mit Spotify von deinem Geschmack.",
    .suggestFollowedByOne: "gefolgt von {a}",
    .suggestFollowedByTwo: "gefolgt von {a} und {b}",
    .suggestFollowedByMany: "gefolgt von {a} und {count} weiteren",
    .suggestTaste: "{percent} % Geschmacksübereinstimmung",
    .suggestHelpFollow: "folgen",
    .suggestFailed: "Vorschläge konnten nicht geladen werden: {reason}.",
    .suggestTasteOff:
      "Geschmacksübereinstimmungen brauchen deine Geschmacksübersicht: Profil › Geschmacksübersicht, Enter teilt sie.",
  ]
}

extension Localizer {
  /// A suggestions text.
  public subscript(_ key: PeopleSuggestL10n) -> String { text(key) }
  /// A suggestions text with its `{placeholders}` filled.
  public func format(_ key: PeopleSuggestL10n, _ values: [String: String]) -> String { text(key, values) }
}
