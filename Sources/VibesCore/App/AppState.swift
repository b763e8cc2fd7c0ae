/// Where secrets are kept right now, as the edge reports it (shown to the user; never a secret).
public struct SecretStoreInfo: Sendable, Hashable {
  public enum Kind: Sendable, Hashable {
    case secretService
    case vault
  }
  public var kind: Kind
  public var location: String
  /// Set when the Secret Service was wanted but not usable, so the vault is in use instead.
  public var fallbackReason: String?

  public init(kind: Kind, location: String, fallbackReason: String? = nil) {
    self.kind = kind
    self.location = location
    self.fallbackReason = fallbackReason
  }
}

/// A message on the status line, as data the UI localizes (a warning may wrap; `!` shows it whole).
public enum Notice: Sendable, Hashable {
  case saved(SetupStep)
  case savedCityWithoutEvents(city: String)
  case savedCityWithEvents(city: String, count: Int)
  case removed(SetupStep)
  case linkOpened
  case linkCopied
  case noBrowser
  case storageUnavailable
  /// A paste or typing went past what a field holds; the rest was left out.
  case fieldFull
  /// A feature's own message from its own table, with its values; a warning or a plain message.
  case localized(LocalizedText, isWarning: Bool)
  /// A feature's own message from its own table.
  case message(HelpText)
}

/// The whole app: the shared context, which tab shows, and one stored feature per tab (registered in
/// `TabRegistry`).
public struct AppState: Sendable, Hashable {
  public var context: AppContext
  public var selectedTab: TabID = .feed
  public var feed = FeedTab()
  public var explore = ExploreState()
  public var create = CreateState()
  public var profile = ProfileState()
  public var appStoreConnect = AppStoreConnectState()
  public var tracker = TrackerState()
  /// The first-launch tutorial overlay (Sources/VibesCore/Tutorial).
  public var tutorial = TutorialState()
  public var isQuitting = false
  /// Set while the vault cannot be opened: the root shows the recovery screen over every tab.
  public var vaultRecovery: VaultRecovery?
  /// True under `vibes demo` (the tab bar shows a DEMO mark).
  public var isDemo = false
  /// True while the status line's warning shows whole over the screen (`!`; Esc closes it).
  public var isNoticeOpen = false
  /// True while `q` asks whether to quit and lose unsaved work (`QuitKeys`).
  public var isConfirmingQuit = false
  /// Where Esc returns after a request opened a screen in another tab (`ReturnPoint`).
  public var returnPoint: ReturnPoint?

  public init(size: ScreenSize = ScreenSize(width: 80, height: 24)) {
    context = AppContext(size: size)
  }

  public var size: ScreenSize {
    get { context.size }
    set { context.size = newValue }
  }
  public var facts: SetupFacts? {
    get { context.facts }
    set { context.facts = newValue }
  }
  public var notice: Notice? {
    get { context.notice }
    set { context.notice = newValue }
  }
  public var isHelpVisible: Bool {
    get { context.isHelpVisible }
    set { context.isHelpVisible = newValue }
  }
  public var spotify: SpotifyState {
    get { context.spotify }
    set { context.spotify = newValue }
  }
  public var secretStore: SecretStoreInfo? { context.secretStore }

  /// The selected tab's registration.
  public var selectedRegistration: TabRegistration? { TabRegistry.registration(selectedTab) }

  /// True when typed characters go into a text field (so digits, q and ? are text, not commands).
  public var isEditingText: Bool { selectedRegistration?.isEditingText(self) ?? false }

  /// True when the selected tab shows its root screen (nothing pushed).
  public var isAtRoot: Bool { (selectedRegistration?.depth(self) ?? 0) == 0 }

  /// The key bindings in force: the screen's own, then the global ones.
  public var keyHints: [KeyHint] {
    if isConfirmingQuit { return QuitKeys.hints() }
    if isNoticeOpen { return NoticeKeys.overlayHints(self) }
    if let vaultRecovery, vaultRecovery.isShown {
      return vaultRecovery.bindings.map(\.hint) + GlobalKeys.scrollBindings(self).prefix(1).map(\.hint)
        + NoticeKeys.openBindings(self).map(\.hint) + [KeyHint(label: "Ctrl-C", help: .common(.helpQuitAnywhere))]
    }
    if tutorial.isVisible { return Tutorial.bindings(tutorial).map(\.hint) }
    return (selectedRegistration?.hints(self) ?? []) + NoticeKeys.openBindings(self).map(\.hint)
      + GlobalKeys.hints(self)
  }

  public mutating func makeRequestID() -> Int { context.makeRequestID() }
}
