/// Navigation as state: one stack per tab. Only the reducer pushes and pops; tests compare stacks.
public struct Router: Sendable, Hashable {
  public var selectedTab: Tab = .feed
  public var feedPath: [FeedDestination] = []
  public var appStoreConnectPath: [AppStoreConnectDestination] = []
  public var trackerPath: [TrackerDestination] = []

  public init() {}

  /// True when the selected tab shows its root screen (nothing pushed).
  public var isAtRoot: Bool {
    switch selectedTab {
    case .feed: return feedPath.isEmpty
    case .appStoreConnect: return appStoreConnectPath.isEmpty
    case .tracker: return trackerPath.isEmpty
    }
  }

  public mutating func push(_ destination: FeedDestination) {
    feedPath.append(destination)
  }

  /// Pops the selected tab's top screen; returns false at the root.
  @discardableResult
  public mutating func pop() -> Bool {
    switch selectedTab {
    case .feed: return feedPath.popLast() != nil
    case .appStoreConnect: return appStoreConnectPath.popLast() != nil
    case .tracker: return trackerPath.popLast() != nil
    }
  }

  /// The credential form on top of the Feed stack, if that is what shows.
  public var topForm: CredentialForm? {
    guard case .credentialForm(let form)? = feedPath.last else { return nil }
    return form
  }

  /// Mutates the top-of-stack form in place. No-op when the top is not a form.
  public mutating func updateTopForm(_ body: (inout CredentialForm) -> Void) {
    guard case .credentialForm(var form)? = feedPath.last else { return }
    body(&form)
    feedPath[feedPath.count - 1] = .credentialForm(form)
  }

  /// Pops every screen above the checklist (used after a successful save).
  public mutating func popToChecklist() {
    while let last = feedPath.last {
      if case .checklist = last { return }
      feedPath.removeLast()
    }
  }
}
