import Foundation
import VibesStorage
import VibesTestSupport

/// A temporary home holding a connected Spotify account the way the app keeps one: the tokens in a real vault,
/// the connection row in a real SQLite file, and the loopback Web API fake that accepts the access token.
struct SpotifyAccountSandbox {
  let home: URL
  let database: AppDatabase
  let secrets: any SecretStore
  let web: FakeSpotifyWebServer

  /// `name` tells the temporary folders apart; `token` is the access token the fake accepts.
  static func make(name: String, token: String) async throws -> SpotifyAccountSandbox {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-\(name)-\(UUID().uuidString)")
    let paths = AppPaths(environment: ["HOME": home.path])
    try paths.createDirectories()
    let database = try AppDatabase(path: paths.databaseFile.path)
    let secrets = VaultSecretStore(vaultFile: paths.vaultFile, keyFile: paths.vaultKeyFile)
    try secrets.write("refresh-\(name)", for: .spotifyRefreshToken)
    try secrets.write(token, for: .spotifyAccessToken)
    try database.saveSpotifyConnected(
      displayName: "Ada", userID: FakeSpotifyWebCatalog.userID, at: Date(), expiresAt: Date().addingTimeInterval(3600))
    let web = try await FakeSpotifyWebServer(validTokens: [token])
    return SpotifyAccountSandbox(home: home, database: database, secrets: secrets, web: web)
  }

  /// Stops the fake and deletes the folder.
  func remove() async {
    await web.stop()
    try? FileManager.default.removeItem(at: home)
  }
}
