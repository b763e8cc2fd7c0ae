/// Every key table of vibes in one list, so one audit covers them all (a test also checks that every
/// `LocalizedKey` type declared under Sources/ is listed here). A feature that adds a table adds one row.
public enum LocalizationCatalog {
  public static let allKeyTypes: [any LocalizedKey.Type] = [
    L10n.self,
    NetworkL10n.self,
    SpotifyL10n.self,
    FeedL10n.self,
    AppStoreConnectL10n.self,
    TrackerL10n.self,
    VaultRecoveryL10n.self,
    ExploreL10n.self,
    CreateL10n.self,
    ProfileL10n.self,
    TutorialL10n.self,
    PlaybackL10n.self,
    SpotifyPlayerL10n.self,
    GamifyL10n.self,
    PeopleL10n.self,
    PeopleAccountsL10n.self,
    PeopleSuggestL10n.self,
    InboxL10n.self,
    SongMenuL10n.self,
    SocialFeedL10n.self,
  ]

  /// The audit's findings over every table (empty when every language has every key with the same
  /// placeholders).
  public static func problems() -> [String] {
    allKeyTypes.flatMap { LocalizationAudit.problems($0) }
  }

  /// The names of the listed key types ("ExploreL10n").
  public static var typeNames: [String] { allKeyTypes.map { String(describing: $0) } }
}
