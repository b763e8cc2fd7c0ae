/// How a field shows and takes text.
public enum FieldKind: Sendable, Hashable {
  /// Single line, drawn in full.
  case text
  /// Single line, drawn as bullets; never drawn in full.
  case secret
  /// Several lines; Alt-Enter or Ctrl-J insert a line break, pastes keep theirs.
  case multiline
}

/// Identifies a field across renders and validation messages.
public enum FieldID: String, Sendable, Hashable {
  case apiKey
  case city
}

public struct FormField: Sendable, Hashable {
  public var id: FieldID
  public var kind: FieldKind
  public var input: TextInput
  /// For a secret already stored: its masked preview (e.g. `AIza…9Qk`). While the field is empty,
  /// saving keeps the stored secret; typing replaces it.
  public var storedPreview: String?
  /// The validator message that applies now, shown under the field.
  public var error: FieldError?
  public var validators: [FieldValidator]

  public init(
    id: FieldID, kind: FieldKind, value: String = "", storedPreview: String? = nil,
    validators: [FieldValidator] = []
  ) {
    self.id = id
    self.kind = kind
    self.input = TextInput(value)
    self.storedPreview = storedPreview
    self.validators = validators
  }

  public var value: String { input.text }

  /// True when saving would reuse the stored secret rather than a newly typed one.
  public var keepsStoredValue: Bool { storedPreview != nil && input.isEmpty }

  /// Runs the validators; a field that keeps its stored secret is valid as it is.
  public func validate() -> FieldError? {
    if keepsStoredValue { return nil }
    for validator in validators {
      if let error = validator.check(input.text) { return error }
    }
    return nil
  }
}
