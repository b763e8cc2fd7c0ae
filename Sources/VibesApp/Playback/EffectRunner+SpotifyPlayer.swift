import Foundation
import VibesCore
import VibesServices

extension EffectRunner {
  /// Play on Spotify's effects against the Web API's player endpoints: a command, the devices, the state, and the
  /// poll timer (the core decides when; this only sleeps).
  func runSpotifyPlayer(_ effect: SpotifyPlayerEffect, send: @escaping @Sendable (AppAction) -> Void) async {
    switch effect {
    case .send(let requestID, let command):
      guard
        let outcome = await spotifyPlayerCall({ client throws(SpotifyWebError) in
          try await Self.sendPlayerCommand(command, client)
        })
      else { return }
      if case .failure(let failure) = outcome {
        log.info("spotify player: \(Self.playerCommandName(command)) refused (\(String(describing: failure)))")
        send(.explore(.player(.commandFinished(requestID: requestID, command, failure: failure))))
      } else {
        log.info("spotify player: \(Self.playerCommandName(command)) taken")
        send(.explore(.player(.commandFinished(requestID: requestID, command, failure: nil))))
      }

    case .loadDevices(let requestID):
      guard let result = await spotifyPlayerCall({ client throws(SpotifyWebError) in try await client.devices() })
      else {
        return
      }
      // A device without an id or one that takes no command cannot be picked.
      let devices = result.map { list in
        list.compactMap { device -> PlaybackDevice? in
          guard let id = device.id, !id.isEmpty, !device.isRestricted else { return nil }
          return PlaybackDevice(id: id, name: device.name, type: device.type, isActive: device.isActive)
        }
      }
      send(.explore(.player(.devicesLoaded(requestID: requestID, devices))))

    case .loadState(let requestID):
      guard let result = await spotifyPlayerCall({ client throws(SpotifyWebError) in try await client.playbackState() })
      else {
        return
      }
      send(.explore(.player(.stateLoaded(requestID: requestID, result.map { state in state.map { NowPlaying($0) } }))))

    case .schedulePoll(let timerID, let seconds):
      do {
        try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
      } catch {
        return
      }
      send(.explore(.player(.pollDue(timerID: timerID))))
    }
  }

  /// One call with the stored tokens; nil when cancelled.
  func spotifyPlayerCall<T: Sendable>(
    _ call: (SpotifyWebClient) async throws(SpotifyWebError) -> T
  ) async -> Result<T, PlaybackFailure>? {
    guard let client = spotifyWeb else { return .failure(.music(.notConnected)) }
    do {
      return .success(try await call(client))
    } catch {
      return PlaybackFailure(error).map { .failure($0) }
    }
  }

  static func sendPlayerCommand(_ command: PlaybackCommand, _ client: SpotifyWebClient) async throws(SpotifyWebError) {
    switch command {
    case .play(let target, let deviceID):
      let body: SpotifyPlayTarget
      switch target {
      case .track(let uri): body = .tracks([uri])
      case .context(let uri): body = .context(uri: uri)
      }
      try await client.play(body, deviceID: deviceID)
    case .pause: try await client.pausePlayback()
    case .resume: try await client.play(.resume)
    case .next: try await client.skipToNext()
    case .previous: try await client.skipToPrevious()
    }
  }

  /// The command's name for the log (never a URI).
  static func playerCommandName(_ command: PlaybackCommand) -> String {
    switch command {
    case .play(let target, let deviceID):
      let kind = target.uri.split(separator: ":").dropFirst().first.map(String.init) ?? "item"
      return "play \(kind)\(deviceID == nil ? "" : " on a chosen device")"
    case .pause: return "pause"
    case .resume: return "resume"
    case .next: return "next"
    case .previous: return "previous"
    }
  }
}

extension PlaybackFailure {
  /// Spotify's refusal by its `reason` (never its message); nil for a cancelled request.
  init?(_ error: SpotifyWebError) {
    switch error {
    case .playerRefused(.premiumRequired), .premiumRequired: self = .premiumRequired
    case .playerRefused(.noActiveDevice): self = .noActiveDevice
    case .playerRefused(let reason): self = .refused(reason: reason.rawValue)
    case .missingScope: self = .missingPermission
    default:
      guard let failure = MusicFailure(error) else { return nil }
      self = .music(failure)
    }
  }
}

extension NowPlaying {
  /// The line's values from the player's state (raw text; the screen sanitises it).
  init(_ state: SpotifyPlaybackState) {
    let item = state.item
    self.init(
      title: item?.name ?? "", artists: item?.artists.map(\.name).joined(separator: ", ") ?? "", uri: item?.uri,
      isPlaying: state.isPlaying, progressMs: state.progressMs ?? 0, durationMs: item?.durationMs ?? 0,
      deviceName: state.device?.name)
  }
}
