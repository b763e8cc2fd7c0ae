/// The 30-second preview of the track on Explore's detail screen (FR-3.3): `p` finds it (iTunes, through the
/// app's `PreviewFinder`) and plays it (the app's `PreviewPlayer`); `p` again pauses and resumes. One preview at a
/// time: a preview of another track stops the one before.
public struct TrackPreview: Sendable, Hashable {
  public enum Phase: Sendable, Hashable {
    /// The iTunes match is being looked up.
    case finding(requestID: Int)
    /// The store has no matching song with a preview (o still opens it in Spotify).
    case none
    /// The lookup failed (rate limited, offline): what to tell the user.
    case failed(LocalizedText)
    /// A matched clip and its Apple Music page (shown beside the progress, as Apple's terms ask).
    case ready(previewURL: String, storeURL: String?)
  }

  public var trackID: String
  public var phase: Phase
  /// The player's state for this preview (elapsed/total, paused, failed).
  public var playback: PreviewPlayback

  public init(trackID: String, phase: Phase, playback: PreviewPlayback = PreviewPlayback()) {
    self.trackID = trackID
    self.phase = phase
    self.playback = playback
  }

  /// The Apple Music page of the match, if one is known.
  public var storeURL: String? {
    if case .ready(_, let store) = phase { return store }
    return nil
  }
}

/// Why a preview lookup gave no answer (pure: the app maps `ITunesError` into it). Nothing of it is cached.
public enum PreviewLookupFailure: Error, Sendable, Hashable {
  /// The store limits requests (HTTP 403/429).
  case rateLimited
  /// Offline, a timeout or a bad answer.
  case unavailable

  public var text: LocalizedText {
    switch self {
    case .rateLimited: return LocalizedText(PlaybackL10n.previewRateLimited)
    case .unavailable: return LocalizedText(PlaybackL10n.previewUnavailable)
    }
  }
}

extension ExploreState {
  /// The track whose detail screen is on top, if it is a track's and loaded.
  var topTrack: MusicTrack? {
    guard case .track(let track)? = path.last?.loaded?.detail else { return nil }
    return track
  }

  /// The `p` binding, on a track's detail screen only.
  var previewBindings: [KeyBinding<ExploreCommand>] {
    guard topTrack != nil else { return [] }
    return [KeyBinding([.character("p")], "p", .key(PlaybackL10n.previewHelpPlay), .togglePreview)]
  }

  /// What Spotify's track says about the song, for the matcher.
  static func previewQuery(_ track: MusicTrack) -> PreviewQuery {
    PreviewQuery(
      title: track.name, artists: track.artists.map(\.name), album: track.album?.name,
      durationMilliseconds: track.durationMs > 0 ? track.durationMs : nil, discNumber: nil,
      trackNumber: track.trackNumber)
  }

  /// `p`: find and play this track's preview, or pause/resume the one playing, or play it again after its end.
  mutating func togglePreview(_ context: inout AppContext) -> [AppEffect] {
    guard let track = topTrack else { return [] }
    if var preview, preview.trackID == track.id {
      switch preview.phase {
      case .finding:
        return []
      case .none, .failed:
        break  // ask again below (a rate limit passes; "none" is answered from the cache)
      case .ready(let url, _):
        switch preview.playback.phase {
        case .playing:
          preview.playback.phase = .paused
          self.preview = preview
          return [Self.run(.pausePreview)]
        case .paused:
          preview.playback.phase = .playing
          self.preview = preview
          return [Self.run(.resumePreview)]
        case .loading:
          return []
        case .idle, .ended, .failed:
          preview.playback = PreviewPlayback(phase: .loading)
          self.preview = preview
          return [Self.run(.playPreview(requestID: context.makeRequestID(), trackID: track.id, url: url))]
        }
      }
    }
    let stop = preview?.playback.isActive == true ? [Self.run(.stopPreview)] : []
    let requestID = context.makeRequestID()
    preview = TrackPreview(trackID: track.id, phase: .finding(requestID: requestID))
    return stop + [Self.run(.findPreview(requestID: requestID, trackID: track.id, Self.previewQuery(track)))]
  }

  mutating func previewFound(
    _ requestID: Int, _ trackID: String, _ result: Result<PreviewAvailability, PreviewLookupFailure>,
    _ context: inout AppContext
  ) -> [AppEffect] {
    guard var preview, preview.trackID == trackID, preview.phase == .finding(requestID: requestID) else { return [] }
    switch result {
    case .success(.available(let url, let store)):
      preview.phase = .ready(previewURL: url, storeURL: store)
      preview.playback = PreviewPlayback(phase: .loading)
      self.preview = preview
      return [Self.run(.playPreview(requestID: context.makeRequestID(), trackID: trackID, url: url))]
    case .success(.none):
      preview.phase = .none
    case .failure(let failure):
      preview.phase = .failed(failure.text)
      context.notice = .localized(failure.text, isWarning: true)
    }
    self.preview = preview
    return []
  }

  mutating func previewProgress(_ trackID: String, _ playback: PreviewPlayback, _ context: inout AppContext) {
    guard var preview, preview.trackID == trackID, case .ready = preview.phase else { return }
    if case .failed(let failure) = playback.phase, preview.playback.phase != playback.phase {
      context.notice = .localized(failure.explanation, isWarning: true)
    }
    preview.playback = playback
    self.preview = preview
  }

  /// Leaving the track's screen stops its preview. Checked once after everything the tab does (below), so every way
  /// off the screen — Esc, a screen opened over it, a search, the library, a request from another tab — stops it.
  mutating func stopPreviewIfLeft() -> [AppEffect] {
    guard let preview, topTrack?.id != preview.trackID else { return [] }
    self.preview = nil
    return preview.playback.isActive ? [Self.run(.stopPreview)] : []
  }
}

/// The tab's entry points: each does its work, then stops a preview whose track's screen is no longer on top.
extension ExploreState {
  public mutating func reduce(_ action: ExploreAction, _ context: inout AppContext) -> [AppEffect] {
    reduceAction(action, &context) + stopPreviewIfLeft()
  }

  public mutating func perform(_ command: ExploreCommand, _ context: inout AppContext) -> [AppEffect] {
    performCommand(command, &context) + stopPreviewIfLeft()
  }

  public mutating func handleUnbound(_ event: InputEvent, _ context: inout AppContext) -> [AppEffect]? {
    handleUnboundEvent(event, &context).map { $0 + stopPreviewIfLeft() }
  }

  public mutating func goBack(_ context: inout AppContext) -> [AppEffect]? {
    goBackStep(&context).map { $0 + stopPreviewIfLeft() }
  }
}
