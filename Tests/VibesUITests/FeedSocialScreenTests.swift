import Foundation
import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let drawnScreen = Driver.Exhaustivity.nonExhaustive(
  because: "checks the drawn social cards, Song Detail, empty state and quick bar")

/// The social Feed drawn at 60×20 and 80×24, in English and German.
final class FeedSocialScreenTests: XCTestCase {
  static let sizes = [(80, 24), (60, 20)]
  let now = Date(timeIntervalSince1970: 1_900_000_000)
  let track = SharedTrack(
    trackId: "4uLU6hMCjMI75M1A2tKUQC", trackName: "Never Gonna Give You Up", artistName: "Rick Astley",
    albumName: "Whenever You Need Somebody", trackUri: "spotify:track:4uLU6hMCjMI75M1A2tKUQC")

  func song(direct: Bool, unread: Bool = true, message: String? = "listen to this") -> SongShareCard {
    SongShareCard(
      shareID: direct ? "d1" : "s1", senderId: "u-ana", senderUsername: "ana", senderDisplayName: "Ana",
      track: track, message: message, createdAt: now.addingTimeInterval(-3 * 3600), isDirect: direct,
      isUnread: unread)
  }

  var follow: NewFollowCard {
    NewFollowCard(followerId: "u-bo", username: "bo", displayName: "Bo", createdAt: now, isUnread: false)
  }

  func screen(_ width: Int, _ height: Int, cards: [FeedCard?], facts: SetupFacts = SetupFacts()) -> Driver {
    var screen = Driver.screen(drawnScreen, facts: facts, width: width, height: height)
    screen.send(.feedWindowLoaded(total: cards.count, offset: 0, items: cards))
    screen.send(.feed(.clockTicked(now)))
    return screen
  }

  func testSocialCardsShowSymbolWordWhoAndTheSongUnreadMarked() {
    let cards: [FeedCard?] = [
      FeedCard(.songShare(song(direct: false))), FeedCard(.songShare(song(direct: true))),
      FeedCard(.newFollow(follow)),
    ]
    for (width, height) in Self.sizes {
      for (language, shared, sent, followed, new) in [
        (Language.en, "♫ Shared", "✉ For you", "☺ Follow", "new"),
        (.de, "♫ Geteilt", "✉ Für dich", "☺ Folgt dir", "neu"),
      ] {
        let grid = screen(width, height, cards: cards).render(language)
        let sharedRow = try! XCTUnwrap(grid.row(containing: shared), grid.text)
        XCTAssertTrue(
          grid.lines[sharedRow].contains(language == .en ? "@ana shared a song" : "@ana hat einen Song"),
          grid.lines[sharedRow])
        XCTAssertTrue(grid.lines[sharedRow].contains(new), grid.lines[sharedRow])
        let sentRow = try! XCTUnwrap(grid.row(containing: sent), grid.text)
        XCTAssertTrue(grid.lines[sentRow].contains(language == .en ? "From @ana" : "Von @ana"), grid.lines[sentRow])
        let followRow = try! XCTUnwrap(grid.row(containing: followed), grid.text)
        XCTAssertTrue(grid.lines[followRow].contains("@bo"), grid.lines[followRow])
        XCTAssertFalse(grid.lines[followRow].contains(new + " ·"), "read: no mark")
        XCTAssertLessThanOrEqual(grid.lines.map { DisplayWidth.of($0) }.max() ?? 0, width)
        if width >= 80, language == .en {
          XCTAssertTrue(grid.lines[sharedRow].contains("Never Gonna Give You Up"), grid.lines[sharedRow])
        }
      }
    }
  }

