import Foundation
import VibesCore
import VibesUI

/// The app's first state, reduced with `.started`, and the effects that asks for: made before storage is open,
/// since nothing in them needs the dependencies. `AppLauncher` makes it on the main thread while the database
/// opens on another, then hands it to `AppRuntime(start:…)`.
@MainActor
public struct AppStart {
  var state: AppState
  let effects: [AppEffect]
  /// The loop's queue, made with the start so the start's effects can answer into it before the runtime exists.
  let actions: AsyncStream<AppAction>
  let sink: ActionSink

  /// `queue`: the loop's action queue, when the caller made it first (to hand its sink to the storage task).
  init(
    size: ScreenSize, localizer: Localizer, isDemo: Bool, environment: [String: String],
    artwork: ArtworkDependencies = ArtworkDependencies(),
    queue: (actions: AsyncStream<AppAction>, sink: ActionSink) = ActionSink.makeQueue()
  ) {
    var state = Self.firstState(
      size: size, localizer: localizer, isDemo: isDemo, environment: environment, artwork: artwork)
    effects = AppReducer.reduce(&state, .started)
    self.state = state
    (actions, sink) = queue
  }

  /// Draws the first state at `size` and throws the frame away: the first use of every type a frame needs is paid
  /// here, while the main thread waits for storage anyway, instead of in the first frame shown.
  func drawOnce(size: ScreenSize, _ localizer: Localizer) {
    var state = state
    state.size = size
    _ = AppView.render(state, localizer)
  }

  /// What `launch` gives the runtime: the start's effects, already running.
  public struct Launched: Sendable {
    let effects: [(effect: AppEffect, task: Task<Void, Never>)]
  }

  /// Starts the start's effects on `runner` now, off the main actor (the storage task does, the moment the
  /// dependencies exist); `AppRuntime(start:…, launched:)` takes them over as if it had started them itself.
  public nonisolated static func launch(
    _ effects: [AppEffect], runner: EffectRunner, into sink: ActionSink
  ) -> Launched {
    Launched(effects: effects.map { effect in (effect, AppRuntime.detached(effect, runner: runner, sink: sink)) })
  }

  /// A first-launch state for this terminal and environment, before `.started`.
  static func firstState(
    size: ScreenSize, localizer: Localizer, isDemo: Bool, environment: [String: String],
    artwork: ArtworkDependencies
  ) -> AppState {
    var state = AppState(size: size)
    state.isDemo = isDemo
    state.context.language = localizer.language
    // A terminal that cannot draw pictures (NO_COLOR, dumb, no protocol and no 24-bit colour) gets no boxes for them.
    state.artwork.isShown = artwork.isEnabled(environment: environment)
    // Lists get thumbnails only with a picture protocol (half-blocks would give them 2×2 pixels).
    state.artwork.drawsThumbnails = artwork.drawsThumbnails(environment: environment)
    // The legend tier's glyph moves on with redraws that happen anyway; never under NO_COLOR or a dumb terminal.
    state.context.animation.isAllowed = RedrawAnimation.isAllowed(environment: environment)
    return state
  }
}
