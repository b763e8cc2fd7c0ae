import ArgumentParser
import Foundation
import VibesApp

struct WidgetCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "widget",
    abstract:
      "Print a one-line App Store Connect summary (for a tmux status bar or a shell prompt).",
    discussion:
      "Reads only the non-secret snapshot written after each sync; prints \"not configured\" and exits with status 1 without one."
  )

  func run() throws {
    let environment = ProcessInfo.processInfo.environment
    CLIInput.out(AppStoreConnectWidget.line(environment: environment))
    if !AppStoreConnectWidget.isConfigured(environment: environment) { throw ExitCode(1) }
  }
}
