import Foundation
import VibesStorage
import XCTest

final class AppPathsTests: XCTestCase {
  private var temp: TemporaryDirectory!

  override func setUpWithError() throws {
    temp = try TemporaryDirectory("vibes-paths")
  }

  override func tearDown() {
    temp.remove()
  }

  func testXDGVariablesAreHonoured() {
    let paths = AppPaths(environment: [
      "HOME": "/home/ada",
      "XDG_CONFIG_HOME": "/cfg",
      "XDG_DATA_HOME": "/data/x",
      "XDG_STATE_HOME": "/st",
    ])
    XCTAssertEqual(paths.configDirectory.path, "/cfg/vibes")
    XCTAssertEqual(paths.dataDirectory.path, "/data/x/vibes")
    XCTAssertEqual(paths.stateDirectory.path, "/st/vibes")
    XCTAssertEqual(paths.databaseFile.path, "/data/x/vibes/vibes.sqlite")
    XCTAssertEqual(paths.vaultFile.path, "/data/x/vibes/secrets.vault")
    XCTAssertEqual(paths.vaultKeyFile.path, "/cfg/vibes/vault.key")
    XCTAssertEqual(paths.logFile.path, "/st/vibes/vibes.log")
  }

  func testDefaultsComeFromHome() {
    let paths = AppPaths(environment: ["HOME": "/home/ada"])
    XCTAssertEqual(paths.configDirectory.path, "/home/ada/.config/vibes")
    XCTAssertEqual(paths.dataDirectory.path, "/home/ada/.local/share/vibes")
    XCTAssertEqual(paths.stateDirectory.path, "/home/ada/.local/state/vibes")
  }

  func testRelativeAndEmptyXDGValuesAreIgnored() {
    let paths = AppPaths(environment: [
      "HOME": "/home/ada",
      "XDG_CONFIG_HOME": "relative/cfg",
      "XDG_DATA_HOME": "",
      "XDG_STATE_HOME": "./state",
    ])
    XCTAssertEqual(paths, AppPaths(environment: ["HOME": "/home/ada"]))
  }

  func testVaultKeyIsNotBesideTheVault() {
    let paths = AppPaths(environment: ["HOME": "/home/ada"])
    XCTAssertNotEqual(
      paths.vaultKeyFile.deletingLastPathComponent(), paths.vaultFile.deletingLastPathComponent())
  }

  func testCreateDirectoriesMakesPrivateFolders() throws {
    let paths = AppPaths(environment: ["HOME": temp.path])
    try paths.createDirectories()
    for directory in [paths.configDirectory, paths.dataDirectory, paths.stateDirectory] {
      var isDirectory: ObjCBool = false
      XCTAssertTrue(
        FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory))
      XCTAssertTrue(isDirectory.boolValue)
      XCTAssertEqual(try posixMode(directory), 0o700, directory.path)
    }
    // Parents such as ~/.local/share are ordinary folders, not forced private.
    let mask = umask(0)
    umask(mask)
    XCTAssertEqual(
      try posixMode(temp.appending(".local")), 0o777 & ~Int(mask), "parents keep the default mode")
  }

  func testCreateDirectoriesTightensExistingFolder() throws {
    let paths = AppPaths(environment: [
      "HOME": temp.path, "XDG_CONFIG_HOME": temp.appending("cfg").path,
    ])
    try FileManager.default.createDirectory(
      at: paths.configDirectory, withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o755])
    XCTAssertEqual(try posixMode(paths.configDirectory), 0o755)
    try paths.createDirectories()
    XCTAssertEqual(try posixMode(paths.configDirectory), 0o700)
    try paths.createDirectories()  // idempotent
    XCTAssertEqual(try posixMode(paths.configDirectory), 0o700)
  }

  func testCreateDirectoriesFailsWhenAFileIsInTheWay() throws {
    let paths = AppPaths(environment: ["HOME": temp.path, "XDG_STATE_HOME": temp.path])
    try Data().write(to: paths.stateDirectory)
    XCTAssertThrowsError(try paths.createDirectories())
  }
}
