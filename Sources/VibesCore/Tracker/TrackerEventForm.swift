import Foundation

/// What a demo action sends.
public enum TrackerEventKind: Sendable, Hashable, CaseIterable {
  /// Event name and properties typed by the user.
  case custom
  /// `screen_view` with `{"screen": name}` plus the typed properties.
  case screenView
  /// `identify` for the typed user id, with the typed traits as properties.
  case identify
}

public enum TrackerEventFormFocus: Sendable, Hashable {
  /// The first field: event name, screen name or user id.
  case primary
  case properties
  case send
}

/// The small form a demo action pushes: a ``Form`` of one required text, optional `key=value`
/// properties (several lines when pasted) and Send.
public struct TrackerEventForm: FormConfiguration, Sendable, Hashable {
  public var kind: TrackerEventKind
  /// The fields and focus (the form has no live check, so its failure type is `Never`).
  public var form: Form<TrackerEventFormFocus, Never>
  /// The pair that could not be read, when the properties are malformed.
  public var propertiesError: String?

  public init(kind: TrackerEventKind, primary: String = "", properties: String = "") {
    self.kind = kind
    form = Form(
      [
        Field(.primary, .text, value: primary, validators: [.notBlank]),
        Field(.properties, .multiline, value: properties),
        .button(.send),
      ], blurCheck: .never)
  }

  public var primary: TextInput {
    get { form.input(.primary) }
    set { form.setInput(.primary, newValue) }
  }
  public var properties: TextInput {
    get { form.input(.properties) }
    set { form.setInput(.properties, newValue) }
  }
  public var primaryError: FieldError? { form.field(.primary)?.error }

  /// Typing or pasting into the focused field; an edit of the properties clears their message.
  public mutating func edit(_ event: InputEvent) -> TextEditing.Outcome? {
    let outcome = form.edit(event)
    if outcome?.changedText == true, form.focus == .properties { propertiesError = nil }
    return outcome
  }

  /// The event to send for `userID` (the session's user), or nil with the errors marked.
  public mutating func makeEvent(userID: String) -> TrackerEvent? {
    let primaryValid = form.validateAll()
    var parsed: [String: String] = [:]
    switch TrackerProperties.parse(properties.text) {
    case .success(let values):
      parsed = values
      propertiesError = nil
    case .failure(.malformed(let pair)):
      propertiesError = pair
    }
    guard primaryValid else { return nil }
    if propertiesError != nil {
      form.focus = .properties
      return nil
    }
    let text = form.trimmed(.primary)
    switch kind {
    case .custom:
      return TrackerEvent(name: text, userID: userID, properties: parsed)
    case .screenView:
      parsed["screen"] = text
      return TrackerEvent(name: TrackerEvent.screenViewName, userID: userID, properties: parsed)
    case .identify:
      return TrackerEvent(name: TrackerEvent.identifyName, userID: text, properties: parsed)
    }
  }
}
