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

/// The configuration form's lifecycle.
public enum TrackerFormPhase: Sendable, Hashable {
  case editing
  /// `sdk_initialized` is on its way; the answer with this id is the one the form waits for.
  case initializing(requestID: Int)
  case failed(TrackerFailure)
}

/// The configuration form: shown as the tab's root when nothing is configured, or pushed by Settings.
public struct TrackerForm: Sendable, Hashable {
  public var apiKey: TextInput
  public var brandID: TextInput
  public var userID: TextInput
  public var environment: TrackerEnvironment
  public var focus: TrackerFormFocus = .field(.apiKey)
  public var errors: [TrackerFieldID: FieldError] = [:]
  public var phase: TrackerFormPhase = .editing

  /// A form pre-filled from `configuration` (the key is kept, and drawn only as bullets), or empty.
  public init(_ configuration: TrackerConfiguration? = nil) {
    apiKey = TextInput(configuration?.apiKey ?? "")
    brandID = TextInput(configuration?.brandID ?? "")
    userID = TextInput(configuration?.userID ?? "")
    environment = configuration?.environment ?? .qc
  }

  public var focusOrder: [TrackerFormFocus] {
    TrackerFieldID.allCases.map { .field($0) } + [.initialize]
  }

  /// The focused text field, if the focus is on one.
  public var focusedTextField: TrackerFieldID? {
    if case .field(let id) = focus, id.isText { return id }
    return nil
  }

  public var isBusy: Bool {
    if case .initializing = phase { return true }
    return false
  }

  /// Initialize is enabled only when both required fields are non-blank.
  public var canInitialize: Bool {
    TrackerValidation.canSubmit(apiKey: apiKey.text, brandID: brandID.text)
  }

  public func input(_ id: TrackerFieldID) -> TextInput? {
    switch id {
    case .apiKey: return apiKey
    case .brandID: return brandID
    case .userID: return userID
    case .environment: return nil
    }
  }

  public mutating func edit(_ id: TrackerFieldID, _ body: (inout TextInput) -> Void) {
    switch id {
    case .apiKey: body(&apiKey)
    case .brandID: body(&brandID)
    case .userID: body(&userID)
    case .environment: return
    }
  }

  public mutating func moveFocus(by offset: Int) {
    let order = focusOrder
    let current = order.firstIndex(of: focus) ?? 0
    validateFocusedField()
    focus = order[(current + offset + order.count) % order.count]
  }

  /// On blur: a required field left blank shows its message.
  public mutating func validateFocusedField() {
    guard case .field(let id) = focus else { return }
    let all = TrackerValidation.errors(apiKey: apiKey.text, brandID: brandID.text)
    errors[id] = all[id]
  }

  /// The next environment in the picker (Left/Right/Space cycle through the two).
  public mutating func toggleEnvironment(by offset: Int) {
    let all = TrackerEnvironment.allCases
    let index = all.firstIndex(of: environment) ?? 0
    environment = all[(index + offset + all.count) % all.count]
  }

  /// Validates; returns the configuration to initialize with, or marks the errors, focuses the first
  /// bad field and returns nil. Surrounding whitespace is dropped.
  public mutating func makeConfiguration() -> TrackerConfiguration? {
    errors = TrackerValidation.errors(apiKey: apiKey.text, brandID: brandID.text)
    if errors[.apiKey] != nil {
      focus = .field(.apiKey)
      return nil
    }
    if errors[.brandID] != nil {
      focus = .field(.brandID)
      return nil
    }
    return TrackerConfiguration(
      apiKey: apiKey.text.trimmingCharacters(in: .whitespacesAndNewlines),
      brandID: brandID.text.trimmingCharacters(in: .whitespacesAndNewlines),
      userID: userID.text.trimmingCharacters(in: .whitespacesAndNewlines),
      environment: environment)
  }
}

extension TrackerFailure {
  /// A 429: the entries are right, only the timing is not.
  public var isRateLimit: Bool {
    if case .rateLimited = self { return true }
    return false
  }
}
