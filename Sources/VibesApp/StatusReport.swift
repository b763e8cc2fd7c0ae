import Foundation
import VibesCore
import VibesStorage
import VibesUI

/// `vibes status`, in the style of `gh auth status`: one line per step, one per other flow, where
/// secrets live, and an exit status for scripts (all five services decide it). Never prints a
/// secret, not even masked.
public enum StatusReport {
  /// Prints the summary; exit status 0 when all five services are configured, 1 when one is not, 2 on a
  /// storage error. Read-only: creates no file or folder.
  public static func print(environment: [String: String]) -> Int32 {
    let t = Localizer(Language.from(environment: environment))
    let storage: CLIStorage
    do {
      storage = try CLIStorage.open(environment: environment, readOnly: true)
    } catch {
      AppLauncher.printError(error.description)
      return 2
    }
    let facts: SetupFacts
    do {
      facts = try loadFacts(storage)
    } catch {
      // Storage errors name files and what to do, never a secret.
      AppLauncher.printError(t[.noticeStorageUnavailable] + " " + t[.statusSeeReason] + " " + String(describing: error))
      return 2
    }
    var lines: [String] = []
    for step in SetupStep.allCases {
      let complete = facts.isComplete(step)
      var line =
        (complete ? Theme.completeSymbol : Theme.incompleteSymbol) + " " + t.stepTitle(step) + ": "
        + t.stepStatus(step, complete: complete)
      if step == .spotify { line += spotifyDetail(storage, complete: complete, t) }
      if step == .ticketmaster, let city = facts.ticketmasterCity, complete {
        line += " (" + TerminalText.sanitize(city) + ")"
      }
      lines.append(line)
    }
    lines.append(
      t.format(.setupCardProgress, ["done": "\(facts.completedCount)", "total": "\(facts.totalCount)"]))
    lines.append(appStoreConnectLine(storage, t))
    lines.append(trackerLine(storage, t))
    let info = storage.secretStoreInfo
    switch info.kind {
    case .secretService: lines.append(t[.secretsInSecretService])
    case .vault: lines.append(t.format(.secretsInVault, ["path": info.location]))
    }
    if let reason = info.fallbackReason { lines.append(t.format(.secretsFallback, ["reason": reason])) }
    FileHandle.standardOutput.write(
      Data((TerminalText.sanitize(lines.joined(separator: "\n"), keepNewlines: true) + "\n").utf8))
    do {
      let entries = try AuthStatusModel(storage: storage).load([])
      return facts.isAllComplete && entries.allSatisfy(\.isFine) ? 0 : 1
    } catch {
      AppLauncher.printError(String(describing: error))
      return 2
    }
  }

  /// Which Feed steps have their secret, and the Ticketmaster city.
  static func loadFacts(_ storage: CLIStorage) throws -> SetupFacts {
    var stored = Set<SetupStep>()
    for step in SetupStep.allCases where try storage.secrets.contains(step.secretKey) { stored.insert(step) }
    return SetupFacts(storedSecrets: stored, ticketmasterCity: try storage.database.city(for: .ticketmaster))
  }

  /// "App Store Connect: 12 apps, synced …" or "not configured"; names only what SQLite and the
  /// secret store's presence check say.
  static func appStoreConnectLine(_ storage: CLIStorage, _ t: Localizer) -> String {
    let configured = (try? storage.secrets.contains(.appStoreConnectCredentials)) ?? false
    guard configured else {
      return Theme.incompleteSymbol + " " + t.format(.statusFlowNotConfigured, ["flow": t[.tabAppStoreConnect]])
    }
    let count = (try? storage.database.appStoreConnectApps().count) ?? 0
    let synced = (try? storage.database.appStoreConnectLastSync()).flatMap { $0 }
    let when = synced.map { $0.formatted(.iso8601) }
    return Theme.completeSymbol + " "
      + t.format(
        .statusAppStoreConnect,
        ["flow": t[.tabAppStoreConnect], "count": "\(count)", "synced": when ?? t[.statusNeverSynced]])
  }

  /// "Tracker: QC, brand …, 3 events queued" or "not configured".
  static func trackerLine(_ storage: CLIStorage, _ t: Localizer) -> String {
    // Read as the app reads it: a stored environment the app rejects is not shown as configured.
    let stored = TrackerConfigurationStore(database: storage.database, secrets: storage.secrets).stored()
    let notConfigured = Theme.incompleteSymbol + " " + t.format(.statusFlowNotConfigured, ["flow": t[.tabTracker]])
    switch stored {
    case .none: return notConfigured
    case .unreadable(let problem): return notConfigured + " (\(problem.rawValue))"
    case .configured: break
    }
    guard let settings = (try? storage.database.trackerSettings()).flatMap({ $0 }) else { return notConfigured }
    let queued = (try? storage.database.trackerQueueCount()) ?? 0
    return Theme.completeSymbol + " "
      + t.format(
        .statusTracker,
        [
          "flow": t[.tabTracker], "environment": TerminalText.sanitize(settings.environment),
          "brand": TerminalText.sanitize(settings.brandID), "queued": "\(queued)",
        ])
  }
}
