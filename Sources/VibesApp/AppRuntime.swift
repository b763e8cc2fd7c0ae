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
  /// The screen, once there is one: the app's start (`begin`) may run before the terminal is up.
  private(set) var presenter: (any AppPresenter)?
  let runner: EffectRunner
  let localizer: Localizer
  var state: AppState
  var running = RunningEffects()
  /// Every effect still running, cancellable or not, with when it started (what `settle` waits for).
  var inFlight: [EffectToken: (task: Task<Void, Never>, started: ContinuousClock.Instant)] = [:]
  /// Events taken from the presenter so far.
  var eventsTaken = 0
  /// `.started` was dispatched: the start's reads are running.
  var begun = false
  /// What `.started` asked for when the start was reduced ahead (`AppStart`); nil: `begin` dispatches it.
  let startEffects: [AppEffect]?
  /// Those effects, when they were started before the runtime existed (`AppStart.launch`).
  let launched: AppStart.Launched?
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
    let size = session.size
    let dependencies = runner.dependencies
    self.runner = runner
    self.localizer = localizer
    self.state = AppStart.firstState(
      size: ScreenSize(width: size.width, height: size.height), localizer: localizer, isDemo: isDemo,
      environment: dependencies.environment, artwork: dependencies.artwork)
    self.startEffects = nil
    self.launched = nil
    self.script = script
    (actions, sink) = ActionSink.makeQueue()
    presenter = session
  }

  /// A runtime from a start made before the dependencies were (`AppStart`), without a screen yet: `begin()` sends
  /// the start's reads, `run(presentingOn:)` draws once the terminal is up.
  /// `launched`: the start's effects when the storage task already started them (`AppStart.launch`); `begin` then
  /// only takes them over.
  public init(
    start: AppStart, runner: EffectRunner, localizer: Localizer, script: KeyScript? = nil,
    launched: AppStart.Launched? = nil
  ) {
    self.runner = runner
    self.localizer = localizer
    self.state = start.state
    self.startEffects = start.effects
    self.script = script
    (actions, sink) = (start.actions, start.sink)
    self.launched = launched
  }

  /// The app's start: its reads (setup facts, the Feed's window, the secret store) go out now, so they run while
  /// the caller does what else the first frame waits for. `run` calls it when nobody did.
  public func begin() {
    guard !begun else { return }
    begun = true
    if let launched {
      for (effect, task) in launched.effects { track(effect, task: task) }
    } else if let startEffects {
      for effect in startEffects { perform(effect) }
    } else {
      dispatch(.started)
    }
  }

  /// Runs on `presenter` (the terminal, started after `begin()`) until the user quits or a termination signal
  /// arrives.
  public func run(presentingOn presenter: any AppPresenter) async {
    self.presenter = presenter
    let size = ScreenSize(width: presenter.size.width, height: presenter.size.height)
    if size != state.size { dispatch(.resized(size)) }
    await run()
  }

  /// Runs until the user quits or a termination signal arrives (on the presenter given at `init`).
  public func run() async {
    guard let session = presenter else { return }
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
    // Begun before the screen was there (`AppLauncher`): what the start's reads already answered while the terminal
    // started is in the first frame, so it is drawn complete instead of "checking…" first. Nothing waits for an
    // answer still out; a runtime begun here draws the started state first, as it always did.
    let startedEarly = begun
    begin()
    var queue = actions.makeAsyncIterator()
    while startedEarly, sink.backlog > 0, !state.isQuitting, let action = await queue.next() {
      dispatch(action)
      sink.handled()
    }
    if !state.isQuitting { render() }
    started = true
    // Bytes an effect queued for the terminal while the first frame waited go out after it.
    deliverTerminalBytes()
    let graphics = state.isQuitting ? nil : detectGraphics()
    let player = script.map { script in Task { await script.play { sink.yield(.input($0)) } } }
    // The clock runs only for the tabs that ask for it (`TabFeature.wantsClock`).
    let ticker = ClockTicker(now: runner.dependencies.now)
    let clock = state.tabs.wantsClock ? Task { await ticker.run { sink.yield(.clockTicked($0)) } } : nil
    while !state.isQuitting, let action = await queue.next() {
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
      guard let session = presenter else { return }
      session.handleResize()
      let size = session.size
      sink.yield(.resized(ScreenSize(width: size.width, height: size.height)))
    case .signal: sink.yield(.terminationRequested)
    case .reply(let bytes):
      if let draws = presenter?.graphicsReply(bytes) { terminalPicturesChanged(draws) }
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
    guard let session = presenter else { return }
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
    guard let session = presenter, started else { return }
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
      presenter?.copyToClipboard(text)
    case .cancel(let requestID):
      running.cancel(requestID)
    default:
      let token = EffectToken.next()
      let task = Self.detached(effect, runner: runner, sink: sink) { [weak self] in self?.ended(effect, token: token) }
      keep(effect, task: task, token: token)
    }
  }

  /// Takes over an effect started before the runtime existed (`AppStart.launch`) as if `perform` had started it.
  func track(_ effect: AppEffect, task: Task<Void, Never>) {
    let token = EffectToken.next()
    keep(effect, task: task, token: token)
    Task { @MainActor [weak self] in
      await task.value
      self?.ended(effect, token: token)
    }
  }

  /// A running effect: `settle` and `finishEffects` wait for it, and its request id can cancel it.
  private func keep(_ effect: AppEffect, task: Task<Void, Never>, token: EffectToken) {
    inFlight[token] = (task, .now)
    if let requestID = effect.cancellationID { running.add(task, id: requestID, token: token) }
  }

  /// An effect ended: the terminal gets what it queued, and it is no longer waited for.
  private func ended(_ effect: AppEffect, token: EffectToken) {
    deliverTerminalBytes()
    inFlight[token] = nil
    if let requestID = effect.cancellationID { running.finished(requestID, token: token) }
  }

  /// Runs an effect off the main actor and feeds its actions into `sink`, then `completion` on the main actor; a
  /// cancelled effect's late actions are dropped.
  nonisolated static func detached(
    _ effect: AppEffect, runner: EffectRunner, sink: ActionSink,
    completion: (@MainActor @Sendable () -> Void)? = nil
  ) -> Task<Void, Never> {
    Task.detached {
      await runner.run(effect) { action in
        if !Task.isCancelled { sink.yield(action) }
      }
      if let completion { await completion() }
    }
  }
}

/// Where actions reach the loop from (the presenter's events, effects, the clock, a script), counting those sent
/// and not yet handled so `AppRuntime.settle` can tell when the loop has caught up.
public struct ActionSink: Sendable {
  private let continuation: AsyncStream<AppAction>.Continuation
  private let counter = Backlog()

  init(_ continuation: AsyncStream<AppAction>.Continuation) { self.continuation = continuation }

  /// A queue for the loop: the stream it reads and the sink everything else sends into.
  static func makeQueue() -> (actions: AsyncStream<AppAction>, sink: ActionSink) {
    let (actions, continuation) = AsyncStream.makeStream(of: AppAction.self)
    return (actions, ActionSink(continuation))
  }

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
