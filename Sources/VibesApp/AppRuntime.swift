import Foundation
import Logging
import VibesCore
import VibesTerminal
import VibesUI

/// The loop: terminal event -> action -> reduce -> effects -> render -> present.
/// All state lives on the main actor; effects run in tasks and come back as actions.
@MainActor
public final class AppRuntime {
  let session: TerminalSession
  let runner: EffectRunner
  let localizer: Localizer
  var state: AppState
  var running = RunningEffects()
  let actions: AsyncStream<AppAction>
  let sink: AsyncStream<AppAction>.Continuation
  /// Keys replayed as if typed (`vibes demo --script`).
  let script: KeyScript?
  /// The frame last handed to the terminal, so a clock tick that changes no text draws nothing.
  var presented: Grid?

  public init(
    session: TerminalSession, runner: EffectRunner, localizer: Localizer, isDemo: Bool = false,
    script: KeyScript? = nil
  ) {
    self.session = session
    self.runner = runner
    self.localizer = localizer
    let size = session.size
    self.state = AppState(size: ScreenSize(width: size.width, height: size.height))
    self.state.isDemo = isDemo
    self.state.context.language = localizer.language
    self.script = script
    (actions, sink) = AsyncStream.makeStream(of: AppAction.self)
  }

  /// Runs until the user quits or a termination signal arrives.
  public func run() async {
    let events = session.events()
    let sink = self.sink
    let forwarder = Task { @MainActor [weak self] in
      for await event in events {
        guard let self else { return }
        switch event {
        case .input(let input): sink.yield(.input(input))
        case .resize:
          self.session.handleResize()
          let size = self.session.size
          sink.yield(.resized(ScreenSize(width: size.width, height: size.height)))
        case .signal: sink.yield(.terminationRequested)
        }
      }
    }
    dispatch(.started)
    render()
    let player = script.map { script in Task { await script.play { sink.yield(.input($0)) } } }
    // The clock runs only for the tabs that ask for it (`TabFeature.wantsClock`).
    let ticker = ClockTicker(now: runner.dependencies.now)
    let clock = state.tabs.wantsClock ? Task { await ticker.run { sink.yield(.clockTicked($0)) } } : nil
    for await action in actions {
      dispatch(action)
      if state.isQuitting { break }
      render(onlyIfChanged: state.isClockDriven(action))
    }
    forwarder.cancel()
    player?.cancel()
    clock?.cancel()
    running.cancelAll()
  }

  /// Draws the state; with `onlyIfChanged` (after a clock tick) nothing reaches the terminal unless the frame differs.
  func render(onlyIfChanged: Bool = false) {
    let grid = AppView.render(state, localizer)
    // What was drawn decides how far PgUp/PgDn move; recording it is not an action (nothing to redraw).
    if let viewport = grid.viewport { state.context.viewport = viewport }
    if onlyIfChanged, grid == presented { return }
    presented = grid
    session.present(grid)
  }

  func dispatch(_ action: AppAction) {
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
      if let requestID = effect.cancellationID {
        let token = UUID()
        running.add(
          launch(effect) { [weak self] in self?.running.finished(requestID, token: token) }, id: requestID, token: token
        )
      } else {
        _ = launch(effect) {}
      }
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
