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

/// The setup form's lifecycle: editing, Verify & Connect running (`.checking`), or failed.
public typealias AppStoreConnectSetupPhase = FormPhase<AppStoreConnectFailure>

/// The setup form: a ``Form`` of three fields and Verify & Connect, plus the loaded key's summary. The
/// private key text lives only here, in memory, until it is verified and handed to the secret store;
/// it is never drawn.
public struct AppStoreConnectSetupForm: FormConfiguration, Sendable, Hashable {
  /// The fields, focus and phase.
  public var form = Form<AppStoreConnectFocus, AppStoreConnectFailure>([
    Field(.field(.issuerID), .text, validators: [.notBlank, .uuid]),
    Field(.field(.keyID), .text, validators: [.notBlank, .alphanumeric(min: 8, max: 20)]),
    Field(.field(.privateKey), .multiline, validators: [.notBlank]),
    .button(.connect),
  ])
  /// The loaded key's summary (nil while none is loaded or it is being read).
  public var keySummary: PrivateKeySummary?
  /// Set when the key text could not be read as a key.
  public var keyProblem: AppStoreConnectFailure?
  /// The inspection the form waits for.
  public var inspectionID: Int?

  public init() {}

  public func input(_ field: AppStoreConnectField) -> TextInput { form.input(.field(field)) }

  public var issuerID: TextInput {
    get { input(.issuerID) }
    set { form.setInput(.field(.issuerID), newValue) }
  }
  public var keyID: TextInput {
    get { input(.keyID) }
    set { form.setInput(.field(.keyID), newValue) }
  }
  public var privateKey: TextInput {
    get { input(.privateKey) }
    set { form.setInput(.field(.privateKey), newValue) }
  }

  /// The local checks' messages by field.
  public var errors: [AppStoreConnectField: AppStoreConnectFieldError] {
    var errors: [AppStoreConnectField: AppStoreConnectFieldError] = [:]
    for field in AppStoreConnectField.allCases {
      switch form.field(.field(field))?.error {
      case nil: break
      case .notUUID?: errors[field] = .issuerFormat
      case .notAlphanumeric?: errors[field] = .keyIDFormat
      case _?: errors[field] = .required
      }
    }
    return errors
  }

  public var focusedField: AppStoreConnectField? {
    if case .field(let field) = form.focus { return field }
    return nil
  }

  public var isVerifying: Bool { form.phase.isChecking }

  /// Moves the focus (validating the field left) and fills the Key ID from a key path.
  public mutating func moveFocus(by offset: Int) {
    form.moveFocus(by: offset)
    fillKeyIDFromPath()
  }

  /// Fills an empty Key ID from an `AuthKey_<KEYID>.p8` path typed into the key field (whenever the form is read).
  public mutating func fillKeyIDFromPath() {
    guard keyID.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
      let id = Self.keyID(fromPath: privateKey.text)
    else { return }
    keyID = TextInput(id)
  }

  /// The Key ID named by a single-line `…/AuthKey_<KEYID>.p8` path, or nil (key content, or another name).
  public static func keyID(fromPath raw: String) -> String? {
    let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
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
    guard form.validateAll() else { return nil }
    return AppStoreConnectSubmission(
      issuerID: form.trimmed(.field(.issuerID)), keyID: form.trimmed(.field(.keyID)).uppercased(),
      privateKey: RedactedText(privateKey.text))
  }
}
