/// The Profile tab's text (stats, connections, sign out), English and German. Music rows and Spotify
/// failures come from `ExploreL10n`.
public enum ProfileL10n: String, LocalizedKey {
  case profileRangeShortTerm, profileRangeMediumTerm, profileRangeLongTerm
  case profileHelpSignOut, profileHelpPeriod, profileHelpReload
  case profileSignOutFailed, profileSignedOut
  case profileListeningStats, profileNotConnected, profileTopArtists, profileTopTracks, profileTopGenres
  case profileNothingYet
  case profileTaste, profileTasteOn, profileTasteOff, profileTasteSharedNotice, profileTasteRemovedNotice
  case profileTasteShareFailed, profileTasteRemoveFailed
  case profileConnections, profileKeysInSecretService, profileKeysInVault, profileReplayTutorial, profileSignOutAll
  case profileConfirmSignOut, profileSigningOut
  case profileVersion, profileData, profileConfig, profileLog
  case profileChecking, profileNotConfigured, profileConfigured, profileUnreadable
  case profileAccount, profileAccountSignedIn, profileAccountNoUsername, profileAccountSignedOut
  case profileAccountNotConfigured
  case profileArtwork, profileArtworkOn, profileArtworkOff, profileArtworkNotHere, profileArtworkSaveFailed

  public static func table(for language: Language) -> [ProfileL10n: String] {
    switch language {
    case .en: return english
    case .de: return german
    }
  }

  static let english: [ProfileL10n: String] = [
    .profileRangeShortTerm: "4 weeks",
    .profileRangeMediumTerm: "6 months",
    .profileRangeLongTerm: "all time",
    .profileHelpSignOut: "sign out",
    .profileHelpPeriod: "period",
    .profileHelpReload: "reload",
    .profileSignOutFailed: "Sign out did not finish: some keys or cached items could not be removed. Try again.",
    .profileSignedOut: "Signed out: every key, token and cached item of every service was removed.",
    .profileListeningStats: "Listening stats",
    .profileNotConnected:
      "Spotify is not connected: your listening stats come from your Spotify account. Choose Spotify under Connections and press Enter to connect it.",
    .profileTopArtists: "Top artists",
    .profileTopTracks: "Top tracks",
    .profileTopGenres: "Top genres",
    .profileNothingYet: "Nothing yet for this period.",
    .profileConnections: "Connections",
    .profileAccount: "vibes account",
    .profileAccountSignedIn: "signed in as {name} · p: People",
    .profileAccountNoUsername: "signed in, no @username yet · p to choose one",
    .profileAccountSignedOut: "not signed in · p to sign in with Google",
    .profileAccountNotConfigured: "no Firebase project set up (see Docs/firebase-setup.md)",
    .profileKeysInSecretService: "keys in the Secret Service",
    .profileKeysInVault: "keys in the encrypted vault",
    .profileReplayTutorial: "Replay the tutorial",
    .profileTaste: "Taste summary",
    .profileTasteOn: "shared: your top artists and genres are public to signed-in users (for Blend and suggestions)",
    .profileTasteOff: "not shared (Enter shares your top artists and genres, for Blend and suggestions)",
    .profileTasteSharedNotice: "Your taste summary is shared: friends can Blend with you.",
    .profileTasteRemovedNotice: "Your taste summary is no longer shared, and the published one is deleted.",
    .profileTasteShareFailed: "Sharing is on, but the summary could not be published yet: it is tried again later.",
    .profileTasteRemoveFailed:
      "Sharing is off, but the published summary could not be deleted yet: it is tried again at the next start.",
    .profileSignOutAll: "Sign out of everything",
    .profileConfirmSignOut:
      "Sign out? Every key and token of every service is removed from the secret store, and every cached item (feed, music, stats, generated playlists, apps, tracker settings) is deleted. y signs out, n keeps everything.",
    .profileSigningOut: "Signing out…",
    .profileVersion: "Version",
    .profileData: "Data",
    .profileConfig: "Config",
    .profileLog: "Log",
    .profileChecking: "checking",
    .profileNotConfigured: "not configured",
    .profileConfigured: "configured",
    .profileUnreadable: "saved but unreadable ({reason})",
    .profileArtwork: "Artwork",
    .profileArtworkOn: "on · covers, photos and your top artist · Enter turns it off",
    .profileArtworkOff: "off · Enter shows covers and photos again",
    .profileArtworkNotHere: "on, but this terminal shows no pictures (NO_COLOR, or no graphics and no 24-bit colour)",
    .profileArtworkSaveFailed: "The artwork setting could not be saved: it applies until vibes quits.",
  ]

