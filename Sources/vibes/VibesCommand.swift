import ArgumentParser
import Foundation
import VibesApp

@main
struct VibesCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "vibes",
    abstract:
      "Set up the services vibes uses (Spotify, Gemini, Ticketmaster, App Store Connect, a tracking SDK), from the keyboard.",
    discussion: """
      Run without a subcommand to open the full-screen app. Secrets go to the Secret Service when one \
      runs, otherwise to an encrypted vault file (force one with VIBES_SECRET_STORE=secret-service|vault). \
      Data follows the XDG base directories.
      """,
    version: VibesVersion.string,
    subcommands: [
      RunCommand.self, StatusCommand.self, AuthCommand.self, WidgetCommand.self, ResetVaultCommand.self,
      DemoCommand.self, DemoBrowserCommand.self,
    ],
    defaultSubcommand: RunCommand.self
  )

  /// Hardens the process (no core dumps) before anything else runs, then parses and runs as usual. Without
  /// arguments (how the app is opened) there is nothing to parse: the app starts without swift-argument-parser
  /// reflecting over every subcommand first (Docs/performance.md, "Argument parsing skipped").
  static func main() async {
    ProcessHardening.apply()
    guard CommandLine.arguments.count > 1 else {
      do {
        try await RunCommand().run()
      } catch {
        exit(withError: error)
      }
      return
    }
    await main(nil)
  }
}

struct RunCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run", abstract: "Open the full-screen app (the default).")

  @MainActor
  func run() async throws {
    let code = await AppLauncher.runInteractive(environment: ProcessInfo.processInfo.environment)
    if code != 0 { throw ExitCode(code) }
  }
}

struct StatusCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "status",
    abstract: "Print which setup steps are complete and where secrets are kept (short for `vibes auth status`).",
    discussion:
      "Read-only. Exit status: 0 when all five services are configured, 1 when one is not, 2 on an error.")

  func run() async throws {
    let code = StatusReport.print(environment: ProcessInfo.processInfo.environment)
    if code != 0 { throw ExitCode(code) }
  }
}
