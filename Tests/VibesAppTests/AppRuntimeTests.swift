import Foundation
import Synchronization
import VibesCore
import VibesServices
import VibesTestSupport
import VibesUI
import XCTest

@testable import VibesApp

/// The real `AppRuntime` and `EffectRunner` over a temporary home (real SQLite file, real vault), drawn into a
/// `TestPresenter`: what reaches the screen, how often, and what a quit leaves running. Gemini is a loopback fake;
/// every other service points at a port that refuses connections.
@MainActor
final class AppRuntimeTests: XCTestCase {
  var home: URL!
  var gemini: FakeGeminiServer!
  var presenter: TestPresenter!
  var runtime: AppRuntime!
  var loop: Task<Void, Never>?
  /// Frames presented before the loop took its first action.
  var framesBeforeLoop = 0
  static let geminiKey = "AIzaRuntimeTestKey000000000000000000000"

  override func setUp() async throws {
    home = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-runtime-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    gemini = try await FakeGeminiServer(validKeys: [Self.geminiKey])
  }

  override func tearDown() async throws {
    loop?.cancel()
    await loop?.value
    await gemini.stop()
    try? FileManager.default.removeItem(at: home)
  }

  /// Starts the loop at `width`×`height`, replaying `script` if given, and waits for the start's effects; `extra`
  /// variables are added to the environment; `probe` is what the terminal answers to the graphics probe.
  func start(
    width: Int = 80, height: Int = 24, script: KeyScript? = nil, environment extra: [String: String] = [:],
    probe: Bool? = nil, thumbnails: Bool = false, clock: (@Sendable () -> Date)? = nil
  ) async throws {
    let environment = try environment(extra)
    var dependencies = try AppLauncher.makeDependencies(environment: environment)
    if let clock { dependencies.useClock(clock) }
    let presenter = TestPresenter(width: width, height: height)
    presenter.probeAnswer = probe
    presenter.drawsThumbnails = thumbnails
    let runtime = AppRuntime(
      session: presenter, runner: EffectRunner(dependencies: dependencies), localizer: Localizer(.en),
      script: script)
    watch(runtime, on: presenter)
    loop = Task { await runtime.run() }
    await settle()
  }

  /// The temporary home's environment, with `extra` added.
  func environment(_ extra: [String: String] = [:]) throws -> [String: String] {
    let refused = try FaultServer.refusingURL().absoluteString
    var environment = [
      "HOME": home.path, "LANG": "en_GB.UTF-8", "TERM": "xterm", "PATH": "/usr/bin:/bin",
      "VIBES_SECRET_STORE": "vault", "VIBES_SKIP_TUTORIAL": "1", "BROWSER": "/bin/false",
      "VIBES_GEMINI_API_URL": gemini.baseURL.absoluteString,
    ]
    for variable in [
      "VIBES_TICKETMASTER_API_URL", "VIBES_ITUNES_API_URL", "VIBES_SPOTIFY_ACCOUNTS_URL", "VIBES_SPOTIFY_API_URL",
      "VIBES_ASC_API_URL", "VIBES_TRACKER_QC_URL", "VIBES_TRACKER_PRODUCTION_URL",
    ] {
      environment[variable] = refused
    }
    for (variable, folder) in [
      ("XDG_CONFIG_HOME", ".config"), ("XDG_DATA_HOME", ".local/share"), ("XDG_STATE_HOME", ".local/state"),
      ("XDG_CACHE_HOME", ".cache"),
    ] {
      environment[variable] = home.appendingPathComponent(folder).path
    }
    environment.merge(extra) { _, new in new }
    return environment
  }

  /// Keeps the runtime and its presenter for the test, counting the frames drawn before the loop's first action.
  func watch(_ runtime: AppRuntime, on presenter: TestPresenter) {
    self.presenter = presenter
    self.runtime = runtime
    presenter.onPresent = { [unowned self, unowned runtime] _ in
      if !runtime.started { self.framesBeforeLoop += 1 }
    }
  }

