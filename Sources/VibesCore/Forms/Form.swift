/// When leaving a field runs its validators.
public enum BlurCheck: Sendable, Hashable {
  /// Never on blur (only on submit).
  case never
  /// Only when something was typed: a blank field shows "required" only on submit.
  case whenFilled
  /// Always: a required field left blank shows its message at once.
  case always
}

/// The one form engine: fields (text, secret, multi-line, picker, button) in focus order, one focus,
/// validate-on-blur, submit that focuses the first bad field, and one lifecycle phase. Every form of the
/// app (credentials, App Store Connect, Tracker, Tracker events) is a configuration of it; what is
/// particular to a feature lives in the feature as a small wrapper.
public struct Form<ID: Sendable & Hashable, Failure: Sendable & Hashable>: Sendable, Hashable {
  /// The fields and buttons, in focus order.
  public var fields: [Field<ID>]
  public var focus: ID
  public var phase: FormPhase<Failure> = .editing
  public var blurCheck: BlurCheck

  /// A form of `fields` (at least one), focused on `focus` or the first field.
  public init(_ fields: [Field<ID>], focus: ID? = nil, blurCheck: BlurCheck = .whenFilled) {
    precondition(!fields.isEmpty, "a form has at least one field")
    self.fields = fields
    self.focus = focus ?? fields[0].id
    self.blurCheck = blurCheck
  }

  /// The focus order: every field and button, as listed.
  public var focusOrder: [ID] { fields.map(\.id) }

  /// The index of the field `id`, if the form has it.
  public func index(of id: ID) -> Int? { fields.firstIndex { $0.id == id } }

  /// The field `id`, if the form has it.
  public func field(_ id: ID) -> Field<ID>? { index(of: id).map { fields[$0] } }

  /// The focused field (or button).
  public var focusedField: Field<ID>? { field(focus) }

  /// The focused field when it takes text.
  public var focusedTextField: Field<ID>? { focusedField.flatMap { $0.kind.takesText ? $0 : nil } }

  /// True when typed keys go into the focused field: it takes text and the form waits for nothing.
  public var isEditingText: Bool {
    focusedTextField != nil && !phase.isBusy && phase != .confirmingRemoval
  }

  /// True when `id` is the last field that takes input (text or a choice), so Enter there submits.
  public func isLastInput(_ id: ID) -> Bool {
    fields.last { $0.kind != .button }?.id == id
  }

  /// True when every field passes its validators (nothing is marked).
  public var isValid: Bool { fields.allSatisfy { $0.validate() == nil } }

  /// The typed text of `id` ("" when the form has no such field).
  public func text(_ id: ID) -> String { field(id)?.value ?? "" }

  /// The typed text of `id` without surrounding whitespace.
  public func trimmed(_ id: ID) -> String { field(id)?.trimmedValue ?? "" }

  /// The input of `id` (empty when the form has no such field).
  public func input(_ id: ID) -> TextInput { field(id)?.input ?? TextInput() }

  /// The field `id` as the one editable line the text-field widget draws (empty when the form has no such field).
  public func textField(_ id: ID) -> TextField { field(id)?.textField ?? TextField() }

  /// Replaces the input of `id` (a programmatic fill, e.g. a key id read from a file name): clears its error.
  public mutating func setInput(_ id: ID, _ input: TextInput) {
    guard let index = index(of: id) else { return }
    fields[index].input = input
    fields[index].error = nil
  }

  /// Sets (or clears) the error shown under `id`.
  public mutating func setError(_ id: ID, _ error: FieldError?) {
    guard let index = index(of: id) else { return }
    fields[index].error = error
  }

  /// Moves the focus `offset` steps along the focus order, wrapping; the field left is validated.
  public mutating func moveFocus(by offset: Int) {
    let order = focusOrder
    let current = order.firstIndex(of: focus) ?? 0
    let count = order.count
    moveFocus(to: order[((current + offset) % count + count) % count])
  }

  /// Moves the focus to `id`; the field left is validated (per `blurCheck`).
  public mutating func moveFocus(to id: ID) {
    validateFocusedField()
    focus = id
  }

  /// Runs the focused field's validators (on blur), keeping the error with the field.
  public mutating func validateFocusedField() {
    guard let index = index(of: focus), fields[index].kind.takesText else { return }
    switch blurCheck {
    case .never: return
    case .whenFilled: fields[index].error = fields[index].input.isEmpty ? nil : fields[index].validate()
    case .always: fields[index].error = fields[index].validate()
    }
  }

  /// Validates every field and marks the errors; focuses the first bad one. True when all are valid.
  @discardableResult
  public mutating func validateAll() -> Bool {
    for index in fields.indices { fields[index].error = fields[index].validate() }
    return focusFirstError()
  }

  /// Focuses the first field that shows an error; true when none does.
  @discardableResult
  public mutating func focusFirstError() -> Bool {
    guard let bad = fields.first(where: { $0.error != nil }) else { return true }
    focus = bad.id
    return false
  }

  /// Applies a key or paste to the focused text field with the one text key map. A change clears the
  /// field's error and a shown failure. Nil when the event is not text editing (or nothing takes text).
  public mutating func edit(_ event: InputEvent) -> TextEditing.Outcome? {
    guard isEditingText, let index = index(of: focus) else { return nil }
    let outcome = fields[index].textField.edit(event)
    if outcome?.changedText == true {
      fields[index].error = nil
      switch phase {
      case .failed, .removalFailed: phase = .editing
      default: break
      }
    }
    return outcome
  }

  /// Cycles the picker `id` by `offset` options, wrapping.
  public mutating func cycleChoice(_ id: ID, by offset: Int) {
    guard let index = index(of: id) else { return }
    let count = fields[index].options.count
    guard count > 0 else { return }
    fields[index].choice = ((fields[index].choice + offset) % count + count) % count
  }
}
