import Foundation

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
  /// The one status line. What the user's own action did is set here directly and stays until the next key;
  /// news that arrives on its own (a song sent to you) goes through `announce` and never replaces it.
  public var notice: Notice? {
    didSet { noticeIsNews = false }
  }
  /// True while `notice` came from `announce` (newer news may replace it; the user's own message may not be).
  public private(set) var noticeIsNews = false
  /// News that arrived while the user's own message showed: the root shows it once that message is gone.
  public private(set) var waitingNews: Notice?
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
  /// The wall-clock time the runtime read as it handed over the key or paste being handled (nil before the first,
  /// and in reducer tests that give none). The reducer reads time only as data: a key's time is this, fresh for
  /// every key, not the clock tick that comes at most every 30 s.
  public var inputAt: Date?

  public init(size: ScreenSize) { self.size = size }

  /// Says news that arrived on its own (not the answer to the user's own action): at once when the status line is
  /// free or shows older news; otherwise it waits until the user's own message is gone (`showWaitingNews`), so a
  /// confirmation ("Shared to your followers") stays for its full time. The newest news waits, one at a time.
  public mutating func announce(_ news: Notice) {
    guard notice == nil || noticeIsNews else {
      waitingNews = news
      return
    }
    notice = news
    noticeIsNews = true
  }

  /// After every action (the root calls it): news that waited shows once the status line is free.
  public mutating func showWaitingNews() {
    guard notice == nil, let news = waitingNews else { return }
    waitingNews = nil
    announce(news)
  }

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
