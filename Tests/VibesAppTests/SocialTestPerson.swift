import Foundation
import VibesApp
import VibesCore
import VibesServices
import VibesTestSupport
import XCTest

/// An account signed in on the fake Firebase from a Google ID token, on its own memory session: the one way the
/// social tests sign someone in (no profile or @username yet).
struct FakeFirebaseAccount {
  var uid: String
  var auth: FirebaseAuthClient
  var session: FirebaseSession
  var sessionStorage: MemoryFirebaseSessionStorage
  var firestore: FirestoreClient
  var repository: SocialRepository
}

extension FakeFirebaseServer {
  /// Signs `sub` in (email `<sub>@example.com` unless given); `storage` gives the repository Firebase Storage.
  func signIn(
    _ sub: String, name: String, email: String? = nil, storage: FirebaseStorageClient? = nil
  ) async throws -> FakeFirebaseAccount {
    let configuration = self.configuration
    let auth = FirebaseAuthClient(
      apiKey: FakeFirebaseServer.apiKey, authURL: configuration.authURL, tokenURL: configuration.tokenURL)
    let sessionStorage = MemoryFirebaseSessionStorage()
    let session = FirebaseSession(auth: auth, storage: sessionStorage)
    let token = await googleIDToken(sub: sub, email: email ?? "\(sub)@example.com", name: name)
    let grant = try await session.signIn(googleIDToken: token)
    let firestore = FirestoreClient(
      projectID: FakeFirebaseServer.projectID, baseURL: configuration.firestoreURL, retryDelays: [])
    let repository = SocialRepository(session: session, auth: auth, firestore: firestore, storage: storage)
    return FakeFirebaseAccount(
      uid: grant.uid, auth: auth, session: session, sessionStorage: sessionStorage, firestore: firestore,
      repository: repository)
  }
}

/// A signed-in person on the fake Firebase: a session from a Google ID token, a profile with a claimed @username
/// (the name lower-cased), and the repositories over them. Shared by the sharing and inbox tests.
struct SocialTestPerson {
  var uid: String
  var profile: SocialProfile
  var social: SocialRepository
  var shares: ShareRepository
  var firestore: FirestoreClient
  var session: FirebaseSession

  static func signIn(_ sub: String, name: String, on fake: FakeFirebaseServer) async throws -> SocialTestPerson {
    let account = try await fake.signIn(sub, name: name)
    let social = account.repository
    try await social.ensureProfile(displayName: name)
    try await social.claimUsername(name.lowercased())
    let found = try await social.profile(uid: account.uid)
    let profile = try XCTUnwrap(found)
    return SocialTestPerson(
      uid: account.uid, profile: profile, social: social, shares: ShareRepository(social: social),
      firestore: account.firestore, session: account.session)
  }
}
