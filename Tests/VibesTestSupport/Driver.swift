import VibesApp
import VibesCore
import XCTest

/// The one reducer driver every feature's tests share: sends keys, pastes and actions through the real
/// root reducer and collects the effects. Its exhaustive mode (`send(_:expecting:_:)`) works as TCA's
/// TestStore: the test states the whole change and every effect, and anything else fails.
public struct Driver {
  public var state: AppState
  public var effects: [AppEffect] = []

  public init(facts: SetupFacts? = SetupFacts(), size: ScreenSize = ScreenSize(width: 80, height: 24)) {
    state = AppState(size: size)
    if let facts { _ = AppReducer.reduce(&state, .factsLoaded(facts)) }
  }

  @discardableResult
  public mutating func send(_ action: AppAction) -> [AppEffect] {
    let produced = AppReducer.reduce(&state, action)
    effects += produced
    return produced
  }

  /// Exhaustive: sends `action` and fails unless the new state equals the old one changed by `change`
  /// and the effects are exactly `expected`, in order.
  public mutating func send(
    _ action: AppAction, expecting expected: [AppEffect], _ change: (inout AppState) -> Void = { _ in },
    file: StaticString = #filePath, line: UInt = #line
  ) {
    var anticipated = state
    change(&anticipated)
    let produced = send(action)
    XCTAssertEqual(produced, expected, "effects of \(action)", file: file, line: line)
    if state != anticipated {
      XCTFail(
        "state after \(action) differs from the one asserted:\n\(Self.difference(anticipated, state))", file: file,
        line: line)
    }
  }

  /// Exhaustive for a key press.
  public mutating func press(
    _ key: Key, expecting expected: [AppEffect], _ change: (inout AppState) -> Void = { _ in },
    file: StaticString = #filePath, line: UInt = #line
  ) {
    send(.input(.key(key)), expecting: expected, change, file: file, line: line)
  }

  @discardableResult
  public mutating func press(_ keys: Key...) -> [AppEffect] {
    var produced: [AppEffect] = []
    for key in keys { produced += send(.input(.key(key))) }
    return produced
  }

  @discardableResult
  public mutating func type(_ text: String) -> [AppEffect] {
    var produced: [AppEffect] = []
    for character in text { produced += send(.input(.key(.character(character)))) }
    return produced
  }

  /// The top-level fields that differ, described (a readable failure, not two whole dumps).
  public static func difference(_ expected: AppState, _ actual: AppState) -> String {
    let expectedMirror = Mirror(reflecting: expected).children
    let actualMirror = Array(Mirror(reflecting: actual).children)
    var lines: [String] = []
    for (index, child) in expectedMirror.enumerated() {
      let other = actualMirror[index].value
      let expectedText = String(describing: child.value)
      let actualText = String(describing: other)
      if expectedText != actualText {
        lines.append("  \(child.label ?? "?"):\n    expected \(expectedText)\n    actual   \(actualText)")
      }
    }
    return lines.joined(separator: "\n")
  }
}
