import Foundation

/// The small, non-secret summary `vibes widget` prints (apps count, last sync, status), written after
/// each sync to $XDG_STATE_HOME/vibes/appstoreconnect-widget.json and deleted with the credentials.
public struct AppStoreConnectWidgetSnapshot: Codable, Sendable, Equatable {
  public enum Status: String, Codable, Sendable {
    /// Connected, no sync finished yet.
    case connected
    case synced
    case syncFailed
  }

  public var appsCount: Int
  public var lastSync: Date?
  public var status: Status
  public var updatedAt: Date

  public init(appsCount: Int, lastSync: Date?, status: Status, updatedAt: Date) {
    self.appsCount = appsCount
    self.lastSync = lastSync
    self.status = status
    self.updatedAt = updatedAt
  }

  static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.sortedKeys]
    return encoder
  }

  public static func read(_ paths: AppPaths) -> AppStoreConnectWidgetSnapshot? {
    guard let data = try? SecureFile.read(paths.appStoreConnectWidgetFile) else { return nil }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try? decoder.decode(AppStoreConnectWidgetSnapshot.self, from: data)
  }

  public func write(_ paths: AppPaths) throws {
    try SecureFile.createPrivateDirectory(paths.stateDirectory)
    try SecureFile.atomicWrite(try Self.encoder().encode(self), to: paths.appStoreConnectWidgetFile)
  }

  public static func delete(_ paths: AppPaths) throws {
    try SecureFile.remove(paths.appStoreConnectWidgetFile)
  }
}

extension AppPaths {
  public var appStoreConnectWidgetFile: URL {
    stateDirectory.appendingPathComponent("appstoreconnect-widget.json")
  }
}

extension SecretKey {
  /// Issuer ID, Key ID and the `.p8` private key, as one JSON value.
  public static let appStoreConnectCredentials = SecretKey(rawValue: "appStoreConnect.credentials")
}
