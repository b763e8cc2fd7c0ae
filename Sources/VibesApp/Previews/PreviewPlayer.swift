import Foundation
import VibesCore
import VibesStorage

#if canImport(Glibc)
  import Glibc
#endif

/// How the preview player is started and bounded.
public struct PreviewPlayerConfiguration: Sendable {
  /// vibes' own environment: the player's program is looked up in its PATH and the child gets only the allowed
  /// variables of it (`PreviewPlayerSetup.childEnvironment`).
  public var environment: [String: String]
  /// The program to run; nil: mpv, else ffplay, from PATH.
  public var program: PreviewPlayerSetup.Program?
  /// Extra mpv arguments (tests: `--ao=null`).
  public var extraMPVArguments: [String] = []
  /// Spawn to connected control socket.
  public var startTimeout: TimeInterval = 3
  /// `play` to the first position report; past it the player is taken as hung and killed.
  public var loadTimeout: TimeInterval = 15
  /// A playing preview whose position does not move for this long is taken as hung and killed.
  public var stallTimeout: TimeInterval = 5
  /// An ffplay that exits 0 sooner than this after starting played nothing (it does that without a sound device).
  public var ffplayMinimumRun: TimeInterval = 1
  /// Where the control socket goes when `$XDG_RUNTIME_DIR` is unset or too long.
  public var socketFallbackRoot = "/tmp"

  public init(
    environment: [String: String] = ProcessInfo.processInfo.environment, program: PreviewPlayerSetup.Program? = nil
  ) {
    self.environment = environment
    self.program = program
  }
}

/// Plays one 30-second preview at a time through a child `mpv` over its JSON IPC socket (ffplay when mpv is
/// missing), and reports its state as plain `PreviewPlayback` values on `updates`.
///
/// The child runs with stdin, stdout and stderr on /dev/null (its libraries' chatter never reaches the screen), an
/// allow-listed environment (no secrets, no VIBES_* variables) and no secret in its arguments. `loadfile … replace`
/// keeps one preview at a time. "audio output initialization failed" is reported as `.audioOutputFailed`, not a
/// silent progress bar. A player that stops answering or moving is killed (`.playerHung`); one that dies is
/// reported (`.playerDied`) and started again by the next `play`. `shutdown()` quits and reaps the child.
///
/// Calls are meant to come from one caller at a time (the app's effect runner); events arrive on the IPC thread.
public final class PreviewPlayer: @unchecked Sendable {
  // @unchecked: every mutable field is guarded by `lock`.
  public let updates: AsyncStream<PreviewPlayback>
  /// True over ssh: the sound would play on this machine, not the user's (the UI warns before playing).
  public let isRemoteSession: Bool

  private let configuration: PreviewPlayerConfiguration
  private let continuation: AsyncStream<PreviewPlayback>.Continuation
  private let lock = NSLock()
  private var state = PreviewPlayback()
  private var lastEmitted = PreviewPlayback()
  private var process: SpawnedChild?
  private var program: PreviewPlayerSetup.Program?
  private var connection: MPVConnection?
  private var socketPath: String?
  private var currentEntry: Int?
  private var phaseSince = Date()
  private var lastProgressAt = Date()
  private var pausedAt: Date?
  private var pausedTotal: TimeInterval = 0
  private var startedAt = Date()
  private var isShutDown = false
  private var watchdog: DispatchSourceTimer?

  public init(configuration: PreviewPlayerConfiguration = PreviewPlayerConfiguration()) {
    self.configuration = configuration
    isRemoteSession = PreviewPlayerSetup.isRemoteSession(environment: configuration.environment)
    (updates, continuation) = AsyncStream.makeStream(of: PreviewPlayback.self, bufferingPolicy: .bufferingNewest(256))
    let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
    timer.schedule(deadline: .now() + 0.25, repeating: 0.25)
    timer.setEventHandler { [weak self] in self?.tick() }
    timer.resume()
    watchdog = timer
  }

  deinit {
    watchdog?.cancel()
    shutdown()
  }