  func testASharedSongsRowCarriesTheMessageOnOneLineWhereThereIsRoom() {
    let message = "first line\n\nsecond\u{1B}[31m line"
    let cards: [FeedCard?] = [
      FeedCard(.songShare(song(direct: false, message: message))),
      FeedCard(.songShare(song(direct: true, message: nil))),
    ]
    for (language, quoted) in [(Language.en, "“first line second line”"), (.de, "„first line second line“")] {
      let grid = screen(140, 24, cards: cards).render(language)
      let sharedRow = try! XCTUnwrap(grid.row(containing: "@ana"), grid.text)
      XCTAssertTrue(grid.lines[sharedRow].contains("Rick Astley — " + quoted), grid.lines[sharedRow])
      let sentRow = try! XCTUnwrap(grid.row(containing: language == .en ? "From @ana" : "Von @ana"), grid.text)
      XCTAssertFalse(grid.lines[sentRow].contains("—"), "no message, no dash: \(grid.lines[sentRow])")
      XCTAssertFalse(grid.text.contains("\u{1B}"))
    }
  }

  func testSongDetailShowsTheSongFromWhenTheMessageAndTheKeysWhateverTheSize() {
    let hostile = "hi\u{1B}]8;;https://evil\u{07}there\u{202E}" + String(repeating: "x", count: 400)
    for (width, height) in Self.sizes {
      for language in [Language.en, .de] {
        var screen = screen(width, height, cards: [FeedCard(.songShare(song(direct: true, message: hostile)))])
        screen.press(.down, .enter)
        let grid = screen.render(language)
        XCTAssertNotNil(grid.row(containing: "Never Gonna Give You Up"), grid.text)
        XCTAssertNotNil(grid.row(containing: language == .en ? "by Rick Astley" : "von Rick Astley"), grid.text)
        XCTAssertNotNil(
          grid.row(containing: language == .en ? "From @ana · 3 h ago" : "Von @ana · vor 3 Std."), grid.text)
        XCTAssertNotNil(grid.row(containing: "hithere"), "control sequences and bidi overrides gone: \(grid.text)")
        XCTAssertFalse(grid.text.contains("\u{1B}") || grid.text.contains("\u{202E}"))
        XCTAssertFalse(grid.text.contains(String(repeating: "x", count: 281)), "the message is capped")
        XCTAssertLessThanOrEqual(grid.lines.map { DisplayWidth.of($0) }.max() ?? 0, width)
        // The keys are reachable: at the bottom once scrolled, in the help always.
        screen.press(.end)
        XCTAssertTrue(
          screen.render(language).text.contains(language == .en ? "mark read" : "gelesen"), screen.render(language).text
        )
      }
    }
  }

  func testEmptyFeedSaysTheSpecsWordsAndHowToFindPeople() {
    for (width, height) in Self.sizes {
      let grid = screen(width, height, cards: []).render()
      XCTAssertTrue(grid.text.contains("No activity yet — follow people and share songs!"), grid.text)
      XCTAssertTrue(grid.text.contains("Find people to follow: press f"), grid.text)
      let german = screen(width, height, cards: []).render(.de)
      XCTAssertTrue(german.text.replacingOccurrences(of: "\n", with: " ").contains("Noch nichts los"), german.text)
    }
  }

  func testQuickActionsBarStaysWhileTheListScrolls() {
    for (width, height) in Self.sizes {
      let cards = (0..<60).map { FeedCard.concert(FeedFixtures.concert($0)) as FeedCard? }
      var screen = screen(width, height, cards: cards)
      let top = screen.render()
      let row = try! XCTUnwrap(top.row(containing: "/ Search"), top.text)
      XCTAssertTrue(top.lines[row].contains(width >= 80 ? "s Send a song" : "s Send"), top.lines[row])
      for _ in 0..<30 { screen.press(.down) }
      let scrolled = screen.render()
      XCTAssertEqual(scrolled.row(containing: "/ Search"), row, scrolled.text)
      XCTAssertNil(scrolled.row(containing: "Band 0 "), "the list did scroll")
      XCTAssertNotNil(screen.render(.de).row(containing: "/ Suchen"))
    }
  }
}
