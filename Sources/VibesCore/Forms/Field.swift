/// How a field shows and takes input.
public enum FieldKind: Sendable, Hashable {
  /// Single line, drawn in full.
  case text
  /// Single line, drawn as bullets; never drawn in full.
  case secret
  /// Several lines; Alt-Enter or Ctrl-J insert a line break, pastes keep theirs.
  case multiline
  /// A choice among options (their ids; the screen names them); ← → cycle.
  case picker(options: [String])
  /// A button: takes the focus, never text.
  case button

  /// True for the kinds that take typed text.
  public var takesText: Bool {
    switch self {
    case .text, .secret, .multiline: return true
    case .picker, .button: return false
    }
  }
}

/// One field of a ``Form``: its identity, kind, text (or choice), validators and current error.
public struct Field<ID: Sendable & Hashable>: Sendable, Hashable {
  public var id: ID
  public var kind: FieldKind
  public var input: TextInput
  /// How the text is drawn when not as its kind says (the Spotify paste: an address readable, bullets after its
  /// "?"); nil draws it by kind.
  public var maskingOverride: TextMasking?
  /// The selected option of a picker (an index into its options).
  public var choice: Int
  /// For a secret already stored: its masked preview (e.g. `AIza…9Qk`). While the field is empty,
  /// saving keeps the stored secret; typing replaces it.
  public var storedPreview: String?
  /// The validator message that applies now, shown under the field.
  public var error: FieldError?
  public var validators: [FieldValidator]

  /// A field holding `value`; a picker starts on option `choice`.
  public init(
    _ id: ID, _ kind: FieldKind, value: String = "", choice: Int = 0, storedPreview: String? = nil,
    masking: TextMasking? = nil, validators: [FieldValidator] = []
  ) {
    self.id = id
    self.kind = kind
    self.input = TextInput(value)
    self.maskingOverride = masking
    self.choice = choice
    self.storedPreview = storedPreview
    self.validators = validators
  }

  /// A button field.
  public static func button(_ id: ID) -> Field { Field(id, .button) }

  /// How the text is drawn: a secret as bullets only, unless `maskingOverride` says otherwise.
  public var masking: TextMasking { maskingOverride ?? (kind == .secret ? .secret : .none) }

  /// The field's text as the one editable line (``TextField``): what the one text-field widget draws and the
  /// one text key map edits. Setting it keeps the new text and cursor.
  public var textField: TextField {
    get { TextField(input, masking: masking, allowsNewline: kind == .multiline) }
    set { input = newValue.input }
  }

  /// The typed text.
  public var value: String { input.text }

  /// The typed text without surrounding whitespace (what a submission sends).
  public var trimmedValue: String { input.text.trimmingCharacters(in: .whitespacesAndNewlines) }

  /// The options of a picker (empty for other kinds).
  public var options: [String] {
    if case .picker(let options) = kind { return options }
    return []
  }

  /// The selected option of a picker, nil for other kinds.
  public var selectedOption: String? {
    let options = options
    return options.indices.contains(choice) ? options[choice] : nil
  }

  /// True when saving would reuse the stored secret rather than a newly typed one.
  public var keepsStoredValue: Bool { storedPreview != nil && input.isEmpty }

  /// What the field shows as plain text: a secret only as bullets (or its stored preview), never in full.
  public var displayValue: String {
    switch kind {
    case .secret:
      if keepsStoredValue, let storedPreview { return storedPreview }
      return SecretMask.bullets(count: input.graphemeCount, limit: input.graphemeCount)
    case .text, .multiline: return input.text
    case .picker: return selectedOption ?? ""
    case .button: return ""
    }
  }

  /// Runs the validators; a field that keeps its stored secret is valid as it is.
  public func validate() -> FieldError? {
    if keepsStoredValue || !kind.takesText { return nil }
    for validator in validators {
      if let error = validator.check(input.text) { return error }
    }
    return nil
  }
}
