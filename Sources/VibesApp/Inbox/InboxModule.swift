import Foundation
import VibesCore
import VibesUI

/// The Inbox area of the Feed, registered in `AppTabs`: its feature, its screens and how its effects run.
enum InboxModule: TabModule {
  typealias Feature = InboxFeature
  typealias Screen = InboxScreen
  static let state = \AppState.inbox

  static func run(_ effect: InboxEffect, on runner: EffectRunner, send: @escaping @Sendable (AppAction) -> Void) async {
    await InboxService.live(runner.dependencies).run(effect, send: send)
  }
}
