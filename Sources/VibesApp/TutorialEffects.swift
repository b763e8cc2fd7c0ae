import Foundation
import VibesCore
import VibesStorage

extension EffectRunner {
  /// The tutorial's effects: read and remember whether it was seen. A storage error counts as seen (nothing
  /// is sent), so a broken database never traps the user in the tutorial at every start.
  func runTutorial(_ effect: TutorialEffect, send: @escaping @Sendable (AppAction) -> Void) async {
    switch effect {
    case .loadSeen:
      // Only "not seen" changes anything; a seen tutorial sends nothing, so a returning user's start-up
      // draws no extra frame.
      if dependencies.skipTutorial { return }
      do {
        if try !dependencies.database.isTutorialSeen() { send(.tutorial(.seenLoaded(false))) }
      } catch {
        log.error("reading the tutorial flag failed: \(String(describing: error))")
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
