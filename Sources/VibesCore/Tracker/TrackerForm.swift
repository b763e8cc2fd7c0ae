import Foundation

/// The fields of the configuration form, in focus order.
public enum TrackerFieldID: String, CaseIterable, Sendable, Hashable {
  case apiKey
  case brandID
  case userID
  case environment

  /// True for the fields that take typed text (the environment is a picker).
  public var isText: Bool { self != .environment }
}

public enum TrackerFormFocus: Sendable, Hashable {
  case field(TrackerFieldID)
  case initialize
}

/// Why initializing (or sending) did not go through; the UI maps each case to a localized message.
public enum TrackerFailure: Error, Sendable, Hashable {
  /// No HTTP answer (refused, unresolvable, timed out, TLS, proxy), with the host.
  case transport(TransportFailure)
  /// 401/403.
  case invalidAPIKey
  /// 404 or 422 naming the brand.
  case invalidBrandID
  /// 5xx.
  case server(status: Int)
  /// 429: the API asks to slow down; worth retrying after `retryAfterSeconds` (when the API said).
  case rateLimited(retryAfterSeconds: Int?)
  /// Any other non-2xx answer.
  case rejected(status: Int)
  /// An answer came that could not be read (its body ran past the cap).
  case unreadableAnswer
  /// The secret store or database refused the configuration.
  case storageFailed
}

/// The configuration form's lifecycle (`.checking` while `sdk_initialized` is on its way).
public typealias TrackerFormPhase = FormPhase<TrackerFailure>

/// The configuration form: shown as the tab's root when nothing is configured, or pushed by Settings.
/// A ``Form`` of the key (a secret), brand id, user id, the environment picker and Initialize.
public struct TrackerForm: FormConfiguration, Sendable, Hashable {
  /// The fields, focus and phase.
  public var form: Form<TrackerFormFocus, TrackerFailure>

  /// A form pre-filled from `configuration` (the key is kept, and drawn only as bullets), or empty.
  public init(_ configuration: TrackerConfiguration? = nil) {
    let environment = configuration?.environment ?? .qc
    form = Form(
      [
        Field(
          .field(.apiKey), .secret, value: configuration?.apiKey ?? "",
          validators: [.notBlank, .length(min: 1, max: 1024)]),
        Field(.field(.brandID), .text, value: configuration?.brandID ?? "", validators: [.notBlank]),
        Field(.field(.userID), .text, value: configuration?.userID ?? ""),
        Field(
          .field(.environment), .picker(options: TrackerEnvironment.allCases.map(\.rawValue)),
          choice: TrackerEnvironment.allCases.firstIndex(of: environment) ?? 0),
        .button(.initialize),
      ], blurCheck: .always)
  }

  public var apiKey: TextInput {
    get { form.input(.field(.apiKey)) }
    set { form.setInput(.field(.apiKey), newValue) }
  }
  public var brandID: TextInput {
    get { form.input(.field(.brandID)) }
    set { form.setInput(.field(.brandID), newValue) }
  }
  public var userID: TextInput {
    get { form.input(.field(.userID)) }
    set { form.setInput(.field(.userID), newValue) }
  }

  /// The selected environment (the picker's choice).
  public var environment: TrackerEnvironment {
    get { form.field(.field(.environment))?.selectedOption.flatMap(TrackerEnvironment.init(rawValue:)) ?? .qc }
    set {
      guard let index = form.index(of: .field(.environment)) else { return }
      form.fields[index].choice = TrackerEnvironment.allCases.firstIndex(of: newValue) ?? 0
    }
  }

  /// The focused text field, if the focus is on one.
  public var focusedTextField: TrackerFieldID? {
    if case .field(let id)? = form.focusedTextField?.id { return id }
    return nil
  }

  /// The error shown under each field.
  public var errors: [TrackerFieldID: FieldError] {
    var errors: [TrackerFieldID: FieldError] = [:]
    for case (.field(let id), let error?) in form.fields.map({ ($0.id, $0.error) }) { errors[id] = error }
    return errors
  }

  public var isBusy: Bool { form.phase.isBusy }

  /// Initialize is enabled only when both required fields are non-blank.
  public var canInitialize: Bool { form.isValid }

  public func input(_ id: TrackerFieldID) -> TextInput? { id.isText ? form.input(.field(id)) : nil }

  /// The next environment in the picker (Left/Right/Space cycle through the two).
  public mutating func toggleEnvironment(by offset: Int) { form.cycleChoice(.field(.environment), by: offset) }

  /// Validates; returns the configuration to initialize with, or marks the errors, focuses the first
  /// bad field and returns nil. Surrounding whitespace is dropped.
  public mutating func makeConfiguration() -> TrackerConfiguration? {
    guard form.validateAll() else { return nil }
    return TrackerConfiguration(
      apiKey: form.trimmed(.field(.apiKey)), brandID: form.trimmed(.field(.brandID)),
      userID: form.trimmed(.field(.userID)), environment: environment)
  }
}

extension TrackerFailure {
  /// A 429: the entries are right, only the timing is not.
  public var isRateLimit: Bool {
    if case .rateLimited = self { return true }
    return false
  }
}
