/// Why a preview stopped without playing to its end (pure data, for the status area later).
public enum PreviewPlaybackFailure: Sendable, Hashable {
  /// Neither `mpv` nor `ffplay` is installed (Debian packages `mpv`, `ffmpeg`).
  case noPlayer
  /// The player could not open a sound device (no device, ssh, a headless box): "audio output initialization
  /// failed". Playing on would be a silent progress bar.
  case audioOutputFailed
  /// The clip could not be loaded or is not audio.
  case loadFailed
  /// The player exited or was killed mid-preview.
  case playerDied
  /// The player stopped answering or stopped moving; it was killed.
  case playerHung
  /// The player's control socket could not be set up (path too long, no writable folder, no connection).
  case controlChannel
}

/// The preview player's state as a plain value: what the status area's progress bar will draw.
public struct PreviewPlayback: Sendable, Hashable {
  public enum Phase: Sendable, Hashable {
    /// Nothing loaded (before the first preview, or after stop).
    case idle
    /// The clip is being fetched and opened.
    case loading
    case playing
    case paused
    /// The clip played to its end.
    case ended
    case failed(PreviewPlaybackFailure)
  }

  public var phase: Phase
  /// Seconds into the clip.
  public var elapsed: Double
  /// The clip's length as the player reports it (nil until known; ffplay never knows).
  public var total: Double?
  /// Which `play` call this state belongs to (increases with each).
  public var generation: Int

  public init(phase: Phase = .idle, elapsed: Double = 0, total: Double? = nil, generation: Int = 0) {
    self.phase = phase
    self.elapsed = elapsed
    self.total = total
    self.generation = generation
  }

  public var isActive: Bool {
    switch phase {
    case .loading, .playing, .paused: return true
    default: return false
    }
  }
}
