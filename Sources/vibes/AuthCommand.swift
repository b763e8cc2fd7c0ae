import ArgumentParser

struct AuthCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "auth",
    abstract: "Sign in to, check and sign out of the services vibes uses.",
    discussion: """
      Services: spotify, gemini, ticketmaster, appstoreconnect, tracker, google (the vibes account). Secrets are \
      read from standard input or a file, never from arguments or the environment. delete-account deletes the \
      vibes account and everything in it.
      """,
    subcommands: [
      AuthStatusCommand.self, AuthLoginCommand.self, AuthLogoutCommand.self, AuthDeleteAccountCommand.self,
    ])
}
