import Foundation
import VibesCore
import VibesServices
import VibesStorage

/// Why a login did not save anything.
public enum LoginError: Error, Equatable, CustomStringConvertible {
  /// The service (or a local check) refused the credentials: exit status 1.
  case rejected(String)
  /// Storage failed: exit status 2.
  case storage(String)

  public var description: String {
    switch self {
    case .rejected(let text), .storage(let text): return text
    }
  }
}

/// `vibes auth login`: the app's own checks (the same client calls), then secret and row together via
/// `SecretStore.write(_:for:then:)`, so a rejection or a failed save leaves storage as it was.
public struct ServiceLogin: Sendable {
  public let storage: CLIStorage
  let dependencies: AppDependencies

  public init(storage: CLIStorage) {
    self.storage = storage
    self.dependencies = storage.dependencies()
  }

  /// Checks the key with GeminiClient.validate, then saves it.
  public func gemini(apiKey: String) async throws(LoginError) {
    let key = try Self.clean(apiKey)
    do {
      try await dependencies.gemini.validate(apiKey: key)
    } catch {
      throw .rejected("Gemini: " + ServiceErrorText.english(error))
    }
    try saveStep(.gemini, key: key, city: nil)
  }

  /// Checks the key and city with TicketmasterClient.validate, then saves both; returns the event count.
  @discardableResult
  public func ticketmaster(apiKey: String, city: String) async throws(LoginError) -> Int {
    let key = try Self.clean(apiKey)
    let city = city.trimmingCharacters(in: .whitespaces)
    guard !city.isEmpty else { throw .rejected("Ticketmaster: --city must not be empty") }
    let check: TicketmasterCheck
    do {
      check = try await dependencies.ticketmaster.validate(apiKey: key, city: city)
    } catch {
      throw .rejected("Ticketmaster: " + ServiceErrorText.english(error))
    }
    try saveStep(.ticketmaster, key: key, city: city)
    return check.totalEvents
  }

  /// Verifies with AppStoreConnectClient.verify (a malformed key fails before any network call), then saves.
  public func appStoreConnect(issuerID: String, keyID: String, privateKey: String) async throws(LoginError) {
    guard let pem = PrivateKeyText.normalize(privateKey) else {
      throw .rejected("App Store Connect: the private key is not a PEM (.p8) key")
    }
    let credentials = AppStoreConnectCredentials(
      issuerID: issuerID.trimmingCharacters(in: .whitespaces), keyID: keyID.trimmingCharacters(in: .whitespaces),
      privateKeyPEM: pem)
    guard (try? credentials.signingKey()) != nil else {
      throw .rejected("App Store Connect: the private key is not a P-256 key")
    }
    do {
      try await dependencies.appStoreConnect.client.verify(credentials)
    } catch {
      throw .rejected("App Store Connect: " + Self.ascText(error))
    }
    let now = dependencies.now()
    do {
      try storage.secrets.write(credentials.encoded(), for: .appStoreConnectCredentials) {
        try storage.database.saveAppStoreConnectVerified(at: now)
      }
      try AppStoreConnectWidgetSnapshot(appsCount: 0, lastSync: nil, status: .connected, updatedAt: now)
        .write(storage.paths)
    } catch {
      throw .storage("saving failed: \(error)")
    }
  }

  /// Sends the app's `sdk_initialized` event (the tracking API has no read-only call), then saves.
  public func tracker(apiKey: String, brandID: String, userID: String, environment: TrackerEnvironment)
    async throws(LoginError)
  {
    let key = try Self.clean(apiKey)
    guard !brandID.isEmpty else { throw .rejected("Tracker: --brand-id must not be empty") }
    let configuration = TrackerConfiguration(
      apiKey: key, brandID: brandID, userID: userID, environment: environment)
    let tracker = dependencies.tracker
    guard let client = tracker.client(environment), let store = tracker.store else {
      throw .rejected("Tracker: the API address for \(environment.rawValue) is not usable")
    }
    let event = TrackerWireEvent(
      brandID: brandID, userID: userID, event: TrackerEvent.initializedName,
      properties: ["environment": environment.rawValue, "sdk": "vibes", "sdkVersion": VibesVersion.string],
      timestamp: tracker.now())
    do {
      _ = try await client.send(apiKey: key, event: event)
    } catch {
      throw .rejected("Tracker: \(error)")
    }
    do {
      try store.save(configuration, at: tracker.now())
    } catch {
      throw .storage("saving failed: \(error)")
    }
  }

  func saveStep(_ step: SetupStep, key: String, city: String?) throws(LoginError) {
    let now = dependencies.now()
    do {
      try storage.secrets.write(key, for: step.secretKey) {
        // A typed --city has no stored coordinates (it is looked up, or searched by name); the radius stays.
        let radiusKm = try storage.database.concertArea(for: step).radiusKm
        try storage.database.saveStepVerified(step, city: city, radiusKm: radiusKm, at: now)
      }
    } catch {
      throw .storage("saving failed: \(error)")
    }
  }

  /// Trims the newline a pipe or `echo` leaves; refuses an empty secret.
  /// Refuses one longer than `maxKeyLength` or with characters no key has before anything is sent: a megabyte sent
  /// as a header failed as "Could not reach the service" (issue 21).
  static func clean(_ secret: String) throws(LoginError) -> String {
    let key = secret.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !key.isEmpty else { throw .rejected("no secret on standard input") }
    guard key.utf8.count <= maxKeyLength else {
      throw .rejected(
        "the key on standard input is \(key.utf8.count) bytes long (a key is at most \(maxKeyLength)); "
          + "it was not sent")
    }
    guard key.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) else {
      throw .rejected(
        "the key on standard input has spaces or characters no key has (only printable ASCII); it was not sent")
    }
    return key
  }

  /// The longest key sent anywhere (Gemini and Ticketmaster keys are under 64 characters).
  static let maxKeyLength = 1024

  static func ascText(_ error: AppStoreConnectFailure) -> String {
    switch error {
    case .notAuthorized: return "not authorized (check the Issuer ID, Key ID and key)"
    case .roleTooLow: return "the key's role is too low"
    case .agreementRequired: return "an agreement must be accepted in App Store Connect"
    case .malformedKey: return "the private key is malformed"
    case .keyFileUnreadable: return "the key file cannot be read"
    case .transport(let failure): return failure.errorDescription ?? "network problem"
    default: return "\(error)"
    }
  }
}
