import Foundation
import VibesApp
import VibesCore
import XCTest

/// The one reducer driver every feature's tests share: sends keys, pastes and actions through the real
/// root reducer and collects the effects.
///
/// It is exhaustive by default, as TCA's TestStore: every step states the whole state change and every effect
/// it produces (`send(_:expecting:_:)`, `press(_:expecting:_:)`, `type(_:expecting:_:)`), and a bare
/// `send`/`press`/`type` that changes the state or produces an effect fails, naming what changed. A test that
/// wants the loose mode says why where it creates the driver — `Driver(.nonExhaustive(because: "checks only the
/// screen text"))` — and the reason travels with every failure the driver reports. A starting state other tests
/// already cover is reached with `arrange { … }` (TCA's `initialState`), which does not check its steps.
public struct Driver {
  /// How strictly bare steps are checked.
  public enum Exhaustivity: Equatable, Sendable {
    /// Every step states its change and its effects; anything unstated fails.
    case exhaustive
    /// Bare steps are not checked: the test asserts what it is about itself. The reason says what that is
    /// and is shown with every failure this driver reports.
    case nonExhaustive(because: String)
  }

  public var exhaustivity: Exhaustivity
  public var state: AppState
  public var effects: [AppEffect] = []
  /// Where the driver's own failures go: `XCTFail` unless a test of the driver captures them.
  public var reportFailure: (_ message: String, _ file: StaticString, _ line: UInt) -> Void = { message, file, line in
    XCTFail(message, file: file, line: line)
  }

  public init(
    _ exhaustivity: Exhaustivity = .exhaustive, facts: SetupFacts? = SetupFacts(),
    size: ScreenSize = ScreenSize(width: 80, height: 24), file: StaticString = #filePath, line: UInt = #line
  ) {
    self.exhaustivity = exhaustivity
    state = AppState(size: size)
    if let facts { _ = AppReducer.reduce(&state, .factsLoaded(facts)) }
    if let problem = Self.problem(with: exhaustivity) { reportFailure(problem, file, line) }
  }

  /// Why `exhaustivity` is not allowed, or nil: the loose mode must say why in words.
  public static func problem(with exhaustivity: Exhaustivity) -> String? {
    guard case .nonExhaustive(let reason) = exhaustivity else { return nil }
    return reason.trimmingCharacters(in: .whitespacesAndNewlines).count < 8
      ? "a non-exhaustive driver must say why in words: .nonExhaustive(because: \"…\"), not \"\(reason)\"" : nil
  }

  // MARK: Exhaustive steps

  /// Sends `action` and fails unless the new state equals the old one changed by `change` and the effects
  /// are exactly `expected`, in order (in either mode).
  @discardableResult
  public mutating func send(
    _ action: AppAction, expecting expected: [AppEffect], _ change: (inout AppState) -> Void = { _ in },
    file: StaticString = #filePath, line: UInt = #line
  ) -> [AppEffect] {
    step("\(action)", expecting: expected, change, file: file, line: line) { $0.reduce(action) }
  }

  /// Presses `keys` one after another and fails unless the state changed exactly by `change` and the effects
  /// of all the presses are exactly `expected`, in order.
  @discardableResult
  public mutating func press(
    _ keys: Key..., expecting expected: [AppEffect], _ change: (inout AppState) -> Void = { _ in },
    file: StaticString = #filePath, line: UInt = #line
  ) -> [AppEffect] {
    step("press \(keys)", expecting: expected, change, file: file, line: line) { driver in
      keys.flatMap { driver.reduce(.input(.key($0))) }
    }
  }

  /// Types `text` a character at a time and fails unless the state changed exactly by `change` and the
  /// effects of all the keys are exactly `expected`, in order.
  @discardableResult
  public mutating func type(
    _ text: String, expecting expected: [AppEffect], _ change: (inout AppState) -> Void = { _ in },
    file: StaticString = #filePath, line: UInt = #line
  ) -> [AppEffect] {
    step("type \"\(text)\"", expecting: expected, change, file: file, line: line) { driver in
      text.flatMap { driver.reduce(.input(.key(.character($0)))) }
    }
  }

  // MARK: Bare steps (checked to change nothing when exhaustive)

  @discardableResult
  public mutating func send(_ action: AppAction, file: StaticString = #filePath, line: UInt = #line) -> [AppEffect] {
    unstated("\(action)", file: file, line: line) { $0.reduce(action) }
  }

