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

/// The whole app: the shared context, which tab shows, and one stored feature per tab (the app registers
/// each as a `TabModule` and hands the list in as `tabs`).
public struct AppState: Sendable, Hashable {
  public var context: AppContext
  /// Every tab in tab-bar order, with its screen and runtime (fixed for a run; kept in the context, which features see).
  public var tabs: TabList { context.tabs }
  public var selectedTab: TabID
  public var feed = FeedTab()
  public var explore = ExploreState()
  public var create = CreateState()
  public var profile = ProfileState()
  public var appStoreConnect = AppStoreConnectState()
  public var tracker = TrackerState()
  /// The features of tabs that keep no stored property here (`FeatureStore`).
  public var features = FeatureStore()
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
  /// The pictures screens asked for (`VibesCore/Artwork`).
  public var artwork = ArtworkState()
  /// The tabs (and areas) whose `start` has not run since launch: each runs it when first selected, before its
  /// `arrive`. Filled by `.started` with every tab but the one shown first; a new `AppState` (sign-out) has none
  /// until `.started` fills it again.
  public var tabsToStart: Set<TabID> = []

  public init(size: ScreenSize = ScreenSize(width: 80, height: 24), tabs: TabList) {
    context = AppContext(size: size)
    context.tabs = tabs
    selectedTab = tabs.ids.first ?? TabID("")
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
  public var selectedRegistration: TabRegistration? { tabs.registration(selectedTab) }

  /// True when typed characters go into a text field (so digits, q and ? are text, not commands).
  public var isEditingText: Bool { selectedRegistration?.isEditingText(self) ?? false }

  /// True when the selected tab shows its root screen (nothing pushed).
  public var isAtRoot: Bool {
    // An area sits above its home tab: its root is not the app's root (q goes back, not out).
    selectedRegistration?.home == nil && (selectedRegistration?.depth(self) ?? 0) == 0
  }

  /// The key bindings in force: the screen's own, then the global ones.
  /// The key bindings in force: the top overlay's (the help lists what is under it), else the screen's own, then
  /// the global ones.
  public var keyHints: [KeyHint] {
    switch overlays.first(where: { $0 != .help }) {
    case .quitQuestion?: return QuitKeys.hints()
    case .notice?: return NoticeKeys.overlayHints(self)
    case .vaultRecovery?:
      return (vaultRecovery?.bindings.map(\.hint) ?? []) + GlobalKeys.scrollBindings(self).prefix(1).map(\.hint)
        + NoticeKeys.openBindings(self).map(\.hint) + [KeyHint(label: "Ctrl-C", help: .common(.helpQuitAnywhere))]
    case .tutorial?: return Tutorial.bindings(tutorial).map(\.hint)
    case .help?, nil:
      return (selectedRegistration?.hints(self) ?? []) + NoticeKeys.openBindings(self).map(\.hint)
        + GlobalKeys.hints(self)
    }
  }

  /// True for the clock's tick and the answers it asks for: the runtime redraws after them only when the frame
  /// changed, so an idle vibes stays idle.
  public func isClockDriven(_ action: AppAction) -> Bool {
    switch action {
    case .clockTicked: return true
    // A picture that arrived (or was asked for) redraws only a frame that changed.
    case .artwork: return true
    case .feature(let message): return tabs.registration(message.tab)?.isClockDriven(message) ?? false
    default: return false
    }
  }

  public mutating func makeRequestID() -> Int { context.makeRequestID() }

  /// Screens reserve boxes for pictures: the terminal draws them and the user's setting (Profile → Artwork) is not
  /// off. Until the setting is read it counts as on (the boxes do not move for the usual case).
  public var showsArtwork: Bool { artwork.isShown && (facts?.artworkOn ?? true) }
  /// Lists put a 2×1 thumbnail before each row's text (and start the text 3 columns later): pictures are shown and
  /// the terminal has a picture protocol. Never decided by whether a picture has arrived.
  public var showsThumbnails: Bool { showsArtwork && artwork.drawsThumbnails }

  /// Pictures may be fetched: they are shown and the setting has been read (so an "off" is respected before the
  /// first picture; when the facts cannot be read at all, no picture is fetched).
  public var mayLoadArtwork: Bool { showsArtwork && facts != nil }
}
