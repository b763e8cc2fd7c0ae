import Foundation
import VibesCore
import VibesStorage
import XCTest

/// The Feed's cached items from a real SQLite file, and links opened through $BROWSER.
final class FeedAndLinksEndToEndTests: EndToEndTestCase {

  func testCachedItemsShowBelowTheCardSanitisedAndScroll() throws {
    try FileManager.default.createDirectory(at: harness.dataDirectory, withIntermediateDirectories: true)
    let database = try AppDatabase(path: harness.databaseFile.path)
    let cards = (0..<2_000).reversed().map {
      FeedCard.concert(
        ConcertCard(
          eventID: "e\($0)", name: $0 == 1_999 ? "Newest\u{1B}]0;pwned\u{07} gig\u{1B}[2J" : "Concert \($0)",
          localDate: "2030-01-01"))
    }
    try database.replaceConcerts(city: "Berlin", cards: cards, fetchedAt: Date())
    let tmux = try startVibes()
    tmux.waitFor("Newest gig")
    // The feed window and the setup facts load independently: wait for both, then check them together.
    let screen = tmux.waitFor("Setup · 0/3 complete")
    XCTAssertTrue(screen.contains("Feed · 2,000 cached"), screen)
    XCTAssertTrue(screen.contains("Newest gig"), "the card stays on top:\n\(screen)")
    for _ in 0..<30 { tmux.send("Down") }
    let scrolled = tmux.waitFor("Concert 1970")
    XCTAssertTrue(scrolled.contains("Setup · 0/3"), "still visible after scrolling:\n\(scrolled)")
    XCTAssertFalse(scrolled.contains("Newest gig"), "the first rows scrolled away:\n\(scrolled)")
    tmux.send("End")
    tmux.waitFor("Concert 0")
    tmux.send("Home", "Enter")
    tmux.waitFor("Setup checklist")
  }

  func testCtrlOOpensTheFormsLinkThroughBrowser() throws {
    let record = harness.home.appendingPathComponent("opened-url.txt")
    let script = harness.home.appendingPathComponent("fake-browser.sh")
    try "#!/bin/sh\nprintf '%s' \"$1\" > '\(record.path)'\n".write(to: script, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    let tmux = try startVibes(["BROWSER": script.path])
    tmux.waitFor("Setup · 0/3")
    tmux.send("Enter", "Down", "Down", "Enter")
    tmux.waitFor("Developer Portal")
    tmux.send("C-o")
    tmux.waitFor("Opened in your browser.")
    XCTAssertEqual(try String(contentsOf: record, encoding: .utf8), "https://developer.ticketmaster.com/")
  }

  func testWithoutABrowserTheUserIsToldToCopyTheLink() throws {
    let tmux = try startVibes()
    tmux.waitFor("Setup · 0/3")
    tmux.send("Enter", "Down", "Enter")
    tmux.waitFor("Google AI Studio")
    tmux.send("C-o")
    let screen = tmux.waitFor("No browser found")
    XCTAssertTrue(screen.contains("https://aistudio.google.com/app/apikey"), "the URL is printed in full:\n\(screen)")
  }
}
