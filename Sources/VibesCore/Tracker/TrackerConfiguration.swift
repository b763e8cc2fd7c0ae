import Foundation

/// Which tracking API the SDK talks to.
public enum TrackerEnvironment: String, CaseIterable, Sendable, Hashable, Codable {
  case qc
  case production

  /// The default API URLs. These exact strings are the contract; tests assert them.
  public static let defaultQCURL = "https://tracking.api.qc.founder-os.ai/api"
  public static let defaultProductionURL = "https://tracking.api.founder-os.ai/api"

  /// Environment variables that override the default URLs (tests point them at a loopback fake).
  public static let qcVariable = "VIBES_TRACKER_QC_URL"
  public static let productionVariable = "VIBES_TRACKER_PRODUCTION_URL"

  public var defaultURL: String {
    switch self {
    case .qc: return Self.defaultQCURL
    case .production: return Self.defaultProductionURL
    }
  }

  public var overrideVariable: String {
    switch self {
    case .qc: return Self.qcVariable
    case .production: return Self.productionVariable
    }
  }

  /// The API URL for this environment: the override when it is set and non-blank, else the default.
  /// A trailing slash is dropped so `{apiUrl}/events` never doubles it.
  public func apiURL(overrides environment: [String: String] = [:]) -> String {
    var url = defaultURL
    if let raw = environment[overrideVariable]?.trimmingCharacters(in: .whitespacesAndNewlines),
      !raw.isEmpty
    {
      url = raw
    }
    while url.hasSuffix("/") { url.removeLast() }
    return url
  }
}

/// What the SDK is configured with. The API key is a secret: it is stored only in the secret store and
/// never drawn, logged or written to SQLite.
public struct TrackerConfiguration: Sendable, Hashable {
  public var apiKey: String
  public var brandID: String
  /// Empty when not set (then omitted from events).
  public var userID: String
  public var environment: TrackerEnvironment

  public init(apiKey: String, brandID: String, userID: String = "", environment: TrackerEnvironment) {
    self.apiKey = apiKey
    self.brandID = brandID
    self.userID = userID
    self.environment = environment
  }
}

/// The two required fields' checks, as pure functions over what the user typed.
public enum TrackerValidation {
  /// Errors by field; empty when the pair can be submitted. Whitespace of any kind counts as blank.
  public static func errors(apiKey: String, brandID: String) -> [TrackerFieldID: FieldError] {
    var errors: [TrackerFieldID: FieldError] = [:]
    if let error = FieldValidator.notBlank.check(apiKey) { errors[.apiKey] = error }
    if let error = FieldValidator.notBlank.check(brandID) { errors[.brandID] = error }
    return errors
  }

  public static func canSubmit(apiKey: String, brandID: String) -> Bool {
    errors(apiKey: apiKey, brandID: brandID).isEmpty
  }
}