  /// The current state.
  public var playback: PreviewPlayback { lock.withLock { state } }

  /// The running child's process id (tests check that none is left behind).
  public var childProcessID: Int32? { lock.withLock { process?.isRunning == true ? process?.processIdentifier : nil } }

  /// Which program will play (nil: none installed; the UI names `PreviewPlayerSetup.debianPackages`).
  public var availableProgram: PreviewPlayerSetup.Program? {
    configuration.program ?? PreviewPlayerSetup.locate(environment: configuration.environment)
  }

  /// Starts `url` (an http(s) preview or a local file), replacing whatever plays. Returns the state after the
  /// player accepted it (loading), or the failure.
  @discardableResult
  public func play(_ url: String) async -> PreviewPlayback {
    let generation: Int = lock.withLock {
      state = PreviewPlayback(phase: .loading, elapsed: 0, total: nil, generation: state.generation + 1)
      currentEntry = nil
      phaseSince = Date()
      // A new clip's progress is measured from now: a first position of 0 s is no change from the reset `elapsed`,
      // and the last clip's stall must not make this one hung at the next tick.
      lastProgressAt = Date()
      pausedAt = nil
      pausedTotal = 0
      emitLocked(force: true)
      return state.generation
    }
    guard !lock.withLock({ isShutDown }) else { return fail(.playerDied, generation: generation) }
    guard let program = availableProgram else { return fail(.noPlayer, generation: generation) }
    switch program {
    case .ffplay(let path):
      return startFFplay(path, url: url, generation: generation)
    case .mpv(let path):
      guard let connection = ensureMPV(path) else { return fail(.controlChannel, generation: generation) }
      let reply = await connection.command([.text("loadfile"), .text(url), .text("replace")])
      switch reply {
      case .success(let value):
        lock.withLock {
          guard state.generation == generation else { return }
          currentEntry = value.number.map { Int($0) }
        }
        await connection.command([.text("set_property"), .text("pause"), .flag(false)])
        return playback
      case .failure(.timedOut):
        killChild()
        return fail(.playerHung, generation: generation)
      case .failure(.failed):
        return fail(.loadFailed, generation: generation)
      case .failure(.disconnected):
        return fail(.playerDied, generation: generation)
      }
    }
  }

  public func pause() async { await setPaused(true) }
  public func resume() async { await setPaused(false) }

  /// Stops the preview (the player stays, idle, for the next one).
  public func stop() async {
    let (connection, ffplay) = lock.withLock { () -> (MPVConnection?, SpawnedChild?) in
      state.phase = .idle
      emitLocked(force: true)
      if case .ffplay = program { return (nil, process) }
      return (self.connection, nil)
    }
    if let ffplay {
      ffplay.send(SIGCONT)
      ffplay.send(SIGTERM)
    }
    await connection?.command([.text("stop")])
  }

  /// Quits the player and reaps it: `quit`, then SIGTERM after 0.5 s, then SIGKILL after another 0.5 s. Safe to
  /// call more than once; the `updates` stream ends.
  public func shutdown() {
    let (connection, process): (MPVConnection?, SpawnedChild?) = lock.withLock {
      isShutDown = true
      defer {
        self.connection = nil
        self.process = nil
      }
      return (self.connection, self.process)
    }
    connection?.post([.text("quit")])
    if let process { Self.reap(process, grace: connection == nil ? 0 : 0.5) }
    connection?.close()
    if let path = lock.withLock({ socketPath }) {
      unlink(path)
      unlink((path as NSString).deletingLastPathComponent + "/vibes-mpv-watch-\(getpid()).lua")
    }
    watchdog?.cancel()
    continuation.finish()
  }

  // MARK: mpv

