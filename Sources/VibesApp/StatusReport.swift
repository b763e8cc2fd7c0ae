import Foundation
import VibesCore
import VibesUI

/// `vibes status`, in the style of `gh auth status`: one line per step, where secrets live,
/// and an exit status for scripts. Never prints a secret, not even masked.
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
      AppLauncher.printError(t[.noticeStorageUnavailable])
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
    let info = dependencies.secretStoreInfo
    switch info.kind {
    case .secretService: lines.append(t[.secretsInSecretService])
    case .vault: lines.append(t.format(.secretsInVault, ["path": info.location]))
    }
    if let reason = info.fallbackReason { lines.append(t.format(.secretsFallback, ["reason": reason])) }
    FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    return facts.isAllComplete ? 0 : 1
  }
}
