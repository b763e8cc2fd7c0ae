import Foundation
import VibesCore
import VibesTestSupport
import VibesUI

@testable import VibesApp
@testable import VibesDemo

/// `vibes demo` without a terminal: its dependencies (the demo fakes, a private home, the demo clock) under the
/// real `AppRuntime`, whose frames land in a `TestPresenter`; keys go in as terminal events and each step waits
/// until the loop has handled them and every effect they started has ended. An effect still running after
/// `effectLimit` (a timer, a retry's sleep) is cancelled, as leaving the screen would.
@MainActor
final class HeadlessDemo {
  let session: DemoSession
  let runner: EffectRunner
  let presenter: TestPresenter
  let runtime: AppRuntime
  let effectLimit: Double
  /// The demo timeline the friends act on: a script's pauses move it (`play`), so a replay meets them where a
  /// recording does.
  let timeline: DemoTimeline
  private var loop: Task<Void, Never>?

  init(
    clock: (@Sendable () -> Date)? = DemoClock.now, effectLimit: Double = 1.5, browser: String = "/bin/false",
    tutorial: Bool = false, timeline: DemoTimeline = .manual()
  ) async throws {
    session = try await DemoSession(
      userEnvironment: ["TERM": "xterm", "LANG": "en_GB.UTF-8"], browser: browser, timeline: timeline)
    var environment = session.environment
    environment["VIBES_SKIP_TUTORIAL"] = tutorial ? "" : "1"
    var dependencies = try AppLauncher.makeDependencies(environment: environment)
    if let clock { dependencies.useClock(clock) }
    let account = session.firebaseAccount
    try dependencies.signInDemoAccount(
      uid: account.uid, refreshToken: account.refreshToken, email: account.email, username: account.username)
    runner = EffectRunner(dependencies: dependencies)
    let presenter = TestPresenter(width: 80, height: 24)
    self.presenter = presenter
    runtime = AppRuntime(session: presenter, runner: runner, localizer: Localizer(.en), isDemo: true)
    self.effectLimit = effectLimit
    self.timeline = timeline
    let runtime = self.runtime
    loop = Task { await runtime.run() }
    await settle()
  }

  /// Stops the loop, then the fakes.
  func finish() async {
    loop?.cancel()
    await loop?.value
    await session.finish()
  }

  /// The app's state now.
  var state: AppState { runtime.state }

  /// What Spotify holds now: the playlists the tour saved.
  func spotifyPlaylists() async -> [(name: String, tracks: Int)] { await session.spotify.savedPlaylists() }

  /// Presses the keys of a demo-script fragment (`key`, `type` and `paste` lines); pauses are not waited for, they
  /// move the demo timeline.
  func play(_ script: String) async throws {
    for step in try KeyScript(parsing: script).steps { await perform(step) }
  }

  /// One step of a script: a key pressed, or a pause added to the demo timeline.
  func perform(_ step: KeyScript.Step) async {
    switch step {
    case .input(let event): await dispatch(.input(event))
    case .pause(let seconds): timeline.advance(by: seconds)
    }
  }

  /// Input goes in through the presenter, as the terminal sends it; any other action straight to the loop.
  func dispatch(_ action: AppAction) async {
    if case .input(let event) = action {
      presenter.send(.input(event))
    } else {
      runtime.sink.yield(action)
    }
    await settle()
  }

  func settle() async {
    await runtime.settle(afterEvents: presenter.sent, effectLimit: .milliseconds(Int(effectLimit * 1000)))
  }

  /// The actions `effect` sent within the limit, run on its own outside the loop.
  func run(_ effect: AppEffect) async -> [AppAction] {
    let collected = Collected()
    let runner = self.runner
    let limit = effectLimit
    await withTaskGroup(of: Void.self) { group in
      group.addTask { await runner.run(effect) { collected.append($0) } }
      group.addTask { try? await Task.sleep(nanoseconds: UInt64(limit * 1_000_000_000)) }
      await group.next()
      group.cancelAll()
    }
    return collected.actions
  }

  /// The last frame drawn.
  var screen: String { presenter.screen }

  /// `vibes demo-browser` from this build, as `vibes demo` sets it; nil when the executable was not built.
  static var demoBrowser: String? {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let executable = root.appendingPathComponent(".build/debug/vibes").path
    return FileManager.default.isExecutableFile(atPath: executable) ? "\(executable) demo-browser" : nil
  }
}

/// Actions an effect sends, from any thread.
final class Collected: @unchecked Sendable {
  private let lock = NSLock()
  private var items: [AppAction] = []
  func append(_ action: AppAction) { lock.withLock { items.append(action) } }
  var actions: [AppAction] { lock.withLock { items } }
}
