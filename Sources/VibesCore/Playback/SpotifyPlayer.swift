import Foundation

/// "Play on Spotify" (FR-7.3, FR-7.4): Spotify Connect remote control as a pure slice. It is hosted by the tab that
/// shows the items (Explore: `ExploreState.player`), which forwards its keys, actions and effects; the app runs
/// the effects against the Web API's player endpoints (`VibesApp/Playback/`). The core never sees the client's
/// types: devices, the playing item and refusals arrive as the values below.
public struct SpotifyPlayer: Sendable, Hashable {
  /// The longest wait between two reads of the player's state while something plays (the rule: about 5–10 s).
  public static let pollInterval: Double = 8
  /// The shortest wait between two reads, also at a track's expected end.
  public static let minimumPollDelay: Double = 2
  /// The wait after a command before its effect is read back (Spotify needs a moment to apply it).
  public static let afterCommandDelay: Double = 1

  /// What plays on the user's device since vibes started it (nil: the line is hidden and nothing is polled).
  public var nowPlaying: NowPlaying?
  /// The device picker (the one list), over the screen, while the user chooses where to play.
  public var picker: DevicePicker?
  /// "vibes may not control your playback yet": the re-consent question for this target, until Enter or Esc.
  public var consent: PlaybackTarget?
  /// The command in flight (its answers with other ids are stale).
  public var pendingRequestID: Int?
  /// The one poll timer that may read the state next (others are stale; none while the host's tab is hidden).
  public var pollTimerID: Int?
  /// The state read in flight.
  public var stateRequestID: Int?
  /// The track whose expected end was already polled for (so a late-updating player is not asked every 2 s).
  public var endPolledURI: String?
  /// True while the host's screen is hidden (the user left its tab): the state is not polled until they come back.
  public var isAway = false

  public init() {}

  /// True while the now-playing line shows, so the keys that control playback apply.
  public var isControlling: Bool { nowPlaying != nil }

  /// The requests a quit cancels.
  public var runningRequestIDs: [Int] {
    [pendingRequestID, stateRequestID, pollTimerID, picker?.requestID].compactMap { $0 }
  }
}

/// What to play: a track, or an album or playlist as a context.
public enum PlaybackTarget: Sendable, Hashable {
  case track(uri: String)
  case context(uri: String)

  public var uri: String {
    switch self {
    case .track(let uri), .context(let uri): return uri
    }
  }
}

/// The item playing, as the line shows it (raw network text: the UI sanitises it).
public struct NowPlaying: Sendable, Hashable {
  public var title: String
  public var artists: String
  public var uri: String?
  public var isPlaying: Bool
  public var progressMs: Int
  public var durationMs: Int
  public var deviceName: String?

  public init(
    title: String, artists: String, uri: String? = nil, isPlaying: Bool, progressMs: Int = 0, durationMs: Int = 0,
    deviceName: String? = nil
  ) {
    self.title = title
    self.artists = artists
    self.uri = uri
    self.isPlaying = isPlaying
    self.progressMs = WireNumbers.durationMs(progressMs)
    self.durationMs = WireNumbers.durationMs(durationMs)
    self.deviceName = deviceName
  }
}

/// A Spotify Connect device the user can pick.
public struct PlaybackDevice: Sendable, Hashable {
  public var id: String
  public var name: String
  public var type: String
  public var isActive: Bool

  public init(id: String, name: String, type: String, isActive: Bool = false) {
    self.id = id
    self.name = name
    self.type = type
    self.isActive = isActive
  }
}

/// The device picker: loading the devices, then choosing one.
public struct DevicePicker: Sendable, Hashable {
  public enum Phase: Sendable, Hashable {
    case loading(requestID: Int)
    case choosing([PlaybackDevice])
  }

  public var target: PlaybackTarget
  public var phase: Phase
  public var list = ListState()

  public init(target: PlaybackTarget, phase: Phase) {
    self.target = target
    self.phase = phase
  }

  public var devices: [PlaybackDevice] {
    if case .choosing(let devices) = phase { return devices }
    return []
  }