  private func ensureMPV(_ path: String) -> MPVConnection? {
    if let existing = lock.withLock({ self.process?.isRunning == true ? self.connection : nil }) { return existing }
    killChild()
    let runtime: String? = configuration.environment["XDG_RUNTIME_DIR"]
    let processID: Int32 = getpid()
    let userID: UInt32 = UInt32(getuid())
    let fallback: String = configuration.socketFallbackRoot
    // $XDG_RUNTIME_DIR when it fits and is ours alone, else /tmp/vibes-<uid> (checked the same way).
    var location: PreviewPlayerSetup.SocketLocation? = PreviewPlayerSetup.socketPath(
      runtimeDirectory: runtime, processID: processID, userID: userID, fallbackRoot: fallback)
    if let chosen = location, !PreviewPlayerSetup.preparePrivateFolder(chosen.folder, userID: userID) {
      location = PreviewPlayerSetup.socketPath(
        runtimeDirectory: nil, processID: processID, userID: userID, fallbackRoot: fallback)
      if let second = location, !PreviewPlayerSetup.preparePrivateFolder(second.folder, userID: userID) {
        location = nil
      }
    }
    guard let socket = location else { return nil }
    unlink(socket.path)
    // The parent watch lives beside the socket, in the folder checked to be ours alone.
    let watch = socket.folder + "/vibes-mpv-watch-\(processID).lua"
    unlink(watch)
    let written = FileManager.default.createFile(
      atPath: watch, contents: Data(PreviewPlayerSetup.parentWatchScript.utf8),
      attributes: [.posixPermissions: 0o600])
    let arguments = PreviewPlayerSetup.mpvArguments(
      socketPath: socket.path, extra: configuration.extraMPVArguments, watchScript: written ? watch : nil,
      parentProcessID: processID)
    guard let process = start(path, arguments) else { return nil }
    lock.withLock {
      self.process = process
      self.program = .mpv(path)
      self.socketPath = socket.path
    }
    let connection = MPVConnection.connect(
      path: socket.path, deadline: Date().addingTimeInterval(configuration.startTimeout),
      isAlive: { process.isRunning },
      onEvent: { [weak self] event in self?.handle(event) }, onClose: {})
    guard let connection else {
      killChild()
      return nil
    }
    lock.withLock { self.connection = connection }
    for (id, name) in [(1, "time-pos"), (2, "duration"), (3, "pause")] {
      connection.post([.text("observe_property"), .number(Double(id)), .text(name)])
    }
    return connection
  }

  private func handle(_ event: MPVEvent) {
    lock.withLock {
      switch event.name {
      case "property-change":
        guard state.isActive else { return }
        switch event.property {
        case "time-pos":
          guard let seconds = event.value.number else { return }
          if seconds != state.elapsed { lastProgressAt = Date() }
          state.elapsed = seconds
          if state.phase == .loading {
            state.phase = .playing
            lastProgressAt = Date()
            emitLocked(force: true)
          } else {
            emitLocked(force: false)
          }
        case "duration":
          if let seconds = event.value.number, seconds > 0 { state.total = seconds }
          emitLocked(force: true)
        case "pause":
          guard let paused = event.value.flag, state.phase != .loading else { return }
          state.phase = paused ? .paused : .playing
          lastProgressAt = Date()
          emitLocked(force: true)
        default: return
        }
      case "end-file":
        if let entry = event.entryID, let current = currentEntry, entry != current { return }
        guard state.isActive else { return }
        switch event.reason {
        case "eof":
          state.phase = .ended
          if let total = state.total { state.elapsed = total }
        case "error":
          let message = event.fileError?.lowercased() ?? ""
          state.phase = .failed(message.contains("audio output") ? .audioOutputFailed : .loadFailed)
        default:
          // "stop" comes for the file a `loadfile … replace` or a `stop` ended; "redirect" goes on.
          return
        }
        emitLocked(force: true)
      default: return
      }
    }
  }

  private func setPaused(_ paused: Bool) async {
    let (connection, ffplay) = lock.withLock { () -> (MPVConnection?, SpawnedChild?) in
      guard state.phase == .playing || state.phase == .paused else { return (nil, nil) }
      if case .ffplay = program {
        if paused, pausedAt == nil { pausedAt = Date() }
        if !paused, let since = pausedAt {
          pausedTotal += Date().timeIntervalSince(since)
          pausedAt = nil
        }
        state.phase = paused ? .paused : .playing
        emitLocked(force: true)
        return (nil, process)
      }
      return (self.connection, nil)
    }
    ffplay?.send(paused ? SIGSTOP : SIGCONT)
    await connection?.command([.text("set_property"), .text("pause"), .flag(paused)])
  }

