import Foundation
import VibesCore
import XCTest

@testable import VibesStorage

/// The preview cache on a real SQLite file: a match, a "none" that expires, per storefront.
final class PreviewCacheStorageTests: XCTestCase {
  private var temp: TemporaryDirectory!

  override func setUpWithError() throws { temp = try TemporaryDirectory() }
  override func tearDown() { temp = nil }

  func testAMatchAndANoneSurviveAReopen() throws {
    let path = temp.appending("vibes.sqlite").path
    let now = Date(timeIntervalSince1970: 2_000_000_000)
    do {
      let db = try AppDatabase(path: path)
      XCTAssertNil(try db.cachedPreview(spotifyTrackID: "t1", storefront: "US", now: now))
      try db.savePreview(
        .available(previewURL: "https://a/p.m4a", storeURL: "https://music.apple.com/x"), spotifyTrackID: "t1",
        storefront: "US", at: now)
      try db.savePreview(.none, spotifyTrackID: "t2", storefront: "US", at: now)
    }
    let db = try AppDatabase(path: path)
    XCTAssertEqual(
      try db.cachedPreview(spotifyTrackID: "t1", storefront: "US", now: now),
      .available(previewURL: "https://a/p.m4a", storeURL: "https://music.apple.com/x"))
    XCTAssertEqual(try db.cachedPreview(spotifyTrackID: "t2", storefront: "US", now: now), PreviewAvailability.none)
    // Another storefront has its own answer.
    XCTAssertNil(try db.cachedPreview(spotifyTrackID: "t1", storefront: "DE", now: now))
    // "None" is asked again after its lifetime; a match is kept.
    let later = now.addingTimeInterval(AppDatabase.previewNoneLifetime + 1)
    XCTAssertNil(try db.cachedPreview(spotifyTrackID: "t2", storefront: "US", now: later))
    XCTAssertNotNil(try db.cachedPreview(spotifyTrackID: "t1", storefront: "US", now: later))
  }

  func testSigningOutOfSpotifyForgetsThePreviewMatches() throws {
    let db = try AppDatabase(path: temp.appending("vibes.sqlite").path)
    try db.savePreview(.none, spotifyTrackID: "t9", storefront: "US")
    XCTAssertNotNil(try db.cachedPreview(spotifyTrackID: "t9", storefront: "US"))
    try db.clearSpotifyAccountData()
    XCTAssertNil(try db.cachedPreview(spotifyTrackID: "t9", storefront: "US"))
  }
}
