import VibesStorage

extension AppStoreConnectWidget {
  /// Whether App Store Connect is configured, as the widget sees it (its snapshot exists); read-only.
  public static func isConfigured(environment: [String: String]) -> Bool {
    AppStoreConnectWidgetSnapshot.read(AppPaths(environment: environment)) != nil
  }
}