  func settle() async { await runtime.settle(afterEvents: presenter.sent, effectLimit: .seconds(5)) }

  /// Lists get thumbnails only with a picture protocol: kitty by the environment, half-blocks (24-bit colour) not,
  /// and a probe that finds a protocol turns them on.
  func testThumbnailsFollowThePictureProtocolNotJustPictures() async throws {
    try await start(environment: ["TERM": "xterm-kitty"])
    XCTAssertTrue(runtime.state.artwork.isShown && runtime.state.artwork.drawsThumbnails)
    loop?.cancel()
    await loop?.value
    try await start(environment: ["COLORTERM": "truecolor"])
    XCTAssertTrue(runtime.state.artwork.isShown, "half-blocks")
    XCTAssertFalse(runtime.state.artwork.drawsThumbnails, "half-blocks give a 2×1 box 2×2 pixels")
    loop?.cancel()
    await loop?.value
    try await start(probe: true, thumbnails: true)
    try await waitUntil("the probe found a protocol") { runtime.state.artwork.drawsThumbnails }
    XCTAssertTrue(runtime.state.showsThumbnails)
  }

  /// The terminal is asked what it can draw once, after the first frame; what it (or tmux) answers decides whether
  /// screens reserve boxes, and a changed answer presents the frame again even when its text is the same.
  func testTheGraphicsProbeGoesOutAfterTheFirstFrameAndItsAnswerDecidesThePictures() async throws {
    try await start(probe: true)
    XCTAssertFalse(
      runner(runtime).dependencies.artwork.isEnabled(environment: runner(runtime).dependencies.environment),
      "TERM=xterm without 24-bit colour: no pictures by the environment")
    try await waitUntil("the probe's answer") { runtime.state.artwork.isShown }
    XCTAssertEqual(presenter.probeStartedAfterFrames.count, 1)
    XCTAssertGreaterThanOrEqual(presenter.probeStartedAfterFrames.first ?? 0, 1, "never before the first frame")
    await settle()
    let frames = presenter.frames.count
    presenter.replyAnswer = false
    let reply = Array("\u{1B}[?62;22c".utf8)
    presenter.send(.reply(reply))
    try await waitUntil("no pictures after all") { !runtime.state.artwork.isShown }
    await settle()
    XCTAssertEqual(presenter.replies, [reply])
    XCTAssertGreaterThan(presenter.frames.count, frames, "presented again: the terminal repaints the screen")
    XCTAssertEqual(presenter.frames.last?.cells, presenter.frames[frames - 1].cells, "a screen without boxes")
    XCTAssertEqual(presenter.probeStartedAfterFrames.count, 1, "asked once")
  }

  private func runner(_ runtime: AppRuntime) -> EffectRunner { runtime.runner }

  func press(_ key: Key) async {
    presenter.send(.input(.key(key)))
    await settle()
  }

