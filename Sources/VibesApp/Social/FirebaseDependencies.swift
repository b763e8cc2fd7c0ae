import Foundation
import VibesServices
import VibesStorage

/// The Firebase session in the secret store: one JSON item (refresh token, uid, e-mail, @username) under
/// `firebase.session`. Nothing of it goes to SQLite.
struct SecretStoreFirebaseSession: FirebaseSessionStorage {
  let secrets: any SecretStore

  func load() throws -> FirebaseStoredSession? {
    guard let text = try secrets.read(.firebaseSession) else { return nil }
    return try? JSONDecoder().decode(FirebaseStoredSession.self, from: Data(text.utf8))
  }

  func save(_ session: FirebaseStoredSession) throws {
    let data = try JSONEncoder().encode(session)
    try secrets.write(String(decoding: data, as: UTF8.self), for: .firebaseSession)
  }

  func clear() throws { try secrets.delete(.firebaseSession) }
}

/// The live Google and Firebase clients and the session, built from the configuration. Clients that need a missing
/// setting are nil; `configuration.missingMessage(for:)` names what to set.
public struct FirebaseDependencies: Sendable {
  public var configuration: FirebaseConfiguration
  public var google: GoogleOAuthClient
  public var auth: FirebaseAuthClient?
  public var firestore: FirestoreClient?
  public var storage: FirebaseStorageClient?
  public var session: FirebaseSession?
  /// Over ssh the device flow is used (a browser elsewhere cannot reach this machine's loopback port).
  public var isRemoteSession: Bool

  public init(
    configuration: FirebaseConfiguration, secrets: any SecretStore, isRemoteSession: Bool = false,
    transport: any HTTPTransport = URLSessionTransport(), firestoreRetryDelays: [TimeInterval] = [1, 3]
  ) {
    self.configuration = configuration
    self.isRemoteSession = isRemoteSession
    self.google = GoogleOAuthClient(
      accountsURL: configuration.accountsURL, oauth2URL: configuration.oauth2URL, transport: transport)
    let auth = configuration.apiKey.map {
      FirebaseAuthClient(
        apiKey: $0, authURL: configuration.authURL, tokenURL: configuration.tokenURL, transport: transport)
    }
    self.auth = auth
    self.firestore = configuration.projectID.map {
      FirestoreClient(
        projectID: $0, baseURL: configuration.firestoreURL, retryDelays: firestoreRetryDelays, transport: transport)
    }
    self.storage = configuration.storageBucket.map {
      FirebaseStorageClient(bucket: $0, baseURL: configuration.storageURL, transport: transport)
    }
    self.session = auth.map { FirebaseSession(auth: $0, storage: SecretStoreFirebaseSession(secrets: secrets)) }
  }

  /// From the environment and the config file in `paths`.
  public static func live(environment: [String: String], paths: AppPaths, secrets: any SecretStore)
    -> FirebaseDependencies
  {
    let configFile = paths.configDirectory.appendingPathComponent("config")
    let remote = !(environment["SSH_CONNECTION"] ?? "").isEmpty || !(environment["SSH_TTY"] ?? "").isEmpty
    return FirebaseDependencies(
      configuration: FirebaseConfiguration.load(environment: environment, configFile: configFile), secrets: secrets,
      isRemoteSession: remote)
  }

  /// The repository over these clients, or nil when the project is not configured.
  public func repository() -> SocialRepository? {
    guard let auth, let firestore, let session else { return nil }
    return SocialRepository(session: session, auth: auth, firestore: firestore, storage: storage)
  }
}
