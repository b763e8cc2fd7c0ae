import Foundation

/// What the achievement rules look at (FR-9.1), counted by the app from the user's own data.
public struct AchievementFacts: Sendable, Hashable {
  /// Songs shared (to everyone or to one person).
  public var shares: Int
  /// Users this user follows.
  public var following: Int
  /// Distinct genres of the songs the user shared or saved (see `GenreNames.key`).
  public var genresExplored: Set<String>
  /// Blends generated with a friend.
  public var blends: Int
  /// The longest streak reached (`StreakRecord.longest`).
  public var longestStreak: Int
  /// Playlists generated and saved with Create.
  public var playlistsCreated: Int
  /// Songs added to the library from For You.
  public var forYouSaves: Int

  public init(
    shares: Int = 0, following: Int = 0, genresExplored: Set<String> = [], blends: Int = 0, longestStreak: Int = 0,
    playlistsCreated: Int = 0, forYouSaves: Int = 0
  ) {
    self.shares = shares
    self.following = following
    self.genresExplored = Set(genresExplored.map(GenreNames.key).filter { !$0.isEmpty })
    self.blends = blends
    self.longestStreak = longestStreak
    self.playlistsCreated = playlistsCreated
    self.forYouSaves = forYouSaves
  }
}

/// Genre names folded for counting ("Hip Hop", "hip-hop" and "hip hop " are one genre).
public enum GenreNames {
  public static func key(_ genre: String) -> String {
    let folded = genre.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    let words = folded.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? Character($0) : " " }
    return String(words).split(separator: " ").joined(separator: " ")
  }
}

/// The achievements; the raw value is the id stored in `users/{uid}.achievements`.
public enum Achievement: String, Sendable, CaseIterable, Codable {
  case firstShare = "first_share"
  case tenShares = "ten_shares"
  case fiftyShares = "fifty_shares"
  case tenFollows = "ten_follows"
  case tenGenres = "ten_genres"
  case firstBlend = "first_blend"
  case streak7 = "streak_7"
  case streak30 = "streak_30"
  case firstPlaylist = "first_playlist"
  case firstForYouSave = "first_for_you_save"

  /// The rule: true once `facts` earn it.
  public func isEarned(by facts: AchievementFacts) -> Bool {
    switch self {
    case .firstShare: facts.shares >= 1
    case .tenShares: facts.shares >= 10
    case .fiftyShares: facts.shares >= 50
    case .tenFollows: facts.following >= 10
    case .tenGenres: facts.genresExplored.count >= 10
    case .firstBlend: facts.blends >= 1
    case .streak7: facts.longestStreak >= 7
    case .streak30: facts.longestStreak >= 30
    case .firstPlaylist: facts.playlistsCreated >= 1
    case .firstForYouSave: facts.forYouSaves >= 1
    }
  }

  public var title: GamifyL10n {
    switch self {
    case .firstShare: .achievementFirstShare
    case .tenShares: .achievementTenShares
    case .fiftyShares: .achievementFiftyShares
    case .tenFollows: .achievementTenFollows
    case .tenGenres: .achievementTenGenres
    case .firstBlend: .achievementFirstBlend
    case .streak7: .achievementStreak7
    case .streak30: .achievementStreak30
    case .firstPlaylist: .achievementFirstPlaylist
    case .firstForYouSave: .achievementFirstForYouSave
    }
  }
}

/// The unlocked achievements with the day each was unlocked. An achievement is unlocked once: later facts that no
/// longer earn it (an unfollow, a deleted share) never take it back, and its date never moves.
public struct AchievementBook: Sendable, Hashable {
  public private(set) var unlocked: [Achievement: Date]

  public init(unlocked: [Achievement: Date] = [:]) { self.unlocked = unlocked }

  /// Unlocks what `facts` newly earn at `now`; returns the new ones in declaration order (to announce).
  @discardableResult
  public mutating func apply(_ facts: AchievementFacts, now: Date) -> [Achievement] {
    let new = Achievement.allCases.filter { unlocked[$0] == nil && $0.isEarned(by: facts) }
    for achievement in new { unlocked[achievement] = now }
    return new
  }

  /// Unlocked achievements, oldest first (ties in declaration order), for the list in Profile.
  public var list: [(achievement: Achievement, date: Date)] {
    Achievement.allCases.compactMap { a in unlocked[a].map { (a, $0) } }
      .enumerated().sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }.map(\.element)
  }

  /// The stored form: `achievements` (ids, a list the rules only let grow) and `achievementDates` (id → seconds
  /// since 1970). Unknown ids (from a newer version) are ignored.
  public var storedIDs: [String] { list.map(\.achievement.rawValue) }
  public var storedDates: [String: Double] {
    Dictionary(uniqueKeysWithValues: unlocked.map { ($0.key.rawValue, $0.value.timeIntervalSince1970) })
  }

  public init(storedIDs: [String], dates: [String: Double]) {
    var unlocked: [Achievement: Date] = [:]
    for id in storedIDs {
      guard let achievement = Achievement(rawValue: id) else { continue }
      unlocked[achievement] = Date(timeIntervalSince1970: dates[id] ?? 0)
    }
    self.unlocked = unlocked
  }
}

/// What only the app can count toward achievements, kept in `users/{uid}/private/achievements` so two devices
/// agree: the genres explored (folded by `GenreNames.key`, from the artists of the songs you shared or saved) and
/// the For You songs you saved (by track id, so a save counted twice — a retry, a second device — is one). Both are
/// sets, so merging two devices' records is their union and never loses a count; both are capped.
public struct AchievementProgress: Sendable, Hashable {
  public static let maxGenres = 200
  public static let maxForYouTracks = 500

  public private(set) var genres: Set<String>
  public private(set) var forYouTracks: Set<String>

  public init(genres: some Sequence<String> = [String](), forYouTracks: some Sequence<String> = [String]()) {
    self.genres = Self.capped(Set(genres.map(GenreNames.key).filter { !$0.isEmpty }), Self.maxGenres)
    self.forYouTracks = Self.capped(Set(forYouTracks.filter { !$0.isEmpty }), Self.maxForYouTracks)
  }

  public var forYouSaves: Int { forYouTracks.count }

  /// Both records' contents (what a write after a concurrent one from another device stores).
  public func merging(_ other: AchievementProgress) -> AchievementProgress {
    AchievementProgress(
      genres: genres.union(other.genres).sorted(), forYouTracks: forYouTracks.union(other.forYouTracks).sorted())
  }

  /// True when `other` adds nothing (no write is needed).
  public func contains(_ other: AchievementProgress) -> Bool {
    (genres.count >= Self.maxGenres || other.genres.isSubset(of: genres))
      && (forYouTracks.count >= Self.maxForYouTracks || other.forYouTracks.isSubset(of: forYouTracks))
  }

  /// The cap keeps the alphabetically first entries, so every device keeps the same ones.
  static func capped(_ set: Set<String>, _ limit: Int) -> Set<String> {
    set.count <= limit ? set : Set(set.sorted().prefix(limit))
  }
}

extension AchievementFacts {
  /// The facts with the stored progress counted in (genres and For You saves).
  public func adding(_ progress: AchievementProgress) -> AchievementFacts {
    var facts = self
    facts.genresExplored.formUnion(progress.genres)
    facts.forYouSaves = max(facts.forYouSaves, progress.forYouSaves)
    return facts
  }
}
