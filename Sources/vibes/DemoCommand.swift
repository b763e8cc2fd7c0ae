import ArgumentParser
import Foundation
import VibesApp
import VibesDemo

struct DemoCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo",
    abstract: "Open vibes against built-in fake services, for a tour or a recording without any account.",
    discussion: """
      Every service (Spotify, Gemini, Ticketmaster, App Store Connect, the tracking API, Google sign-in and \
      Firebase, with a signed-in demo account and its friends) is a fake on 127.0.0.1 inside this process, \
      with fixed data; any key is accepted (the App Store Connect key file is \
      \(DemoSession.appStoreConnectKeyPath)). vibes runs in a temporary home with its own vault, deleted on \
      exit: your own data, config and secret store are never touched, and no real service is called. The \
      tab bar shows DEMO. --script FILE replays keys with pauses (format in Docs/user-guide.md); --speed 4 \
      plays it four times as fast, the friends' moments included, to check a script before recording it.
      """)

  @Option(name: .long, help: ArgumentHelp("Replay the keys in FILE (see Docs/demo-script.txt).", valueName: "FILE"))
  var script: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Play the script and the demo's timeline N times as fast (0.1–10).", valueName: "N"))
  var speed: Double = 1

  func validate() throws {
    guard speed.isFinite, (0.1...10).contains(speed) else {
      throw ValidationError("--speed must be a number from 0.1 to 10")
    }
  }

  @MainActor
  func run() async throws {
    var keys: KeyScript?
    if let script {
      do {
        keys = try KeyScript(parsing: try String(contentsOfFile: script, encoding: .utf8)).atSpeed(speed)
      } catch let error as KeyScript.ParseError {
        AppLauncher.printError("\(script): \(error)")
        throw ExitCode(2)
      } catch {
        AppLauncher.printError("cannot read \(script): \(error.localizedDescription)")
        throw ExitCode(2)
      }
    }
    let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    // With a script, the friends' moments count from its first step (not from the start, whose length varies), so
    // they fall where the script expects them at any speed.
    let timeline = DemoTimeline.realTime(rate: speed)
    keys?.onStart = { timeline.restart() }
    let session: DemoSession
    do {
      session = try await DemoSession(
        userEnvironment: ProcessInfo.processInfo.environment, browser: "\(me) demo-browser", timeline: timeline)
    } catch {
      AppLauncher.printError("the demo services could not start: \(error)")
      throw ExitCode(1)
    }
    session.adoptEnvironment()
    let account = session.firebaseAccount
    let code = await AppLauncher.runInteractive(
      environment: session.environment, isDemo: true, script: keys, now: DemoClock.now,
      prepare: {
        try $0.signInDemoAccount(
          uid: account.uid, refreshToken: account.refreshToken, email: account.email, username: account.username)
      })
    await session.finish()
    if code != 0 { throw ExitCode(code) }
  }
}

/// The browser `vibes demo` sets as $BROWSER: it follows loopback URLs only (the demo Spotify sign-in).
struct DemoBrowserCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo-browser", abstract: "Open a loopback URL for `vibes demo` (internal).",
    shouldDisplay: false)

  @Argument(help: "The URL to open.")
  var url: String

  func run() async throws {
    if await !DemoBrowser.open(url) { throw ExitCode(1) }
  }
}
