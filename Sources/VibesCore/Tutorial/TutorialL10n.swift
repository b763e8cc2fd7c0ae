/// The first-launch tutorial's text (cards and keys), English and German.
public enum TutorialL10n: String, LocalizedKey {
  case tutorialHelpBack, tutorialHelpConnect, tutorialHelpSkipForNow, tutorialHelpNext, tutorialHelpSkip
  case tutorialChoiceConnect, tutorialChoiceSkip
  case tutorialWelcomeTitle, tutorialShareTitle, tutorialDiscoverTitle, tutorialTrendingTitle
  case tutorialPlaylistsTitle, tutorialStatsTitle, tutorialConnectTitle
  case tutorialWelcomeText, tutorialShareText, tutorialDiscoverText, tutorialTrendingText
  case tutorialPlaylistsText, tutorialStatsText, tutorialConnectText

  public static func table(for language: Language) -> [TutorialL10n: String] {
    switch language {
    case .en: return english
    case .de: return german
    }
  }

  static let english: [TutorialL10n: String] = [
    .tutorialHelpBack: "back",
    .tutorialHelpConnect: "connect Spotify",
    .tutorialHelpSkipForNow: "skip for now",
    .tutorialHelpNext: "next",
    .tutorialHelpSkip: "skip",
    .tutorialChoiceConnect: "Enter  Connect Spotify",
    .tutorialChoiceSkip: "s      Skip for now",
    .tutorialWelcomeTitle: "Welcome to vibes",
    .tutorialShareTitle: "Share",
    .tutorialDiscoverTitle: "Discover",
    .tutorialTrendingTitle: "Trending",
    .tutorialPlaylistsTitle: "Playlists",
    .tutorialStatsTitle: "Stats",
    .tutorialConnectTitle: "Connect Spotify",
    .tutorialWelcomeText:
      "vibes brings your music into the terminal: concerts in your city, your Spotify library, playlists made with AI and your listening stats, all from the keyboard.",
    .tutorialShareText:
      "Every song, album, playlist and concert has a link. Copy it or open it in your browser to send it to a friend. vibes itself has no social network.",
    .tutorialDiscoverText:
      "Search Spotify for songs, artists and albums and browse your own library and playlists.",
    .tutorialTrendingText:
      "The Feed shows upcoming concerts in your city from Ticketmaster, next to news from your artists.",
    .tutorialPlaylistsText:
      "Describe a mood or a moment and Gemini suggests songs; vibes finds them on Spotify and saves the playlist.",
    .tutorialStatsText:
      "Your Profile shows what you listen to most: top artists and tracks over the last weeks and months.",
    .tutorialConnectText:
      "Most of this needs your Spotify account. Connect it now, or later from the Feed's setup list.",
  ]

  static let german: [TutorialL10n: String] = [
    .tutorialHelpBack: "zurück",
    .tutorialHelpConnect: "Spotify verbinden",
    .tutorialHelpSkipForNow: "später",
    .tutorialHelpNext: "weiter",
    .tutorialHelpSkip: "überspringen",
    .tutorialChoiceConnect: "Enter  Spotify verbinden",
    .tutorialChoiceSkip: "s      Später",
    .tutorialWelcomeTitle: "Willkommen bei vibes",
    .tutorialShareTitle: "Teilen",
    .tutorialDiscoverTitle: "Entdecken",
    .tutorialTrendingTitle: "Angesagt",
    .tutorialPlaylistsTitle: "Playlists",
    .tutorialStatsTitle: "Statistik",
    .tutorialConnectTitle: "Spotify verbinden",
    .tutorialWelcomeText:
      "vibes bringt deine Musik ins Terminal: Konzerte in deiner Stadt, deine Spotify-Bibliothek, mit KI erstellte Playlists und deine Hörstatistik, alles über die Tastatur.",
    .tutorialShareText:
      "Jeder Song, jedes Album, jede Playlist und jedes Konzert hat einen Link. Kopiere ihn oder öffne ihn im Browser, um ihn zu verschicken. vibes selbst ist kein soziales Netzwerk.",
    .tutorialDiscoverText:
      "Durchsuche Spotify nach Songs, Künstlern und Alben und stöbere in deiner Bibliothek und deinen Playlists.",
    .tutorialTrendingText:
      "Der Feed zeigt kommende Konzerte in deiner Stadt von Ticketmaster, neben Neuem von deinen Künstlern.",
    .tutorialPlaylistsText:
      "Beschreibe eine Stimmung oder einen Moment, Gemini schlägt Songs vor; vibes findet sie auf Spotify und speichert die Playlist.",
    .tutorialStatsText:
      "Dein Profil zeigt, was du am meisten hörst: Top-Künstler und -Songs der letzten Wochen und Monate.",
    .tutorialConnectText:
      "Das meiste davon braucht dein Spotify-Konto. Verbinde es jetzt oder später über die Einrichtung im Feed.",
  ]
}

extension Localizer {
  /// A tutorial text.
  public subscript(_ key: TutorialL10n) -> String { text(key) }
  /// A tutorial text with its `{placeholders}` filled.
  public func format(_ key: TutorialL10n, _ values: [String: String]) -> String { text(key, values) }
}
