import Foundation

/// Which Firebase project and Google OAuth clients vibes talks to, and where. Every value comes from a `VIBES_*`
/// variable or the same key in the config file (`firebase-project-id = …`); none is a secret in Google's sense (the
/// Desktop client's secret is non-confidential by design), but none is ever logged either: the Web API key rides in
/// URLs.
public struct FirebaseConfiguration: Sendable, Equatable {
  public static let defaultAccountsURL = URL(string: "https://accounts.google.com")!
  public static let defaultOAuth2URL = URL(string: "https://oauth2.googleapis.com")!
  public static let defaultAuthURL = URL(string: "https://identitytoolkit.googleapis.com")!
  public static let defaultTokenURL = URL(string: "https://securetoken.googleapis.com")!
  public static let defaultFirestoreURL = URL(string: "https://firestore.googleapis.com")!
  public static let defaultStorageURL = URL(string: "https://firebasestorage.googleapis.com")!

  /// One setting: its environment variable and its config-file key.
  public struct Setting: Sendable, Equatable, Hashable {
    public var variable: String
    public var key: String
  }

  public static let projectID = Setting(variable: "VIBES_FIREBASE_PROJECT_ID", key: "firebase-project-id")
  public static let apiKey = Setting(variable: "VIBES_FIREBASE_API_KEY", key: "firebase-api-key")
  public static let storageBucket = Setting(variable: "VIBES_FIREBASE_STORAGE_BUCKET", key: "firebase-storage-bucket")
  public static let clientID = Setting(variable: "VIBES_GOOGLE_CLIENT_ID", key: "google-client-id")
  public static let clientSecret = Setting(variable: "VIBES_GOOGLE_CLIENT_SECRET", key: "google-client-secret")
  public static let deviceClientID = Setting(variable: "VIBES_GOOGLE_DEVICE_CLIENT_ID", key: "google-device-client-id")
  public static let deviceClientSecret = Setting(
    variable: "VIBES_GOOGLE_DEVICE_CLIENT_SECRET", key: "google-device-client-secret")

  public var projectID: String?
  public var apiKey: String?
  public var storageBucket: String?
  public var clientID: String?
  public var clientSecret: String?
  public var deviceClientID: String?
  public var deviceClientSecret: String?
  public var accountsURL: URL
  public var oauth2URL: URL
  public var authURL: URL
  public var tokenURL: URL
  public var firestoreURL: URL
  public var storageURL: URL
  /// Where the keys go when they are missing (shown in messages).
  public var configFilePath: String

  public init(
    projectID: String? = nil, apiKey: String? = nil, storageBucket: String? = nil, clientID: String? = nil,
    clientSecret: String? = nil, deviceClientID: String? = nil, deviceClientSecret: String? = nil,
    accountsURL: URL = defaultAccountsURL, oauth2URL: URL = defaultOAuth2URL, authURL: URL = defaultAuthURL,
    tokenURL: URL = defaultTokenURL, firestoreURL: URL = defaultFirestoreURL, storageURL: URL = defaultStorageURL,
    configFilePath: String = "~/.config/vibes/config"
  ) {
    self.projectID = projectID
    self.apiKey = apiKey
    self.storageBucket = storageBucket
    self.clientID = clientID
    self.clientSecret = clientSecret
    self.deviceClientID = deviceClientID
    self.deviceClientSecret = deviceClientSecret
    self.accountsURL = accountsURL
    self.oauth2URL = oauth2URL
    self.authURL = authURL
    self.tokenURL = tokenURL
    self.firestoreURL = firestoreURL
    self.storageURL = storageURL
    self.configFilePath = configFilePath
  }

  /// The environment first, then the config file (`key = value` lines, `#` comments), as for Spotify.
  public static func load(environment: [String: String], configFile: URL?) -> FirebaseConfiguration {
    let text = configFile.flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? ""
    let file = SpotifyConfiguration.parseConfig(text)
    func value(_ setting: Setting) -> String? {
      if let raw = environment[setting.variable]?.trimmingCharacters(in: .whitespacesAndNewlines), !raw.isEmpty {
        return raw
      }
      guard let raw = file[setting.key]?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return nil }
      return raw
    }
    func url(_ variable: String, _ fallback: URL) -> URL {
      ServiceEndpoints.baseURL(variable, default: fallback, environment: environment).url
    }
    let project = value(projectID)
    return FirebaseConfiguration(
      projectID: project, apiKey: value(apiKey),
      storageBucket: value(storageBucket) ?? project.map { "\($0).firebasestorage.app" },
      clientID: value(clientID), clientSecret: value(clientSecret), deviceClientID: value(deviceClientID),
      deviceClientSecret: value(deviceClientSecret),
      accountsURL: url("VIBES_GOOGLE_ACCOUNTS_URL", defaultAccountsURL),
      oauth2URL: url("VIBES_GOOGLE_OAUTH2_URL", defaultOAuth2URL),
      authURL: url("VIBES_FIREBASE_AUTH_URL", defaultAuthURL),
      tokenURL: url("VIBES_FIREBASE_TOKEN_URL", defaultTokenURL),
      firestoreURL: url("VIBES_FIRESTORE_URL", defaultFirestoreURL),
      storageURL: url("VIBES_FIREBASE_STORAGE_URL", defaultStorageURL),
      configFilePath: configFile?.path ?? "~/.config/vibes/config")
  }

  /// What a purpose needs.
  public enum Purpose: Sendable {
    /// The project itself (Auth, Firestore).
    case project
    /// Google sign-in through the browser (Desktop client).
    case browserSignIn
    /// Google sign-in with a code on another device (TVs and Limited Input client).
    case deviceSignIn
    /// Profile photos.
    case storage
  }

  /// The settings `purpose` needs that are missing, in a stable order.
  public func missing(for purpose: Purpose) -> [Setting] {
    var result: [Setting] = []
    if projectID == nil { result.append(Self.projectID) }
    if apiKey == nil { result.append(Self.apiKey) }
    switch purpose {
    case .project: break
    case .browserSignIn:
      if clientID == nil { result.append(Self.clientID) }
      if clientSecret == nil { result.append(Self.clientSecret) }
    case .deviceSignIn:
      if deviceClientID == nil { result.append(Self.deviceClientID) }
      if deviceClientSecret == nil { result.append(Self.deviceClientSecret) }
    case .storage:
      if storageBucket == nil { result.append(Self.storageBucket) }
    }
    return result
  }

  /// "Firebase is not configured: set VIBES_FIREBASE_API_KEY (or `firebase-api-key = …` in PATH)", naming every
  /// missing key; nil when nothing is missing.
  public func missingMessage(for purpose: Purpose) -> String? {
    let missing = missing(for: purpose)
    guard !missing.isEmpty else { return nil }
    let names = missing.map { "\($0.variable) (or `\($0.key) = …` in \(configFilePath))" }
    return "Firebase is not configured: set " + names.joined(separator: ", ")
  }
}
