import Foundation

/// A Firestore timestamp to the microsecond (what the REST API keeps; extra precision is rounded down).
public struct FirestoreTimestamp: Sendable, Hashable, Comparable {
  public var seconds: Int64
  /// 0...999_999.
  public var microseconds: Int

  public init(seconds: Int64, microseconds: Int) {
    self.seconds = seconds
    self.microseconds = min(max(microseconds, 0), 999_999)
  }

  public init(_ date: Date) {
    let total = (date.timeIntervalSince1970 * 1_000_000).rounded(.down)
    let seconds = Int64((total / 1_000_000).rounded(.down))
    self.init(seconds: seconds, microseconds: Int(Int64(total) - seconds * 1_000_000))
  }

  public var date: Date {
    Date(timeIntervalSince1970: TimeInterval(seconds) + TimeInterval(microseconds) / 1_000_000)
  }

  public static func < (a: Self, b: Self) -> Bool {
    (a.seconds, a.microseconds) < (b.seconds, b.microseconds)
  }

  /// RFC 3339 in UTC with six fraction digits, e.g. `2026-05-01T12:00:00.123456Z`.
  public var rfc3339: String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents(
      [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    func pad(_ value: Int?, _ width: Int) -> String {
      let text = String(value ?? 0)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2))T\(pad(parts.hour, 2)):"
      + "\(pad(parts.minute, 2)):\(pad(parts.second, 2)).\(pad(microseconds, 6))Z"
  }

  /// Parses RFC 3339 with `Z` or a `±hh:mm` offset and 0–9 fraction digits (rounded down to µs); nil without a zone.
  public init?(rfc3339 text: String) {
    let chars = Array(text.utf8)
    guard chars.count >= 20 else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      guard range.upperBound <= chars.count else { return nil }
      var value = 0
      for index in range {
        guard (48...57).contains(chars[index]) else { return nil }
        value = value * 10 + Int(chars[index] - 48)
      }
      return value
    }
    guard let year = number(0..<4), chars[4] == 45, let month = number(5..<7), chars[7] == 45,
      let day = number(8..<10), chars[10] == 84 || chars[10] == 116, let hour = number(11..<13), chars[13] == 58,
      let minute = number(14..<16), chars[16] == 58, let second = number(17..<19)
    else { return nil }
    var index = 19
    var micros = 0
    if index < chars.count, chars[index] == 46 {
      index += 1
      var digits = 0
      while index < chars.count, (48...57).contains(chars[index]) {
        if digits < 6 { micros = micros * 10 + Int(chars[index] - 48) }
        digits += 1
        index += 1
      }
      guard digits > 0 else { return nil }
      if digits < 6 { for _ in digits..<6 { micros *= 10 } }
    }
    guard index < chars.count else { return nil }
    var offset = 0
    if chars[index] == 90 || chars[index] == 122 {
      guard index + 1 == chars.count else { return nil }
    } else if chars[index] == 43 || chars[index] == 45 {
      guard index + 6 == chars.count, let h = number(index + 1..<index + 3), chars[index + 3] == 58,
        let m = number(index + 4..<index + 6)
      else { return nil }
      offset = (h * 60 + m) * 60 * (chars[index] == 43 ? 1 : -1)
    } else {
      return nil
    }
    var components = DateComponents()
    components.year = year
    components.month = month
    components.day = day
    components.hour = hour
    components.minute = minute
    components.second = second
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    guard let date = calendar.date(from: components) else { return nil }
    self.init(seconds: Int64(date.timeIntervalSince1970.rounded()) - Int64(offset), microseconds: micros)
  }
}

