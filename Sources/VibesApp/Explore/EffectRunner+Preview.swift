import Foundation
import VibesCore
import VibesServices

extension EffectRunner {
  /// Explore's preview effects: find the match (SQLite cache, then iTunes), play it on the shared player and report
  /// its progress until it stops.
  func runPreview(_ effect: ExploreEffect, send: @escaping @Sendable (AppAction) -> Void) async {
    let previews = dependencies.previews
    let environment = dependencies.environment
    switch effect {
    case .findPreview(let requestID, let trackID, let query):
      let finder = PreviewFinder(
        client: previews.client(environment: environment), database: dependencies.database, now: dependencies.now)
      let result: Result<PreviewAvailability, PreviewLookupFailure>
      do {
        result = .success(try await finder.find(PreviewRequest(spotifyTrackID: trackID, query: query)))
      } catch {
        if error == .cancelled || Task.isCancelled { return }
        log.info("explore: preview lookup failed")
        result = .failure(error == .rateLimited ? .rateLimited : .unavailable)
      }
      send(.explore(.previewFound(requestID: requestID, trackID: trackID, result)))

    case .playPreview(_, let trackID, let url):
      guard let player = previews.player(environment: environment) else { return }
      // Over ssh the sound comes out of this machine, not the user's: said before it plays.
      if player.isRemoteSession {
        send(.explore(.previewRemote(trackID: trackID, host: ProcessInfo.processInfo.hostName)))
      }
      let first = await player.play(url)
      send(.explore(.previewProgress(trackID: trackID, Self.shown(first))))
      var last = Self.shown(first)
      // The player's state, as the screen shows it (whole seconds), until this preview stops or another starts.
      while first.isActive {
        do { try await Task.sleep(for: .milliseconds(200)) } catch { return }
        if previews.isShutDown { return }
        let now = player.playback
        guard now.generation == first.generation else { return }
        let shown = Self.shown(now)
        if shown != last {
          send(.explore(.previewProgress(trackID: trackID, shown)))
          last = shown
        }
        if !now.isActive { return }
      }

    case .pausePreview:
      await previews.startedPlayer?.pause()
    case .resumePreview:
      await previews.startedPlayer?.resume()
    case .stopPreview:
      await previews.startedPlayer?.stop()
    default:
      return
    }
  }

  /// The state rounded to whole seconds (what "0:12 / 0:30" shows), so a frame is drawn once a second.
  static func shown(_ playback: PreviewPlayback) -> PreviewPlayback {
    var shown = playback
    shown.elapsed = playback.elapsed.rounded(.down)
    shown.total = playback.total.map { $0.rounded() }
    return shown
  }
}
