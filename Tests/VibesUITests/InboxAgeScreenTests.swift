import Foundation
import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

/// The Inbox's ages on screen at 60×20, in the Feed's words: the copy's ("Updated just now", offline "showing what
/// was cached"), each conversation's and each message's ("2 h ago"), in English and German.
final class InboxAgeScreenTests: XCTestCase {
  static let loose = Driver.Exhaustivity.nonExhaustive(because: "checks the drawn screen text")

  func screen(_ name: String, _ language: Language = .en, then: (inout Driver) -> Void = { _ in }) throws -> String {
    let state = try XCTUnwrap(ScreenStateCatalog.inbox.first { $0.name == name }, name)
    var driver = Driver.screen(Self.loose, width: 60, height: 20)
    state.build(&driver)
    then(&driver)
    return driver.render(language).lines.joined(separator: "\n")
  }

  func line(_ text: String, containing part: String) throws -> String {
    String(try XCTUnwrap(text.split(separator: "\n").first { $0.contains(part) }, "\(part) in\n\(text)"))
  }

  func testAFreshListSaysUpdatedAndEachConversationItsAgeAndTheClockMovesIt() throws {
    var text = try screen("inbox conversations")
    XCTAssertTrue(text.contains("Updated just now"), text)
    XCTAssertTrue(try line(text, containing: "@donaudampf").contains("1 min ago"), text)
    XCTAssertTrue(try line(text, containing: "Die Fantastischen").contains("2 h ago"), text)
    XCTAssertFalse(text.contains("Offline"), text)

    text = try screen("inbox conversations") { $0.send(.clockTicked(ScreenStateCatalog.now.addingTimeInterval(600))) }
    XCTAssertTrue(text.contains("Updated 10 min ago"), text)
    XCTAssertTrue(try line(text, containing: "@donaudampf").contains("11 min ago"), text)

    let german = try screen("inbox conversations", .de)
    XCTAssertTrue(german.contains("Gerade aktualisiert"), german)
    XCTAssertTrue(try line(german, containing: "Die Fantastischen").contains("vor 2 Std."), german)
  }

  func testOfflineTheListSaysItShowsTheCacheWithItsAge() throws {
    let text = try screen("inbox offline copy")
    XCTAssertTrue(text.contains("Offline · showing what was cached 2 h ago"), text)
    XCTAssertFalse(text.contains("Updated"), text)
    let german = try screen("inbox offline copy", .de)
    XCTAssertTrue(german.contains("Offline · zeige den Stand von vor 2 Std."), german)
  }

  func testAThreadShowsEachMessagesAgeAndTheSelectedOnesWhole() throws {
    let text = try screen("inbox thread")
    XCTAssertTrue(text.contains("you: love it · 1 min ago"), text)
    let earlier = try screen("inbox thread") { $0.press(.up) }
    XCTAssertTrue(earlier.contains("@ada · 2 min ago"), earlier)
    // The newest (yours) is selected and shown whole below the list with its age.
    XCTAssertTrue(text.contains("you · 1 min ago"), text)
    let german = try screen("inbox thread", .de)
    XCTAssertTrue(german.contains("du: love it · vor 1 Min."), german)
    XCTAssertTrue(german.contains("du · vor 1 Min."), german)
  }
}
