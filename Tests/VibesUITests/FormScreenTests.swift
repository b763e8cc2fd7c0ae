import Foundation
import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let drawnScreen = Driver.Exhaustivity.nonExhaustive(
  because: "checks the drawn form screens: header, link, masked field, phases")

final class FormScreenTests: XCTestCase {
  func geminiScreen(facts: SetupFacts = SetupFacts()) -> Driver {
    var screen = Driver.screen(drawnScreen, facts: facts)
    screen.press(.enter, .down, .enter)
    return screen
  }

  func testGeminiFormShowsHeaderInstructionsLinkAndMaskedField() {
    var screen = geminiScreen()
    for character in "AIzaSySecretValue12345" { screen.press(.character(character)) }
    let grid = screen.render()
    XCTAssertNotNil(grid.row(containing: "Gemini API Key"))
    XCTAssertNotNil(grid.row(containing: "Google AI Studio"))
    XCTAssertNotNil(grid.row(containing: "https://aistudio.google.com/app/apikey"))
    XCTAssertEqual(grid.links.first?.url, "https://aistudio.google.com/app/apikey")
    XCTAssertNotNil(grid.row(containing: "•••••••••••"))
    XCTAssertFalse(grid.text.contains("SecretValue"), "a secret is never drawn")
    XCTAssertNotNil(grid.row(containing: "[ Save ]"))
    XCTAssertNotNil(grid.cursor, "the focused field shows the cursor")
  }

  func testValidatingShowsProgressAndFailureShowsMessageWithRetry() {
    var screen = geminiScreen()
    for character in "AIzaSySecretValue12345" { screen.press(.character(character)) }
    screen.press(.ctrl("s"))
    XCTAssertNotNil(screen.render().row(containing: "Checking the key with Google"))
    XCTAssertTrue(screen.render().lines[23].contains("Esc cancel"), screen.render().text)
    screen.send(
      .validationFinished(requestID: 1, .failure(.transport(TransportFailure(.connectionRefused, host: "127.0.0.1")))))
    let grid = screen.render()
    let row = grid.row(containing: "127.0.0.1 refused the connection")!
    XCTAssertEqual(grid.style(of: "127.0.0.1 refused", inRow: row)?.foreground, .red)
    XCTAssertNotNil(grid.row(containing: "Ctrl-R retry"))
    XCTAssertNotNil(grid.row(containing: "[ Retry ]"))
    XCTAssertTrue(
      grid.lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ").contains("Nothing was saved."),
      grid.text)
  }

  func testInvalidKeyMessageAndQuotaMessage() {
    var screen = geminiScreen()
    for character in "AIzaSySecretValue12345" { screen.press(.character(character)) }
    screen.press(.ctrl("s"))
    screen.send(.validationFinished(requestID: 1, .failure(.invalidCredentials)))
    XCTAssertNotNil(screen.render().row(containing: "Google did not accept this API key"))
    XCTAssertNil(screen.render().row(containing: "Ctrl-R retry"))
    screen.press(.ctrl("s"))
    screen.send(.validationFinished(requestID: 2, .failure(.quotaExceeded(retryAfterSeconds: 26))))
    XCTAssertNotNil(screen.render().row(containing: "quota is used up. Try again in 26 s"), screen.render().text)
  }

  func testFieldErrorStaysWithTheField() {
    var screen = geminiScreen()
    screen.press(.ctrl("s"))
    let grid = screen.render()
    let fieldRow = grid.row(containing: "› API key")!
    XCTAssertEqual(grid.row(containing: "This field is required."), fieldRow + 1)
  }

  func testEditingAGreenStepShowsTheMaskedPreviewAndRemove() {
    var screen = geminiScreen(facts: SetupFacts(storedSecrets: [.gemini]))
    screen.send(.credentialPreviewLoaded(.gemini, preview: "AIza…9Qk"))
    let grid = screen.render()
    XCTAssertNotNil(grid.row(containing: "AIza…9Qk  stored · type to replace"), grid.text)
    XCTAssertNotNil(grid.row(containing: "[ Remove ]"))
    XCTAssertNotNil(grid.row(containing: "✓ configured"))
  }

  func testTicketmasterShowsCityInFullAndConfirmRemoval() {
    var screen = Driver.screen(
      drawnScreen, facts: SetupFacts(storedSecrets: [.ticketmaster], ticketmasterCity: "São Paulo"))
    screen.press(.enter, .down, .down, .enter)
    var grid = screen.render()
    XCTAssertNotNil(grid.row(containing: "City"))
    XCTAssertNotNil(grid.row(containing: "São Paulo"))
    XCTAssertNotNil(grid.row(containing: "https://developer.ticketmaster.com/"))
    screen.press(.tab, .tab, .tab, .tab, .enter)
    grid = screen.render()
    XCTAssertNotNil(grid.row(containing: "Remove this credential from this device? y remove · n keep"), grid.text)
  }

  func testLongCityScrollsToKeepTheCursorVisible() {
    var screen = Driver.screen(drawnScreen, width: 50, height: 24)
    screen.press(.enter, .down, .down, .enter, .tab)
    let city = String(repeating: "abcdefghij", count: 8) + "END"
    for character in city { screen.press(.character(character)) }
    let grid = screen.render()
    XCTAssertNotNil(grid.row(containing: "END"), grid.text)
    XCTAssertLessThan(grid.cursor!.column, 50)
  }
}
