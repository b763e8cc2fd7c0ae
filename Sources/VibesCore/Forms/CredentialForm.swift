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

/// Identifies a credential field across renders and validation messages.
public enum FieldID: String, Sendable, Hashable {
  case apiKey
  case city
  /// The Ticketmaster concert search's radius (a picker of `ConcertRadius.choices`).
  case radius
}

/// The credential forms' fields and buttons, in focus order.
public enum CredentialFocus: Sendable, Hashable {
  case field(FieldID)
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
  /// Ticketmaster: how far around the city concerts are searched.
  public var radiusKm: Int?
  /// Ticketmaster: the suggestion the city was taken from (name, country, coordinates), nil for a typed city.
  public var place: City?

  public init(step: SetupStep, apiKey: SecretInput, city: String?, radiusKm: Int? = nil, place: City? = nil) {
    self.step = step
    self.apiKey = apiKey
    self.city = city
    self.radiusKm = radiusKm
    self.place = place
  }
}

/// The Gemini and Ticketmaster forms: a ``Form`` of the key (and city), Save and, when editing an
/// existing credential, Remove; plus the step and the last submission.
public struct CredentialForm: FormConfiguration, Sendable, Hashable {
  public var step: SetupStep
  /// The fields, focus and phase.
  public var form: Form<CredentialFocus, ValidationFailure>
  /// True when the step was complete on opening: the form edits an existing credential and offers Remove.
  public var isConfigured: Bool
  /// The last submission, kept so Retry sends exactly the same values.
  public var lastSubmission: CredentialSubmission?
  /// Cities of the shipped list that start with the typed city (largest first), shown under the City field.
  public var citySuggestions: [City] = []
  /// The suggestion ↑/↓ picked (Enter takes it); nil while the typed text stands.
  public var pickedSuggestion: Int?
  /// At most this many suggestions are shown.
  public static let citySuggestionLimit = 4
  /// The suggestion the City field's text was taken from; it counts only while the field still says its label.
  public var takenPlace: City?

  public init(
    step: SetupStep, isConfigured: Bool, storedPreview: String? = nil, city: String? = nil,
    radiusKm: Int = ConcertRadius.defaultKm, place: City? = nil
  ) {
    self.step = step
    self.isConfigured = isConfigured
    takenPlace = place
    var fields = [
      Field(
        CredentialFocus.field(.apiKey), .secret, storedPreview: isConfigured ? storedPreview ?? "" : nil,
        validators: FieldValidator.apiKey)
    ]
    if step == .ticketmaster {
      fields.append(Field(.field(.city), .text, value: city ?? "", validators: FieldValidator.city))
      let choice = ConcertRadius.choices.firstIndex(of: ConcertRadius.nearest(radiusKm)) ?? 0
      fields.append(Field(.field(.radius), .picker(options: ConcertRadius.choices.map(String.init)), choice: choice))
    }
    fields.append(.button(.save))
    if isConfigured { fields.append(.button(.remove)) }
    form = Form(fields)
  }

  /// The text field `id`.
  public func field(_ id: FieldID) -> Field<CredentialFocus>? { form.field(.field(id)) }

  /// Validates every field; on success returns what to check, otherwise marks the errors,
  /// focuses the first bad field and returns nil.
  public mutating func makeSubmission() -> CredentialSubmission? {
    guard form.validateAll() else { return nil }
    let keyField = field(.apiKey)
    let key: SecretInput = (keyField?.keepsStoredValue ?? false) ? .stored : .new(keyField?.trimmedValue ?? "")
    guard step == .ticketmaster else { return CredentialSubmission(step: step, apiKey: key, city: nil) }
    let city = field(.city)?.trimmedValue
    return CredentialSubmission(step: step, apiKey: key, city: city, radiusKm: radiusKm, place: place(for: city))
  }

  /// The chosen radius in kilometres.
  public var radiusKm: Int { field(.radius)?.selectedOption.flatMap { Int($0) } ?? ConcertRadius.defaultKm }

  /// The taken suggestion when the City field still names it (typing something else makes the city a typed one).
  public func place(for city: String?) -> City? {
    guard let takenPlace, let city, takenPlace.label == city else { return nil }
    return takenPlace
  }
}
extension ValidationFailure: Error {}
