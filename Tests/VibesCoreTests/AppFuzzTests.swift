import Foundation
import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let fuzzInvariants = Driver.Exhaustivity.nonExhaustive(
  because: "random key sequences: checks invariants (no secret on screen, Ctrl-C quits, render time)")

/// A model-based fuzzer of the whole core: seeded random sequences of keys, pastes, resizes (down to 1×1),
/// tab switches and effect answers arriving late, out of order or for stale requests, through the real
/// root reducer and renderer. Invariants: no crash; no save without a successful check of that request;
/// the secret typed into a secret field never appears on screen; Ctrl-C always quits; a render never
/// takes long enough to look hung. The suite runs 2,000 seeded sequences (the six tabs and five areas made 10,000 take
/// three and a half minutes of a 15-minute budget); `VIBES_LONG_RUNS=1` runs 100,000;
/// `VIBES_FUZZ_SEED=N` replays one.
final class AppFuzzTests: XCTestCase {
  /// Key-like material (an API key or a one-line .p8 body) that must never be drawn.
  static let secret = "MIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQgZq9SecretMarker7Xk"

  func testRandomSessionsKeepTheInvariants() {
    let environment = ProcessInfo.processInfo.environment
    let long = environment["VIBES_LONG_RUNS"] == "1"
    let seeds: [UInt64] =
      environment["VIBES_FUZZ_SEED"].flatMap(UInt64.init).map { [$0] } ?? Array(1...(long ? 100_000 : 2_000))
    // The sequences are independent: spread them over the cores.
    let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
    let results = FuzzResults()
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      var slowest = 0.0
      for seed in seeds.enumerated().filter({ $0.offset % workers == worker }).map(\.element) {
        if results.hasFailure { return }
        var generator = SeededGenerator(seed: seed)
        let events = Self.events(count: Int.random(in: 1...200, using: &generator), &generator)
        if let failure = Self.run(events, seed: seed, slowest: &slowest) {
          results.fail(seed: seed, failure, events)
          return
        }
      }
      results.record(slowest: slowest)
    }
    if let (seed, failure, events) = results.failure {
      let shrunk = Self.shrink(events, seed: seed)
      XCTFail(
        "seed \(seed) (replay: VIBES_FUZZ_SEED=\(seed)): \(failure)\nshrunk to \(shrunk.count) events:\n"
          + shrunk.map(\.description).joined(separator: "\n"))
    }
    print("fuzz: \(seeds.count) sequences on \(workers) cores, slowest render \(Int(results.slowest * 1000)) ms")
  }

  enum Event: CustomStringConvertible {
    case key(Key)
    /// A paste: the secret when a secret field has the focus, else this text.
    case paste(String)
    case resize(ScreenSize)
    /// Answer the n-th pending effect (modulo), successfully or not.
    case answer(index: Int, success: Bool)
    /// An answer for a request nobody waits for.
    case stale(Int)
    /// The runtime's clock tick, this many minutes after the previous one.
    case tick(minutes: Int)

    var description: String {
      switch self {
      case .key(let key): return "key \(key)"
      case .paste(let text): return "paste \(text.debugDescription)"
      case .resize(let size): return "resize \(size.width)x\(size.height)"
      case .answer(let index, let success): return "answer #\(index) \(success ? "ok" : "failed")"
      case .stale(let id): return "stale answer for \(id)"
      case .tick(let minutes): return "clock tick +\(minutes) min"
      }
    }
  }

  static let keys: [Key] =
    "abcdefghijklmnopqrstuvwxyz0123456789 ?!q-_./:ÄéΩ漢🎵".map { Key.character($0) }
    // Combining marks and joiners arriving on their own, as NFD pastes and some input methods send them.
    + ["\u{0308}", "\u{0301}", "\u{200D}", "\u{FE0F}"].map { Key.character(Character($0)) } + [
      .enter, .escape, .tab, .backTab, .up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .backspace,
      .delete, .ctrl("s"), .ctrl("r"), .ctrl("u"), .ctrl("o"), .ctrl("y"), .ctrl("k"), .ctrl("w"), .ctrl("j"),
      .ctrl("a"), .ctrl("e"), .altEnter, .function(1), .alt("1"), .alt("2"), .alt("3"), .alt("x"),
    ]

  static func events(count: Int, _ generator: inout SeededGenerator) -> [Event] {
    (0..<count).map { _ in
      switch Int.random(in: 0..<100, using: &generator) {
      case 0..<70: return .key(keys.randomElement(using: &generator)!)
      case 70..<76:
        let pastes = [
          "Berlin", "AIza" + String(repeating: "x", count: 30), "line1\nline2", "漢字 🎵", "\u{1B}[2J",
          "Zu\u{0308}rich", "\u{202E}evil", String(repeating: "y", count: 20_000),
        ]
        return .paste(pastes.randomElement(using: &generator)!)
      case 76..<80:
        let sizes = [(1, 1), (20, 5), (47, 19), (60, 20), (80, 24), (120, 40), (200, 60)]
        let size = sizes.randomElement(using: &generator)!
        return .resize(ScreenSize(width: size.0, height: size.1))
      case 80..<96:
        return .answer(index: Int.random(in: 0..<8, using: &generator), success: Bool.random(using: &generator))
      case 96..<98: return .tick(minutes: [0, 1, 31].randomElement(using: &generator)!)
      default: return .stale(Int.random(in: 1...50, using: &generator))
      }
    }
  }

  /// Runs one sequence; returns what broke, or nil.
  static func run(_ events: [Event], seed: UInt64, slowest: inout Double) -> String? {
    var driver = Driver(fuzzInvariants)
    driver.send(.started)
    driver.send(.feedWindowLoaded(total: 0, offset: 0, items: []))
    driver.send(.appStoreConnect(.storedStateLoaded(AppStoreConnectStoredState(isConfigured: false))))
    driver.send(.tracker(.configurationLoaded(nil, apiURLs: [:])))
    var pending: [AppEffect] = []
    var succeeded = Set<Int>()
    var clock = Date(timeIntervalSince1970: 1_800_000_000)
    let t = Localizer(.en)
    for (step, event) in events.enumerated() {
      var produced: [AppEffect] = []
      switch event {
      case .key(let key): produced = driver.send(.input(.key(key)))
      case .paste(let text):
        produced = driver.send(.input(.paste(focusedFieldIsSecret(driver.state) ? secret : text)))
      case .resize(let size): produced = driver.send(.resized(size))
      case .tick(let minutes):
        clock += TimeInterval(minutes * 60)
        produced = driver.send(.clockTicked(clock))
      case .answer(let index, let success):
        guard !pending.isEmpty else { continue }
        let effect = pending.remove(at: index % pending.count)
        guard let answer = answer(to: effect, success: success) else { continue }
        if success, case .validationFinished(let id, _)? = answer.action(of: FeedTab.self) { succeeded.insert(id) }
        produced = driver.send(answer)
      case .stale(let id):
        produced = driver.send(.validationFinished(requestID: id, .failure(.invalidCredentials)))
        produced += driver.send(
          .tracker(
            .initializationFinished(
              requestID: id, .init(apiKey: "k", brandID: "b", userID: "", environment: .qc), .failure(.invalidAPIKey))))
      }
      for effect in produced {
        if case .save(let id, _, _)? = effect.feedEffect, !succeeded.contains(id) {
          return "step \(step): save of request \(id) without a successful check"
        }
      }
      pending += produced.filter { if case .feature = $0 { return true } else { return false } }
      if driver.state.isQuitting { return nil }
      if step % 10 == 0 || step == events.count - 1 {
        // CPU time of this thread, so a busy machine descheduling the test cannot fail it: what is
        // bounded is the work a render does (a quadratic blow-up), not the machine's load.
        let start = threadCPUTime()
        let grid = AppView.render(driver.state, t)
        let elapsed = threadCPUTime() - start
        slowest = max(slowest, elapsed)
        if elapsed > 0.1 { return "step \(step): a render took \(Int(elapsed * 1000)) ms of CPU" }
        if let viewport = grid.viewport { driver.state.context.viewport = viewport }
        if grid.text.contains(secret) { return "step \(step): the secret is on screen:\n\(grid.text)" }
      }
    }
    let quit = driver.send(.input(.key(.ctrl("c"))))
    return driver.state.isQuitting && quit.contains(.quit) ? nil : "Ctrl-C did not quit"
  }

  static func focusedFieldIsSecret(_ state: AppState) -> Bool {
    switch state.selectedTab {
    case .feed: return state.feed.topForm?.focusedField?.kind == .secret
    case .appStoreConnect: return state.appStoreConnect.setup.focusedField == .privateKey
    case .tracker: return state.tracker.trackerForm?.focusedTextField == .apiKey
    default: return false
    }
  }

  /// What the edge would answer to `effect`.
  static func answer(to effect: AppEffect, success: Bool) -> AppAction? {
    if let feed = effect.feedEffect {
      switch feed {
      case .validate(let id, let submission):
        return .validationFinished(
          requestID: id,
          success
            ? .success(submission.step == .gemini ? .gemini : .ticketmaster(upcomingEvents: 3))
            : .failure(.transport(TransportFailure(.timedOut, host: "api.example"))))
      case .save(let id, let submission, let outcome):
        return success
          ? .credentialSaved(requestID: id, facts: SetupFacts(storedSecrets: [submission.step]), outcome)
          : .credentialSaveFailed(requestID: id)
      case .removeCredential(let step):
        return success ? .credentialRemoved(step, facts: SetupFacts()) : .credentialRemovalFailed(step)
      case .loadCredentialPreview(let step): return .credentialPreviewLoaded(step, preview: "AIza…9Qk")
      case .loadFeedWindow(let request): return .feedWindowLoaded(total: 0, offset: request.offset, items: [])
      case .spotify(.connect(let id)):
        return success
          ? .spotify(
            .authorizationReady(
              requestID: id,
              SpotifyAuthorization(
                url: "https://accounts.example/authorize", redirectURI: "http://127.0.0.1:1/callback", port: 1,
                listenerRunning: true, browserOpened: false)))
          : .spotify(.failed(requestID: id, .transport(TransportFailure(.timedOut, host: "accounts.example"))))
      case .spotify: return nil
      case .loadCityIndex:
        return success
          ? .feed(
            .cityIndexLoaded(
              CityIndex(cities: [City(name: "Köln", countryCode: "DE", latitude: 50.9, longitude: 6.9, population: 1)]))
          )
          : nil
      case .loadFeedStatus: return .feed(.feedStatusLoaded(updatedAt: nil, now: Date(timeIntervalSince1970: 0)))
      case .countPendingSync: return .feed(.pendingSyncCounted(success ? 0 : 2))
      case .refreshSocial(let id, let trigger, _):
        let report = SocialRefreshReport(
          outcome: success ? .updated : .offline, reads: 9, newDirectSenders: success ? ["@ana"] : [],
          now: Date(timeIntervalSince1970: 0))
        return .feed(.socialRefreshed(requestID: id, trigger: trigger, report))
      case .markSocialRead, .notify: return nil
      case .refreshFeed(let id):
        let now = Date(timeIntervalSince1970: 0)
        return .feed(
          .refreshFinished(
            requestID: id,
            FeedRefreshReport(
              outcome: success ? .updated(count: 0, at: now) : .offline(cachedAt: nil), updatedAt: nil, now: now)))
      case .loadRelease(let id, _):
        return .feed(.releaseLoaded(requestID: id, success ? .success([]) : .failure(FeedLoadFailure("offline"))))
      }
    }
    if let asc = effect.appStoreConnectEffect {
      switch asc {
      case .connect(let id, _):
        return .appStoreConnect(.connectFinished(requestID: id, success ? .success(Date()) : .failure(.notAuthorized)))
      case .sync(let id):
        return .appStoreConnect(
          .syncFinished(
            requestID: id,
            success
              ? .success(AppStoreConnectStoredState(isConfigured: true))
              : .failure(.transport(TransportFailure(.timedOut, host: "api.example")))))
      case .inspectPrivateKey(let id, _):
        return .appStoreConnect(.privateKeyInspected(requestID: id, .failure(.malformedKey)))
      case .removeCredentials: return .appStoreConnect(success ? .credentialsRemoved : .credentialsRemovalFailed)
      case .loadStoredState: return nil
      }
    }
    if let tracker = effect.trackerEffect {
      switch tracker {
      case .initialize(let id, let configuration, _):
        return .tracker(
          .initializationFinished(requestID: id, configuration, success ? .success(Date()) : .failure(.invalidAPIKey)))
      case .reset: return .tracker(.resetFinished(success: success))
      default: return nil
      }
    }
    return nil
  }

  /// Drops events one at a time while the sequence still fails.
  static func shrink(_ events: [Event], seed: UInt64) -> [Event] {
    var current = events
    var slowest = 0.0
    var index = 0
    while index < current.count {
      var candidate = current
      candidate.remove(at: index)
      if run(candidate, seed: seed, slowest: &slowest) != nil { current = candidate } else { index += 1 }
    }
    return current
  }
}

/// Seconds of CPU time this thread has used.
func threadCPUTime() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// What the fuzz workers found (the first failure wins).
final class FuzzResults: @unchecked Sendable {
  // @unchecked: every access holds the lock.
  private let lock = NSLock()
  private var first: (UInt64, String, [AppFuzzTests.Event])?
  private var slowestRender = 0.0

  var hasFailure: Bool { lock.withLock { first != nil } }
  var failure: (UInt64, String, [AppFuzzTests.Event])? { lock.withLock { first } }
  var slowest: Double { lock.withLock { slowestRender } }

  func fail(seed: UInt64, _ message: String, _ events: [AppFuzzTests.Event]) {
    lock.withLock { if first == nil { first = (seed, message, events) } }
  }

  func record(slowest: Double) { lock.withLock { slowestRender = max(slowestRender, slowest) } }
}
