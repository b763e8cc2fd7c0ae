import Foundation
import VibesServices
import VibesStorage

/// The live parts the AppStoreConnect feature's effects need; tests build one against loopback fakes.
/// The database, secret store, clock and logger are the app's (AppDependencies).
public struct AppStoreConnectDependencies: Sendable {
  public var client: AppStoreConnectClient
  /// Where the widget snapshot goes; nil writes none.
  public var paths: AppPaths?
  /// For `~/` in a key file path.
  public var home: String?

  public init(
    client: AppStoreConnectClient = AppStoreConnectClient(), paths: AppPaths? = nil,
    home: String? = nil
  ) {
    self.client = client
    self.paths = paths
    self.home = home
  }

  /// Built from the environment at start-up: `VIBES_ASC_API_URL` overrides the API's base URL.
  public static func live(environment: [String: String], paths: AppPaths)
    -> AppStoreConnectDependencies
  {
    let base = ServiceEndpoints.baseURL(
      AppStoreConnectClient.variable, default: AppStoreConnectClient.defaultBaseURL,
      environment: environment)
    return AppStoreConnectDependencies(
      client: AppStoreConnectClient(baseURL: base.url), paths: paths, home: environment["HOME"])
  }
}
