import Foundation
import XCTest

@testable import VibesServices

final class FoundationStrayFoldersTests: XCTestCase {
  var root: URL!

  override func setUpWithError() throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-strays-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: root)
  }

  func testFoldersMadeByTheCallGoAgainWithTheirMissingParentsAndNothingElse() throws {
    let manager = FileManager.default
    let existing = root.appendingPathComponent("share")
    try manager.createDirectory(at: existing, withIntermediateDirectories: true)
    let cookies = existing.appendingPathComponent("bin").path
    let cache = root.appendingPathComponent("cache/org.swift.foundation.URLCache/vibes").path
    let kept = root.appendingPathComponent("cache/org.swift.foundation.URLCache/other").path

    let value = FoundationStrayFolders.removingThoseMadeBy(candidates: [cookies, cache]) {
      try? manager.createDirectory(atPath: cookies, withIntermediateDirectories: true)
      try? manager.createDirectory(atPath: cache, withIntermediateDirectories: true)
      // Something else (another program) puts a folder beside the cache's: that parent is not empty, so it stays.
      try? manager.createDirectory(atPath: kept, withIntermediateDirectories: true)
      return 42
    }

    XCTAssertEqual(value, 42)
    XCTAssertFalse(manager.fileExists(atPath: cookies), "made by the call: removed")
    XCTAssertFalse(manager.fileExists(atPath: cache), "made by the call: removed")
    XCTAssertTrue(manager.fileExists(atPath: kept), "not one of the candidates")
    XCTAssertTrue(manager.fileExists(atPath: root.appendingPathComponent("cache").path), "not empty: stays")
    XCTAssertTrue(manager.fileExists(atPath: existing.path), "existed before: stays")
  }

  func testAFolderThatExistedOrHoldsAFileStays() throws {
    let manager = FileManager.default
    let before = root.appendingPathComponent("before").path
    try manager.createDirectory(atPath: before, withIntermediateDirectories: true)
    let filled = root.appendingPathComponent("filled").path
    FoundationStrayFolders.removingThoseMadeBy(candidates: [before, filled]) {
      try? manager.createDirectory(atPath: filled, withIntermediateDirectories: true)
      _ = manager.createFile(atPath: filled + "/.cookies.shared", contents: Data("x".utf8))
    }
    XCTAssertTrue(manager.fileExists(atPath: before))
    XCTAssertTrue(manager.fileExists(atPath: filled + "/.cookies.shared"), "rmdir never removes what is inside")
  }
}
