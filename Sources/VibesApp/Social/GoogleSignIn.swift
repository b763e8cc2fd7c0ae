import Foundation
import VibesCore
import VibesServices

/// Google sign-in from a terminal, then the Firebase session: the Desktop flow (PKCE + state, the hardened loopback
/// listener on 127.0.0.1, the browser opened when one is there, the redirected address accepted on standard input as
/// a fallback) or the device flow (a code to type at google.com/device; automatic over ssh). The Google `id_token`
/// is exchanged at once (`accounts:signInWithIdp`); only the Firebase refresh token is stored.
public struct GoogleSignIn: Sendable {
  public enum Method: Sendable, Equatable {
    case browser
    case device
  }

  /// What the user must do now, for a screen that shows it (the command line reads `say`'s sentences instead).
  public enum Prompt: Sendable, Equatable {
    /// Finish in the browser at `url` (a browser was opened when `opened`).
    case browser(url: String, opened: Bool)
    /// Open `url` on any device and enter `code`.
    case device(url: String, code: String)
  }

  public let dependencies: FirebaseDependencies
  /// Where instructions go (standard error on the command line).
  let say: @Sendable (String) -> Void
  let browser: BrowserLauncher?
  /// Lines the user pastes (the redirected address); nil: no paste fallback.
  let pastedLines: (@Sendable () -> AsyncStream<String>)?
  let callbackTimeout: TimeInterval
  let deviceSleep: @Sendable (Int) async throws -> Void
  /// Told each prompt as it is shown.
  var prompt: @Sendable (Prompt) -> Void = { _ in }

  public init(
    dependencies: FirebaseDependencies, say: @escaping @Sendable (String) -> Void, browser: BrowserLauncher?,
    pastedLines: (@Sendable () -> AsyncStream<String>)?, callbackTimeout: TimeInterval = 600,
    deviceSleep: @escaping @Sendable (Int) async throws -> Void = {
      try await Task.sleep(nanoseconds: UInt64($0) * 1_000_000_000)
    }
  ) {
    self.dependencies = dependencies
    self.say = say
    self.browser = browser
    self.pastedLines = pastedLines
    self.callbackTimeout = callbackTimeout
    self.deviceSleep = deviceSleep
  }

  /// The device flow over ssh or when asked for; the browser flow otherwise.
  public func method(forceDevice: Bool) -> Method {
    forceDevice || dependencies.isRemoteSession ? .device : .browser
  }

  /// Signs in and returns the Firebase grant (its tokens stay with the session).
  public func run(_ method: Method) async throws(SignInFailure) -> FirebaseAuthGrant {
    let configuration = dependencies.configuration
    let purpose: FirebaseConfiguration.Purpose = method == .device ? .deviceSignIn : .browserSignIn
    if let message = configuration.missingMessage(for: purpose) { throw .notConfigured(message) }
    guard let session = dependencies.session else { throw .notConfigured("Firebase is not configured") }
    let idToken: String
    switch method {
    case .browser: idToken = try await browserFlow(configuration)
    case .device: idToken = try await deviceFlow(configuration)
    }
    do {
      return try await session.signIn(googleIDToken: idToken)
    } catch {
      throw .firebase(error)
    }
  }

  func browserFlow(_ configuration: FirebaseConfiguration) async throws(SignInFailure) -> String {
    guard let clientID = configuration.clientID, let secret = configuration.clientSecret else {
      throw .notConfigured(configuration.missingMessage(for: .browserSignIn) ?? "")
    }
    let verifier = PKCE.makeVerifier()
    let state = PKCE.makeState()
    let listener: OAuthCallbackListener
    do {
      listener = try await OAuthCallbackListener(port: 0, expectedState: state, path: "/")
    } catch {
      throw .listenerFailed
    }
    let redirectURI = GoogleOAuthClient.redirectURI(port: listener.port)
    guard
      let url = dependencies.google.authorizeURL(
        clientID: clientID, redirectURI: redirectURI, state: state, challenge: PKCE.challenge(for: verifier))
    else {
      await listener.close()
      throw .notConfigured("the Google accounts address is not usable")
    }
    say("Open this address in a browser to sign in with Google:\n\n  \(url.absoluteString)\n")
    let opened = browser?.open(url.absoluteString) ?? false
    if opened { say("(A browser was opened.)") }
    prompt(.browser(url: url.absoluteString, opened: opened))
    say("Waiting for the redirect on \(redirectURI) …")
    let timeout = callbackTimeout
    let outcome: OAuthCallbackOutcome?
    if let pastedLines {
      say("No browser on this machine? Paste the address the browser was sent to, then press Enter:")
      let say = self.say
      outcome = await withTaskGroup(of: OAuthCallbackOutcome?.self) { group in
        group.addTask { await listener.outcome(timeout: timeout) }
        group.addTask {
          for await line in pastedLines() {
            switch SpotifyRedirectParser.parse(line, expectedState: state) {
            case .code(let code): return .code(code)
            case .denied: return .denied
            case .error(let code): return .failed(error: code)
            case .stateMismatch: say("That address belongs to another sign-in attempt; paste the right one.")
            case .noCode: say("That address holds no sign-in code; paste the whole address.")
            }
          }
          try? await Task.sleep(nanoseconds: UInt64(timeout * 1_000_000_000))
          return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
      }
      await listener.close()
    } else {
      outcome = await listener.outcome(timeout: timeout)
    }
    switch outcome {
    case .code(let code):
      do {
        return try await dependencies.google.exchange(
          code: code, clientID: clientID, clientSecret: secret, redirectURI: redirectURI, verifier: verifier
        ).idToken
      } catch {
        throw .firebase(error)
      }
    case .denied: throw .firebase(.accessDenied)
    case .failed(let code): throw .firebase(.oauth(code: code))
    case nil: throw .timedOut
    }
  }

  func deviceFlow(_ configuration: FirebaseConfiguration) async throws(SignInFailure) -> String {
    guard let clientID = configuration.deviceClientID, let secret = configuration.deviceClientSecret else {
      throw .notConfigured(configuration.missingMessage(for: .deviceSignIn) ?? "")
    }
    do {
      let code = try await dependencies.google.deviceCode(clientID: clientID)
      say(
        "On any device, open \(TerminalText.sanitize(code.verificationURL)) and enter the code "
          + "\(TerminalText.sanitize(code.userCode)). Waiting …")
      prompt(.device(url: TerminalText.sanitize(code.verificationURL), code: TerminalText.sanitize(code.userCode)))
      return try await dependencies.google.waitForDevice(
        code, clientID: clientID, clientSecret: secret, sleep: deviceSleep
      ).idToken
    } catch {
      throw .firebase(error)
    }
  }
}

/// Why sign-in stopped; `english` has one message per failure.
public enum SignInFailure: Error, Equatable, Sendable {
  case notConfigured(String)
  case listenerFailed
  case timedOut
  case firebase(FirebaseError)

