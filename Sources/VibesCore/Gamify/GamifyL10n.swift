/// Streak, achievement and taste-match text (issue 24), English and German.
public enum GamifyL10n: String, LocalizedKey {
  case gamifyTierBronze, gamifyTierSilver, gamifyTierGold, gamifyTierLegend
  case gamifyStreakDays, gamifyStreakReminder, gamifyTasteMatch, gamifyAchievementUnlocked
  case achievementFirstShare, achievementTenShares, achievementFiftyShares, achievementTenFollows
  case achievementTenGenres, achievementFirstBlend, achievementStreak7, achievementStreak30
  case achievementFirstPlaylist, achievementFirstForYouSave
  case blendMixing, blendNoTasteSummary, blendNoOwnTaste
  case gamifyStreakOneDay, gamifyStreakNone, gamifyBadges

  public static func table(for language: Language) -> [GamifyL10n: String] {
    switch language {
    case .en: return english
    case .de: return german
    }
  }

  static let english: [GamifyL10n: String] = [
    .gamifyTierBronze: "bronze",
    .gamifyTierSilver: "silver",
    .gamifyTierGold: "gold",
    .gamifyTierLegend: "legend",
    .gamifyStreakDays: "{count}-day streak",
    .gamifyStreakReminder: "No song shared today yet: share one to keep your {count}-day streak.",
    .gamifyTasteMatch: "{percent} % taste match",
    .gamifyAchievementUnlocked: "Achievement unlocked: {title}",
    .achievementFirstShare: "First share",
    .achievementTenShares: "10 songs shared",
    .achievementFiftyShares: "50 songs shared",
    .achievementTenFollows: "Following 10 people",
    .achievementTenGenres: "10 genres explored",
    .achievementFirstBlend: "First Blend",
    .achievementStreak7: "7-day streak",
    .achievementStreak30: "30-day streak",
    .achievementFirstPlaylist: "First playlist created",
    .achievementFirstForYouSave: "First For You song saved",
    .blendMixing: "Mixing your music tastes…",
    .blendNoTasteSummary: "{name} has not shared a taste summary yet, so there is nothing to blend with.",
    .blendNoOwnTaste: "Your taste summary is empty: connect Spotify in Profile so your listening can be blended.",
    .gamifyStreakOneDay: "1-day streak",
    .gamifyStreakNone: "No streak yet: a day counts when you share a song.",
    .gamifyBadges: "Badges:",
  ]

  static let german: [GamifyL10n: String] = [
    .gamifyTierBronze: "Bronze",
    .gamifyTierSilver: "Silber",
    .gamifyTierGold: "Gold",
    .gamifyTierLegend: "Legende",
    .gamifyStreakDays: "{count} Tage in Folge",
    .gamifyStreakReminder: "Heute noch kein Song geteilt: teile einen, um deine Serie von {count} Tagen zu halten.",
    .gamifyTasteMatch: "{percent} % Geschmacksübereinstimmung",
    .gamifyAchievementUnlocked: "Erfolg freigeschaltet: {title}",
    .achievementFirstShare: "Erster geteilter Song",
    .achievementTenShares: "10 Songs geteilt",
    .achievementFiftyShares: "50 Songs geteilt",
    .achievementTenFollows: "10 Personen gefolgt",
    .achievementTenGenres: "10 Genres entdeckt",
    .achievementFirstBlend: "Erster Blend",
    .achievementStreak7: "7 Tage in Folge",
    .achievementStreak30: "30 Tage in Folge",
    .achievementFirstPlaylist: "Erste Playlist erstellt",
    .achievementFirstForYouSave: "Erster Für-dich-Song gespeichert",
    .blendMixing: "Eure Musikgeschmäcker werden gemischt…",
    .blendNoTasteSummary: "{name} hat noch keine Geschmacksübersicht geteilt, daher gibt es nichts zu mischen.",
    .blendNoOwnTaste:
      "Deine Geschmacksübersicht ist leer: verbinde Spotify im Profil, damit dein Hören gemischt werden kann.",
    .gamifyStreakOneDay: "1 Tag in Folge",
    .gamifyStreakNone: "Noch keine Serie: ein Tag zählt, wenn du einen Song teilst.",
    .gamifyBadges: "Abzeichen:",
  ]
}

extension Localizer {
  /// A streak, achievement or taste-match text.
  public subscript(_ key: GamifyL10n) -> String { text(key) }
  /// The same with its `{placeholders}` filled.
  public func format(_ key: GamifyL10n, _ values: [String: String]) -> String { text(key, values) }
}
