import Foundation
import VibesCore
import VibesUI

/// The one song menu, registered in `AppTabs` as an area: its feature, its screen and how its effects run.
enum SongMenuModule: TabModule {
  typealias Feature = SongMenuFeature
  typealias Screen = SongMenuScreen
  static let state = \AppState.songMenu

  static func run(_ effect: SongMenuEffect, on runner: EffectRunner, send: @escaping @Sendable (AppAction) -> Void)
    async
  {
    await SongMenuService.live(runner).run(effect, send: send)
  }
}
