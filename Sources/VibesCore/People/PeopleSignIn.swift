import Foundation

/// What the sign-in asks of the user now (URLs and codes already sanitised at the edge).
public enum SignInPrompt: Sendable, Hashable {
  /// The browser flow: finish in the browser at `url` (opened for you when `opened`).
  case browser(url: String, opened: Bool)
  /// The device flow: open `url` on any device and enter `code`.
  case device(url: String, code: String)
}

/// Why signing in from vibes did not work, one message each (nothing was stored then).
public enum SignInProblem: Error, Sendable, Hashable {
  /// The Firebase project or the Google client ids are missing from the configuration.
  case notConfigured
  /// No loopback listener for the browser's redirect (the device flow still works).
  case listenerFailed
  /// No answer from the browser or the device page in time.
  case timedOut
  /// Declined at Google.
  case denied
  /// The device code expired before it was entered.
  case codeExpired
  /// Google refused the OAuth client (wrong client id or secret).
  case wrongClient
  /// Firebase refused Google's token: the OAuth client belongs to another project (`INVALID_IDP_RESPONSE`).
  case projectMismatch
  /// This vibes account has been disabled.
  case disabled
  /// Google refused the sign-in code (used, expired, another attempt).
  case refused
  /// No connection to Google or Firebase.
  case offline
  /// The secret store could not keep the session.
  case secretStore
  /// Any other answer.
  case service

  public var text: PeopleL10n {
    switch self {
    case .notConfigured: return .peopleSignInNotConfigured
    case .listenerFailed: return .peopleSignInListener
    case .timedOut: return .peopleSignInTimedOut
    case .denied: return .peopleSignInDenied
    case .codeExpired: return .peopleSignInCodeExpired
    case .wrongClient: return .peopleSignInWrongClient
    case .projectMismatch: return .peopleSignInProjectMismatch
    case .disabled: return .peopleSignInDisabled
    case .refused: return .peopleSignInRefused
    case .offline: return .peopleSignInOffline
    case .secretStore: return .peopleSignInSecretStore
    case .service: return .peopleSignInService
    }
  }
}

/// Signing in from the People area: the request in flight, what the user must do, or why it failed.
public struct PeopleSignIn: Sendable, Hashable {
  public var requestID: Int?
  public var device: Bool
  public var prompt: SignInPrompt?
  public var problem: SignInProblem?
  /// Started from the tutorial: once signed in, a new account chooses its @username and a returning one lands on
  /// the Feed.
  public var atStart: Bool

  public init(
    requestID: Int?, device: Bool, prompt: SignInPrompt? = nil, problem: SignInProblem? = nil, atStart: Bool = false
  ) {
    self.requestID = requestID
    self.device = device
    self.prompt = prompt
    self.problem = problem
    self.atStart = atStart
  }
}

extension PeopleFeature {
  /// True when the root says "Not signed in." (where `s` signs in).
  var isSignedOut: Bool { lists == nil && (failure == .notSignedIn || failure == .signInAgain) }

  func signInBindings(_ signIn: PeopleSignIn) -> [KeyBinding<PeopleCommand>] {
    guard signIn.problem != nil else { return [] }
    return [
      KeyBinding([.character("s"), .enter], "s", .key(PeopleL10n.peopleHelpRetry), .signIn),
      KeyBinding([.character("d")], "d", .key(PeopleL10n.peopleHelpSignInCode), .signInWithCode),
    ]
  }

  /// `s` (the automatic way: the browser, or a code over ssh) or `d` (a code): starts the cancellable sign-in.
  mutating func startSignIn(device: Bool, _ context: inout AppContext) -> [AppEffect] {
    guard signIn?.requestID == nil else { return [] }
    let requestID = context.makeRequestID()
    signIn = PeopleSignIn(requestID: requestID, device: device, atStart: signIn?.atStart ?? false)
    return [Self.run(.signIn(requestID: requestID, device: device))]
  }

  /// The tutorial's sign-in card: the root (its lists load behind) with the sign-in over it.
  mutating func signInAtStart(device: Bool, _ context: inout AppContext) -> [AppEffect] {
    guard signIn?.requestID == nil else { return [] }
    var effects = path.compactMap { $0.request?.operation == .load ? $0.request?.id : nil }.map {
      AppEffect.cancel(requestID: $0)
    }
    path = []
    usernameForm = nil
    profileForm = nil
    signIn = PeopleSignIn(requestID: nil, device: device, atStart: true)
    effects += startSignIn(device: device, &context)
    return effects
  }

  mutating func signInPrompted(_ requestID: Int, _ prompt: SignInPrompt) {
    guard signIn?.requestID == requestID else { return }
    signIn?.prompt = prompt
  }

  /// Signed in: the lists load (your account line); failed: what failed, `s` tries again.
  mutating func signedIn(
    _ requestID: Int, _ result: Result<String?, SignInProblem>, _ context: inout AppContext
  ) -> [AppEffect] {
    guard let current = signIn, current.requestID == requestID else { return [] }
    switch result {
    case .failure(let problem):
      signIn = PeopleSignIn(requestID: nil, device: current.device, problem: problem, atStart: current.atStart)
      return []
    case .success(let username):
      signIn = nil
      failure = nil
      context.notice = .localized(LocalizedText(PeopleL10n.peopleSignedIn), isWarning: false)
      if current.atStart {
        if username == nil {
          // A new account: "choose your @username" next, then the Feed.
          var form = UsernameForm(current: nil)
          form.landsOnFeed = true
          usernameForm = form
        } else {
          context.navigationRequest = .selectTab(.feed)
        }
      }
      return loadLists(&context)
    }
  }
}

extension NavigationRequest {
  /// The tutorial's sign-in card: People's sign-in (`device`: with a code), then the @username step for a new
  /// account or the Feed for a returning one.
  public static func signInAtStart(device: Bool) -> NavigationRequest {
    .open(PeopleFeature.self, .signInAtStart(device: device))
  }
}
