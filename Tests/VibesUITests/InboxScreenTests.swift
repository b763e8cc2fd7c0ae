import Foundation
import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

/// The Inbox area's screen text at the smallest terminal (60×20), in English and German.
final class InboxScreenTests: XCTestCase {
  static let loose = Driver.Exhaustivity.nonExhaustive(because: "checks the drawn screen text")

  func state(_ name: String) throws -> ScreenStateCatalog.State {
    try XCTUnwrap(ScreenStateCatalog.inbox.first { $0.name == name }, name)
  }

  func screen(_ name: String, _ language: Language = .en) throws -> String {
    var driver = Driver.screen(Self.loose, width: 60, height: 20)
    try state(name).build(&driver)
    return driver.render(language).lines.joined(separator: "\n")
  }

  func testTheListMarksUnreadWithASymbolAndAWordAndTheFooterOffersOpenAndRefresh() throws {
    let text = try screen("inbox conversations")
    XCTAssertTrue(text.contains("Inbox"), text)
    let unread = try XCTUnwrap(text.split(separator: "\n").first { $0.contains("@donaudampf") }, text)
    XCTAssertTrue(unread.contains("●"), String(unread))
    XCTAssertTrue(unread.contains("new"), String(unread))
    let read = try XCTUnwrap(text.split(separator: "\n").first { $0.contains("Die Fantastischen") }, text)
    XCTAssertFalse(read.contains("●"), String(read))
    XCTAssertTrue(text.contains("refresh"), text)
    let german = try screen("inbox conversations", .de)
    XCTAssertTrue(german.contains("Posteingang"), german)
    XCTAssertTrue(german.contains("neu"), german)
  }

  func testNotSignedInSaysHowToSignIn() throws {
    for language in [Language.en, .de] {
      let text = try screen("inbox notSignedIn", language).replacingOccurrences(of: "\n", with: " ")
      XCTAssertTrue(text.contains("vibes auth login google"), text)
    }
  }

  func testAnOfflineCopyShowsItsAgeAndWhatFailedWithRetry() throws {
    let text = try screen("inbox offline copy")
    XCTAssertTrue(text.contains("Offline · showing what was cached 2 h ago"), text)
    XCTAssertTrue(text.contains("could not be loaded"), text)
    XCTAssertTrue(text.contains("Press r to try again") || text.contains("Press r"), text)
    let german = try screen("inbox offline copy", .de)
    XCTAssertTrue(german.contains("Offline · zeige den Stand von vor 2 Std."), german)
  }

  func testAThreadShowsWhoSentTheSongAndItsMessageWhole() throws {
    let text = try screen("inbox thread")
    XCTAssertTrue(text.contains("@ada: ♪"), text)
    XCTAssertTrue(text.contains("you: love it"), text)
    XCTAssertTrue(text.contains("reply"), text)
    let german = try screen("inbox thread", .de)
    XCTAssertTrue(german.contains("du: love it"), german)
    XCTAssertTrue(german.contains("antworten"), german)
  }

  func testReplyingShowsTheFieldAndEnterSends() throws {
    let text = try screen("inbox replying")
    XCTAssertTrue(text.contains("Reply:"), text)
    XCTAssertTrue(text.contains("send"), text)
    let failed = try screen("inbox reply failed")
    XCTAssertTrue(failed.replacingOccurrences(of: "\n", with: " ").contains("Your reply was not sent"), failed)
  }

  func testEmptyStateSaysWhatWillShowHere() throws {
    let text = try screen("inbox empty").replacingOccurrences(of: "\n", with: " ")
    XCTAssertTrue(text.contains("No conversations yet"), text)
  }
}
