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

/// The small form a demo action pushes: one required text and optional `key=value` properties.
public struct TrackerEventForm: Sendable, Hashable {
  public var kind: TrackerEventKind
  public var primary: TextInput
  public var properties: TextInput
  public var focus: TrackerEventFormFocus = .primary
  public var primaryError: FieldError?
  /// The pair that could not be read, when the properties are malformed.
  public var propertiesError: String?

  public init(kind: TrackerEventKind, primary: String = "", properties: String = "") {
    self.kind = kind
    self.primary = TextInput(primary)
    self.properties = TextInput(properties)
  }

  public static let focusOrder: [TrackerEventFormFocus] = [.primary, .properties, .send]

  public var isEditingText: Bool { focus != .send }

  public mutating func moveFocus(by offset: Int) {
    let order = Self.focusOrder
    let current = order.firstIndex(of: focus) ?? 0
    focus = order[(current + offset + order.count) % order.count]
  }

  public mutating func edit(_ body: (inout TextInput) -> Void) {
    switch focus {
    case .primary:
      body(&primary)
      primaryError = nil
    case .properties:
      body(&properties)
      propertiesError = nil
    case .send: return
    }
  }

  /// The event to send for `userID` (the session's user), or nil with the errors marked.
  public mutating func makeEvent(userID: String) -> TrackerEvent? {
    let text = primary.text.trimmingCharacters(in: .whitespacesAndNewlines)
    primaryError = FieldValidator.notBlank.check(text)
    var parsed: [String: String] = [:]
    switch TrackerProperties.parse(properties.text) {
    case .success(let values):
      parsed = values
      propertiesError = nil
    case .failure(.malformed(let pair)):
      propertiesError = pair
    }
    if primaryError != nil {
      focus = .primary
      return nil
    }
    if propertiesError != nil {
      focus = .properties
      return nil
    }
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
