import Foundation
import XCTest

@testable import VibesCore

final class BlendPreviewTests: XCTestCase {
  private func summary(_ artists: [String]) -> TasteSummary {
    TasteSummary(artists: artists.map { .init(name: $0, weight: 1) }, genres: [])
  }

  func testSongsAreClassifiedByTheirArtistAgainstBothSummaries() {
    let mine = summary(["Björk", "Radiohead"])
    let theirs = summary(["bjork", "Burial"])
    let preview = BlendPreview(
      name: "Night\u{1B}[2J Mix",
      songs: [("Jóga", "Björk"), ("Archangel", "Burial"), ("Reckoner", "Radiohead"), ("Kids", "MGMT")],
      mine: mine, theirs: theirs)
    XCTAssertEqual(preview.tracks.map(\.source), [.mutual, .fromThem, .fromMe, .similar])
    XCTAssertFalse(preview.name.contains("\u{1B}"))
    XCTAssertEqual(preview.matchPercent, 50)
    XCTAssertFalse(preview.isAMix, "four songs are not a Blend")
  }

  func testAOneSidedListIsNotAMixAndMissingSummariesAreNamed() {
    let mine = summary(["A"])
    let theirs = summary(["B"])
    let oneSided = BlendPreview(
      name: "x", songs: (0..<25).map { (title: "S\($0)", artist: "B") }, mine: mine, theirs: theirs)
    XCTAssertFalse(oneSided.isAMix)
    let mixed = BlendPreview(
      name: "x", songs: (0..<25).map { (title: "S\($0)", artist: $0 % 2 == 0 ? "B" : "C") }, mine: mine,
      theirs: theirs)
    XCTAssertTrue(mixed.isAMix)
    XCTAssertEqual(BlendPreview.problem(mine: mine, theirs: nil), .noTasteSummary)
    XCTAssertEqual(BlendPreview.problem(mine: mine, theirs: summary([])), .noTasteSummary)
    XCTAssertEqual(BlendPreview.problem(mine: summary([]), theirs: theirs), .noOwnTaste)
    XCTAssertNil(BlendPreview.problem(mine: mine, theirs: theirs))
  }
}
