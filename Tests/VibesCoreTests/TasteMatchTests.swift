import Foundation
import VibesTestSupport
import XCTest

@testable import VibesCore

final class TasteMatchTests: XCTestCase {
  private func summary(_ artists: [(String, Double)], _ genres: [(String, Double)] = []) -> TasteSummary {
    TasteSummary(
      artists: artists.map { TasteSummary.Entry(name: $0.0, weight: $0.1) },
      genres: genres.map { TasteSummary.Entry(name: $0.0, weight: $0.1) })
  }

  func testIdenticalIsHundredAndDisjointIsZero() {
    let a = summary([("Radiohead", 1), ("Björk", 0.7), ("Portishead", 0.4)], [("trip hop", 1), ("art rock", 0.5)])
    XCTAssertEqual(TasteMatch.percent(a, a), 100)
    let b = summary([("Taylor Swift", 1), ("Drake", 0.5)], [("pop", 1), ("rap", 0.8)])
    XCTAssertEqual(TasteMatch.percent(a, b), 0)
    XCTAssertEqual(TasteMatch.percent(a, summary([])), 0)
    XCTAssertEqual(TasteMatch.percent(summary([]), summary([])), 0)
    // Folded names match: "bjork" is "Björk".
    let c = summary([("RADIOHEAD", 1), ("bjork", 0.7), ("Portishead", 0.4)], [("Trip-Hop", 1), ("art rock", 0.5)])
    XCTAssertEqual(TasteMatch.percent(a, c), 100)
  }

  func testTheFormulaBlendsArtistsAndGenres() {
    // Same genres, disjoint artists: exactly the genre share.
    let a = summary([("A", 1)], [("pop", 1)])
    let b = summary([("B", 1)], [("pop", 1)])
    XCTAssertEqual(TasteMatch.score(a, b), TasteMatch.genreShare, accuracy: 1e-12)
    XCTAssertEqual(TasteMatch.percent(a, b), 40)
    // Same artists, disjoint genres: the artist share.
    XCTAssertEqual(TasteMatch.percent(summary([("A", 1)], [("pop", 1)]), summary([("A", 1)], [("rock", 1)])), 60)
    // No genres on either side: artists alone.
    XCTAssertEqual(TasteMatch.percent(summary([("A", 1), ("B", 1)]), summary([("A", 1), ("C", 1)])), 50)
  }

  func testSymmetricAndMonotoneOverSeededCases() {
    // Seeded: the same property cases on every run.
    var generator = SeededGenerator(seed: 24)
    let names = (0..<12).map { "artist \($0)" }
    let genreNames = (0..<6).map { "genre \($0)" }
    for _ in 0..<300 {
      func random(_ pool: [String], _ n: Int) -> [(String, Double)] {
        Array(pool.shuffled(using: &generator).prefix(n)).map { ($0, Double.random(in: 0.05...1, using: &generator)) }
      }
      let aArtists = random(names, Int.random(in: 1...6, using: &generator))
      let bArtists = random(names, Int.random(in: 1...6, using: &generator))
      let aGenres = random(genreNames, Int.random(in: 0...3, using: &generator))
      let bGenres = random(genreNames, Int.random(in: 0...3, using: &generator))
      let a = summary(aArtists, aGenres)
      let b = summary(bArtists, bGenres)
      let ab = TasteMatch.score(a, b)
      XCTAssertEqual(ab, TasteMatch.score(b, a), accuracy: 1e-12)
      XCTAssertEqual(TasteMatch.percent(a, b), TasteMatch.percent(b, a))
      XCTAssertTrue((0...1).contains(ab))
      // Monotone: B swaps an artist A lacks for one of A's artists B lacks, at the same weight: never lower.
      let aKeys = Set(aArtists.map(\.0))
      let bKeys = Set(bArtists.map(\.0))
      guard let drop = bArtists.firstIndex(where: { !aKeys.contains($0.0) }),
        let add = aArtists.first(where: { !bKeys.contains($0.0) })
      else { continue }
      var swapped = bArtists
      swapped[drop] = (add.0, bArtists[drop].1)
      XCTAssertGreaterThan(TasteMatch.score(a, summary(swapped, bGenres)), ab - 1e-12)
    }
  }

  func testSummaryFromTopArtistsWeighsByRankAndCleansNames() {
    let summary = TasteSummary.from(topArtists: [
      (name: "First", genres: ["indie pop", "Indie Pop"]),
      (name: "Sec\u{1B}]0;x\u{07}ond", genres: ["indie pop", "dream pop"]),
      (name: "Third", genres: []),
      (name: "Fourth", genres: ["shoegaze"]),
    ])
    XCTAssertEqual(summary.artists.map(\.weight), [1, 0.75, 0.5, 0.25])
    XCTAssertFalse(summary.artists[1].name.contains("\u{1B}"))
    XCTAssertEqual(summary.genres.map(\.name), ["indie pop", "dream pop", "shoegaze"])
    XCTAssertEqual(summary.genres.map(\.weight), [1, 0.75 / 1.75, 0.25 / 1.75])
    // Caps and junk: at most 20 artists; non-finite, negative and blank entries dropped.
    let many = (0..<40).map { (name: "a\($0)", genres: [String]()) }
    XCTAssertEqual(TasteSummary.from(topArtists: many).artists.count, TasteSummary.maxArtists)
    let junk = TasteSummary(
      artists: [
        .init(name: "x", weight: .nan), .init(name: "y", weight: -1), .init(name: "  ", weight: 1),
        .init(name: "z", weight: 9),
      ],
      genres: [])
    XCTAssertEqual(junk.artists, [.init(name: "z", weight: 1)])
  }
}
