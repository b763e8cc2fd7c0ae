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

/// A one-line message on the status line, as data the UI localizes.
public enum Notice: Sendable, Hashable {
  case saved(SetupStep)
  case savedCityWithoutEvents(city: String)
  case savedCityWithEvents(city: String, count: Int)
  case removed(SetupStep)
  case linkOpened
  case linkCopied
  case noBrowser
  case storageUnavailable
}

public struct AppState: Sendable, Hashable {
  public var router = Router()
  /// What storage says; nil until it has been read.
  public var facts: SetupFacts?
  public var feed = FeedState()
  public var spotify = SpotifyState()
  public var appStoreConnect = AppStoreConnectState()
  public var tracker = TrackerState()
  public var size: ScreenSize
  public var isHelpVisible = false
  public var secretStore: SecretStoreInfo?
  public var notice: Notice?
  public var isQuitting = false
  /// Request ids tie asynchronous answers to the attempt that asked for them.
  public var nextRequestID = 1

  public init(size: ScreenSize = ScreenSize(width: 80, height: 24)) {
    self.size = size
  }

  /// True when typed characters go into a text field (so 1/2/3, q and ? are text, not commands).
  public var isEditingText: Bool {
    switch router.selectedTab {
    case .feed: if AppReducer.spotifyIsEditingText(self) { return true }
    case .appStoreConnect: return AppReducer.appStoreConnectIsEditingText(self)
    case .tracker: return AppReducer.trackerIsEditingText(self)
    }
    guard let form = router.topForm else { return false }
    guard form.focusedFieldIndex != nil else { return false }
    switch form.phase {
    case .editing, .failed: return true
    default: return false
    }
  }

  public mutating func makeRequestID() -> Int {
    defer { nextRequestID += 1 }
    return nextRequestID
  }
}
