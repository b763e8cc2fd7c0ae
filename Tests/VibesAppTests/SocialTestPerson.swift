import Foundation
import VibesApp
import VibesCore
import VibesServices
import VibesTestSupport
import XCTest

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
    let configuration = fake.configuration
    let auth = FirebaseAuthClient(
      apiKey: FakeFirebaseServer.apiKey, authURL: configuration.authURL, tokenURL: configuration.tokenURL)
    let session = FirebaseSession(auth: auth, storage: MemoryFirebaseSessionStorage())
    let token = await fake.googleIDToken(sub: sub, email: "\(sub)@example.com", name: name)
    let grant = try await session.signIn(googleIDToken: token)
    let firestore = FirestoreClient(
      projectID: FakeFirebaseServer.projectID, baseURL: configuration.firestoreURL, retryDelays: [])
    let social = SocialRepository(session: session, auth: auth, firestore: firestore, storage: nil)
    try await social.ensureProfile(displayName: name)
    try await social.claimUsername(name.lowercased())
    let found = try await social.profile(uid: grant.uid)
    let profile = try XCTUnwrap(found)
    return SocialTestPerson(
      uid: grant.uid, profile: profile, social: social, shares: ShareRepository(social: social),
      firestore: firestore, session: session)
  }
}
