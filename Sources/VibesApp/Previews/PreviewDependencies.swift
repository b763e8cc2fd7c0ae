import Foundation
import VibesServices

/// The preview player and iTunes client the app shares: one player for the process (one preview at a time),
/// started on the first preview and shut down when vibes quits (`AppRuntime`). A reference, so every copy of the
/// dependencies shares the one player.
public final class PreviewDependencies: @unchecked Sendable {
  // @unchecked: `player` is guarded by `lock`; the rest is immutable.
  /// nil: built from the app's environment (the user's PATH, mpv or ffplay).
  public let playerConfiguration: PreviewPlayerConfiguration?
  /// nil: built from the app's environment (`VIBES_ITUNES_API_URL`).
  public let itunes: ITunesClient?
  private let lock = NSLock()
  private var player: PreviewPlayer?
  private var isShutDownValue = false

  public init(playerConfiguration: PreviewPlayerConfiguration? = nil, itunes: ITunesClient? = nil) {
    self.playerConfiguration = playerConfiguration
    self.itunes = itunes
  }

  /// The iTunes client: the given one, else one for the environment's base URL.
  public func client(environment: [String: String]) -> ITunesClient {
    itunes ?? ITunesClient(baseURL: ServiceEndpoints.itunes(environment: environment).url)
  }

  /// The one player (created on first use); nil after `shutdown`.
  public func player(environment: [String: String]) -> PreviewPlayer? {
    lock.withLock {
      guard !isShutDownValue else { return nil }
      if let player { return player }
      let created = PreviewPlayer(
        configuration: playerConfiguration ?? PreviewPlayerConfiguration(environment: environment))
      player = created
      return created
    }
  }

  /// True once vibes is quitting: no preview plays any more.
  public var isShutDown: Bool { lock.withLock { isShutDownValue } }

  /// The running player, if one was started (tests look at it).
  public var startedPlayer: PreviewPlayer? { lock.withLock { player } }

  /// Quits and reaps the player child (leaving vibes stops the preview). Safe to call more than once.
  public func shutdown() {
    let player: PreviewPlayer? = lock.withLock {
      isShutDownValue = true
      return self.player
    }
    player?.shutdown()
  }
}
