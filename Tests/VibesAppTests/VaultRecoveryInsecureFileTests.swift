import Foundation
import Logging
import VibesCore
import VibesServices
import VibesStorage
import VibesUI
import XCTest

@testable import VibesApp

#if canImport(Glibc)
  import Glibc
#endif

/// A vault key file others could read (or a vault file owned by someone else), on real files: the recovery
/// screen names the file, what is wrong and the exact command, offers no reset, and the files stay untouched.
final class VaultRecoveryInsecureFileTests: VaultHomeTestCase {
  override class var homePrefix: String { "vibes-insecure" }

  /// The actions `.loadFacts` answers with, and the screen the reducer then shows (English and German).
  func loadAndShow(_ vault: VaultSecretStore) async throws -> (AppState, [AppAction]) {
    let runner = try runner(vault)
    let collected = VaultRecoveryEffectTests.Collected()
    await runner.run(.loadFacts) { collected.append($0) }
    let actions = collected.actions
    var state = AppState(size: ScreenSize(width: 100, height: 30))
    for action in actions { _ = AppReducer.reduce(&state, action) }
    return (state, actions)
  }

  func text(_ state: AppState, _ language: Language) -> String {
    AppView.render(state, Localizer(language)).lines.map { $0.trimmingCharacters(in: .whitespaces) }
      .joined(separator: " ")
  }

  func testAKeyFileOthersCanReadIsNamedWithTheChmodAndNoReset() async throws {
    let vault = VaultSecretStore(vaultFile: paths.vaultFile, keyFile: paths.vaultKeyFile)
    try vault.write("AIzaSyInsecureKey0123456789", for: .geminiAPIKey)
    XCTAssertEqual(chmod(paths.vaultKeyFile.path, 0o644), 0)
    let before = try Data(contentsOf: paths.vaultFile)
    let (state, actions) = try await loadAndShow(vault)

    let keyPath = paths.vaultKeyFile.path
    XCTAssertTrue(
      actions.contains(
        .secretStoreDamaged(
          SecretStoreDamage(
            kind: .insecure(file: keyPath, problem: .openToOthers(mode: "644")), vaultPath: paths.vaultFile.path,
            keyPath: keyPath))), "\(actions)")
    let english = text(state, .en)
    XCTAssertTrue(english.contains("The key file \(keyPath) has mode 644"), english)
    XCTAssertTrue(english.contains("`chmod 600 \(keyPath)`"), english)
    XCTAssertFalse(english.contains("reset"), "no reset is offered: \(english)")
    let german = text(state, .de)
    XCTAssertTrue(german.contains("hat die Rechte 644"), german)
    XCTAssertTrue(german.contains("`chmod 600 \(keyPath)`"), german)

    // r and Enter do nothing here; Esc puts it off. Nothing was written.
    var pressed = state
    for key in [Key.character("r"), .enter, .character("y")] {
      XCTAssertEqual(AppReducer.reduce(&pressed, .input(.key(key))), [])
    }
    XCTAssertEqual(pressed.vaultRecovery?.phase, .explaining)
    XCTAssertEqual(pressed.vaultRecovery?.bindings.map(\.label), ["Esc"], "only later, no reset")
    // Put off, the Feed's setup card does not tell the user to reset either.
    var later = pressed
    _ = AppReducer.reduce(&later, .input(.key(.escape)))
    let card = text(later, .en)
    XCTAssertTrue(card.contains("refused for its permissions"), card)
    XCTAssertFalse(card.contains("reset"), card)
    XCTAssertFalse(pressed.keyHints.contains { $0.help == .vault(.helpReset) }, "\(pressed.keyHints)")
    XCTAssertEqual(try Data(contentsOf: paths.vaultFile), before)
    XCTAssertTrue(FileManager.default.fileExists(atPath: keyPath))

    // After the fix the same vault opens with its key.
    XCTAssertEqual(chmod(keyPath, 0o600), 0)
    XCTAssertEqual(try vault.read(.geminiAPIKey), "AIzaSyInsecureKey0123456789")
  }

  func testAVaultOwnedByAnotherUserNamesTheOwnerAndTheChown() async throws {
    guard geteuid() == 0 else { throw XCTSkip("changing a file's owner needs root") }
    let vault = VaultSecretStore(vaultFile: paths.vaultFile, keyFile: paths.vaultKeyFile)
    try vault.write("AIzaSyInsecureKey0123456789", for: .geminiAPIKey)
    XCTAssertEqual(chown(paths.vaultFile.path, 54_321, 54_321), 0)
    let (state, actions) = try await loadAndShow(vault)
    guard case .secretStoreDamaged(let damage)? = actions.first,
      case .insecure(let file, .ownedByOther(let owner, let you)) = damage.kind
    else { return XCTFail("\(actions)") }
    XCTAssertEqual(file, paths.vaultFile.path)
    XCTAssertEqual(owner, "uid 54321")
    XCTAssertEqual(you, NSUserName())
    let english = text(state, .en)
    XCTAssertTrue(english.contains("belongs to another user (uid 54321)"), english)
    XCTAssertTrue(english.contains("`sudo chown \(you) \(file)`"), english)
    XCTAssertFalse(english.contains("reset"), english)
    XCTAssertTrue(text(state, .de).contains("gehört einem anderen Benutzer (uid 54321)"))
  }

  func testAFileFixedMeanwhileIsNoDamage() throws {
    let vault = VaultSecretStore(vaultFile: paths.vaultFile, keyFile: paths.vaultKeyFile)
    try vault.write("AIzaSyInsecureKey0123456789", for: .geminiAPIKey)
    let error = SecretStoreError.insecureFile(path: paths.vaultKeyFile.path, reason: "mode 644")
    XCTAssertNil(SecretStoreDamage(error, secrets: vault), "a 0600 file of yours is not refused")
  }
}
