/// The eight cards of the first-launch tutorial, in order. `signIn` offers the Google sign-in (skippable: → goes on).
public enum TutorialCard: Int, CaseIterable, Sendable, Hashable {
  case welcome, share, discover, trending, playlists, stats, signIn, connectSpotify

  /// The card's title.
  public var title: TutorialL10n {
    switch self {
    case .welcome: return .tutorialWelcomeTitle
    case .share: return .tutorialShareTitle
    case .discover: return .tutorialDiscoverTitle
    case .trending: return .tutorialTrendingTitle
    case .playlists: return .tutorialPlaylistsTitle
    case .stats: return .tutorialStatsTitle
    case .signIn: return .tutorialSignInTitle
    case .connectSpotify: return .tutorialConnectTitle
    }
  }

  /// One short paragraph about what vibes does there.
  public var text: TutorialL10n {
    switch self {
    case .welcome: return .tutorialWelcomeText
    case .share: return .tutorialShareText
    case .discover: return .tutorialDiscoverText
    case .trending: return .tutorialTrendingText
    case .playlists: return .tutorialPlaylistsText
    case .stats: return .tutorialStatsText
    case .signIn: return .tutorialSignInText
    case .connectSpotify: return .tutorialConnectText
    }
  }
}
