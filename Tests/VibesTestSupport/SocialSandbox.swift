import Foundation
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import XCTest

/// An account signed in on the fake Firebase from a Google ID token, on its own memory session: the one way the
/// social tests sign someone in (no profile or @username yet).
public struct FakeFirebaseAccount: Sendable {
  public var uid: String
  public var auth: FirebaseAuthClient
  public var session: FirebaseSession
  public var sessionStorage: MemoryFirebaseSessionStorage
  public var firestore: FirestoreClient
  public var repository: SocialRepository
}

extension FakeFirebaseServer {
  /// The fake with the project's composite indexes (`firestore.indexes.json`), as the social tests run it.
  public static func withProjectIndexes() async throws -> FakeFirebaseServer {
    let indexes = try FakeCompositeIndex.load(
      SocialSandbox.repositoryRoot.appendingPathComponent("firestore.indexes.json"))
    return try await FakeFirebaseServer(indexes: indexes)
  }

  /// A Firestore address nothing listens on: a repository built with it is offline.
  public static let unreachableURL = URL(string: "http://127.0.0.1:9")!

  /// A repository as the app builds one, over `session` (a new one, signed out, when nil) and this fake's Firestore
  /// (or `firestoreURL`, e.g. `unreachableURL`).
  public func repository(
    session: FirebaseSession? = nil, firestoreURL: URL? = nil, storage: FirebaseStorageClient? = nil
  ) -> SocialRepository {
    let configuration = self.configuration
    let auth = FirebaseAuthClient(
      apiKey: FakeFirebaseServer.apiKey, authURL: configuration.authURL, tokenURL: configuration.tokenURL)
    let firestore = FirestoreClient(
      projectID: FakeFirebaseServer.projectID, baseURL: firestoreURL ?? configuration.firestoreURL, retryDelays: [])
    return SocialRepository(
      session: session ?? FirebaseSession(auth: auth, storage: MemoryFirebaseSessionStorage()), auth: auth,
      firestore: firestore, storage: storage)
  }

  /// Signs `sub` in (email `<sub>@example.com` unless given); `storage` gives the repository Firebase Storage.
  public func signIn(
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
public struct SocialTestPerson: Sendable {
  public var uid: String
  public var profile: SocialProfile
  public var social: SocialRepository
  public var shares: ShareRepository
  public var firestore: FirestoreClient
  public var session: FirebaseSession

  public static func signIn(_ sub: String, name: String, on fake: FakeFirebaseServer) async throws -> SocialTestPerson {
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

  /// This person's shares with Firestore unreachable (offline), on the same session.
  public func offline(on fake: FakeFirebaseServer) -> ShareRepository {
    ShareRepository(social: fake.repository(session: session, firestoreURL: FakeFirebaseServer.unreachableURL))
  }
}

/// The social tests' world: the loopback Firebase fake enforcing the project's rules and indexes
/// (`firestore.indexes.json` at the repository's root), and a temporary folder for the SQLite files of the people
/// signed in on it. `remove()` stops the fake and deletes the folder.
public struct SocialSandbox: Sendable {
  public let fake: FakeFirebaseServer
  public let folder: URL

  /// The repository's root (where `firestore.indexes.json` and `firestore.rules` are).
  public static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// `name` tells the temporary folders apart.
  public static func make(name: String) async throws -> SocialSandbox {
    let fake = try await FakeFirebaseServer.withProjectIndexes()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return SocialSandbox(fake: fake, folder: folder)
  }

  /// Signs `sub` in with a profile and the @username `name` lower-cased.
  public func person(_ sub: String, name: String) async throws -> SocialTestPerson {
    try await SocialTestPerson.signIn(sub, name: name, on: fake)
  }

  /// A database file in the folder (`vibes.sqlite` unless named, e.g. one per person).
  public func databasePath(_ file: String = "vibes.sqlite") -> String { folder.appendingPathComponent(file).path }

  public func database(_ file: String = "vibes.sqlite") throws -> AppDatabase {
    try AppDatabase(path: databasePath(file))
  }

  public func remove() async {
    await fake.stop()
    try? FileManager.default.removeItem(at: folder)
  }
}
