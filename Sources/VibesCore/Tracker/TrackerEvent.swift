import Foundation

/// One event as the demo sends it (the wire body minus nothing: see Docs/tracker-protocol.md).
public struct TrackerEvent: Sendable, Hashable {
  public var name: String
  /// Empty means "omit userId".
  public var userID: String
  public var properties: [String: String]

  public init(name: String, userID: String = "", properties: [String: String] = [:]) {
    self.name = name
    self.userID = userID
    self.properties = properties
  }

  public static let initializedName = "sdk_initialized"
  public static let screenViewName = "screen_view"
  public static let identifyName = "identify"
}

/// Parses the demo's property text: `key=value` pairs separated by commas or new lines.
public enum TrackerProperties {
  public enum ParseError: Error, Sendable, Hashable {
    /// A pair without `=` or with an empty key.
    case malformed(String)
  }

  public static func parse(_ text: String) -> Result<[String: String], ParseError> {
    var result: [String: String] = [:]
    let pairs = text.split(whereSeparator: { $0 == "," || $0 == "\n" })
    for pair in pairs {
      let trimmed = pair.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty { continue }
      guard let equals = trimmed.firstIndex(of: "=") else { return .failure(.malformed(trimmed)) }
      let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
      let value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
      guard !key.isEmpty else { return .failure(.malformed(trimmed)) }
      result[key] = value
    }
    return .success(result)
  }
}

/// One line of the demo screen's log, as data the UI localizes (and sanitises: names are user text).
public enum TrackerLogEntry: Sendable, Hashable {
  case initialized(TrackerEnvironment)
  case initializationFailed(TrackerFailure)
  /// Accepted by the API with this status.
  case sent(event: String, status: Int)
  /// Kept in the local queue: the API could not be reached (or had a server problem).
  case queued(event: String)
  /// The API refused this event for good (a 4xx other than a key problem); it was dropped.
  case dropped(event: String, status: Int)
  /// Sending stopped because of this failure; the queue keeps the rest.
  case stopped(TrackerFailure)
  case flushed(sent: Int, remaining: Int)
  case queueUnavailable
  case invalidProperties(String)
  /// The configuration works but could not be saved: it is used for this session only.
  case keptForSession
}

/// What one send or flush did, reported back by the edge.
public struct TrackerSendReport: Sendable, Hashable {
  public var entries: [TrackerLogEntry]
  /// Events still in the local queue afterwards.
  public var remaining: Int
  /// True when the API could not be reached (or answered 5xx): worth retrying later.
  public var isOffline: Bool

  public init(entries: [TrackerLogEntry], remaining: Int, isOffline: Bool) {
    self.entries = entries
    self.remaining = remaining
    self.isOffline = isOffline
  }
}
