import VibesCore
import VibesTestSupport
import XCTest

@testable import VibesUI

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let recoveryScreen = Driver.Exhaustivity.nonExhaustive(
  because: "checks the drawn vault recovery screen and its confirmation")

/// The root's lost-key state: says what happened, offers the reset, confirms naming what is lost.
final class VaultRecoveryScreenTests: XCTestCase {
  let damage = SecretStoreDamage(
    kind: .keyMissing, vaultPath: "/home/u/.local/share/vibes/secrets.vault",
    keyPath: "/home/u/.config/vibes/vault.key")

  func text(_ grid: Grid) -> String {
    grid.lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
  }

  func damaged(height: Int = 40) -> Driver {
    var screen = Driver.screen(recoveryScreen, facts: nil, height: height)
    screen.send(.secretStoreDamaged(damage))
    screen.send(.factsLoadFailed)
    return screen
  }

  func testSaysWhatHappenedAndOffersTheResetWithItsOwnKeys() {
    let screen = damaged()
    let grid = screen.render()
    let english = text(grid)
    XCTAssertTrue(english.contains("The secret vault cannot be opened"), english)
    XCTAssertTrue(english.contains("its key file /home/u/.config/vibes/vault.key is gone"), english)
    XCTAssertTrue(english.contains("reset the vault"), english)
    XCTAssertFalse(english.contains("checking…"), "no endless 'checking' in place of an answer")
    XCTAssertTrue(grid.lines[grid.height - 1].contains("r reset the vault"), grid.lines[grid.height - 1])
    let german = text(screen.render(.de))
    XCTAssertTrue(german.contains("Der Geheimnis-Tresor lässt sich nicht öffnen"), german)
    // The German footer is too narrow for "Tresor zurücksetzen": it keeps the verb (the whole label is in F1 help).
    XCTAssertTrue(german.contains("r zurücksetzen"), german)
  }

  func testTheConfirmationNamesWhatIsLostAndNoKeepsEverything() {
    var screen = damaged()
    screen.press(.character("r"))
    let english = text(screen.render())
    XCTAssertTrue(english.contains("Delete /home/u/.local/share/vibes/secrets.vault"), english)
    XCTAssertTrue(english.contains("Gemini, Ticketmaster, the Spotify connection"), english)
    XCTAssertTrue(screen.render().lines[screen.render().height - 1].contains("y delete the vault"))
    screen.press(.character("n"))
    XCTAssertEqual(screen.state.vaultRecovery?.phase, .explaining)
    screen.press(.character("2"))
    XCTAssertEqual(screen.state.selectedTab, .feed, "tab keys do not bypass the recovery screen")
  }

  func testTheResetIsAnEffectAndItsAnswerClearsTheState() {
    var screen = damaged()
    screen.press(.character("r"))
    let effects = AppReducer.reduce(&screen.state, .input(.key(.character("y"))))
    XCTAssertEqual(effects, [.resetVault(vaultPath: damage.vaultPath, keyPath: damage.keyPath)])
    XCTAssertTrue(text(screen.render()).contains("Resetting the vault"))
    let after = AppReducer.reduce(&screen.state, .vaultResetFinished(success: true))
    XCTAssertNil(screen.state.vaultRecovery)
    XCTAssertTrue(after.contains(.loadFacts))
    XCTAssertTrue(text(screen.render()).contains("Vault reset"), text(screen.render()))
  }

  func testPutOffTheAppRunsOnAndTheSetupCardSaysWhyInsteadOfChecking() {
    var screen = damaged()
    screen.press(.escape)
    XCTAssertEqual(screen.state.vaultRecovery?.phase, .postponed)
    let english = text(screen.render())
    XCTAssertTrue(english.contains("Setup · the secret vault cannot be opened"), english)
    XCTAssertFalse(english.contains("checking…"), english)
    screen.send(.secretStoreDamaged(damage))
    XCTAssertEqual(screen.state.vaultRecovery?.phase, .explaining, "a failed save shows the way out again")
  }

  func testAFailedResetSaysWhereToTurn() {
    var screen = damaged()
    screen.press(.character("r"), .character("y"))
    screen.send(.vaultResetFinished(success: false))
    XCTAssertTrue(text(screen.render()).contains("vibes reset-vault --yes"))
    XCTAssertEqual(LocalizationAudit.problems(VaultRecoveryL10n.self), [])
  }
}
