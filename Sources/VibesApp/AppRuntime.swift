import Foundation
import Logging
import VibesCore
import VibesTerminal
import VibesUI

/// The loop: terminal event -> action -> reduce -> effects -> render -> present.
/// All state lives on the main actor; effects run in tasks and come back as actions. The screen is an
/// `AppPresenter`: the terminal in the app, a frame recorder in tests and the headless demo.
@MainActor
public final class AppRuntime {
  let session: any AppPresenter
  let runner: EffectRunner
  let localizer: Localizer
  var state: AppState
  var running = RunningEffects()
  /// Every effect still running, cancellable or not, with when it started (what `settle` waits for).
  var inFlight: [EffectToken: (task: Task<Void, Never>, started: ContinuousClock.Instant)] = [:]
  /// Events taken from the presenter so far.
  var eventsTaken = 0
  /// The first frame is drawn and the loop takes actions.
  var started = false
  /// The loop has ended (quit, signal, or its task cancelled).
  var stopped = false
  let actions: AsyncStream<AppAction>
  let sink: ActionSink
  /// Keys replayed as if typed (`vibes demo --script`).
  let script: KeyScript?
  /// The frame last handed to the terminal, so a clock tick that changes no text draws nothing.
  var presented: Grid?
  /// When the last key was stamped, on the monotonic clock.
  var lastInput: ContinuousClock.Instant?

  public init(
    session: any AppPresenter, runner: EffectRunner, localizer: Localizer, isDemo: Bool = false,
    script: KeyScript? = nil
  ) {
    self.session = session
    self.runner = runner
    self.localizer = localizer
    let size = session.size
    self.state = AppState(size: ScreenSize(width: size.width, height: size.height))
    self.state.isDemo = isDemo
    self.state.context.language = localizer.language
    // A terminal that cannot draw pictures (NO_COLOR, dumb, no protocol and no 24-bit colour) gets no boxes for them.
    self.state.artwork.isShown = runner.dependencies.artwork.isEnabled(environment: runner.dependencies.environment)
    // Lists get thumbnails only with a picture protocol (half-blocks would give them 2×2 pixels).
    self.state.artwork.drawsThumbnails = runner.dependencies.artwork.drawsThumbnails(
      environment: runner.dependencies.environment)
    // The legend tier's glyph moves on with redraws that happen anyway; never under NO_COLOR or a dumb terminal.
    self.state.context.animation.isAllowed = RedrawAnimation.isAllowed(environment: runner.dependencies.environment)
    self.script = script
    let (actions, continuation) = AsyncStream.makeStream(of: AppAction.self)
    self.actions = actions
    self.sink = ActionSink(continuation)
  }

  /// Runs until the user quits or a termination signal arrives.
  public func run() async {
    let sink = self.sink
    // The terminal hands each event to `forward` on the main actor itself; a presenter that only has `events()`
    // (tests, the headless demo) is read by a task.
    let handed = session.handEvents(to: { [weak self] event in self?.forward(event) })
    let events = handed ? nil : session.events()
    let forwarder = events.map { events in
      Task { @MainActor [weak self] in
        for await event in events {
          guard let self else { return }
          self.forward(event)
        }
      }
    }
    dispatch(.started)
    render()
    started = true
    let graphics = detectGraphics()
    let player = script.map { script in Task { await script.play { sink.yield(.input($0)) } } }
    // The clock runs only for the tabs that ask for it (`TabFeature.wantsClock`).
    let ticker = ClockTicker(now: runner.dependencies.now)
    let clock = state.tabs.wantsClock ? Task { await ticker.run { sink.yield(.clockTicked($0)) } } : nil
    for await action in actions {
      // A key the forwarder handled itself (`take`) may have quit.
      if state.isQuitting { break }
      let goesOn = handle(action)
      sink.handled()
      if !goesOn { break }
    }
    forwarder?.cancel()
    if handed { session.stopHandingEvents() }
    graphics?.cancel()
    player?.cancel()
    clock?.cancel()
    running.cancelAll()
    // Leaving vibes stops a preview that plays (its player child is quit and reaped).
    runner.dependencies.previews.shutdown()
    stopped = true
  }

  /// After the loop ended (and the terminal is restored): cancels every effect still running and waits, up to
  /// `limit`, until they have ended, so nothing vibes started writes after it says it stopped (`vibes demo` deletes
  /// its home right after). A timer ends at once, a request promptly (it fails as cancelled), a SQLite or vault write
  /// once written; before, the process's exit cut them off wherever they were.
  /// Returns how many were still running at the limit.
  public func finishEffects(limit: Duration) async -> Int {
    for effect in inFlight.values { effect.task.cancel() }
    let deadline = ContinuousClock.now + limit
    while !inFlight.isEmpty, ContinuousClock.now < deadline {
      do { try await Task.sleep(for: .milliseconds(5)) } catch { break }
    }
    return inFlight.count
  }

  /// One event from the presenter, on the main actor, in the order they came. Nothing after the loop stopped.
  func forward(_ event: TerminalEvent) {
    guard !stopped else { return }
    eventsTaken += 1
    switch event {
    case .input(let input): take(.input(input))
    case .resize:
      session.handleResize()
      let size = session.size
      sink.yield(.resized(ScreenSize(width: size.width, height: size.height)))
    case .signal: sink.yield(.terminationRequested)
    case .reply(let bytes):
      if let draws = session.graphicsReply(bytes) { terminalPicturesChanged(draws) }
    }
  }

