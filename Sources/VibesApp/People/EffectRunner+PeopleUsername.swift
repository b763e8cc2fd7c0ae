import Foundation
import VibesCore
import VibesServices
import VibesStorage

extension EffectRunner {
  /// Claims `name` (one atomic commit; a rename frees the old name), creating your profile first (an empty display
  /// name) if the sign-in did not. The cached lists take the new name so the account line is right offline too.
  func claimUsername(_ name: String) async -> Result<String, UsernameClaimFailure> {
    guard let repository = FirebaseDependencies.shared(dependencies).repository() else {
      return .failure(.failed(.notConfigured))
    }
    do throws(SocialError) {
      try await repository.ensureProfile(displayName: "")
      let claimed = TerminalText.sanitize(try await repository.claimUsername(name))
      log.info("people: @username claimed")
      if case .success(let owner) = await peopleOwner() { updateCachedUsername(owner: owner, claimed) }
      return .success(claimed)
    } catch .usernameTaken {
      return .failure(.taken)
    } catch .invalidUsername(let problem) {
      return .failure(.invalid(problem))
    } catch {
      let failure = PeopleFailure(error)
      log.warning("people: claiming a @username failed (\(failure))")
      return .failure(.failed(failure))
    }
  }

  func updateCachedUsername(owner: String, _ name: String) {
    let database = dependencies.database
    guard let entry = try? database.peopleCache(owner: owner, key: Self.peopleListsKey),
      var lists = try? JSONDecoder().decode(PeopleLists.self, from: entry.payload)
    else { return }
    lists.username = name
    if let payload = try? JSONEncoder().encode(lists) {
      try? database.savePeopleCache(owner: owner, key: Self.peopleListsKey, payload: payload, at: entry.fetchedAt)
    }
  }
}

extension EffectRunner {
  /// Saves the changed fields with an update mask naming only them (`SocialRepository.edit`), creating your profile
  /// first if the sign-in did not; the cached account line takes them. nil when saved.
  func saveProfile(displayName: String?, bio: String?) async -> PeopleFailure? {
    let result = await people { repository throws(SocialError) in
      try await repository.ensureProfile(displayName: displayName ?? "")
      try await repository.edit(ProfileEdit(displayName: displayName, bio: bio))
    }
    if case .failure(let failure) = result { return failure }
    log.info("people: profile saved")
    if case .success(let owner) = await peopleOwner() {
      let database = dependencies.database
      if let entry = try? database.peopleCache(owner: owner, key: Self.peopleListsKey),
        var lists = try? JSONDecoder().decode(PeopleLists.self, from: entry.payload)
      {
        var me = lists.me ?? PersonSummary(uid: owner, displayName: "", username: lists.username)
        if let displayName { me.displayName = TerminalText.sanitize(displayName) }
        if let bio { me.bio = TerminalText.sanitize(bio) }
        lists.me = me
        if let payload = try? JSONEncoder().encode(lists) {
          try? database.savePeopleCache(owner: owner, key: Self.peopleListsKey, payload: payload, at: entry.fetchedAt)
        }
      }
    }
    return nil
  }
}

extension EffectRunner {
  /// Signs in with Google as `vibes auth login google` does (the browser flow with the loopback listener, or the
  /// device flow when asked or over ssh; no paste fallback on the full screen), telling the screen each prompt. The
  /// Firebase session (its refresh token) goes only to the secret store; the profile is created for a new account.
  func signInFromPeople(requestID: Int, device: Bool, send: @escaping @Sendable (AppAction) -> Void) async {
    let firebase = FirebaseDependencies.shared(dependencies)
    var flow = GoogleSignIn(
      dependencies: firebase, say: { _ in }, browser: dependencies.browser, pastedLines: nil)
    flow.prompt = { prompt in
      switch prompt {
      case .browser(let url, let opened):
        send(.people(.signInPrompted(requestID: requestID, .browser(url: TerminalText.sanitize(url), opened: opened))))
      case .device(let url, let code):
        send(.people(.signInPrompted(requestID: requestID, .device(url: url, code: code))))
      }
    }
    let result: Result<String?, SignInProblem>
    do {
      let grant = try await flow.run(flow.method(forceDevice: device))
      var username: String?
      if let repository = firebase.repository() {
        if let profile = try? await repository.ensureProfile(displayName: grant.displayName ?? "") {
          username = profile.username
          if let name = profile.username { try? await repository.session.setUsername(name) }
        }
      }
      log.info("people: signed in")
      result = .success(username.map { TerminalText.sanitize($0) })
    } catch {
      let problem = SignInProblem(error)
      log.warning("people: sign-in failed (\(problem))")
      result = .failure(problem)
    }
    guard !Task.isCancelled else { return }
    send(.people(.signedIn(requestID: requestID, result)))
  }
}

extension SignInProblem {
  init(_ failure: SignInFailure) {
    switch failure {
    case .notConfigured: self = .notConfigured
    case .listenerFailed: self = .listenerFailed
    case .timedOut: self = .timedOut
    case .firebase(let error):
      switch error {
      case .accessDenied: self = .denied
      case .deviceCodeExpired: self = .codeExpired
      case .invalidClient: self = .wrongClient
      case .invalidGrant, .oauth: self = .refused
      case .auth(.invalidIdpResponse), .auth(.projectNumberMismatch): self = .projectMismatch
      case .auth(.userDisabled): self = .disabled
      case .service(.network): self = .offline
      case .secretStoreFailed: self = .secretStore
      default: self = .service
      }
    }
  }
}
