import VibesCore
import XCTest

/// Sends keys and pastes through the reducer, collecting the effects.
struct Driver {
  var state: AppState
  var effects: [AppEffect] = []

  init(facts: SetupFacts? = SetupFacts(), size: ScreenSize = ScreenSize(width: 80, height: 24)) {
    state = AppState(size: size)
    if let facts { _ = AppReducer.reduce(&state, .factsLoaded(facts)) }
  }

  @discardableResult
  mutating func send(_ action: AppAction) -> [AppEffect] {
    let produced = AppReducer.reduce(&state, action)
    effects += produced
    return produced
  }

  @discardableResult
  mutating func press(_ keys: Key...) -> [AppEffect] {
    var produced: [AppEffect] = []
    for key in keys { produced += send(.input(.key(key))) }
    return produced
  }

  @discardableResult
  mutating func type(_ text: String) -> [AppEffect] {
    var produced: [AppEffect] = []
    for character in text { produced += send(.input(.key(.character(character)))) }
    return produced
  }

  var form: CredentialForm? { state.feed.topForm }
}