  /// One action: reduced, its effects started, the frame drawn. False when it quit (nothing more is drawn).
  func handle(_ action: AppAction) -> Bool {
    dispatch(action)
    if state.isQuitting { return false }
    let clockDriven = state.isClockDriven(action)
    state.context.animation.willRedraw(clockDriven: clockDriven)
    render(onlyIfChanged: clockDriven)
    return true
  }

  /// A key or paste from the terminal, on the main actor. When no action waits in the loop's queue (the loop then
  /// waits too: it and this run on the main actor), it is handled here at once, sparing the key a second hand-over
  /// between tasks; else it is queued behind those actions, so actions are handled in the order they came. A key
  /// that quits here ends the loop's queue, so the loop ends as if it had quit itself.
  func take(_ action: AppAction) {
    guard started, !stopped, !state.isQuitting, sink.backlog == 0 else { return sink.yield(action) }
    if !handle(action) { sink.finish() }
  }

  /// For a presenter without a terminal (tests, the headless demo): waits until the loop has drawn its first
  /// frame, taken `events` events from the presenter, handled every action sent to it and seen every effect end
  /// (or until the loop stopped). An effect still running after `effectLimit` (a timer, a retry's wait) is
  /// cancelled, as leaving its screen would, and its late answer is dropped.
  public func settle(afterEvents events: Int, effectLimit: Duration) async {
    while !stopped, !started || eventsTaken < events || sink.backlog > 0 || !inFlight.isEmpty {
      let now = ContinuousClock.now
      for effect in inFlight.values where now - effect.started > effectLimit { effect.task.cancel() }
      do { try await Task.sleep(for: .milliseconds(2)) } catch { return }
    }
  }

  /// Draws the state; with `onlyIfChanged` (after a clock tick) nothing reaches the terminal unless the frame differs.
  func render(onlyIfChanged: Bool = false) {
    let grid = AppView.render(state, localizer)
    // What was drawn decides how far PgUp/PgDn move; recording it is not an action (nothing to redraw).
    if let viewport = grid.viewport { state.context.viewport = viewport }
    requestArtwork(for: grid)
    if onlyIfChanged, grid == presented { return }
    presented = grid
    session.present(grid)
  }

  /// What an effect queued for the terminal (`AppDependencies.terminal`) goes to the presenter with a frame, so it
  /// is written once, after that frame.
  func deliverTerminalBytes() {
    let queued = runner.dependencies.terminal.take()
    guard !queued.isEmpty, !stopped else { return }
    for bytes in queued { session.sendAfterFrame(bytes) }
    render()
  }

  /// Gives the key being handled its time (`AppContext.inputAt`): the app's clock, and never less than the last
  /// key's time plus the real time since, so keys' times move on even where the app's clock stands still (the
  /// demo's fixed clock).
  func stampInput() {
    let instant = ContinuousClock.now
    var date = runner.dependencies.now()
    if let previous = state.context.inputAt, let lastInput {
      let elapsed = instant - lastInput
      let seconds = elapsed / .seconds(1)
      date = max(date, previous.addingTimeInterval(seconds))
    }
    lastInput = instant
    state.context.inputAt = date
  }

  func dispatch(_ action: AppAction) {
    // A key carries its time: what it does may depend on how long ago something happened (`r`'s gap).
    if case .input = action { stampInput() }
    let effects = AppReducer.reduce(&state, action)
    for effect in effects { perform(effect) }
  }

  func perform(_ effect: AppEffect) {
    switch effect {
    case .quit:
      state.isQuitting = true
    case .copyToClipboard(let text):
      session.copyToClipboard(text)
    case .cancel(let requestID):
      running.cancel(requestID)
    default:
      let token = EffectToken.next()
      let requestID = effect.cancellationID
      let task = launch(effect) { [weak self] in
        self?.deliverTerminalBytes()
        self?.inFlight[token] = nil
        if let requestID { self?.running.finished(requestID, token: token) }
      }
      inFlight[token] = (task, .now)
      if let requestID { running.add(task, id: requestID, token: token) }
    }
  }

  /// Runs an effect off the main actor and feeds its actions back into the loop; a cancelled
  /// effect's late actions are dropped.
  func launch(_ effect: AppEffect, completion: @escaping @MainActor () -> Void) -> Task<Void, Never> {
    let runner = self.runner
    let sink = self.sink
    return Task.detached {
      await runner.run(effect) { action in
        if !Task.isCancelled { sink.yield(action) }
      }
      await completion()
    }
  }
}

/// Where actions reach the loop from (the presenter's events, effects, the clock, a script), counting those sent
/// and not yet handled so `AppRuntime.settle` can tell when the loop has caught up.
struct ActionSink: Sendable {
  private let continuation: AsyncStream<AppAction>.Continuation
  private let counter = Backlog()

  init(_ continuation: AsyncStream<AppAction>.Continuation) { self.continuation = continuation }

  func yield(_ action: AppAction) {
    counter.change(by: 1)
    continuation.yield(action)
  }

  /// No more actions: the loop ends once it has taken those already sent.
  func finish() { continuation.finish() }

  /// The loop finished one action.
  func handled() { counter.change(by: -1) }

  /// Actions sent and not yet handled.
  var backlog: Int { counter.value }

  /// Actions sent since the runtime was made (handled or not).
  var sent: Int { counter.sent }
}

/// A lock-guarded count, changed from effect tasks and read on the main actor.
private final class Backlog: @unchecked Sendable {
  // @unchecked: every access holds the lock.
  private let lock = NSLock()
  private var count = 0
  private var total = 0

  func change(by delta: Int) {
    lock.withLock {
      count += delta
      if delta > 0 { total += delta }
    }
  }

  var value: Int { lock.withLock { count } }
  var sent: Int { lock.withLock { total } }
}
