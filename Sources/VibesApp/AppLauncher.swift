import Foundation
import Logging
import VibesCore
import VibesServices
import VibesStorage
import VibesTerminal

/// Builds the live dependencies from the environment and runs the UI. Kept apart from the
/// executable so `vibes` stays a thin argument parser.
public enum AppLauncher {
  public enum Failure: Error {
    case message(String)
  }

  public static func makeDependencies(environment: [String: String]) throws(Failure) -> AppDependencies {
    let t = Localizer(Language.from(environment: environment))
    let paths = AppPaths(environment: environment)
    let database: AppDatabase
    let installation: InstallationIdentity
    let databaseExisted = FileManager.default.fileExists(atPath: paths.databaseFile.path)
    do {
      try paths.createDirectories()
      database = try AppDatabase(path: paths.databaseFile.path)
      installation = try database.installation()
    } catch {
      throw .message(t.storageFailure(error, dataDirectory: paths.dataDirectory.path))
    }
    let selection: SecretStoreSelection
    do {
      selection = try SecretStoreFactory.make(environment: environment, paths: paths, installation: installation.id)
      // A database from before installation ids: its keyring items are this installation's, so they move onto
      // the id. A new database leaves an earlier installation's items alone (they are not this one's).
      if installation.isNew, databaseExisted, let keyring = selection.store as? SecretServiceStore {
        try keyring.adoptItemsWithoutInstallation(SecretKey.knownKeys)
      }
    } catch {
      throw .message(t.format(.errorSecretStore, ["reason": String(describing: error)]))
    }
    var logger = Logger(label: "vibes") { label in FileLogHandler(label: label, url: paths.logFile) }
    logger.logLevel = .info
    let gemini = ServiceEndpoints.baseURL(
      "VIBES_GEMINI_API_URL", default: GeminiClient.defaultBaseURL, environment: environment)
    let ticketmaster = ServiceEndpoints.baseURL(
      "VIBES_TICKETMASTER_API_URL", default: TicketmasterClient.defaultBaseURL, environment: environment)
    if gemini.ignoredOverride { logger.warning("VIBES_GEMINI_API_URL is not an http(s) URL; using the default") }
    if ticketmaster.ignoredOverride {
      logger.warning("VIBES_TICKETMASTER_API_URL is not an http(s) URL; using the default")
    }
    let store = selection.store
    let info = SecretStoreInfo(
      kind: store.kind == .secretService ? .secretService : .vault,
      location: store.kind == .vault ? paths.vaultFile.path : store.locationDescription,
      fallbackReason: selection.fallback.map(t.fallbackReason))
    let spotify = SpotifyDependencies.live(environment: environment, paths: paths, database: database, secrets: store)
    var dependencies = AppDependencies(
      database: database, secrets: store, secretStoreInfo: info, gemini: GeminiClient(baseURL: gemini.url),
      ticketmaster: TicketmasterClient(baseURL: ticketmaster.url), browser: BrowserLauncher(environment: environment),
      spotify: spotify, appStoreConnect: .live(environment: environment, paths: paths),
      tracker: .live(environment: environment, paths: paths, database: database, secrets: store),
      create: .live(environment: environment, paths: paths, geminiBaseURL: gemini.url, spotify: spotify), logger: logger
    )
    dependencies.skipTutorial = environment["VIBES_SKIP_TUTORIAL"] == "1"
    dependencies.environment = environment
    return dependencies
  }