  var requestID: Int? {
    if case .loading(let id) = phase { return id }
    return nil
  }
}

/// Why a player command or read failed, as Spotify's `reason` says (never its message text).
public enum PlaybackFailure: Sendable, Hashable, Error {
  /// `PREMIUM_REQUIRED`: the listener has no Spotify Premium.
  case premiumRequired
  /// `NO_ACTIVE_DEVICE` (or the chosen device is gone).
  case noActiveDevice
  /// The sign-in lacks the player scopes ("Insufficient client scope").
  case missingPermission
  /// Another `reason` (UNKNOWN, NO_NEXT_TRACK, …).
  case refused(reason: String)
  /// The network, a rate limit or the sign-in: the shared music wording.
  case music(MusicFailure)
}

/// The remote-control commands.
public enum PlaybackCommand: Sendable, Hashable {
  case play(PlaybackTarget, deviceID: String?)
  case pause
  case resume
  case next
  case previous
}

public enum SpotifyPlayerAction: Sendable, Hashable {
  /// Spotify took the command (`failure` nil) or refused it.
  case commandFinished(requestID: Int, PlaybackCommand, failure: PlaybackFailure?)
  case devicesLoaded(requestID: Int, Result<[PlaybackDevice], PlaybackFailure>)
  /// The player's state; nil: nothing plays anywhere.
  case stateLoaded(requestID: Int, Result<NowPlaying?, PlaybackFailure>)
  case pollDue(timerID: Int)
}

public enum SpotifyPlayerEffect: Sendable, Hashable {
  case send(requestID: Int, PlaybackCommand)
  case loadDevices(requestID: Int)
  case loadState(requestID: Int)
  /// Sleep `seconds`, then answer `pollDue(timerID)`.
  case schedulePoll(timerID: Int, seconds: Double)

  public var cancellationID: Int? {
    switch self {
    case .send(let id, _), .loadDevices(let id), .loadState(let id), .schedulePoll(let id, _): return id
    }
  }
}

/// The keys: play, pause/resume, next, previous, and the picker's and re-consent question's.
public enum SpotifyPlayerKey: Sendable, Hashable {
  case play
  case togglePause
  case next
  case previous
  case move(ListState.Move)
  case chooseDevice
  case allowControl
}

extension SpotifyPlayer {
  /// The bindings: the picker's or the question's while shown; else P on a playable item, and the controls while
  /// the line shows.
  public func bindings(canPlay: Bool) -> [KeyBinding<SpotifyPlayerKey>] {
    if consent != nil {
      return [KeyBinding([.enter], "Enter", .key(SpotifyPlayerL10n.playerHelpAllow), .allowControl)]
    }
    if let picker {
      guard case .choosing(let devices) = picker.phase, !devices.isEmpty else { return [] }
      return ListState.bindings { .move($0) } + [
        KeyBinding([.enter], "Enter", .key(SpotifyPlayerL10n.playerHelpPlayHere), .chooseDevice)
      ]
    }
    var bindings: [KeyBinding<SpotifyPlayerKey>] = []
    if canPlay {
      bindings.append(KeyBinding([.character("P")], "P", .key(SpotifyPlayerL10n.playerHelpPlay), .play))
    }
    if isControlling {
      bindings += [
        KeyBinding([.character(" ")], "Space", .key(SpotifyPlayerL10n.playerHelpPause), .togglePause),
        KeyBinding([.character(">")], "> <", .key(SpotifyPlayerL10n.playerHelpSkip), .next),
        KeyBinding([.character("<")], "> <", .key(SpotifyPlayerL10n.playerHelpSkip), .previous),
      ]
    }
    return bindings
  }

