import Foundation
import VibesCore
import VibesStorage
import VibesUI

/// `vibes status`, in the style of `gh auth status`: one line per step, one per other flow, where
/// secrets live, and an exit status for scripts (the Feed's three steps decide it). Never prints a
/// secret, not even masked.
public enum StatusReport {
  public static func print(environment: [String: String]) -> Int32 {
    let t = Localizer(Language.from(environment: environment))
    let dependencies: AppDependencies
    do {
      dependencies = try AppLauncher.makeDependencies(environment: environment)
    } catch {
      if case .message(let text) = error { AppLauncher.printError(text) }
      return 2
    }
    let runner = EffectRunner(dependencies: dependencies)
    let facts: SetupFacts
    do {
      facts = try runner.loadFacts()
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
      if step == .spotify { line += spotifyDetail(dependencies, complete: complete, t) }
      if step == .ticketmaster, let city = facts.ticketmasterCity, complete {
        line += " (" + TerminalText.sanitize(city) + ")"
      }
      lines.append(line)
    }
    lines.append(
      t.format(.setupCardProgress, ["done": "\(facts.completedCount)", "total": "\(facts.totalCount)"]))
    lines.append(appStoreConnectLine(dependencies, t))
    lines.append(trackerLine(dependencies, t))
    let info = dependencies.secretStoreInfo
    switch info.kind {
    case .secretService: lines.append(t[.secretsInSecretService])
    case .vault: lines.append(t.format(.secretsInVault, ["path": info.location]))
    }
    if let reason = info.fallbackReason { lines.append(t.format(.secretsFallback, ["reason": reason])) }
    FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    return facts.isAllComplete ? 0 : 1
  }

  /// "App Store Connect: 12 apps, synced …" or "not configured"; names only what SQLite and the
  /// secret store's presence check say.
  static func appStoreConnectLine(_ dependencies: AppDependencies, _ t: Localizer) -> String {
    let configured = (try? dependencies.secrets.contains(.appStoreConnectCredentials)) ?? false
    guard configured else {
      return Theme.incompleteSymbol + " " + t.format(.statusFlowNotConfigured, ["flow": t[.tabAppStoreConnect]])
    }
    let count = (try? dependencies.database.appStoreConnectApps().count) ?? 0
    let synced = (try? dependencies.database.appStoreConnectLastSync()).flatMap { $0 }
    let when = synced.map { $0.formatted(.iso8601) }
    return Theme.completeSymbol + " "
      + t.format(
        .statusAppStoreConnect,
        ["flow": t[.tabAppStoreConnect], "count": "\(count)", "synced": when ?? t[.statusNeverSynced]])
  }

  /// "Tracker: QC, brand …, 3 events queued" or "not configured".
  static func trackerLine(_ dependencies: AppDependencies, _ t: Localizer) -> String {
    let configured = (try? dependencies.secrets.contains(.trackerAPIKey)) ?? false
    guard configured, let settings = (try? dependencies.database.trackerSettings()).flatMap({ $0 }) else {
      return Theme.incompleteSymbol + " " + t.format(.statusFlowNotConfigured, ["flow": t[.tabTracker]])
    }
    let queued = (try? dependencies.database.trackerQueueCount()) ?? 0
    return Theme.completeSymbol + " "
      + t.format(
        .statusTracker,
        [
          "flow": t[.tabTracker], "environment": TerminalText.sanitize(settings.environment),
          "brand": TerminalText.sanitize(settings.brandID), "queued": "\(queued)",
        ])
  }
}
