/// Streak, achievement and taste-match text (issue 24), English and German.
public enum GamifyL10n: String, LocalizedKey {
  case gamifyTierBronze, gamifyTierSilver, gamifyTierGold, gamifyTierLegend
  case gamifyStreakDays, gamifyStreakReminder, gamifyTasteMatch, gamifyAchievementUnlocked
  case achievementFirstShare, achievementTenShares, achievementFiftyShares, achievementTenFollows
  case achievementTenGenres, achievementFirstBlend, achievementStreak7, achievementStreak30
  case achievementFirstPlaylist, achievementFirstForYouSave
  case blendMixing, blendNoTasteSummary, blendNoOwnTaste
  case gamifyStreakOneDay, gamifyStreakNone, gamifyBadges
  case blendSourceMutual, blendSourceFromThem, blendSourceFromMe, blendSourceSimilar
  case gamifyProgressShares, gamifyProgressFollows, gamifyProgressGenres, gamifyProgressBlends
  case gamifyProgressStreak, gamifyProgressPlaylists, gamifyProgressForYou
  case gamifyTitle, gamifyUnlockedOn, gamifyNotYet, gamifyLoading, gamifyFailed, gamifyUnlockedCount
  case gamifyHelpRetry, blendHelpSetup, blendHelpRefresh, blendHelpSave, blendHelpShare
  case blendTitle, blendFound, blendSaving, blendSaved, blendSavedNotice, blendSharing, blendShared
  case blendSharedNotice, blendShareFailed, blendSaveFailed, blendSetupHint, blendPublicNote
  case blendProblemSocial, blendNotFoundMark, gamifyHelpBlend, gamifyHelpAchievements
  case blendNotCollaborative, blendMineNotShared, geminiQuotaNear, geminiQuotaUsedUp

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
    .blendSourceMutual: "both",
    .blendSourceFromThem: "theirs",
    .blendSourceFromMe: "yours",
    .blendSourceSimilar: "similar",
    .gamifyProgressShares: "{count}/{target} songs shared",
    .gamifyProgressFollows: "{count}/{target} follows",
    .gamifyProgressGenres: "{count}/{target} genres",
    .gamifyProgressBlends: "{count}/{target} Blends",
    .gamifyProgressStreak: "{count}/{target} days in a row",
    .gamifyProgressPlaylists: "{count}/{target} playlists",
    .gamifyProgressForYou: "{count}/{target} For You songs saved",
    .gamifyTitle: "Achievements",
    .gamifyUnlockedOn: "unlocked {date}",
    .gamifyNotYet: "not yet",
    .gamifyLoading: "Loading your achievements…",
    .gamifyFailed: "Could not load your achievements: {reason}. r tries again.",
    .gamifyUnlockedCount: "{count} of {total} unlocked",
    .gamifyHelpRetry: "Try again",
    .blendHelpSetup: "Set up",
    .blendHelpRefresh: "Refresh",
    .blendHelpSave: "Save to Spotify",
    .blendHelpShare: "Share",
    .blendTitle: "Blend with {name}",
    .blendFound: "{found} of {count} songs found on Spotify",
    .blendSaving: "Saving to Spotify…",
    .blendSaved: "Saved to Spotify: {url}",
    .blendSavedNotice: "The Blend is saved to Spotify.",
    .blendSharing: "Sending…",
    .blendShared: "Sent to {name}'s inbox.",
    .blendSharedNotice: "The Blend went to {name}.",
    .blendShareFailed: "Could not send it: {reason}. t tries again.",
    .blendSaveFailed: "Not saved: {reason} s tries again.",
    .blendSetupHint: "Enter opens the setup step.",
    .blendPublicNote:
      "Taste summaries (top artists and genres) are public to signed-in vibes users, so friends can Blend.",
    .blendProblemSocial: "Could not read the taste summaries: {reason}.",
    .blendNotFoundMark: "not on Spotify",
    .gamifyHelpBlend: "Blend",
    .gamifyHelpAchievements: "Achievements",
    .blendNotCollaborative: "Spotify would not make it collaborative: only you can add songs to it.",
    .geminiQuotaNear: "Gemini: {used} of about {limit} free requests used today on this computer.",
    .geminiQuotaUsedUp: "Gemini's free daily quota is used up until it resets at midnight Pacific time.",
    .blendMineNotShared:
      "Your taste summary is not shared, so friends cannot Blend with you; Profile's settings can share it.",
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
    .blendSourceMutual: "beide",
    .blendSourceFromThem: "von dort",
    .blendSourceFromMe: "von dir",
    .blendSourceSimilar: "ähnlich",
    .gamifyProgressShares: "{count}/{target} Songs geteilt",
    .gamifyProgressFollows: "{count}/{target} gefolgt",
    .gamifyProgressGenres: "{count}/{target} Genres",
    .gamifyProgressBlends: "{count}/{target} Blends",
    .gamifyProgressStreak: "{count}/{target} Tage in Folge",
    .gamifyProgressPlaylists: "{count}/{target} Playlists",
    .gamifyProgressForYou: "{count}/{target} Für-dich-Songs gespeichert",
    .gamifyTitle: "Erfolge",
    .gamifyUnlockedOn: "freigeschaltet am {date}",
    .gamifyNotYet: "noch nicht",
    .gamifyLoading: "Deine Erfolge werden geladen…",
    .gamifyFailed: "Deine Erfolge konnten nicht geladen werden: {reason}. r versucht es erneut.",
    .gamifyUnlockedCount: "{count} von {total} freigeschaltet",
    .gamifyHelpRetry: "Erneut versuchen",
    .blendHelpSetup: "Einrichten",
    .blendHelpRefresh: "Neu mischen",
    .blendHelpSave: "In Spotify speichern",
    .blendHelpShare: "Teilen",
    .blendTitle: "Blend mit {name}",
    .blendFound: "{found} von {count} Songs auf Spotify gefunden",
    .blendSaving: "Wird in Spotify gespeichert…",
    .blendSaved: "In Spotify gespeichert: {url}",
    .blendSavedNotice: "Der Blend ist in Spotify gespeichert.",
    .blendSharing: "Wird gesendet…",
    .blendShared: "An {name} gesendet.",
    .blendSharedNotice: "Der Blend ging an {name}.",
    .blendShareFailed: "Konnte nicht gesendet werden: {reason}. t versucht es erneut.",
    .blendSaveFailed: "Nicht gespeichert: {reason} s versucht es erneut.",
    .blendSetupHint: "Enter öffnet den Einrichtungsschritt.",
    .blendPublicNote:
      "Geschmacksübersichten (Top-Künstler und Genres) sind für angemeldete vibes-Nutzer öffentlich, damit Freunde blenden können.",
    .blendProblemSocial: "Die Geschmacksübersichten konnten nicht gelesen werden: {reason}.",
    .blendNotFoundMark: "nicht auf Spotify",
    .gamifyHelpBlend: "Blend",
    .gamifyHelpAchievements: "Erfolge",
    .blendNotCollaborative:
      "Spotify hat sie nicht gemeinsam bearbeitbar gemacht: nur du kannst Songs hinzufügen.",
    .geminiQuotaNear: "Gemini: {used} von etwa {limit} freien Anfragen heute auf diesem Rechner verbraucht.",
    .geminiQuotaUsedUp:
      "Das freie Tageskontingent von Gemini ist aufgebraucht, bis es um Mitternacht pazifischer Zeit neu beginnt.",
    .blendMineNotShared:
      "Deine Geschmacksübersicht ist nicht geteilt, daher können Freunde nicht mit dir blenden; das Profil kann sie teilen.",
  ]
}

extension Localizer {
  /// A streak, achievement or taste-match text.
  public subscript(_ key: GamifyL10n) -> String { text(key) }
  /// The same with its `{placeholders}` filled.
  public func format(_ key: GamifyL10n, _ values: [String: String]) -> String { text(key, values) }
}