  /// A key: `target` is what P plays on the screen on top (nil: nothing playable there).
  public mutating func perform(
    _ key: SpotifyPlayerKey, target: PlaybackTarget?, reconsent: NavigationRequest, _ context: inout AppContext
  ) -> [SpotifyPlayerEffect] {
    switch key {
    case .play:
      guard let target, pendingRequestID == nil else { return [] }
      return send(.play(target, deviceID: nil), &context)
    case .togglePause:
      guard let nowPlaying, pendingRequestID == nil else { return [] }
      return send(nowPlaying.isPlaying ? .pause : .resume, &context)
    case .next:
      guard isControlling, pendingRequestID == nil else { return [] }
      return send(.next, &context)
    case .previous:
      guard isControlling, pendingRequestID == nil else { return [] }
      return send(.previous, &context)
    case .move(let move):
      guard var picker else { return [] }
      picker.list.apply(move, count: picker.devices.count, visibleRows: max(1, context.size.height - 10))
      self.picker = picker
      return []
    case .chooseDevice:
      guard let picker, picker.devices.indices.contains(picker.list.selected) else { return [] }
      let device = picker.devices[picker.list.selected]
      self.picker = nil
      return send(.play(picker.target, deviceID: device.id), &context)
    case .allowControl:
      guard consent != nil else { return [] }
      consent = nil
      context.navigationRequest = reconsent
      return []
    }
  }

  /// Esc: close the picker or the question (nil: nothing of the player's was open).
  public mutating func goBack() -> [SpotifyPlayerEffect]? {
    if consent != nil {
      consent = nil
      return []
    }
    if picker != nil {
      // A devices read still running answers into nothing (its id is no longer the picker's).
      picker = nil
      return []
    }
    return nil
  }

  /// The host's tab was left: the next read is not waited for any more (the returned timer is to be cancelled); a
  /// read or command still running finishes, but schedules nothing.
  public mutating func leave() -> [Int] {
    // Nothing of the player's runs: nothing to stop (and Explore's state stays as it was).
    guard nowPlaying != nil || pendingRequestID != nil || stateRequestID != nil || pollTimerID != nil else { return [] }
    isAway = true
    defer { pollTimerID = nil }
    return [pollTimerID].compactMap { $0 }
  }

  /// The host's tab shows again: while the line shows, its state is read once at once (it may have changed on the
  /// device meanwhile), and polling resumes from that answer.
  public mutating func arrive(_ context: inout AppContext) -> [SpotifyPlayerEffect] {
    isAway = false
    guard nowPlaying != nil, stateRequestID == nil else { return [] }
    pollTimerID = nil
    let requestID = context.makeRequestID()
    stateRequestID = requestID
    return [.loadState(requestID: requestID)]
  }

  mutating func send(_ command: PlaybackCommand, _ context: inout AppContext) -> [SpotifyPlayerEffect] {
    let requestID = context.makeRequestID()
    pendingRequestID = requestID
    return [.send(requestID: requestID, command)]
  }

  public mutating func reduce(_ action: SpotifyPlayerAction, _ context: inout AppContext) -> [SpotifyPlayerEffect] {
    switch action {
    case .commandFinished(let requestID, let command, let failure):
      guard pendingRequestID == requestID else { return [] }
      pendingRequestID = nil
      if let failure { return commandFailed(command, failure, &context) }
      commandTook(command, &context)
      // Read the effect back once Spotify has applied it (on coming back, if the tab was left meanwhile).
      return isAway ? [] : schedulePoll(after: Self.afterCommandDelay, &context)

    case .devicesLoaded(let requestID, let result):
      guard var picker, picker.phase == .loading(requestID: requestID) else { return [] }
      switch result {
      case .success(let devices) where !devices.isEmpty:
        picker.phase = .choosing(devices)
        picker.list = ListState()
        self.picker = picker
      case .success:
        self.picker = nil
        context.notice = .localized(LocalizedText(SpotifyPlayerL10n.playerNoDevices), isWarning: true)
      case .failure(let failure):
        self.picker = nil
        return commandFailed(.play(picker.target, deviceID: nil), failure, &context)
      }
      return []

    case .stateLoaded(let requestID, let result):
      guard stateRequestID == requestID else { return [] }
      stateRequestID = nil
      switch result {
      case .success(let state?):
        nowPlaying = state
        return nextPoll(&context)
      case .success(nil):
        // Nothing plays anywhere any more: the line goes and the polling stops.
        nowPlaying = nil
        pollTimerID = nil
        return []
      case .failure:
        // Keep the last line; try again at the slow pace while something was playing.
        return nowPlaying?.isPlaying == true && !isAway ? schedulePoll(after: Self.pollInterval, &context) : []
      }

    case .pollDue(let timerID):
      guard pollTimerID == timerID else { return [] }
      pollTimerID = nil
      let requestID = context.makeRequestID()
      stateRequestID = requestID
      return [.loadState(requestID: requestID)]
    }
  }

