import Foundation
import VibesCore
import VibesServices
import VibesStorage

/// `vibes auth login google` and `vibes auth delete-account`: Google sign-in (browser with the loopback listener and
/// the paste fallback, or the device flow over ssh and with `--device`), the Firebase session into the secret store,
/// and the profile document created for a new account.
public struct GoogleLogin: Sendable {
  public let storage: CLIStorage
  public let firebase: FirebaseDependencies
  let say: @Sendable (String) -> Void

  public init(storage: CLIStorage, say: @escaping @Sendable (String) -> Void) {
    self.storage = storage
    self.firebase = FirebaseDependencies.live(
      environment: storage.environment, paths: storage.paths, secrets: storage.secrets)
    self.say = say
  }

  func signIn(device: Bool) -> GoogleSignIn {
    GoogleSignIn(
      dependencies: firebase, say: say, browser: BrowserLauncher(environment: storage.environment),
      pastedLines: { SpotifyLogin.readLines() })
  }

  /// Signs in; returns "uid (@username)" style facts for the closing line.
  public func run(device: Bool) async throws(LoginError) -> (uid: String, name: String, isNew: Bool) {
    let flow = signIn(device: device)
    let grant: FirebaseAuthGrant
    do {
      grant = try await flow.run(flow.method(forceDevice: device))
    } catch {
      if case .notConfigured = error { throw .rejected(error.english) }
      throw .rejected("Google: " + error.english)
    }
    var name = TerminalText.sanitize(grant.displayName ?? grant.email ?? "")
    if let repository = firebase.repository() {
      do {
        let profile = try await repository.ensureProfile(displayName: grant.displayName ?? "")
        if let username = profile.username {
          try? await repository.session.setUsername(username)
          name = "@" + username
        }
      } catch {
        say("Signed in, but the profile could not be read: " + FirebaseErrorText.english(error))
      }
    }
    return (grant.uid, name, grant.isNewUser)
  }

  /// Deletes the signed-in account and everything of it; signs in again when Firebase asks for a recent sign-in.
  public func deleteAccount(device: Bool) async throws(LoginError) -> AccountDeletionReport {
    guard let repository = firebase.repository() else {
      throw .rejected(firebase.configuration.missingMessage(for: .project) ?? "Firebase is not configured")
    }
    let flow = signIn(device: device)
    let say = self.say
    do throws(SocialError) {
      return try await repository.deleteAccount { () throws(SocialError) in
        say("Firebase needs a fresh sign-in before deleting the account.")
        do throws(SignInFailure) {
          _ = try await flow.run(flow.method(forceDevice: device))
        } catch {
          if case .firebase(let inner) = error { throw .firebase(inner) }
          throw .firebase(.signInAgain)
        }
      }
    } catch {
      throw .rejected(FirebaseErrorText.english(error))
    }
  }
}
