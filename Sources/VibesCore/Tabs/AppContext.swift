/// What every feature may read and change besides its own state: the screen size, the status line,
/// the help overlay, the setup facts and the Spotify connection, request ids, and requests to the root
/// (switch tab, open a setup step). Features get it `inout`; they never write global fields directly.
public struct AppContext: Sendable, Hashable {
  public var size: ScreenSize
  /// What storage says about the setup; nil until it has been read.
  public var facts: SetupFacts? {
    didSet { if facts != oldValue { factsChanged = true } }
  }
  /// Set when a feature changed `facts`; the root then tells every tab (`ContextChange.factsChanged`) and clears it.
  public var factsChanged = false
  /// Every registered tab, with its screen and runtime (fixed for a run; `AppState.tabs` reads it). A feature asks
  /// it whether a tab it would open is there.
  public internal(set) var tabs = TabList([])
  public var secretStore: SecretStoreInfo?
  /// The Spotify connection as the app knows it (shared by the Feed, Explore, Create and Profile).
  public var spotify = SpotifyState()
  /// The one status line.
  public var notice: Notice?
  public var isHelpVisible = false
  /// Set by a feature to ask the root to go somewhere else; the root clears it after acting.
  public var navigationRequest: NavigationRequest?
  /// The content viewport as last drawn (the runtime records it after each render).
  public var viewport = ViewportMetrics()
  /// The user's own scroll position on the screen on top (nil: follow the focus).
  public var scroll = ScrollPosition()
  /// Request ids tie asynchronous answers to the attempt that asked for them.
  public var nextRequestID = 1
  /// The language screens are drawn in (the runtime sets it from the environment). The core carries text as
  /// `LocalizedText`; it reads this only where a text becomes the user's own to edit (an example prompt put into
  /// Create's field).
  public var language: Language = .en
  /// The frame of the glyphs that animate only when the screen redraws anyway (the runtime moves it).
  public var animation = RedrawAnimation()
  /// Today's Gemini requests with the key in use, as last counted (For You, Create and Blend show the hint).
  public var geminiUsage: GeminiUsage?

  public init(size: ScreenSize) { self.size = size }

  public mutating func makeRequestID() -> Int {
    defer { nextRequestID += 1 }
    return nextRequestID
  }
}

extension NavigationRequest {
  /// Show `Feature`'s tab and give it `action`.
  public static func open<Feature: TabFeature>(_ type: Feature.Type, _ action: Feature.Action) -> NavigationRequest {
    .open(Feature.id, FeatureMessage(Feature.id, action))
  }
}

/// A feature's request to the root to show something outside the feature.
public enum NavigationRequest: Sendable, Hashable {
  case selectTab(TabID)
  /// Show `tab` and give it `message` (one of its own actions): a screen of another tab, with Esc leading back
  /// (`ReturnPoint`). Each tab offers typed constructors for its own (`openSetupStep`, `openSpotifyItem`, …).
  case open(TabID, FeatureMessage)
  /// Start every tab again from nothing, as on the first launch (after signing out).
  case restart
  /// Show the first-launch tutorial again from its first card (Profile's "Replay tutorial").
  case replayTutorial
}
