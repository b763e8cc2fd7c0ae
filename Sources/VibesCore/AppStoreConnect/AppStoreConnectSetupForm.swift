import Foundation

/// The setup screen's fields, in focus order, then the Verify & Connect button.
public enum AppStoreConnectField: Int, CaseIterable, Sendable, Hashable {
  case issuerID
  case keyID
  case privateKey
}

public enum AppStoreConnectFocus: Sendable, Hashable {
  case field(AppStoreConnectField)
  case connect
}

/// A local check's message, shown under its field.
public enum AppStoreConnectFieldError: Sendable, Hashable {
  case required
  case issuerFormat
  case keyIDFormat
}

public enum AppStoreConnectSetupPhase: Sendable, Hashable {
  case editing
  /// Verify & Connect runs; answers for another id are dropped.
  case verifying(requestID: Int)
  case failed(AppStoreConnectFailure)
}

/// The setup form: three fields, focus and lifecycle as one value. The private key text lives only
/// here, in memory, until it is verified and handed to the secret store; it is never drawn.
public struct AppStoreConnectSetupForm: Sendable, Hashable {
  public var issuerID = TextInput()
  public var keyID = TextInput()
  public var privateKey = TextInput()
  public var focus: AppStoreConnectFocus = .field(.issuerID)
  public var phase: AppStoreConnectSetupPhase = .editing
  public var errors: [AppStoreConnectField: AppStoreConnectFieldError] = [:]
  /// The loaded key's summary (nil while none is loaded or it is being read).
  public var keySummary: PrivateKeySummary?
  /// Set when the key text could not be read as a key.
  public var keyProblem: AppStoreConnectFailure?
  /// The inspection the form waits for.
  public var inspectionID: Int?

  public init() {}

  public func input(_ field: AppStoreConnectField) -> TextInput {
    switch field {
    case .issuerID: return issuerID
    case .keyID: return keyID
    case .privateKey: return privateKey
    }
  }

  public mutating func edit(_ field: AppStoreConnectField, _ body: (inout TextInput) -> Void) {
    switch field {
    case .issuerID: body(&issuerID)
    case .keyID: body(&keyID)
    case .privateKey: body(&privateKey)
    }
  }

  public var focusOrder: [AppStoreConnectFocus] {
    AppStoreConnectField.allCases.map { .field($0) } + [.connect]
  }

  public var focusedField: AppStoreConnectField? {
    if case .field(let field) = focus { return field }
    return nil
  }

  public var isVerifying: Bool {
    if case .verifying = phase { return true }
    return false
  }

  public mutating func moveFocus(by offset: Int) {
    let order = focusOrder
    let current = order.firstIndex(of: focus) ?? 0
    if let field = focusedField, !input(field).isEmpty {
      errors[field] = Self.check(field, input(field).text)
    }
    fillKeyIDFromPath()
    focus = order[(current + offset + order.count) % order.count]
  }

  /// Fills an empty Key ID from an `AuthKey_<KEYID>.p8` path typed into the key field (whenever the form is read).
  public mutating func fillKeyIDFromPath() {
    guard Self.trimmed(keyID.text).isEmpty, let id = Self.keyID(fromPath: privateKey.text) else { return }
    keyID = TextInput(id)
    errors[.keyID] = nil
  }

  /// The Key ID named by a single-line `…/AuthKey_<KEYID>.p8` path, or nil (key content, or another name).
  public static func keyID(fromPath raw: String) -> String? {
    let text = trimmed(raw)
    guard !text.isEmpty, !text.contains("\n") else { return nil }
    let name = text.split(separator: "/").last.map(String.init) ?? text
    guard name.hasPrefix("AuthKey_"), name.lowercased().hasSuffix(".p8") else { return nil }
    let id = String(name.dropFirst("AuthKey_".count).dropLast(3))
    guard !id.isEmpty, id.count <= 32, id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
      return nil
    }
    return id
  }

  /// Validates every field; on success the submission, otherwise marks errors and focuses the first.
  public mutating func makeSubmission() -> AppStoreConnectSubmission? {
    fillKeyIDFromPath()
    var firstBad: AppStoreConnectField?
    for field in AppStoreConnectField.allCases {
      errors[field] = Self.check(field, input(field).text)
      if errors[field] != nil, firstBad == nil { firstBad = field }
    }
    if let firstBad {
      focus = .field(firstBad)
      return nil
    }
    return AppStoreConnectSubmission(
      issuerID: Self.trimmed(issuerID.text), keyID: Self.trimmed(keyID.text).uppercased(),
      privateKey: RedactedText(privateKey.text))
  }

  static func trimmed(_ text: String) -> String {
    text.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Issuer IDs are UUIDs; Key IDs are 10 letters and digits (Apple's format; checked loosely: 8–20).
  public static func check(_ field: AppStoreConnectField, _ raw: String)
    -> AppStoreConnectFieldError?
  {
    let text = trimmed(raw)
    if text.isEmpty { return .required }
    switch field {
    case .issuerID:
      return UUID(uuidString: text) == nil ? .issuerFormat : nil
    case .keyID:
      let ok =
        (8...20).contains(text.count)
        && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
      return ok ? nil : .keyIDFormat
    case .privateKey:
      return nil
    }
  }
}
