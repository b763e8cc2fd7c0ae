import VibesCore
import VibesUI

/// The People area of Profile, registered in `AppTabs`: its feature, its screen and how its effects run.
enum PeopleModule: TabModule {
  typealias Feature = PeopleFeature
  typealias Screen = PeopleScreen
  static let state = \AppState.people

  static func run(_ effect: PeopleEffect, on runner: EffectRunner, send: @escaping @Sendable (AppAction) -> Void) async
  {
    await runner.runPeople(effect, send: send)
  }
}
