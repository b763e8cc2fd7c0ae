import ArgumentParser
import Foundation
import VibesApp

struct AuthDeleteAccountCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete-account",
    abstract: "Delete your vibes account: profile, @username, follows both ways, shares, blocks, photo, then the "
      + "Firebase account.",
    discussion: """
      Asks for confirmation on a terminal; without a terminal --yes is required. Firebase needs a sign-in from the \
      last few minutes: when the session is older, you are asked to sign in with Google again first.
      """)

  @Flag(name: .long, help: "Do not ask for confirmation.")
  var yes = false

  @Flag(name: .long, help: "Sign in again with a code on another device, if needed (automatic over ssh).")
  var device = false

  func run() async throws {
    if !yes {
      guard CLIInput.stdinIsTerminal else {
        CLIInput.fail("refusing to delete the account without --yes (standard input is not a terminal)")
        throw ExitCode(1)
      }
      FileHandle.standardError.write(
        Data("Delete your vibes account and everything in it? This cannot be undone. [y/N] ".utf8))
      let answer = (readLine() ?? "").trimmingCharacters(in: .whitespaces).lowercased()
      guard answer == "y" || answer == "yes" else {
        CLIInput.fail("nothing deleted")
        throw ExitCode(1)
      }
    }
    let storage: CLIStorage
    do {
      storage = try CLIStorage.open(environment: ProcessInfo.processInfo.environment, readOnly: false)
    } catch {
      CLIInput.fail(error.description)
      throw ExitCode(2)
    }
    do {
      let report = try await GoogleLogin(storage: storage, say: CLIInput.say).deleteAccount(device: device)
      CLIInput.out("Deleted: " + report.summary.joined(separator: ", ") + ".")
    } catch {
      CLIInput.fail("account not deleted: " + error.description)
      throw ExitCode(1)
    }
  }
}
