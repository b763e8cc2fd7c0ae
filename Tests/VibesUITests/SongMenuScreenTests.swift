import Foundation
import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

/// The one song menu's screen at 60×20 and 80×24, in English and German: the song, the items through the one list,
/// the composer's live count and its refusal, the person picker, and a hostile song name drawn safely.
final class SongMenuScreenTests: XCTestCase {
  static let loose = Driver.Exhaustivity.nonExhaustive(because: "checks the drawn screen text")
  static let song = SharedTrack(
    trackId: "4uLU6hMCjMI75M1A2tKUQC", trackName: "Take On Me\u{1B}[2J\u{202E}", artistName: "a-ha",
    albumName: "Hunting High and Low", trackUri: "spotify:track:4uLU6hMCjMI75M1A2tKUQC")

  func opened(width: Int, height: Int) -> Driver {
    var driver = Driver.screen(Self.loose, facts: SetupFacts(storedSecrets: [.spotify]), width: width, height: height)
    driver.arrange { driver in
      driver.state.context.navigationRequest = .openSongMenu(Self.song)
      driver.send(.songMenu(.outboxFlushed(requestID: 0, sent: 0, refused: 0, waiting: 0, badges: [])))
      driver.state.songMenu.flushing = nil
      driver.state.songMenu.queued = 0
    }
    return driver
  }

  func testTheMenuShowsTheSongAndEveryItemAtBothSizesInBothLanguages() {
    for (width, height) in [(60, 20), (80, 24)] {
      let driver = opened(width: width, height: height)
      let english = driver.render(.en).lines.joined(separator: "\n")
      XCTAssertTrue(english.contains("♪ Take On Me"), english)
      XCTAssertFalse(english.contains("\u{1B}"), "control sequences never reach the grid")
      XCTAssertFalse(english.contains("\u{202E}"), "nor bidi overrides")
      XCTAssertTrue(english.contains("a-ha · Hunting High and Low"), english)
      for item in [
        "Share to all", "Send to one", "Add to library", "Add to playlist", "Play preview", "Open in Spotify",
        "Copy link",
      ] {
        XCTAssertTrue(english.contains(item), "\(width)×\(height): \(item)\n\(english)")
      }
      XCTAssertTrue(english.contains("› Share to all"), "the one focus marker on the first item")
      XCTAssertTrue(english.contains("Enter choose"), english)
      let german = driver.render(.de).lines.joined(separator: "\n")
      for item in ["Mit allen teilen", "An eine Person senden", "Zur Bibliothek hinzufügen", "Link kopieren"] {
        XCTAssertTrue(german.contains(item), "\(width)×\(height): \(item)\n\(german)")
      }
    }
  }

  func testTheComposerCountsAsTheUserSeesAndRefusesOver280() {
    var driver = opened(width: 60, height: 20)
    driver.press(.enter)
    driver.type("🇩🇪👨‍👩‍👧e\u{301}")
    var text = driver.render().lines.joined(separator: "\n")
    XCTAssertTrue(text.contains("Share to all your followers"), text)
    XCTAssertTrue(text.contains("3/280"), text)
    driver.type(String(repeating: "a", count: 300))
    driver.press(.enter)
    text = driver.render().lines.joined(separator: "\n")
    XCTAssertTrue(text.contains("303/280"), text)
    XCTAssertTrue(text.contains("The message is 303 characters; at most 280 fit."), text)
    let german = driver.render(.de).lines.joined(separator: "\n")
    XCTAssertTrue(german.contains("Die Nachricht hat 303 Zeichen"), german)
  }

  func testThePickerListsPeopleWithItsFilter() {
    var driver = opened(width: 80, height: 24)
    driver.press(.down)
    let effects = driver.press(.enter).compactMap(\.songMenuEffect)
    guard case .loadPeople(let id)? = effects.first else { return XCTFail() }
    XCTAssertTrue(driver.render().lines.joined(separator: "\n").contains("Loading…"))
    driver.send(
      .songMenu(
        .peopleLoaded(
          requestID: id,
          .success([
            SongMenuPerson(id: "a", name: "@ada", talks: 1), SongMenuPerson(id: "b", name: "@bob\u{1B}[31m", talks: 5),
          ]))))
    let text = driver.render().lines.joined(separator: "\n")
    XCTAssertTrue(text.contains("Send to one of the people you follow"), text)
    XCTAssertTrue(text.contains("Filter:"), text)
    let lines = driver.render().lines
    let bob = lines.firstIndex { $0.contains("@bob") }
    let ada = lines.firstIndex { $0.contains("@ada") }
    XCTAssertNotNil(bob)
    XCTAssertLessThan(bob ?? 99, ada ?? 0, "most talked-to first")
    XCTAssertFalse(text.contains("\u{1B}"))
  }
}
