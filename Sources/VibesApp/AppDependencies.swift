import Foundation
import Logging
import VibesCore
import VibesServices
import VibesStorage

/// The live parts the effects run against. Tests build one with a temporary database, a vault in a
/// temporary folder and clients pointed at loopback fakes.
public struct AppDependencies: Sendable {
  public var database: AppDatabase
  public var secrets: any SecretStore
  public var secretStoreInfo: SecretStoreInfo
  public var gemini: GeminiClient
  public var ticketmaster: TicketmasterClient
  /// The Feed's paging events client (shares the process's one rate limiter).
  public var feedEvents: TicketmasterEventsClient
  public var browser: BrowserLauncher
  public var spotify: SpotifyDependencies
  public var appStoreConnect: AppStoreConnectDependencies
  public var tracker: TrackerDependencies
  /// The Create tab's Gemini generation client, model setting and Spotify Web client.
  public var create: CreateDependencies
  public var logger: Logger
  public var now: @Sendable () -> Date
  /// True when the first-launch tutorial must not show (`VIBES_SKIP_TUTORIAL=1`, for scripted runs).
  public var skipTutorial = false
  /// The environment vibes started with: a tab added later builds its client from it in its own folder (its base-URL
  /// override through `ServiceEndpoints.baseURL`), so adding a client edits neither this type nor `AppLauncher`.
  public var environment: [String: String] = [:]
  /// Set when another vibes already ran on the same data at start: its process id (0 when unknown).
  public var otherInstancePID: Int32?
  /// The 30-second preview player and its iTunes client (shut down when vibes quits).
  public var previews = PreviewDependencies()
  /// Artwork: the loader and whether pictures are fetched (`VibesApp/Artwork`).
  public var artwork = ArtworkDependencies()
  /// Bytes effects want on the terminal (notifications); the runtime hands them to its presenter.
  public var terminal = TerminalOutbox()
  /// The Blend's two taste summaries, read ahead when a followed person's profile opens.
  public var blendAhead = BlendTasteAhead()

  public init(
    database: AppDatabase, secrets: any SecretStore, secretStoreInfo: SecretStoreInfo, gemini: GeminiClient,
    ticketmaster: TicketmasterClient, browser: BrowserLauncher,
    spotify: SpotifyDependencies = SpotifyDependencies(),
    appStoreConnect: AppStoreConnectDependencies = AppStoreConnectDependencies(),
    tracker: TrackerDependencies = TrackerDependencies(), create: CreateDependencies = CreateDependencies(),
    logger: Logger,
    now: @escaping @Sendable () -> Date = Date.init, feedEvents: TicketmasterEventsClient? = nil
  ) {
    self.database = database
    self.secrets = secrets
    self.secretStoreInfo = secretStoreInfo
    self.gemini = gemini
    self.ticketmaster = ticketmaster
    self.feedEvents =
      feedEvents
      ?? TicketmasterEventsClient(baseURL: ticketmaster.baseURL, limiter: AppDependencies.ticketmasterLimiter)
    self.browser = browser
    self.spotify = spotify
    self.appStoreConnect = appStoreConnect
    self.tracker = tracker
    // Every generation request is counted per key and day for the near-quota hint.
    self.create = create
    self.create.gemini = EffectRunner.countingGeminiRequests(create.gemini, database: database, now: now)
    self.logger = logger
    self.now = now
  }
}

extension SetupStep {
  /// The secret that makes this step complete.
  var secretKey: SecretKey {
    switch self {
    case .spotify: return .spotifyRefreshToken
    case .gemini: return .geminiAPIKey
    case .ticketmaster: return .ticketmasterAPIKey
    }
  }
}
