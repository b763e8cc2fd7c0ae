import ArgumentParser
import Foundation
import VibesApp
import VibesCore

struct AuthLoginCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "login",
    abstract: "Sign in to one service, checked online the way the app checks it; nothing is saved on failure.",
    discussion: """
      gemini | ticketmaster --city NAME | tracker --brand-id ID [--user-id ID] [--environment qc|production]: \
      the API key comes from standard input with --with-token, or from a hidden prompt on a terminal. \
      appstoreconnect --issuer-id ID --key-id ID: the .p8 key from --key-file, or from standard input with \
      --with-token. spotify: prints the authorize address, waits for the browser's redirect on the loopback \
      port and also accepts the redirected address pasted on standard input. google [--device]: the vibes \
      account; signs in with Google in a browser (loopback listener, or paste the redirected address), or with a \
      code on another device (--device; automatic over ssh).
      """)

  @Argument(help: "The service to sign in to.")
  var service: AuthService

  @Flag(name: .long, help: "Read the secret from standard input.")
  var withToken = false

  @Option(name: .long, help: "Ticketmaster: the city to search events in.")
  var city: String?

  @Option(name: .long, help: "App Store Connect: the Issuer ID.")
  var issuerId: String?

  @Option(name: .long, help: "App Store Connect: the Key ID.")
  var keyId: String?

  @Option(name: .long, help: "App Store Connect: the AuthKey_….p8 file.")
  var keyFile: String?

  @Option(name: .long, help: "Tracker: the brand ID.")
  var brandId: String?

  @Option(name: .long, help: "Tracker: the user ID (optional).")
  var userId: String?

  @Option(name: .long, help: "Tracker: qc or production.")
  var environment: TrackerEnvironment = .qc

  @Flag(name: .long, help: "Google: sign in with a code on another device (automatic over ssh).")
  var device = false

  func validate() throws {
    switch service {
    case .ticketmaster where city == nil: throw ValidationError("ticketmaster needs --city NAME.")
    case .appstoreconnect where issuerId == nil || keyId == nil:
      throw ValidationError("appstoreconnect needs --issuer-id ID and --key-id ID.")
    case .appstoreconnect where keyFile == nil && !withToken:
      throw ValidationError("appstoreconnect needs --key-file PATH, or --with-token with the key on standard input.")
    case .tracker where brandId == nil: throw ValidationError("tracker needs --brand-id ID.")
    case let other where device && other != .google: throw ValidationError("--device is only for google.")
    default: break
    }
  }

  func run() async throws {
    let storage: CLIStorage
    do {
      storage = try CLIStorage.open(environment: ProcessInfo.processInfo.environment, readOnly: false)
    } catch {
      CLIInput.fail(error.description)
      throw ExitCode(2)
    }
    let login = ServiceLogin(storage: storage)
    do {
      switch service {
      case .gemini:
        try await login.gemini(apiKey: try CLIInput.secret(withToken: withToken, what: "Gemini API key"))
        CLIInput.out("Logged in to Gemini.")
      case .ticketmaster:
        let key = try CLIInput.secret(withToken: withToken, what: "Ticketmaster API key")
        let events = try await login.ticketmaster(apiKey: key, city: city ?? "")
        CLIInput.out("Logged in to Ticketmaster (\(events) upcoming events).")
      case .appstoreconnect:
        let pem = try readKey()
        try await login.appStoreConnect(issuerID: issuerId ?? "", keyID: keyId ?? "", privateKey: pem)
        CLIInput.out("Logged in to App Store Connect.")
      case .tracker:
        let key = try CLIInput.secret(withToken: withToken, what: "tracker API key")
        try await login.tracker(apiKey: key, brandID: brandId ?? "", userID: userId ?? "", environment: environment)
        CLIInput.out("Tracker configured (\(environment.rawValue)).")
      case .spotify:
        let name = try await SpotifyLogin(storage: storage, say: CLIInput.say).run()
        CLIInput.out(name.isEmpty ? "Logged in to Spotify." : "Logged in to Spotify as \(name).")
      case .google:
        let account = try await GoogleLogin(storage: storage, say: CLIInput.say).run(device: device)
        let who = account.name.isEmpty ? account.uid : "\(account.name) (\(account.uid))"
        CLIInput.out("Signed in to vibes with Google as \(who).")
        if account.isNew { CLIInput.say("Welcome! Choose your @username in the app's Profile.") }
      }
    } catch let error as LoginError {
      CLIInput.fail(error.description + "; nothing was saved")
      if case .storage = error { throw ExitCode(2) }
      throw ExitCode(1)
    }
  }

  /// The .p8 key from --key-file (at most 64 KiB) or standard input.
  func readKey() throws -> String {
    guard let keyFile else { return CLIInput.readAll() }
    let path = (keyFile as NSString).expandingTildeInPath
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      (attributes[.size] as? NSNumber)?.intValue ?? 0 < 64 * 1024,
      let data = FileManager.default.contents(atPath: path)
    else {
      CLIInput.fail("cannot read the key file \(keyFile)")
      throw ExitCode(1)
    }
    return String(decoding: data, as: UTF8.self)
  }
}