  /// The optimistic change a command makes to the line until the state is read back.
  mutating func commandTook(_ command: PlaybackCommand, _ context: inout AppContext) {
    switch command {
    case .play:
      if nowPlaying == nil { nowPlaying = NowPlaying(title: "", artists: "", isPlaying: true) }
      nowPlaying?.isPlaying = true
      endPolledURI = nil
      context.notice = .localized(LocalizedText(SpotifyPlayerL10n.playerStarted), isWarning: false)
    case .pause:
      nowPlaying?.isPlaying = false
    case .resume:
      nowPlaying?.isPlaying = true
    case .next, .previous:
      endPolledURI = nil
    }
  }

  mutating func commandFailed(
    _ command: PlaybackCommand, _ failure: PlaybackFailure, _ context: inout AppContext
  ) -> [SpotifyPlayerEffect] {
    switch failure {
    case .noActiveDevice:
      guard case .play(let target, _) = command else { break }
      // No device is active: offer the user's devices (the one list); none at all is said by devicesLoaded.
      let requestID = context.makeRequestID()
      picker = DevicePicker(target: target, phase: .loading(requestID: requestID))
      return [.loadDevices(requestID: requestID)]
    case .missingPermission:
      if case .play(let target, _) = command {
        consent = target
        return []
      }
    default:
      break
    }
    context.notice = .localized(failure.text, isWarning: true)
    return []
  }

  /// The next read of the state: at the pace of the rule while playing, at the track's expected end when that
  /// comes sooner, none while paused or idle.
  mutating func nextPoll(_ context: inout AppContext) -> [SpotifyPlayerEffect] {
    guard !isAway, let delay = nextPollDelay() else {
      pollTimerID = nil
      return []
    }
    if delay < Self.pollInterval { endPolledURI = nowPlaying?.uri }
    return schedulePoll(after: delay, &context)
  }

  /// Pure: seconds until the next read (nil: none).
  public func nextPollDelay() -> Double? {
    guard let nowPlaying, nowPlaying.isPlaying else { return nil }
    guard nowPlaying.durationMs > 0, nowPlaying.uri == nil || nowPlaying.uri != endPolledURI else {
      return Self.pollInterval
    }
    let remaining = Double(max(0, nowPlaying.durationMs - nowPlaying.progressMs)) / 1000
    guard remaining + 0.5 < Self.pollInterval else { return Self.pollInterval }
    return max(Self.minimumPollDelay, remaining + 0.5)
  }

  mutating func schedulePoll(after seconds: Double, _ context: inout AppContext) -> [SpotifyPlayerEffect] {
    let timerID = context.makeRequestID()
    pollTimerID = timerID
    return [.schedulePoll(timerID: timerID, seconds: seconds)]
  }
}

extension PlaybackFailure {
  /// What to tell the user.
  public var text: LocalizedText {
    switch self {
    case .premiumRequired: return LocalizedText(SpotifyPlayerL10n.playerPremiumRequired)
    case .noActiveDevice: return LocalizedText(SpotifyPlayerL10n.playerNoDevices)
    case .missingPermission: return LocalizedText(PlaybackL10n.playbackNeedsPermission)
    case .refused(let reason): return LocalizedText(PlaybackL10n.playbackRefused, ["reason": reason])
    case .music(let failure): return failure.text
    }
  }
}
