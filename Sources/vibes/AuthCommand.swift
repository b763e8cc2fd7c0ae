import ArgumentParser

struct AuthCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "auth",
    abstract: "Sign in to, check and sign out of the services vibes uses.",
    discussion: """
      Services: spotify, gemini, ticketmaster, appstoreconnect, tracker. Secrets are read from standard \
      input or a file, never from arguments or the environment.
      """,
    subcommands: [AuthStatusCommand.self, AuthLoginCommand.self, AuthLogoutCommand.self])
}
