import Foundation
import XCTest

/// Issue 20's key-map traps in a real terminal, in `vibes demo`: the Gemini step opened from Create goes back to
/// Create with Esc, typed text on Create lands in the prompt (q and digits included, nothing quits), and q with a
/// typed prompt asks before quitting.
final class NewUserKeysEndToEndTests: EndToEndTestCase {
  func testTypingOnCreateTakesTextEscReturnsAcrossTabsAndQAsksFirst() throws {
    let temporary = harness.home.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    let tmux = try startVibes(["TMPDIR": temporary.path], arguments: ["demo"])
    // The demo starts with the first-launch tutorial: skip it.
    tmux.waitFor("Welcome to vibes")
    tmux.send("s")
    tmux.waitForAbsence("Welcome to vibes")
    // Create without a key: Enter opens the Gemini step on the Feed; after saving, Esc leads back to Create.
    tmux.send("3")
    tmux.waitFor("Create needs a Gemini API key")
    tmux.send("Enter")
    tmux.waitFor("Google AI Studio")
    tmux.type("AIzaDemoKey0000000000000000000000000000")
    tmux.send("C-s")
    // The save's own confirmation stays in the status line: the demo's friends' "New song from @aisha" waits behind
    // it (`AppContext.announce`) instead of replacing it.
    tmux.waitFor("Gemini API Key saved")
    tmux.waitFor("✓ Gemini API Key")
    tmux.send("Escape")
    tmux.waitFor("Create a playlist with Gemini")
    // Straight after arriving, typed text is the prompt: q, g, h, l and digits are letters, nothing runs.
    tmux.type("quiet songs, 3 hours long")
    var screen = tmux.waitFor("quiet songs, 3 hours long")
    XCTAssertNil(tmux.exitStatus, "q typed into the prompt must not quit:\n\(screen)")
    XCTAssertFalse(screen.contains("Grow a playlist"), screen)
    // Alt+number still switches tabs; the prompt is kept.
    tmux.send("M-1")
    tmux.waitFor("Setup · ")
    tmux.send("M-3")
    tmux.waitFor("quiet songs, 3 hours long")
    // q outside the field asks before throwing the prompt away; n stays.
    tmux.send("Escape")
    usleep(200_000)
    tmux.send("q")
    screen = tmux.waitFor("Quit vibes? The prompt you typed will be lost.")
    XCTAssertTrue(screen.contains("y quit anyway"), screen)
    tmux.send("n")
    tmux.waitForAbsence("Quit vibes?")
    XCTAssertNil(tmux.exitStatus)
    screen = tmux.capture()
    XCTAssertTrue(screen.contains("quiet songs, 3 hours long"), screen)
    tmux.send("q")
    tmux.waitFor("Quit vibes?")
    tmux.send("y")
    tmux.waitForExit()
    XCTAssertEqual(tmux.exitStatus, "0")
  }

  func testExploreAfterConnectingSearchingAndPastingAndTheNarrowTabBar() throws {
    let temporary = harness.home.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    let tmux = try startVibes(["TMPDIR": temporary.path], arguments: ["demo"])
    tmux.waitFor("Welcome to vibes")
    tmux.send("s")
    tmux.waitForAbsence("Welcome to vibes")
    // Connect Spotify from Explore's prompt; Esc after connecting goes back to Explore, not to the Feed.
    tmux.send("2")
    tmux.waitFor("Press Enter to connect Spotify.")
    tmux.send("Enter")
    tmux.waitFor("Connect with Spotify")
    tmux.send("Enter")
    tmux.waitFor("connected as Demo Listener", timeout: 20)
    tmux.send("Escape")
    tmux.waitFor("press / to search")
    // A submitted search leaves the focus on the results: 4 switches to Profile instead of typing "midnight4".
    tmux.send("/")
    tmux.type("midnight")
    tmux.send("Enter")
    tmux.waitFor("Midnight City", timeout: 10)
    tmux.send("4")
    tmux.waitFor("Top artists", timeout: 10)
    tmux.send("2")
    var screen = tmux.waitFor("Midnight City")
    XCTAssertFalse(screen.contains("midnight4"), screen)
    // A paste with the results focused replaces the query.
    tmux.paste("night drive")
    screen = tmux.waitFor("night drive")
    XCTAssertFalse(screen.contains("midnightnight"), screen)
    // At 60 columns the tab bar still names every tab.
    tmux.resize(width: 60, height: 20)
    // Wait for the redrawn bar itself: "Tracks" in the results matched "Tra" while the 80-column bar was still shown.
    screen = tmux.waitFor("6 Tra")
    let bar = screen.components(separatedBy: "\n").first ?? ""
    for name in ["Feed", "Expl", "Crea", "Prof", "ASC", "Trac"] { XCTAssertTrue(bar.contains(name), bar) }
    tmux.send("C-c")
    tmux.waitForExit()
  }
}
