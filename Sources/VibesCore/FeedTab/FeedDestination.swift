/// Screens that can be pushed on the Feed tab's stack. Each element carries its own screen state,
/// so popping a screen discards its state (TCA's StackState idea).
public enum FeedDestination: Sendable, Hashable {
  case checklist(ChecklistState)
  case spotify(SpotifyConnectState)
  case credentialForm(CredentialForm)
  /// A concert card's detail (the card carries everything it shows).
  case concert(ConcertCard)
  /// A new release's detail, with its tracklist once loaded.
  case release(ReleaseDetailState)
  /// Song Detail: a song shared by someone you follow or sent to you.
  case song(SongShareCard)
}

/// The checklist's only state is which row is highlighted.
public struct ChecklistState: Sendable, Hashable {
  public var selection: SetupStep
  public init(selection: SetupStep = .spotify) { self.selection = selection }
}
