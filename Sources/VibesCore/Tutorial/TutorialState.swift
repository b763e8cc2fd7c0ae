/// The first-launch tutorial: an overlay above every tab, shown until it is finished or skipped once
/// (storage remembers that) and again whenever it is replayed.
public struct TutorialState: Sendable, Hashable {
  /// Whether storage has answered yet; the tutorial never flashes before it does.
  public var isVisible = false
  public var card: TutorialCard = .welcome

  public init(isVisible: Bool = false, card: TutorialCard = .welcome) {
    self.isVisible = isVisible
    self.card = card
  }

  /// The 0-based position of the card shown, and how many there are (for the progress dots).
  public var position: (index: Int, count: Int) { (card.rawValue, TutorialCard.allCases.count) }
}

/// What happens to the tutorial, named for what happened.
public enum TutorialAction: Sendable, Hashable {
  /// Storage answered at start: seen before or not.
  case seenLoaded(Bool)
  /// Show it again from the first card (Profile's "Replay tutorial").
  case replay
}

/// The tutorial's work at the edge.
public enum TutorialEffect: CancellableEffect {
  /// Read whether it was seen (answers `.seenLoaded`).
  case loadSeen
  /// Remember that it was finished or skipped.
  case markSeen

  public var cancellationID: Int? { nil }
}

/// The tutorial's keys.
public enum TutorialCommand: Sendable, Hashable {
  case next, previous, skip, connectSpotify
  /// The sign-in card's Enter (`device` false: the browser, or a code over ssh) or `d` (a code).
  case signIn(device: Bool)
}
