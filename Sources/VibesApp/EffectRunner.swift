import Foundation
import Logging
import VibesCore
import VibesServices
import VibesStorage

/// Runs the core's effects against the live dependencies and turns their outcome into actions.
/// Everything here is off the main actor; the terminal-bound effects (clipboard, quit) are the
/// runtime's. Logs name what happened, never a secret or a URL that carries one.
public struct EffectRunner: Sendable {
  public let dependencies: AppDependencies

  public init(dependencies: AppDependencies) {
    self.dependencies = dependencies
  }

  var log: Logger { dependencies.logger }

  /// Runs `effect`, handing each resulting action to `send` (most effects send one; a sync may send
  /// progress; a cancelled check sends none).
  public func run(_ effect: AppEffect, send: @escaping @Sendable (AppAction) -> Void) async {
    switch effect {
    case .feature(let message):
      // The message's tab runs it (`TabModule.run`); a message no tab opens is a programming error, said aloud.
      guard let runtime = AppTabs.list.registration(message.tab)?.part(TabRuntimePart.self),
        await runtime.run(self, message, send)
      else {
        log.error("no runtime for an effect of tab \(message.tab)")
        assertionFailure("no runtime for an effect of tab \(message.tab)")
        return
      }
      await reportUnsavedSpotifyTokens(send: send)
    case .tutorial(let effect):
      await runTutorial(effect, send: send)
    case .artwork(let effect):
      await runArtwork(effect, send: send)
    case .loadFacts:
      do {
        send(.factsLoaded(try loadFacts()))
      } catch {
        log.error("reading setup facts failed: \(String(describing: error))")
        if let damage = SecretStoreDamage(error, secrets: dependencies.secrets) {
          send(.secretStoreDamaged(damage))
        }
        send(.factsLoadFailed)
      }
    case .resetVault(let vaultPath, let keyPath):
      send(.vaultResetFinished(success: resetVault(vaultPath: vaultPath, keyPath: keyPath)))
    case .describeSecretStore:
      send(.secretStoreDescribed(dependencies.secretStoreInfo))
      if case .recoveredFromDamage(let movedTo, let reason) = dependencies.database.openOutcome {
        log.warning("database damaged (\(reason)): moved to \(movedTo) and rebuilt")
        send(.databaseRecovered(movedTo: movedTo, reason: reason.localized))
      }
      if let pid = dependencies.otherInstancePID {
        send(storageProblem(.noticeOtherInstance, ["pid": pid > 0 ? "\(pid)" : "?"]))
      }
    case .openURL(let url):
      send(.linkHandled(opened: dependencies.browser.open(url)))
    case .cancel, .copyToClipboard, .quit:
      return
    }
  }

  /// Runs `effect` and returns the last action it sent (nil when it sent none): for effects that answer
  /// once, such as the setup flow's checks and saves.
  public func run(_ effect: AppEffect) async -> AppAction? {
    let box = LastAction()
    await run(effect) { box.set($0) }
    return box.value
  }

  /// The setup facts: which secrets are stored and the Ticketmaster city and area (read after every start and save).
  func loadFacts() throws -> SetupFacts {
    var stored = Set<SetupStep>()
    for step in SetupStep.allCases where try dependencies.secrets.contains(step.secretKey) {
      stored.insert(step)
    }
    let settings = try dependencies.database.setupSettings(for: .ticketmaster)
    return SetupFacts(
      storedSecrets: stored, ticketmasterCity: settings.city, concertRadiusKm: ConcertRadius.nearest(settings.radiusKm),
      concertPlace: settings.place, artworkOn: settings.artworkOn)
  }
}

/// Holds the last action an effect sent.
private final class LastAction: @unchecked Sendable {
  // @unchecked: every access holds the lock.
  private let lock = NSLock()
  private var action: AppAction?
  func set(_ action: AppAction) {
    lock.lock()
    self.action = action
    lock.unlock()
  }
  var value: AppAction? {
    lock.lock()
    defer { lock.unlock() }
    return action
  }
}
