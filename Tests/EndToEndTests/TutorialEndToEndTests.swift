import Foundation
import XCTest

/// The first-launch tutorial in a real terminal: shown once on a fresh home, walked with →, skipped with s,
/// and not shown again after a restart. (Every other e2e test starts with VIBES_SKIP_TUTORIAL=1 from the
/// harness; this one clears it.)
final class TutorialEndToEndTests: EndToEndTestCase {

  func launch(width: Int = 80, height: Int = 24, language: String = "C.UTF-8") throws -> Tmux {
    try startVibes(["VIBES_SKIP_TUTORIAL": "", "LANG": language], width: width, height: height)
  }

  func testFirstLaunchShowsTheTutorialArrowsWalkSkipsAndARestartDoesNotShowItAgain() throws {
    let tmux = try launch()
    var screen = tmux.waitFor("Welcome to vibes")
    XCTAssertTrue(screen.contains("● ○ ○ ○ ○ ○ ○ ○  1/8"), screen)
    XCTAssertFalse(screen.contains("Setup · 0/3"), "the Feed is under the tutorial:\n\(screen)")
    tmux.send("Right")
    screen = tmux.waitFor("2/8")
    XCTAssertTrue(screen.contains("Share"), screen)
    tmux.send("Right")
    tmux.waitFor("3/8")
    tmux.send("Left")
    tmux.waitFor("2/8")
    tmux.send("s")
    tmux.waitFor("Setup · 0/3 complete")
    tmux.send("q")
    tmux.waitForExit()

    let restarted = try launch()
    restarted.waitFor("Setup · 0/3 complete")
    usleep(500_000)
    XCTAssertFalse(restarted.capture().contains("Welcome to vibes"), "seen once, never again")
    restarted.send("q")
    restarted.waitForExit()
  }

  func testTheLastCardOpensTheSpotifyStepAt60x20InGerman() throws {
    let tmux = try launch(width: 60, height: 20, language: "de_DE.UTF-8")
    tmux.waitFor("Willkommen bei vibes")
    for _ in 0..<7 { tmux.send("Right") }
    let screen = tmux.waitFor("8/8")
    XCTAssertTrue(screen.contains("Spotify verbinden"), screen)
    XCTAssertTrue(screen.contains("Später"), screen)
    tmux.send("Enter")
    tmux.waitForAbsence("8/8")
    XCTAssertTrue(tmux.capture().contains("Spotify"), tmux.capture())
    tmux.send("C-c")
    tmux.waitForExit()
  }
}
