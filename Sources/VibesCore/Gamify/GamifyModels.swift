import Foundation

/// Why a Blend cannot be shown, in the user's terms; each names what is missing and, where there is one, the setup
/// step that fixes it (`setupStep`).
public enum BlendProblem: Error, Sendable, Hashable {
  /// The other user has not published a taste summary.
  case noTasteSummary
  /// Your own listening is empty (no top artists on Spotify yet).
  case noOwnTaste
  /// Gemini, Spotify or the local history said no (`CreateFailure.pointsToGeminiSetup` / `pointsToSpotifySetup`).
  case create(CreateFailure)
  /// Firebase: not signed in, offline, refused…
  case social(PeopleFailure)

  /// The setup step that fixes it (Enter opens it), if any.
  public var setupStep: SetupStep? {
    switch self {
    case .noOwnTaste: .spotify
    case .create(let failure) where failure.pointsToGeminiSetup: .gemini
    case .create(let failure) where failure.pointsToSpotifySetup: .spotify
    default: nil
    }
  }
}

/// A generated Blend: its row in Create's history (so save and resolve are Create's), the preview, and which songs
/// were found on Spotify (`found[i]` for `preview.tracks[i]`).
public struct BlendResult: Sendable, Hashable {
  public var playlistID: Int64
  public var preview: BlendPreview
  public var found: [Bool]
  /// The first song found on Spotify: the share that carries the playlist's link to the other user.
  public var firstTrack: SharedTrack?
  /// Whether your own taste summary is shared (Profile's setting); when not, friends cannot Blend with you.
  public var mineShared = true

  public init(playlistID: Int64, preview: BlendPreview, found: [Bool], firstTrack: SharedTrack?) {
    self.playlistID = playlistID
    self.preview = preview
    self.found = found
    self.firstTrack = firstTrack
  }

  public var foundCount: Int { found.filter { $0 }.count }
}

extension BlendSource {
  /// The mark in front of a Blend song.
  public var label: GamifyL10n {
    switch self {
    case .mutual: .blendSourceMutual
    case .fromThem: .blendSourceFromThem
    case .fromMe: .blendSourceFromMe
    case .similar: .blendSourceSimilar
    }
  }
}

extension Achievement {
  /// The badge's glyph (one terminal column each).
  public var glyph: String {
    switch self {
    case .firstShare: "♪"
    case .tenShares: "♫"
    case .fiftyShares: "♬"
    case .tenFollows: "☺"
    case .tenGenres: "◎"
    case .firstBlend: "∞"
    case .streak7: "◆"
    case .streak30: "◈"
    case .firstPlaylist: "▤"
    case .firstForYouSave: "✚"
    }
  }

  /// How far `facts` are towards it: the count so far (capped at the target) and the target.
  public func progress(_ facts: AchievementFacts) -> (count: Int, target: Int) {
    let (count, target): (Int, Int) =
      switch self {
      case .firstShare: (facts.shares, 1)
      case .tenShares: (facts.shares, 10)
      case .fiftyShares: (facts.shares, 50)
      case .tenFollows: (facts.following, 10)
      case .tenGenres: (facts.genresExplored.count, 10)
      case .firstBlend: (facts.blends, 1)
      case .streak7: (facts.longestStreak, 7)
      case .streak30: (facts.longestStreak, 30)
      case .firstPlaylist: (facts.playlistsCreated, 1)
      case .firstForYouSave: (facts.forYouSaves, 1)
      }
    return (min(max(count, 0), target), target)
  }

  /// "{count}/{target} …" for the achievements list.
  public var progressText: GamifyL10n {
    switch self {
    case .firstShare, .tenShares, .fiftyShares: .gamifyProgressShares
    case .tenFollows: .gamifyProgressFollows
    case .tenGenres: .gamifyProgressGenres
    case .firstBlend: .gamifyProgressBlends
    case .streak7, .streak30: .gamifyProgressStreak
    case .firstPlaylist: .gamifyProgressPlaylists
    case .firstForYouSave: .gamifyProgressForYou
    }
  }
}

/// What the achievements list shows: the unlocked ones with their dates, and the facts counted now for the
/// progress of the others. `measured` names the achievements whose facts the app could count (the others show
/// only "not yet").
public struct AchievementsReport: Sendable, Hashable {
  public var book: AchievementBook
  public var facts: AchievementFacts
  public var measured: Set<Achievement>

  public init(book: AchievementBook, facts: AchievementFacts, measured: Set<Achievement>) {
    self.book = book
    self.facts = facts
    self.measured = measured
  }
}

/// The status-line text announcing new unlocks (nil when there are none).
public enum AchievementAnnouncement {
  public static func text(_ unlocked: [Achievement]) -> LocalizedText? {
    guard !unlocked.isEmpty else { return nil }
    return LocalizedText(GamifyL10n.gamifyAchievementUnlocked) { t in
      ["title": unlocked.map { "\($0.glyph) \(t[$0.title])" }.joined(separator: ", ")]
    }
  }
}
