import Foundation

/// Why a check or save did not go through. The UI maps each case to a localized message.
public enum ValidationFailure: Sendable, Hashable {
  case invalidCredentials
  case forbidden(reason: String?)
  case quotaExceeded(retryAfterSeconds: Int?)
  /// No HTTP answer: what failed and with which host.
  case transport(TransportFailure)
  case serverError(status: Int)
  case unexpectedStatus(Int)
  case invalidResponse
  /// The service accepted the key but the secret store refused to keep it.
  case storageFailed

  /// Whether trying the same values again can help (the UI offers Retry).
  public var isRetryable: Bool {
    switch self {
    case .invalidCredentials, .forbidden, .unexpectedStatus: return false
    case .quotaExceeded, .transport, .serverError, .invalidResponse, .storageFailed:
      return true
    }
  }
}

/// What a successful live check learned.
public enum ValidationSuccess: Sendable, Hashable {
  case gemini
  case ticketmaster(upcomingEvents: Int)
}

/// A form's lifecycle as an explicit enum: exactly one of these holds at a time.
public enum FormPhase: Sendable, Hashable {
  case editing
  /// A live check runs; `requestID` ties its answer to this attempt (a stale answer is dropped).
  case validating(requestID: Int)
  case saving(requestID: Int)
  case failed(ValidationFailure)
  case confirmingRemoval
  case removing
  case removalFailed

  public var isBusy: Bool {
    switch self {
    case .validating, .saving, .removing: return true
    default: return false
    }
  }
}

public enum FormFocus: Sendable, Hashable {
  case field(Int)
  case save
  case remove
}

/// The secret to check: one the user just typed, or the one already stored (editing only the city).
public enum SecretInput: Sendable, Hashable {
  case new(String)
  case stored
}

public struct CredentialSubmission: Sendable, Hashable {
  public var step: SetupStep
  public var apiKey: SecretInput
  public var city: String?

  public init(step: SetupStep, apiKey: SecretInput, city: String?) {
    self.step = step
    self.apiKey = apiKey
    self.city = city
  }
}

/// The Gemini and Ticketmaster forms: fields, focus and lifecycle as one value.
public struct CredentialForm: Sendable, Hashable {
  public var step: SetupStep
  public var fields: [FormField]
  public var focus: FormFocus
  public var phase: FormPhase
  /// True when the step was complete on opening: the form edits an existing credential and offers Remove.
  public var isConfigured: Bool
  /// The last submission, kept so Retry sends exactly the same values.
  public var lastSubmission: CredentialSubmission?

  public init(step: SetupStep, isConfigured: Bool, storedPreview: String? = nil, city: String? = nil) {
    self.step = step
    self.isConfigured = isConfigured
    self.phase = .editing
    self.focus = .field(0)
    var fields = [
      FormField(
        id: .apiKey, kind: .secret, storedPreview: isConfigured ? storedPreview ?? "" : nil,
        validators: FieldValidator.apiKey)
    ]
    if step == .ticketmaster {
      fields.append(
        FormField(id: .city, kind: .text, value: city ?? "", validators: FieldValidator.city))
    }
    self.fields = fields
  }

  /// The focus order: fields, Save, then Remove when there is something to remove.
  public var focusOrder: [FormFocus] {
    fields.indices.map { FormFocus.field($0) } + [.save] + (isConfigured ? [.remove] : [])
  }

  public var focusedFieldIndex: Int? {
    if case .field(let index) = focus { return index }
    return nil
  }

  public var focusedField: FormField? { focusedFieldIndex.map { fields[$0] } }

  public func field(_ id: FieldID) -> FormField? { fields.first { $0.id == id } }

  public mutating func moveFocus(by offset: Int) {
    let order = focusOrder
    let current = order.firstIndex(of: focus) ?? 0
    let next = (current + offset + order.count) % order.count
    validateFocusedField()
    focus = order[next]
  }

  /// Runs the focused field's validators (on blur), keeping the error with the field.
  public mutating func validateFocusedField() {
    guard let index = focusedFieldIndex else { return }
    fields[index].error = fields[index].input.isEmpty ? nil : fields[index].validate()
  }

  /// Validates every field; on success returns what to check, otherwise marks the errors,
  /// focuses the first bad field and returns nil.
  public mutating func makeSubmission() -> CredentialSubmission? {
    var firstBad: Int?
    for index in fields.indices {
      fields[index].error = fields[index].validate()
      if fields[index].error != nil, firstBad == nil { firstBad = index }
    }
    if let firstBad {
      focus = .field(firstBad)
      return nil
    }
    let keyField = fields.first { $0.id == .apiKey }
    let key: SecretInput =
      (keyField?.keepsStoredValue ?? false)
      ? .stored : .new(keyField?.value.trimmingCharacters(in: .whitespacesAndNewlines) ?? "")
    let city = field(.city)?.value.trimmingCharacters(in: .whitespacesAndNewlines)
    return CredentialSubmission(step: step, apiKey: key, city: city)
  }
}
extension ValidationFailure: Error {}