  /// Starts the terminal UI; returns the process exit code. `now` replaces the clock the app shows time from
  /// (the demo's fixed clock); `prepare` runs on the dependencies before the UI starts (the demo signs its account
  /// in).
  @MainActor
  public static func runInteractive(
    environment: [String: String], isDemo: Bool = false, script: KeyScript? = nil,
    now: (@Sendable () -> Date)? = nil, prepare: ((AppDependencies) throws -> Void)? = nil
  ) async -> Int32 {
    let t = Localizer(Language.from(environment: environment))
    // Check the terminal before touching storage, so `vibes > file` or an unknown TERM fails fast and
    // creates nothing.
    if case .failure(let error) = TerminalSession.preflight(environment: environment) {
      printError(message(for: error, environment: environment, t))
      return 1
    }
    // Storage opens on another thread while the main actor makes the first state and what `.started` asks for
    // (neither needs storage), starts ncurses and draws that state once; the start's reads go out from the storage
    // task the moment the database is open (without a `prepare`, which must see the dependencies first): opening
    // storage is the longest step before the first frame, and the terminal needs none of it (Docs/performance.md,
    // "The start in parallel").
    let queue = ActionSink.makeQueue()
    let (startEffects, handOver) = AsyncStream.makeStream(of: [AppEffect].self)
    let early = prepare == nil
    let opening = Task.detached { () throws -> OpenedStorage in
      var dependencies = try makeDependencies(environment: environment)
      if let now { dependencies.useClock(now) }
      guard early else { return OpenedStorage(dependencies: dependencies, instance: nil, launched: nil) }
      let instance = lockInstance(&dependencies, environment: environment)
      // What `.started` asks for, handed over by the main actor (made there while storage opened here).
      var effects: [AppEffect] = []
      for await made in startEffects { effects = made }
      let launched = AppStart.launch(effects, runner: EffectRunner(dependencies: dependencies), into: queue.sink)
      return OpenedStorage(dependencies: dependencies, instance: instance, launched: launched)
    }
    let measured = TerminalSession.windowSize() ?? (width: 80, height: 24)
    let start = AppStart(
      size: ScreenSize(width: measured.width, height: measured.height), localizer: t, isDemo: isDemo,
      environment: environment, queue: queue)
    handOver.yield(start.effects)
    handOver.finish()
    let session: TerminalSession
    do {
      session = try TerminalSession(environment: environment)
    } catch {
      // Nothing the start began outlives the refusal: its effects are cancelled and waited for.
      if let launched = try? await opening.value.launched {
        for (_, task) in launched.effects { task.cancel() }
        for (_, task) in launched.effects { await task.value }
      }
      printError(message(for: error, environment: environment, t))
      return 1
    }
    let size = ScreenSize(width: session.size.width, height: session.size.height)
    start.drawOnce(size: size, t)
    var opened: OpenedStorage
    do {
      opened = try await opening.value
      // Opened now that storage made its folders: a crash while the UI is up writes one line here with write(2)
      // only (FatalSignalHandler).
      CrashLog.open(path: AppPaths(environment: environment).logFile.path)
      try prepare?(opened.dependencies)
    } catch {
      // The terminal is given back before the reason is printed, so it shows on the normal screen.
      session.restore()
      if let failure = error as? Failure, case .message(let text) = failure {
        printError(text)
      } else {
        printError(String(describing: error))
      }
      return 1
    }
    // Held until this function returns: a second vibes on the same data is told the first one runs.
    let instance = opened.instance ?? lockInstance(&opened.dependencies, environment: environment)
    defer { instance.release() }
    let dependencies = opened.dependencies
    let runtime = AppRuntime(
      start: start, runner: EffectRunner(dependencies: dependencies), localizer: t, script: script,
      launched: opened.launched)
    runtime.begin()
    dependencies.logger.info("started (secret store: \(dependencies.secrets.kind.rawValue))")
    // Anything written to stderr while the UI is up (a runtime trap, a library warning) would land on
    // the alternate screen and vanish; send it to the log instead, and put stderr back afterwards.
    let stderrRedirect = StandardErrorRedirect(to: AppPaths(environment: environment).logFile)
    // Test-only, armed by VIBES_TEST_HOOKS=1 plus a crash variable (Docs/reliability.md); inert otherwise.
    TestCrashTrigger.arm(environment: environment)
    await runtime.run(presentingOn: session)
    session.restore()
    stderrRedirect.restore()
    let left = await runtime.finishEffects(limit: .seconds(1))
    if left > 0 { dependencies.logger.notice("stopped with \(left) effects still running") }
    dependencies.logger.info("stopped")
    return 0
  }

  /// What the storage task hands the terminal's side: the dependencies, and when it already did them, the instance
  /// lock and the start's effects.
  struct OpenedStorage: Sendable {
    var dependencies: AppDependencies
    let instance: InstanceLock?
    let launched: AppStart.Launched?
  }

  /// Takes the instance lock; a second vibes on the same data is told the first one runs.
  nonisolated static func lockInstance(_ dependencies: inout AppDependencies, environment: [String: String])
    -> InstanceLock
  {
    let instance = InstanceLock(file: InstanceLock.file(in: AppPaths(environment: environment)))
    if case .heldByOther(let pid) = instance.outcome {
      dependencies.otherInstancePID = pid ?? 0
      dependencies.logger.notice("another vibes is running on the same data (process \(pid.map(String.init) ?? "?"))")
    }
    return instance
  }

  static func message(for error: TerminalStartError, environment: [String: String], _ t: Localizer) -> String {
    let term = TerminalText.sanitize(environment["TERM"] ?? "")
    switch error {
    case .notATerminal: return t[.errorNotATerminal]
    case .termUnset: return t[.errorTermUnset]
    case .termDumb: return t[.errorTermDumb]
    case .termUnknown: return t.format(.errorTermUnknown, ["term": term])
    case .noCursorAddressing: return t.format(.errorNoCursor, ["term": term])
    case .initFailed: return t[.errorTerminalInit]
    }
  }

  public static func printError(_ text: String) {
    FileHandle.standardError.write(Data(("vibes: " + TerminalText.sanitize(text, keepNewlines: true) + "\n").utf8))
  }
}

/// Points file descriptor 2 at a file for a while.
struct StandardErrorRedirect {
  let saved: Int32

  init(to url: URL) {
    let fd = open(url.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      saved = -1
      return
    }
    saved = dup(STDERR_FILENO)
    dup2(fd, STDERR_FILENO)
    close(fd)
  }

  func restore() {
    guard saved >= 0 else { return }
    dup2(saved, STDERR_FILENO)
    close(saved)
  }
}
