import ArgumentParser
import Foundation
import VibesApp

struct WidgetCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "widget",
    abstract:
      "Print a one-line App Store Connect summary (for a tmux status bar or a shell prompt).",
    discussion:
      "Reads only the non-secret snapshot written after each sync; prints \"not configured\" without one."
  )

  func run() throws {
    print(AppStoreConnectWidget.line(environment: ProcessInfo.processInfo.environment))
  }
}
