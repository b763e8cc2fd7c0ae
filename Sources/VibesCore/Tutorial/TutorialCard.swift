/// The seven cards of the first-launch tutorial, in order.
public enum TutorialCard: Int, CaseIterable, Sendable, Hashable {
  case welcome, share, discover, trending, playlists, stats, connectSpotify

  /// The card's title (English, German).
  public var title: (en: String, de: String) {
    switch self {
    case .welcome: return ("Welcome to vibes", "Willkommen bei vibes")
    case .share: return ("Share", "Teilen")
    case .discover: return ("Discover", "Entdecken")
    case .trending: return ("Trending", "Angesagt")
    case .playlists: return ("Playlists", "Playlists")
    case .stats: return ("Stats", "Statistik")
    case .connectSpotify: return ("Connect Spotify", "Spotify verbinden")
    }
  }

  /// One short paragraph about what vibes does there (English, German).
  public var text: (en: String, de: String) {
    switch self {
    case .welcome:
      return (
        "vibes brings your music into the terminal: concerts in your city, your Spotify library, "
          + "playlists made with AI and your listening stats, all from the keyboard.",
        "vibes bringt deine Musik ins Terminal: Konzerte in deiner Stadt, deine Spotify-Bibliothek, "
          + "mit KI erstellte Playlists und deine Hörstatistik, alles über die Tastatur."
      )
    case .share:
      return (
        "Every song, album, playlist and concert has a link. Copy it or open it in your browser "
          + "to send it to a friend. vibes itself has no social network.",
        "Jeder Song, jedes Album, jede Playlist und jedes Konzert hat einen Link. Kopiere ihn oder öffne "
          + "ihn im Browser, um ihn zu verschicken. vibes selbst ist kein soziales Netzwerk."
      )
    case .discover:
      return (
        "Search Spotify for songs, artists and albums and browse your own library and playlists.",
        "Durchsuche Spotify nach Songs, Künstlern und Alben und stöbere in deiner Bibliothek und deinen Playlists."
      )
    case .trending:
      return (
        "The Feed shows upcoming concerts in your city from Ticketmaster, next to news from your artists.",
        "Der Feed zeigt kommende Konzerte in deiner Stadt von Ticketmaster, neben Neuem von deinen Künstlern."
      )
    case .playlists:
      return (
        "Describe a mood or a moment and Gemini suggests songs; vibes finds them on Spotify and saves the playlist.",
        "Beschreibe eine Stimmung oder einen Moment, Gemini schlägt Songs vor; vibes findet sie auf Spotify "
          + "und speichert die Playlist."
      )
    case .stats:
      return (
        "Your Profile shows what you listen to most: top artists and tracks over the last weeks and months.",
        "Dein Profil zeigt, was du am meisten hörst: Top-Künstler und -Songs der letzten Wochen und Monate."
      )
    case .connectSpotify:
      return (
        "Most of this needs your Spotify account. Connect it now, or later from the Feed's setup list.",
        "Das meiste davon braucht dein Spotify-Konto. Verbinde es jetzt oder später über die Einrichtung im Feed."
      )
    }
  }
}
