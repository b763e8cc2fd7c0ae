import Foundation
import VibesCore
import VibesStorage

/// `vibes auth login spotify`: the app's own connect flow (PKCE, loopback listener, code exchange, tokens
/// into the secret store) driven through the effect runner; the redirected address may also be pasted on
/// standard input (headless, ssh).
public struct SpotifyLogin: Sendable {
  public let storage: CLIStorage
  /// Where instructions go (standard error, so standard output stays for the result).
  let say: @Sendable (String) -> Void

  public init(storage: CLIStorage, say: @escaping @Sendable (String) -> Void) {
    self.storage = storage
    self.say = say
  }

  /// Runs one attempt; returns the Spotify display name (may be empty).
  public func run() async throws(LoginError) -> String {
    var dependencies = storage.dependencies()
    guard dependencies.spotify.accounts != nil else {
      throw .rejected(
        "Spotify: no client ID configured; add `spotify-client-id = …` to \(dependencies.spotify.configFilePath) "
          + "or set VIBES_SPOTIFY_CLIENT_ID")
    }
    dependencies.browser = BrowserLauncher(environment: storage.environment)
    let runner = EffectRunner(dependencies: dependencies)
    let requestID = 1
    let (actions, continuation) = AsyncStream<AppAction>.makeStream()
    let send: @Sendable (AppAction) -> Void = { continuation.yield($0) }
    let connect = Task { await runner.run(.spotify(.connect(requestID: requestID)), send: send) }
    defer { connect.cancel() }
    for await action in actions {
      guard let spotify = action.spotifyAction else { continue }
      switch spotify {
      case .authorizationReady(_, let authorization):
        say("Open this address in a browser to sign in to Spotify:\n\n  \(authorization.url)\n")
        if authorization.listenerRunning {
          say("Waiting for the redirect on \(authorization.redirectURI) …")
        }
        say("On another machine (ssh)? Paste the address the browser was sent to, then press Enter:")
        let lines = Self.readLines()
        // One line at a time, in order: a rejected paste must not race the next one.
        Task {
          for await line in lines {
            await runner.run(.spotify(.submitRedirect(requestID: requestID, text: line)), send: send)
          }
        }
      case .pasteRejected(_, let failure):
        say("That address was not accepted (\(Self.text(failure))); paste the full address again.")
      case .connected(_, let name):
        return name
      case .denied:
        throw .rejected("Spotify: access was declined in the browser")
      case .failed(_, let failure):
        throw .rejected("Spotify: " + Self.text(failure))
      default:
        continue
      }
    }
    throw .rejected("Spotify: the sign-in ended without an answer")
  }

  /// Standard input's non-empty lines, read on their own thread (a blocking read). A line over 64 KiB (no
  /// address is that long; `</dev/zero`) ends the reading, so memory stays bounded.
  static func readLines() -> AsyncStream<String> {
    let (lines, continuation) = AsyncStream<String>.makeStream()
    Thread.detachNewThread {
      for line in StandardInput.lines(maxLineBytes: 64 * 1024) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty { continuation.yield(trimmed) }
      }
      continuation.finish()
    }
    return lines
  }

  static func text(_ failure: SpotifyFailure) -> String {
    switch failure {
    case .notConfigured: return "no client ID configured"
    case .stateMismatch: return "it belongs to another sign-in attempt"
    case .noCode: return "it holds no authorization code"
    case .attemptExpired: return "the attempt expired; run the command again"
    case .invalidGrant: return "Spotify refused the code; run the command again"
    case .authorizationError(let code): return "authorization error " + (code ?? "unknown")
    case .transport(let failure): return "no answer from \(failure.host ?? "Spotify") (\(failure.kind.rawValue))"
    case .rateLimited(let seconds): return "rate limited" + (seconds.map { ", retry after \($0) s" } ?? "")
    default: return "\(failure)"
    }
  }
}
