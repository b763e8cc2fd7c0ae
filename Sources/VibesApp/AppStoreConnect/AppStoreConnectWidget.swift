import Foundation
import VibesCore
import VibesStorage

/// `vibes widget`: one plain line (no escape codes) for a tmux status bar or a shell prompt, read from the
/// snapshot file only — no secret store, no database, no network, so it is fast and never blocks.
public enum AppStoreConnectWidget {
  public static func line(environment: [String: String]) -> String {
    let t = Localizer(Language.from(environment: environment))
    let paths = AppPaths(environment: environment)
    guard let snapshot = AppStoreConnectWidgetSnapshot.read(paths) else {
      return t[.ascWidgetNotConfigured]
    }
    let count = t.appsCount(snapshot.appsCount)
    switch snapshot.status {
    case .connected:
      return t[.ascWidgetNotSynced]
    case .synced:
      let time = snapshot.lastSync.map(AppStoreConnectTime.format) ?? "—"
      return t.format(.ascWidgetSynced, ["apps": count, "time": time])
    case .syncFailed:
      return t.format(
        .ascWidgetSyncFailed,
        ["apps": count, "time": AppStoreConnectTime.format(snapshot.updatedAt)])
    }
  }
}
