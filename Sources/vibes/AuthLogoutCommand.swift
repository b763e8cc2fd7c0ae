import ArgumentParser
import Foundation
import VibesApp

struct AuthLogoutCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "logout",
    abstract: "Remove services' secrets (from the vault and the Secret Service) and their saved data.",
    discussion: """
      --all signs out of every service and removes what vibes keeps for this person (Feed cards, the \
      Create history, the song-match cache), as the app's sign-out does. Asks for confirmation on a terminal; without a terminal \
      --yes is required.
      """)

  @Argument(help: "Services to sign out of.")
  var services: [AuthService] = []

  @Flag(name: .long, help: "Sign out of every service.")
  var all = false

  @Flag(name: .long, help: "Do not ask for confirmation.")
  var yes = false

  func validate() throws {
    if all && !services.isEmpty { throw ValidationError("Give either services or --all, not both.") }
    if !all && services.isEmpty { throw ValidationError("Name at least one service, or pass --all.") }
  }

  func run() throws {
    let chosen = all ? AuthService.allCases : services
    let names = chosen.map(\.displayName).joined(separator: ", ")
    if !yes {
      guard CLIInput.stdinIsTerminal else {
        CLIInput.fail("refusing to sign out of \(names) without --yes (standard input is not a terminal)")
        throw ExitCode(1)
      }
      FileHandle.standardError.write(Data("Sign out of \(names)? Their secrets are deleted. [y/N] ".utf8))
      var lines = StandardInput.lines(maxLineBytes: 1024)
      let answer = (lines.next() ?? "").trimmingCharacters(in: .whitespaces).lowercased()
      guard answer == "y" || answer == "yes" else {
        CLIInput.fail("nothing removed")
        throw ExitCode(1)
      }
    }
    do {
      let logout = try ServiceLogout.live(environment: ProcessInfo.processInfo.environment)
      if all {
        // The in-app sign-out's own code path: every service, then the Feed cards, the Create history and
        // the song-match cache.
        try logout.signOutAll()
        for service in chosen { CLIInput.out("Signed out of \(service.displayName).") }
        CLIInput.out("Removed the Feed cards, the Create history and the song-match cache.")
      } else {
        for service in chosen {
          try logout.logout(service)
          CLIInput.out("Signed out of \(service.displayName).")
        }
      }
    } catch {
      CLIInput.fail("sign-out failed: \(error)")
      throw ExitCode(2)
    }
  }
}
