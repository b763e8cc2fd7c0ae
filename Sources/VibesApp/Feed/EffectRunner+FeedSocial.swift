import Foundation
import VibesCore
import VibesStorage

/// The social Feed's effects: the account's status with the Feed's, a poll of friends' songs, a card read, and one
/// desktop notification for new songs sent to you.
extension EffectRunner {
  /// Runs a social effect; false when `effect` is not one (or, for `loadFeedStatus`, when the Feed's own answer
  /// still has to follow).
  func runFeedSocial(_ effect: FeedEffect, send: @escaping @Sendable (AppAction) -> Void) async -> Bool {
    switch effect {
    case .loadFeedStatus:
      // First, so the Feed's own answer stays the last one sent.
      send(.feed(await SocialFeedRefresher.live(dependencies).status()))
      return false
    case .refreshSocial(let requestID, let trigger, let window):
      let (report, write) = await SocialFeedRefresher.live(dependencies).refreshDrawingFirst(trigger, window: window)
      log.info("social feed \(String(describing: report.outcome)): \(report.reads) reads")
      guard let write else {
        send(.feed(.socialRefreshed(requestID: requestID, trigger: trigger, report)))
        return true
      }
      // The new cards are drawn from the answer first; the cache is written while the frame is made (no window is
      // read meanwhile: `SocialCardsWrite.gate`), and a failed write still fails the refresh.
      let written = SocialCardsWrite.gate.withLock {
        send(.feed(.socialRefreshed(requestID: requestID, trigger: trigger, report)))
        return write.run()
      }
      if !written {
        log.error("writing the social cards failed")
        send(.feed(.socialCardsNotSaved(fetchedAt: write.previousFetchedAt)))
      }
      return true
    case .markSocialRead(let key):
      do {
        try dependencies.database.markFeedCardRead(key: key)
      } catch {
        log.error("marking a feed card read failed: \(String(describing: error))")
      }
      return true
    case .notify(let notification):
      let method = DesktopNotifier(environment: dependencies.environment, writeTerminal: dependencies.terminal.post)
        .notify(notification)
      log.info("new-song notification: \(String(describing: method))")
      return true
    default:
      return false
    }
  }
}