  // MARK: ffplay

  private func startFFplay(_ path: String, url: String, generation: Int) -> PreviewPlayback {
    killChild()
    guard let process = start(path, PreviewPlayerSetup.ffplayArguments(url: url)) else {
      return fail(.noPlayer, generation: generation)
    }
    lock.withLock {
      self.process = process
      self.program = .ffplay(path)
      startedAt = Date()
      lastProgressAt = Date()
      state.phase = .playing
      emitLocked(force: true)
    }
    return playback
  }

  // MARK: Children

  /// Starts the program with /dev/null for stdin, stdout and stderr, no other descriptor, no blocked signal, its
  /// own process group and the allowed environment (`SpawnedChild`).
  private func start(_ path: String, _ arguments: [String]) -> SpawnedChild? {
    try? SpawnedChild.start(
      path, arguments: arguments,
      environment: .allowing(
        PreviewPlayerSetup.allowedVariables, from: PreviewPlayerSetup.childEnvironment(from: configuration.environment))
    ) { [weak self] child, exit in self?.childEnded(child, exit) }
  }

  private func childEnded(_ ended: SpawnedChild, _ exit: SpawnedChild.Exit) {
    let connection: MPVConnection? = lock.withLock {
      guard ended === process else { return nil }
      defer {
        process = nil
        self.connection = nil
      }
      if state.isActive && !isShutDown {
        if case .ffplay = program, exit == .exited(0) {
          let ran = Date().timeIntervalSince(startedAt)
          state.phase = ran < configuration.ffplayMinimumRun ? .failed(.audioOutputFailed) : .ended
        } else {
          state.phase = .failed(.playerDied)
        }
        emitLocked(force: true)
      }
      return self.connection
    }
    connection?.close()
  }

  /// Kills the current child (if any) and waits for it.
  private func killChild() {
    let (process, connection) = lock.withLock { () -> (SpawnedChild?, MPVConnection?) in
      defer {
        self.process = nil
        self.connection = nil
      }
      return (self.process, self.connection)
    }
    connection?.close()
    if let process { Self.reap(process, grace: 0) }
  }

  /// Waits `grace` for `process` to exit, then SIGTERM, then (0.5 s later) SIGKILL; returns once it is gone.
  static func reap(_ process: SpawnedChild, grace: TimeInterval) {
    if grace > 0, process.wait(timeout: grace) != nil { return }
    process.stop(grace: 0.5)
  }

  // MARK: Watchdog and state

  private func tick() {
    var hung = false
    lock.withLock {
      let now = Date()
      switch (state.phase, program) {
      case (.loading, _) where now.timeIntervalSince(phaseSince) > configuration.loadTimeout:
        hung = true
      case (.playing, .mpv?) where now.timeIntervalSince(lastProgressAt) > configuration.stallTimeout:
        hung = true
      case (.playing, .ffplay?):
        state.elapsed = now.timeIntervalSince(startedAt) - pausedTotal
        emitLocked(force: false)
      default: break
      }
      // A player that died between two ticks is reported by its exit (`.playerDied`), not as hung.
      if hung, process?.hasDied == true { hung = false }
      if hung {
        state.phase = .failed(.playerHung)
        emitLocked(force: true)
      }
    }
    if hung { killChild() }
  }

  private func fail(_ failure: PreviewPlaybackFailure, generation: Int) -> PreviewPlayback {
    lock.withLock {
      if state.generation == generation {
        state.phase = .failed(failure)
        emitLocked(force: true)
      }
      return state
    }
  }

  /// Sends the state; position-only changes at most every quarter second of clip time.
  private func emitLocked(force: Bool) {
    if !force && abs(state.elapsed - lastEmitted.elapsed) < 0.25 && state.phase == lastEmitted.phase { return }
    lastEmitted = state
    continuation.yield(state)
  }
}
