import Foundation

/// A validation message, as a key the UI localizes (the core holds no user-facing text).
public enum FieldError: Sendable, Hashable {
  case required
  case containsWhitespace
  case tooShort(minimum: Int)
  case tooLong(maximum: Int)
  case invalidCharacters
  /// Not a UUID (e.g. an App Store Connect issuer ID).
  case notUUID
  /// Not `minimum...maximum` ASCII letters and digits (e.g. an App Store Connect key ID).
  case notAlphanumeric(minimum: Int, maximum: Int)
}

/// Tiny pure validators (huh's idea): each returns nil when the value is acceptable.
public enum FieldValidator: Sendable, Hashable {
  case notBlank
  case noWhitespace
  case length(min: Int, max: Int)
  /// Printable ASCII only: API keys are, and this catches a pasted smart quote or ellipsis.
  case printableASCII
  /// A UUID, surrounding whitespace ignored.
  case uuid
  /// `min...max` ASCII letters and digits, surrounding whitespace ignored.
  case alphanumeric(min: Int, max: Int)

  public func check(_ value: String) -> FieldError? {
    switch self {
    case .notBlank:
      return value.allSatisfy(\.isWhitespace) ? .required : nil
    case .noWhitespace:
      return value.contains(where: \.isWhitespace) ? .containsWhitespace : nil
    case .length(let minimum, let maximum):
      let count = value.trimmingCharacters(in: .whitespacesAndNewlines).count
      if count < minimum { return .tooShort(minimum: minimum) }
      if count > maximum { return .tooLong(maximum: maximum) }
      return nil
    case .printableASCII:
      let ok = value.unicodeScalars.allSatisfy { $0.value >= 0x21 && $0.value <= 0x7E }
      return ok ? nil : .invalidCharacters
    case .uuid:
      return UUID(uuidString: value.trimmingCharacters(in: .whitespacesAndNewlines)) == nil ? .notUUID : nil
    case .alphanumeric(let minimum, let maximum):
      let text = value.trimmingCharacters(in: .whitespacesAndNewlines)
      let ok =
        (minimum...maximum).contains(text.count) && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
      return ok ? nil : .notAlphanumeric(minimum: minimum, maximum: maximum)
    }
  }

  /// The checks every API key gets before any network call.
  public static let apiKey: [FieldValidator] = [
    .notBlank, .noWhitespace, .printableASCII, .length(min: 8, max: 256),
  ]
  public static let city: [FieldValidator] = [.notBlank, .length(min: 1, max: 100)]
}