  /// Polls `condition` every 10 ms for up to 5 s.
  func waitUntil(_ what: String, _ condition: () async -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(5)
    while !(await condition()) {
      guard ContinuousClock.now < deadline else {
        XCTFail("waited 5 s for \(what)")
        throw CancellationError()
      }
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  func testStartDrawsTheFirstFrameAtTheTerminalsSize() async throws {
    try await start()
    let first = try XCTUnwrap(presenter.frames.first, "nothing drawn")
    XCTAssertEqual(first.width, 80)
    XCTAssertEqual(first.height, 24)
    XCTAssertTrue(first.text.contains("Feed"), "the tab bar:\n\(first.text)")
    XCTAssertEqual(framesBeforeLoop, 1, "one frame drawn at start, before the loop took any action")
    // The state `.started` leaves.
    var started = AppState(size: ScreenSize(width: 80, height: 24))
    started.context.language = .en
    _ = AppReducer.reduce(&started, .started)
    XCTAssertEqual(first, AppView.render(started, Localizer(.en)), "the first frame is the started state")
    // At most one more per action the start's effects sent back (a clock-driven one only if it changed the text).
    XCTAssertLessThanOrEqual(presenter.frames.count, 1 + runtime.sink.sent)
    XCTAssertEqual(presenter.screen, AppView.render(runtime.state, Localizer(.en)).text, "the last frame is the state")
  }

  /// `AppLauncher`'s start: the first state made before storage, the start's effects started as soon as storage is
  /// open (`AppStart.launch`) and answered before the terminal is up. Their answers are in the first frame (the
  /// SetupCard's count, not "checking…"), drawn once, and the runtime waits for those effects as for its own.
  func testEffectsStartedBeforeTheTerminalAnswerIntoTheFirstFrame() async throws {
    let environment = try environment()
    let dependencies = try AppLauncher.makeDependencies(environment: environment)
    let start = AppStart(
      size: ScreenSize(width: 80, height: 24), localizer: Localizer(.en), isDemo: false, environment: environment)
    let runner = EffectRunner(dependencies: dependencies)
    let launched = AppStart.launch(start.effects, runner: runner, into: start.sink)
    XCTAssertEqual(launched.effects.map(\.effect), start.effects, "every effect `.started` asked for is running")
    for (_, task) in launched.effects { await task.value }
    let presenter = TestPresenter(width: 80, height: 24)
    let runtime = AppRuntime(start: start, runner: runner, localizer: Localizer(.en), launched: launched)
    runtime.begin()
    watch(runtime, on: presenter)
    loop = Task { await runtime.run(presentingOn: presenter) }
    await settle()
    let first = try XCTUnwrap(presenter.frames.first, "nothing drawn")
    XCTAssertTrue(first.text.contains("Setup · 0/3 complete"), "the facts read before the terminal:\n\(first.text)")
    XCTAssertFalse(first.text.contains("checking"), first.text)
    XCTAssertEqual(framesBeforeLoop, 1, "one frame before the loop took any action")
    XCTAssertEqual(presenter.frames.count, 1, "nothing left to redraw: every answer was in the first frame")
    XCTAssertTrue(runtime.inFlight.isEmpty, "the effects it took over have ended and are no longer waited for")
  }

  /// A terminal of another size than the one the start was made for: the first frame is drawn at the terminal's.
  func testAStartMadeForAnotherSizeDrawsAtThePresentersSize() async throws {
    let environment = try environment()
    let dependencies = try AppLauncher.makeDependencies(environment: environment)
    let start = AppStart(
      size: ScreenSize(width: 80, height: 24), localizer: Localizer(.en), isDemo: false, environment: environment)
    let runtime = AppRuntime(start: start, runner: EffectRunner(dependencies: dependencies), localizer: Localizer(.en))
    runtime.begin()
    let presenter = TestPresenter(width: 60, height: 20)
    watch(runtime, on: presenter)
    loop = Task { await runtime.run(presentingOn: presenter) }
    await settle()
    let first = try XCTUnwrap(presenter.frames.first, "nothing drawn")
    XCTAssertEqual(first.width, 60)
    XCTAssertEqual(first.height, 20)
    XCTAssertEqual(runtime.state.size, ScreenSize(width: 60, height: 20))
  }

  func testAKeyThatChangesTheScreenDrawsExactlyOneFrame() async throws {
    try await start()
    let before = presenter.frames.count
    let screen = presenter.screen
    await press(.function(1))
    XCTAssertEqual(presenter.frames.count, before + 1, "one frame for the help overlay")
    XCTAssertNotEqual(presenter.screen, screen)
    XCTAssertTrue(runtime.state.isHelpVisible)
    await press(.escape)
    XCTAssertEqual(presenter.frames.count, before + 2, "one frame for closing it")
    XCTAssertEqual(presenter.screen, screen, "back to the screen under the help")
  }

  func testEveryKeyCarriesItsOwnTimeWhichMovesOnEvenOnTheDemosFixedClock() async throws {
    let fixed = Date(timeIntervalSince1970: 1_898_589_600)
    try await start(clock: { fixed })
    XCTAssertNil(runtime.state.context.inputAt, "no key yet")
    await press(.function(1))
    let first = try XCTUnwrap(runtime.state.context.inputAt)
    XCTAssertEqual(first, fixed)
    try await Task.sleep(for: .milliseconds(300))
    await press(.escape)
    let second = try XCTUnwrap(runtime.state.context.inputAt)
    XCTAssertGreaterThanOrEqual(second.timeIntervalSince(first), 0.3, "the real time between the keys")
  }

  func testAClockTickThatChangesNoTextDrawsNothing() async throws {
    try await start()
    let before = presenter.frames.count
    // The Feed's checklist shows no time: a tick a minute on changes no text.
    runtime.sink.yield(.clockTicked(Date().addingTimeInterval(60)))
    await settle()
    XCTAssertEqual(runtime.sink.backlog, 0, "the tick was handled")
    XCTAssertEqual(presenter.frames.count, before, "an unchanged frame is not presented again")
    // A key after it still draws.
    await press(.function(1))
    XCTAssertEqual(presenter.frames.count, before + 1)
  }

  func testTheLegendGlyphsFrameMovesOnlyWithRedrawsThatHappenAnyway() async throws {
    try await start()
    XCTAssertTrue(runtime.state.context.animation.isAllowed)
    let frame = runtime.state.context.animation.frame
    let frames = presenter.frames.count
    runtime.sink.yield(.clockTicked(Date().addingTimeInterval(60)))
    await settle()
    XCTAssertEqual(runtime.state.context.animation.frame, frame, "a clock tick never moves it")
    XCTAssertEqual(presenter.frames.count, frames, "and draws nothing for it")
    await press(.function(1))
    XCTAssertEqual(runtime.state.context.animation.frame, frame + 1, "a redraw for a key moves it by one")
  }

  func testUnderNoColorNothingAnimates() async throws {
    try await start(environment: ["NO_COLOR": "1"])
    XCTAssertFalse(runtime.state.context.animation.isAllowed)
    await press(.function(1))
    await press(.escape)
    XCTAssertEqual(runtime.state.context.animation.frame, 0)
  }

  func testQuitCancelsARunningCheckAndDropsItsLateAnswer() async throws {
    try await start()
    await gemini.enqueue(.delay(seconds: 1.5))
    // Create without Gemini opens its setup step; typing a key and Ctrl-S checks it against the fake.
    await press(.tabKey(.create))
    await press(.enter)
    for character in Self.geminiKey { presenter.send(.input(.key(.character(character)))) }
    presenter.send(.input(.key(.ctrl("s"))))
    let gemini = self.gemini!
    try await waitUntil("the check to reach the fake") { await gemini.recordedRequests().isEmpty == false }
    let requestID = try XCTUnwrap(runtime.state.feed.runningRequestID, "a check is running")
    XCTAssertEqual(runtime.running.count(requestID), 1, "the check runs under its request id")

    let quitAt = ContinuousClock.now
    presenter.send(.input(.key(.ctrl("c"))))
    await loop?.value
    let sentAtQuit = runtime.sink.sent
    XCTAssertLessThan(ContinuousClock.now - quitAt, .seconds(1), "the loop ended without waiting for the answer")
    XCTAssertEqual(runtime.running.count(requestID), 0, "the check was cancelled")
    // Past the fake's answer: nothing reached the loop after the quit.
    try await Task.sleep(for: .seconds(2))
    XCTAssertEqual(runtime.sink.sent, sentAtQuit, "the cancelled check's late answer was dropped")
    XCTAssertTrue(runtime.inFlight.isEmpty, "the cancelled task ended")
    XCTAssertTrue(runtime.state.isQuitting)
  }

  func testAfterAQuitFinishEffectsWaitsForTheEffectsStillRunningUpToItsLimit() async throws {
    try await start()
    // An effect that finishes what it does whether cancelled or not (a SQLite write), ending 300 ms later, tracked as
    // `perform` tracks one: in `inFlight` until its end takes it out on the main actor.
    let token = EffectToken.next()
    let ended = Atomic<Bool>(false)
    let runtime = self.runtime!
    let slow = Task.detached {
      let until = ContinuousClock.now + .milliseconds(300)
      while ContinuousClock.now < until { usleep(10_000) }  // ignores cancellation, as a write would
      ended.store(true, ordering: .sequentiallyConsistent)
      await MainActor.run { runtime.inFlight[token] = nil }
    }
    runtime.inFlight[token] = (slow, .now)
    presenter.send(.input(.key(.ctrl("c"))))
    await loop?.value
    XCTAssertFalse(ended.load(ordering: .sequentiallyConsistent), "the loop ended before the effect")

    let left = await runtime.finishEffects(limit: .seconds(20))
    XCTAssertEqual(left, 0, "every effect ended")
    XCTAssertTrue(ended.load(ordering: .sequentiallyConsistent), "finishEffects returned after the effect ended")
    XCTAssertTrue(runtime.inFlight.isEmpty)
  }

  func testFinishEffectsGivesUpAtItsLimitAndSaysHowManyRan() async throws {
    try await start()
    // An effect that ignores cancellation and does not end by itself (a stand-in for a call stuck in the kernel).
    let release = Atomic<Bool>(false)
    let hanging = Task.detached { while !release.load(ordering: .sequentiallyConsistent) { usleep(10_000) } }
    runtime.inFlight[EffectToken.next()] = (hanging, .now)
    defer { release.store(true, ordering: .sequentiallyConsistent) }
    presenter.send(.input(.key(.ctrl("c"))))
    await loop?.value
    let left = await runtime.finishEffects(limit: .milliseconds(50))
    XCTAssertEqual(left, 1, "the hanging effect is counted, not waited for past the limit")
  }

  func testFinishEffectsCancelsATimerSoAQuitDoesNotWaitForIt() async throws {
    try await start()
    // A timer effect no quit cancels by id (as Create's retry of queued saves): it sleeps 30 s unless cancelled.
    let token = EffectToken.next()
    let runtime = self.runtime!
    let timer = Task.detached {
      try? await Task.sleep(for: .seconds(30))
      await MainActor.run { runtime.inFlight[token] = nil }
    }
    runtime.inFlight[token] = (timer, .now)
    presenter.send(.input(.key(.ctrl("c"))))
    await loop?.value
    let left = await runtime.finishEffects(limit: .seconds(20))
    XCTAssertEqual(left, 0, "the timer was cancelled and ended, long before either limit")
  }

  func testAResizeRedrawsAtTheNewSize() async throws {
    try await start()
    let before = presenter.frames.count
    presenter.size = (width: 120, height: 40)
    presenter.send(.resize)
    await settle()
    XCTAssertEqual(presenter.resizesHandled, 1, "the presenter was told to read its new size")
    XCTAssertEqual(runtime.state.size, ScreenSize(width: 120, height: 40))
    XCTAssertGreaterThan(presenter.frames.count, before)
    let last = try XCTUnwrap(presenter.frames.last)
    XCTAssertEqual(last.width, 120)
    XCTAssertEqual(last.height, 40)
    XCTAssertEqual(presenter.screen, AppView.render(runtime.state, Localizer(.en)).text)
  }

  func testASignalQuits() async throws {
    try await start()
    presenter.send(.signal(15))
    await loop?.value
    XCTAssertTrue(runtime.state.isQuitting)
  }

  func testTheScriptPlayerTypesIntoTheRunningApp() async throws {
    try await start(script: try KeyScript(parsing: "pace 0\nkey 3\nkey f1"))
    try await waitUntil("the script's keys") { runtime.state.isHelpVisible && runtime.sink.backlog == 0 }
    XCTAssertEqual(runtime.state.selectedTab, .create, "the script's first key switched tabs")
    XCTAssertEqual(presenter.sent, 0, "no key came from the terminal")
    XCTAssertEqual(presenter.screen, AppView.render(runtime.state, Localizer(.en)).text, "the help is drawn")
  }
}