  @discardableResult
  public mutating func press(_ keys: Key..., file: StaticString = #filePath, line: UInt = #line) -> [AppEffect] {
    unstated("press \(keys)", file: file, line: line) { driver in keys.flatMap { driver.reduce(.input(.key($0))) } }
  }

  @discardableResult
  public mutating func type(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [AppEffect] {
    unstated("type \"\(text)\"", file: file, line: line) { driver in
      text.flatMap { driver.reduce(.input(.key(.character($0)))) }
    }
  }

  /// Reaches a starting state without checking its steps, as TCA's `TestStore(initialState:)`: the steps are
  /// the test's premise (other tests check them), not its subject. The mode is restored afterwards.
  public mutating func arrange(_ steps: (inout Driver) -> Void) {
    let mode = exhaustivity
    exhaustivity = .nonExhaustive(because: "arranging the starting state")
    steps(&self)
    exhaustivity = mode
  }

  // MARK: Checking

  /// What an exhaustive step found wrong, or nil when the state and effects are exactly the stated ones.
  public static func mismatch(
    expectedState: AppState, actualState: AppState, expectedEffects: [AppEffect], actualEffects: [AppEffect]
  ) -> String? {
    var problems: [String] = []
    if actualEffects != expectedEffects {
      problems.append("effects differ:\n    expected \(expectedEffects)\n    actual   \(actualEffects)")
    }
    if actualState != expectedState {
      problems.append("state differs from the one stated:\n\(difference(expectedState, actualState))")
    }
    return problems.isEmpty ? nil : problems.joined(separator: "\n")
  }

  /// The fields that differ, by path down to the deepest differing value (a readable failure, not two dumps).
  public static func difference(_ expected: AppState, _ actual: AppState) -> String {
    var lines: [String] = []
    describeDifference(expected, actual, path: "", depth: 0, into: &lines)
    return lines.joined(separator: "\n")
  }

  private static func describeDifference(
    _ expected: Any, _ actual: Any, path: String, depth: Int, into lines: inout [String]
  ) {
    let expectedText = String(describing: expected)
    let actualText = String(describing: actual)
    guard expectedText != actualText else { return }
    let expectedChildren = Array(Mirror(reflecting: expected).children)
    let actualChildren = Array(Mirror(reflecting: actual).children)
    let sameShape =
      !expectedChildren.isEmpty && expectedChildren.count == actualChildren.count
      && zip(expectedChildren, actualChildren).allSatisfy { $0.label == $1.label }
    if depth < 6, sameShape {
      let before = lines.count
      for (index, (left, right)) in zip(expectedChildren, actualChildren).enumerated() {
        let name = left.label.map { path.isEmpty ? $0 : "\(path).\($0)" } ?? "\(path)[\(index)]"
        describeDifference(left.value, right.value, path: name, depth: depth + 1, into: &lines)
      }
      if lines.count > before { return }
    }
    lines.append("  \(path.isEmpty ? "state" : path):\n    expected \(expectedText)\n    actual   \(actualText)")
  }

  private mutating func reduce(_ action: AppAction) -> [AppEffect] {
    let produced = AppReducer.reduce(&state, action)
    effects += produced
    return produced
  }

  private mutating func step(
    _ name: String, expecting expected: [AppEffect], _ change: (inout AppState) -> Void, file: StaticString,
    line: UInt, _ run: (inout Driver) -> [AppEffect]
  ) -> [AppEffect] {
    var anticipated = state
    change(&anticipated)
    let produced = run(&self)
    if let problem = Self.mismatch(
      expectedState: anticipated, actualState: state, expectedEffects: expected, actualEffects: produced)
    {
      fail("\(name): \(problem)", file: file, line: line)
    }
    return produced
  }

  private mutating func unstated(
    _ name: String, file: StaticString, line: UInt, _ run: (inout Driver) -> [AppEffect]
  ) -> [AppEffect] {
    let before = state
    let produced = run(&self)
    if exhaustivity == .exhaustive,
      let problem = Self.mismatch(
        expectedState: before, actualState: state, expectedEffects: [], actualEffects: produced)
    {
      fail(
        "\(name) changed what the test did not state (say it with `expecting:` and a change, or make the driver "
          + ".nonExhaustive(because:) with a reason): \(problem)", file: file, line: line)
    }
    return produced
  }

  private func fail(_ message: String, file: StaticString, line: UInt) {
    if case .nonExhaustive(let reason) = exhaustivity {
      reportFailure("\(message)\n(driver non-exhaustive because: \(reason))", file, line)
    } else {
      reportFailure(message, file, line)
    }
  }
}
