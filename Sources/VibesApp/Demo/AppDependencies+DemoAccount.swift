import Foundation
import VibesServices

extension AppDependencies {
  /// Signs `vibes demo`'s account in: its Firebase session (the demo Firebase's refresh token, uid, e-mail and
  /// @username) goes into this secret store — the demo's own vault in its temporary home — exactly as a Google
  /// sign-in leaves it, so People, the Inbox and the Feed open signed in without any Google account.
  public func signInDemoAccount(uid: String, refreshToken: String, email: String, username: String) throws {
    try SecretStoreFirebaseSession(secrets: secrets).save(
      FirebaseStoredSession(refreshToken: refreshToken, uid: uid, email: email, username: username))
  }
}
