import Foundation
import VibesCore
import VibesStorage

extension EffectRunner {
  /// The tutorial's effects: read and remember whether it was seen. A storage error counts as seen, so a
  /// broken database never traps the user in the tutorial at every start.
  func runTutorial(_ effect: TutorialEffect, send: @escaping @Sendable (AppAction) -> Void) async {
    switch effect {
    case .loadSeen:
      if dependencies.skipTutorial { return send(.tutorial(.seenLoaded(true))) }
      do {
        send(.tutorial(.seenLoaded(try dependencies.database.isTutorialSeen())))
      } catch {
        log.error("reading the tutorial flag failed: \(String(describing: error))")
        send(.tutorial(.seenLoaded(true)))
      }
    case .markSeen:
      do {
        try dependencies.database.markTutorialSeen(at: dependencies.now())
      } catch {
        log.error("saving the tutorial flag failed: \(String(describing: error))")
      }
    }
  }
}
