/// The first-launch tutorial's text (cards and keys), English and German.
public enum TutorialL10n: String, LocalizedKey {
  case tutorialHelpBack, tutorialHelpConnect, tutorialHelpSkipForNow, tutorialHelpNext, tutorialHelpSkip
  case tutorialChoiceConnect, tutorialChoiceSkip
  case tutorialHelpSignIn, tutorialHelpSignInCode, tutorialHelpNotNow, tutorialSignInTitle, tutorialSignInText
  case tutorialChoiceSignIn, tutorialChoiceSignInCode, tutorialChoiceNotNow
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
    .tutorialHelpSignIn: "sign in with Google",
    .tutorialHelpSignInCode: "sign in with a code",
    .tutorialHelpNotNow: "not now",
    .tutorialSignInTitle: "Friends",
    .tutorialSignInText:
      "Sign in with Google to follow friends and share songs. Without an account vibes works just the same; you can sign in later from Profile (p).",
    .tutorialChoiceSignIn: "Enter  Sign in with Google",
    .tutorialChoiceSignInCode: "d      Sign in with a code on another device",
    .tutorialChoiceNotNow: "→      Not now",
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
      "Every song, album, playlist and concert has a link. Share it with the people you follow in vibes, or copy it or open it in your browser to send it anywhere.",
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
    .tutorialHelpSignIn: "mit Google anmelden",
    .tutorialHelpSignInCode: "mit einem Code anmelden",
    .tutorialHelpNotNow: "nicht jetzt",
    .tutorialSignInTitle: "Freunde",
    .tutorialSignInText:
      "Melde dich mit Google an, um Freunden zu folgen und Songs zu teilen. Ohne Konto funktioniert vibes genauso; anmelden kannst du dich später im Profil (p).",
    .tutorialChoiceSignIn: "Enter  Mit Google anmelden",
    .tutorialChoiceSignInCode: "d      Mit einem Code auf einem anderen Gerät anmelden",
    .tutorialChoiceNotNow: "→      Nicht jetzt",
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
      "Jeder Song, jedes Album, jede Playlist und jedes Konzert hat einen Link. Teile ihn mit den Leuten, denen du in vibes folgst, oder kopiere ihn oder öffne ihn im Browser, um ihn überallhin zu schicken.",
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