/// One typed Firestore value, as the REST API encodes it (`{"integerValue":"42"}`, …). `null` is an explicit
/// `nullValue`, which is not the same as an absent field.
public indirect enum FirestoreValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case integer(Int64)
  case double(Double)
  case timestamp(FirestoreTimestamp)
  case string(String)
  case bytes(Data)
  case reference(String)
  case geoPoint(latitude: Double, longitude: Double)
  case array([FirestoreValue])
  case map([String: FirestoreValue])

  /// The JSON object for this value (for `JSONSerialization`).
  public var json: [String: Any] {
    switch self {
    case .null: return ["nullValue": NSNull()]
    case .bool(let value): return ["booleanValue": value]
    case .integer(let value): return ["integerValue": String(value)]
    case .double(let value):
      if value.isNaN { return ["doubleValue": "NaN"] }
      if value.isInfinite { return ["doubleValue": value > 0 ? "Infinity" : "-Infinity"] }
      return ["doubleValue": value]
    case .timestamp(let value): return ["timestampValue": value.rfc3339]
    case .string(let value): return ["stringValue": value]
    case .bytes(let value): return ["bytesValue": value.base64EncodedString()]
    case .reference(let value): return ["referenceValue": value]
    case .geoPoint(let latitude, let longitude):
      return ["geoPointValue": ["latitude": latitude, "longitude": longitude]]
    case .array(let values):
      return values.isEmpty ? ["arrayValue": [String: Any]()] : ["arrayValue": ["values": values.map(\.json)]]
    case .map(let fields):
      return fields.isEmpty
        ? ["mapValue": [String: Any]()] : ["mapValue": ["fields": fields.mapValues { $0.json }]]
    }
  }

  /// Reads one value; nil when it is not exactly one known key with a value of the right shape.
  public init?(json: Any) {
    guard let object = json as? [String: Any], object.count == 1, let (key, raw) = object.first else { return nil }
    switch key {
    case "nullValue":
      guard raw is NSNull || (raw as? String) == "NULL_VALUE" else { return nil }
      self = .null
    case "booleanValue":
      guard let value = raw as? Bool else { return nil }
      self = .bool(value)
    case "integerValue":
      if let text = raw as? String, let value = Int64(text) {
        self = .integer(value)
      } else if let number = raw as? NSNumber, let value = Int64(exactly: number.doubleValue) {
        self = .integer(value)
      } else {
        return nil
      }
    case "doubleValue":
      if let text = raw as? String {
        switch text {
        case "NaN": self = .double(.nan)
        case "Infinity": self = .double(.infinity)
        case "-Infinity": self = .double(-.infinity)
        default: return nil
        }
      } else if let number = raw as? NSNumber {
        self = .double(number.doubleValue)
      } else {
        return nil
      }
    case "timestampValue":
      guard let text = raw as? String, let value = FirestoreTimestamp(rfc3339: text) else { return nil }
      self = .timestamp(value)
    case "stringValue":
      guard let text = raw as? String else { return nil }
      self = .string(text)
    case "bytesValue":
      guard let text = raw as? String, let data = Data(base64Encoded: text) else { return nil }
      self = .bytes(data)
    case "referenceValue":
      guard let text = raw as? String else { return nil }
      self = .reference(text)
    case "geoPointValue":
      guard let point = raw as? [String: Any] else { return nil }
      self = .geoPoint(
        latitude: (point["latitude"] as? NSNumber)?.doubleValue ?? 0,
        longitude: (point["longitude"] as? NSNumber)?.doubleValue ?? 0)
    case "arrayValue":
      guard let array = raw as? [String: Any] else { return nil }
      var values: [FirestoreValue] = []
      for item in array["values"] as? [Any] ?? [] {
        guard let value = FirestoreValue(json: item) else { return nil }
        values.append(value)
      }
      self = .array(values)
    case "mapValue":
      guard let map = raw as? [String: Any], let fields = Self.fields(map["fields"] ?? [String: Any]()) else {
        return nil
      }
      self = .map(fields)
    default:
      return nil
    }
  }

  /// A `fields` object; nil when any value is malformed.
  public static func fields(_ json: Any) -> [String: FirestoreValue]? {
    guard let object = json as? [String: Any] else { return nil }
    var result: [String: FirestoreValue] = [:]
    for (name, raw) in object {
      guard let value = FirestoreValue(json: raw) else { return nil }
      result[name] = value
    }
    return result
  }

  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  public var integerValue: Int64? {
    if case .integer(let value) = self { return value }
    return nil
  }

  public var timestampValue: FirestoreTimestamp? {
    if case .timestamp(let value) = self { return value }
    return nil
  }

  public var arrayValue: [FirestoreValue]? {
    if case .array(let value) = self { return value }
    return nil
  }
}

/// A stored document: its full name, fields and times (`updateTime` kept as sent, to echo it exactly).
public struct FirestoreDocument: Sendable, Equatable {
  public var name: String
  public var fields: [String: FirestoreValue]
  public var createTime: String?
  public var updateTime: String?

  public init(name: String, fields: [String: FirestoreValue], createTime: String? = nil, updateTime: String? = nil) {
    self.name = name
    self.fields = fields
    self.createTime = createTime
    self.updateTime = updateTime
  }

  /// The last path segment (the document id).
  public var id: String { String(name.split(separator: "/").last ?? "") }

  init?(json: Any) {
    guard let object = json as? [String: Any], let name = object["name"] as? String,
      let fields = FirestoreValue.fields(object["fields"] ?? [String: Any]())
    else { return nil }
    self.init(
      name: name, fields: fields, createTime: object["createTime"] as? String,
      updateTime: object["updateTime"] as? String)
  }
}