  static let german: [ProfileL10n: String] = [
    .profileRangeShortTerm: "4 Wochen",
    .profileRangeMediumTerm: "6 Monate",
    .profileRangeLongTerm: "Gesamt",
    .profileHelpSignOut: "abmelden",
    .profileHelpPeriod: "Zeitraum",
    .profileHelpReload: "neu laden",
    .profileSignOutFailed:
      "Abmelden nicht abgeschlossen: einige Schlüssel oder Daten ließen sich nicht entfernen. Erneut versuchen.",
    .profileSignedOut: "Abgemeldet: alle Schlüssel, Tokens und gespeicherten Daten aller Dienste wurden entfernt.",
    .profileListeningStats: "Hörstatistik",
    .profileNotConnected:
      "Spotify ist nicht verbunden: die Hörstatistik kommt aus deinem Spotify-Konto. Wähle Spotify unter Verbindungen und drücke Enter.",
    .profileTopArtists: "Top-Künstler",
    .profileTopTracks: "Top-Titel",
    .profileTopGenres: "Top-Genres",
    .profileNothingYet: "Für diesen Zeitraum noch nichts.",
    .profileConnections: "Verbindungen",
    .profileAccount: "vibes-Konto",
    .profileAccountSignedIn: "angemeldet als {name} · p: Leute",
    .profileAccountNoUsername: "angemeldet, noch kein @Nutzername · p wählt einen",
    .profileAccountSignedOut: "nicht angemeldet · p meldet dich mit Google an",
    .profileAccountNotConfigured: "kein Firebase-Projekt eingerichtet (siehe Docs/firebase-setup.md)",
    .profileKeysInSecretService: "Schlüssel im Secret Service",
    .profileKeysInVault: "Schlüssel im verschlüsselten Tresor",
    .profileReplayTutorial: "Einführung noch einmal",
    .profileTaste: "Geschmacksübersicht",
    .profileTasteOn:
      "geteilt: deine Top-Künstler und Genres sind für angemeldete Nutzer öffentlich (für Blend und Vorschläge)",
    .profileTasteOff: "nicht geteilt (Enter teilt deine Top-Künstler und Genres, für Blend und Vorschläge)",
    .profileTasteSharedNotice: "Deine Geschmacksübersicht ist geteilt: Freunde können mit dir blenden.",
    .profileTasteRemovedNotice: "Deine Geschmacksübersicht wird nicht mehr geteilt, die veröffentlichte ist gelöscht.",
    .profileTasteShareFailed:
      "Teilen ist an, aber die Übersicht konnte noch nicht veröffentlicht werden: es wird später erneut versucht.",
    .profileTasteRemoveFailed:
      "Teilen ist aus, aber die veröffentlichte Übersicht konnte noch nicht gelöscht werden: beim nächsten Start erneut.",
    .profileSignOutAll: "Überall abmelden",
    .profileConfirmSignOut:
      "Abmelden? Alle Schlüssel und Tokens aller Dienste werden aus dem Schlüsselspeicher entfernt und alle gespeicherten Daten (Feed, Musik, Statistik, erzeugte Playlists, Apps, Tracker-Einstellungen) gelöscht. y meldet ab, n behält alles.",
    .profileSigningOut: "Abmelden…",
    .profileVersion: "Version",
    .profileData: "Daten",
    .profileConfig: "Konfiguration",
    .profileLog: "Protokoll",
    .profileChecking: "wird geprüft",
    .profileNotConfigured: "nicht eingerichtet",
    .profileConfigured: "eingerichtet",
    .profileUnreadable: "gespeichert, aber unlesbar ({reason})",
    .profileArtwork: "Bilder",
    .profileArtworkOn: "an · Cover, Fotos und dein Top-Künstler · Enter schaltet sie aus",
    .profileArtworkOff: "aus · Enter zeigt Cover und Fotos wieder",
    .profileArtworkNotHere:
      "an, aber dieses Terminal zeigt keine Bilder (NO_COLOR, oder keine Grafik und keine 24-Bit-Farben)",
    .profileArtworkSaveFailed:
      "Die Einstellung für Bilder ließ sich nicht speichern: sie gilt, bis vibes endet.",
  ]
}

extension Localizer {
  /// A Profile text.
  public subscript(_ key: ProfileL10n) -> String { text(key) }
  /// A Profile text with its `{placeholders}` filled.
  public func format(_ key: ProfileL10n, _ values: [String: String]) -> String { text(key, values) }
}
