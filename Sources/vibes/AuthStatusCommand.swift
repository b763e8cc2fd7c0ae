import ArgumentParser
import Foundation
import VibesApp

struct AuthStatusCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "status",
    abstract: "Show which services are configured, where their secrets live, and optionally check them online.",
    discussion: """
      Never prints a secret. Output is plain English when standard output is not a terminal or with \
      --plain; --json follows the versioned schema in Docs/cli.md. Exit status: 0 when every requested \
      service is configured (and passes --check), 1 when one is not, 2 on an error.
      """)

  @Argument(help: "Services to show (default: all).")
  var services: [AuthService] = []

  @Flag(name: .long, help: "Print JSON ({\"version\":1,\"services\":[…]}).")
  var json = false

  @Flag(name: .long, help: "Plain English without symbols, even on a terminal.")
  var plain = false

  @Flag(name: .long, help: "Check each configured service online with the app's own call.")
  var check = false

  func run() async throws {
    let environment = ProcessInfo.processInfo.environment
    let storage: CLIStorage
    do {
      // --check may refresh a Spotify access token, written back only into an existing database.
      storage = try CLIStorage.open(
        environment: environment, readOnly: !check || !CLIStorage.databaseExists(environment: environment))
    } catch {
      CLIInput.fail(error.description)
      throw ExitCode(2)
    }
    let model = AuthStatusModel(storage: storage)
    var entries: [AuthServiceStatus]
    do {
      entries = try model.load(services)
    } catch {
      CLIInput.fail("cannot read the secret store: \(error)")
      throw ExitCode(2)
    }
    if check {
      for index in entries.indices { entries[index].check = await model.check(entries[index]) }
    }
    if json {
      CLIInput.out(AuthStatusOutput.json(entries))
    } else {
      CLIInput.out(AuthStatusOutput.text(entries, decorated: !plain && CLIInput.stdoutIsTerminal))
    }
    if !entries.allSatisfy(\.isFine) { throw ExitCode(1) }
  }
}