  public var english: String {
    switch self {
    case .notConfigured(let message): return message
    case .listenerFailed: return "could not listen on 127.0.0.1 for the browser's redirect; try --device"
    case .timedOut: return "no answer from the browser in time; run the command again"
    case .firebase(let error): return FirebaseErrorText.english(error)
    }
  }
}

/// Plain English for every Firebase failure (stable for scripts; never a token).
public enum FirebaseErrorText {
  public static func english(_ error: FirebaseError) -> String {
    switch error {
    case .invalidGrant: return "Google refused the sign-in code (used, expired or from another attempt); try again"
    case .invalidClient:
      return "Google refused the OAuth client: check VIBES_GOOGLE_CLIENT_ID/SECRET (a Desktop client) and "
        + "VIBES_GOOGLE_DEVICE_CLIENT_ID/SECRET (a \"TVs and Limited Input devices\" client)"
    case .accessDenied: return "sign-in was declined at Google"
    case .deviceCodeExpired: return "the device code expired before it was entered; run the command again"
    case .oauth(let code): return "Google refused the sign-in (\(code ?? "unknown error"))"
    case .auth(let code): return auth(code)
    case .permissionDenied: return "Firebase refused the change (security rules); nothing was changed"
    case .notFound: return "not found"
    case .alreadyExists: return "it already exists"
    case .failedPrecondition: return "someone changed it meanwhile; try again"
    case .missingIndex:
      return "the Firebase project lacks an index: deploy firestore.indexes.json "
        + "(firebase deploy --only firestore:indexes)"
    case .unauthenticated: return "Firebase refused the session; sign in again"
    case .resourceExhausted(let seconds):
      return "Firebase is over its quota" + (seconds.map { "; try again in \($0) s" } ?? "; try again later")
    case .aborted: return "too many changes at once; try again"
    case .invalidArgument: return "Firebase refused the request as malformed"
    case .photoTooLarge: return "the photo is too large (it must be under 5 MB)"
    case .photoNotAnImage: return "the file is not a JPEG, PNG, GIF or WebP image"
    case .notSignedIn: return "not signed in; run `vibes auth login google`"
    case .signInAgain: return "the Google session ended; run `vibes auth login google` again"
    case .secretStoreFailed: return "the secret store could not read or keep the session"
    case .service(let service): return ServiceErrorText.english(service)
    }
  }

  static func auth(_ code: AuthErrorCode) -> String {
    switch code {
    case .invalidIdpResponse:
      return "Firebase refused the Google sign-in: the OAuth client does not belong to this Firebase project "
        + "(or the sign-in expired); check VIBES_GOOGLE_CLIENT_ID and VIBES_FIREBASE_PROJECT_ID"
    case .userDisabled: return "this vibes account has been disabled"
    case .operationNotAllowed:
      return "Google sign-in is not enabled in the Firebase project (Authentication → Sign-in method)"
    case .credentialTooOld: return "the sign-in is too old for this; sign in again"
    case .tooManyAttempts: return "too many attempts; try again later"
    case .invalidRefreshToken, .tokenExpired, .userNotFound:
      return "the session is no longer valid; run `vibes auth login google` again"
    case .invalidIDToken: return "the session is no longer valid; sign in again"
    case .invalidAPIKey: return "Firebase refused the Web API key: check VIBES_FIREBASE_API_KEY"
    case .projectNumberMismatch: return "the session belongs to another Firebase project; sign in again"
    case .other(let code): return "Firebase Auth refused (\(code ?? "unknown error"))"
    }
  }

  public static func english(_ error: SocialError) -> String {
    switch error {
    case .invalidUsername(let problem):
      switch problem {
      case .tooShort: return "a username needs at least \(UsernameRule.minLength) characters"
      case .tooLong: return "a username has at most \(UsernameRule.maxLength) characters"
      case .mustStartWithLetter: return "a username starts with a letter a–z"
      case .invalidCharacter: return "a username holds only a–z, 0–9 and _"
      }
    case .usernameTaken: return "that username is taken"
    case .blocked: return "a block stands between you and this person"
    case .cannotFollowYourself: return "that is you"
    case .noProfile: return "your profile does not exist yet"
    case .differentAccount:
      return "the new sign-in chose another Google account, so that account was not deleted; sign in with the "
        + "account to delete and run the command again"
    case .messageTooLong(let count):
      return "a message has at most \(ShareMessageRule.maxLength) characters (this one has \(count)); nothing was sent"
    case .firebase(let error): return english(error)
    }
  }
}
