import Foundation
import VibesApp
import VibesCore
import VibesUI

@testable import VibesDemo

/// The demo's app loop without a terminal: `vibes demo`'s dependencies (the demo fakes, a private home, the
/// demo clock), keys in, each effect run against the fakes and its actions fed back, the screen rendered as text.
/// An effect still running after `effectLimit` (a timer, a retry's sleep) is cancelled, as leaving the screen would.
@MainActor
final class HeadlessDemo {
  let session: DemoSession
  let runner: EffectRunner
  var state = AppState(size: ScreenSize(width: 80, height: 24))
  let effectLimit: Double

  init(
    clock: (@Sendable () -> Date)? = DemoClock.now, effectLimit: Double = 1.5, browser: String = "/bin/false",
    tutorial: Bool = false
  ) async throws {
    session = try await DemoSession(userEnvironment: ["TERM": "xterm", "LANG": "en_GB.UTF-8"], browser: browser)
    var environment = session.environment
    environment["VIBES_SKIP_TUTORIAL"] = tutorial ? "" : "1"
    var dependencies = try AppLauncher.makeDependencies(environment: environment)
    if let clock { dependencies.useClock(clock) }
    runner = EffectRunner(dependencies: dependencies)
    self.effectLimit = effectLimit
    await dispatch(.started)
  }

  func finish() async { await session.finish() }

  /// What the demo Spotify holds now: the playlists the tour saved.
  func spotifyPlaylists() async -> [(name: String, tracks: Int)] { await session.spotify.savedPlaylists() }

  /// Presses the keys of a demo-script fragment (`key`, `type` and `paste` lines; pauses are skipped).
  func play(_ script: String) async throws {
    for step in try KeyScript(parsing: script).steps {
      if case .input(let event) = step { await dispatch(.input(event)) }
    }
  }

  func dispatch(_ action: AppAction) async {
    var queue = [action]
    while !queue.isEmpty {
      for effect in AppReducer.reduce(&state, queue.removeFirst()) {
        switch effect {
        case .quit, .cancel, .copyToClipboard, .openURL: continue
        default: queue += await run(effect)
        }
      }
    }
  }

  /// The actions `effect` sent within the limit.
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

  var screen: String { AppView.render(state, Localizer(.en)).text }

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
