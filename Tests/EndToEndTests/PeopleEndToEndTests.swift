import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// Issue 22's People acceptance walk in a real terminal, against `vibes demo`'s own loopback Firebase (signed in as
/// @demo_listener, the rules' ownership half enforced): suggestions with their reasons (never the blocked user), a
/// follow from a suggestion, find by name, a person's profile, follow, unfollow (asked), block (asked: they leave
/// every list), and the blocked list.
final class PeopleEndToEndTests: EndToEndTestCase {
  func testSuggestFindFollowUnfollowAndBlockInTheDemo() throws {
    let tmux = try startVibes(arguments: ["demo"], width: 80, height: 30)
    // The demo starts from the first-launch tutorial (its own home): s skips it.
    tmux.waitFor("Welcome to vibes", timeout: 30)
    tmux.send("s")
    tmux.waitForAbsence("Welcome to vibes")
    tmux.send(TabID.profile.key)
    tmux.waitFor("Profile")
    tmux.send("p")
    tmux.waitFor("Signed in as @demo_listener", timeout: 15)
    var screen = tmux.waitFor("followed by @aisha and @mika", timeout: 15)
    XCTAssertTrue(screen.contains("Suggested for you"), screen)
    XCTAssertTrue(screen.contains("Sam Rivera (@sam_r)") && screen.contains("% taste match"), screen)
    XCTAssertFalse(screen.contains("rex_spam"), "followed by Theo, but blocked: never suggested\n\(screen)")

    // f on the first suggestion follows Sam; he moves from the suggestions to Following.
    tmux.send("f")
    screen = tmux.waitFor("You now follow @sam_r", timeout: 15)
    XCTAssertFalse(screen.contains("taste match"), "Sam left the suggestions\n\(screen)")

    // Find Noor by name, open her profile, follow, unfollow (asked), then block (asked).
    tmux.send("/")
    tmux.type("noor")
    tmux.send("Enter")
    tmux.waitFor("Found", timeout: 15)
    tmux.send("Down")
    tmux.send("Enter")
    tmux.waitFor("Bristol sound-system kid", timeout: 15)
    // The profile loaded (counts and whether you follow her): f is bound now.
    tmux.waitFor("You do not follow them.", timeout: 15)
    tmux.send("f")
    tmux.waitFor("You now follow @noor", timeout: 15)
    tmux.waitFor("u unfollow", timeout: 15)
    tmux.send("u")
    tmux.waitFor("Unfollow @noor?")
    tmux.send("y")
    tmux.waitFor("You no longer follow @noor", timeout: 15)
    tmux.waitFor("b block", timeout: 15)
    tmux.send("b")
    tmux.waitFor("Block @noor?")
    tmux.send("y")
    screen = tmux.waitFor("Blocked @noor", timeout: 15)
    XCTAssertFalse(screen.contains("Bristol sound-system kid"), "her profile closed\n\(screen)")

    // Back at the root: the blocked list (B) has her and Rex; Esc closes it, and she is neither found nor suggested.
    tmux.send("B")
    screen = tmux.waitFor("Noor Haddad", timeout: 15)
    XCTAssertTrue(screen.contains("Rex Spamley"), screen)
    tmux.send("Escape")
    tmux.waitForAbsence("Rex Spamley")
    screen = tmux.capture()
    XCTAssertFalse(screen.contains("Noor Haddad"), screen)
  }
}
