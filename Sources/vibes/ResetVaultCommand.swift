import ArgumentParser
import Foundation
import VibesApp

struct ResetVaultCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "reset-vault",
    abstract: "Delete the encrypted vault and its key file (every secret in it is lost).",
    discussion:
      "The way out when the vault's key file was lost or the vault is damaged. Asks for --yes; the Secret Service is not touched."
  )

  @Flag(name: .long, help: "Really delete the vault and its key.")
  var yes = false

  func run() throws {
    let code = VaultReset.run(confirmed: yes, environment: ProcessInfo.processInfo.environment)
    if code != 0 { throw ExitCode(code) }
  }
}
