import VibesCore
import VibesTestSupport
import XCTest

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let pasteField = Driver.Exhaustivity.nonExhaustive(because: "checks the paste field content and the form phase")

/// The Spotify paste field runs on the one form engine: one secret-kind field, a rejection is the form's failed
/// phase, the engine's key map and paste cleaning apply.
final class SpotifyPasteFormTests: XCTestCase {
  func waitingDriver() -> (Driver, Int) {
    var driver = Driver(pasteField, facts: SetupFacts())
    driver.send(.started)
    driver.send(.spotify(.statusLoaded(SpotifyConnectTests.info, SpotifyStatus())))
    driver.press(.enter, .enter)
    guard case .connect(let id)? = driver.press(.enter).first?.spotifyEffect else {
      XCTFail("no attempt started")
      return (driver, 0)
    }
    driver.send(.spotify(.authorizationReady(requestID: id, SpotifyConnectTests.authorization)))
    return (driver, id)
  }

  func screen(_ driver: Driver) -> SpotifyConnectState? {
    guard case .spotify(let connect)? = driver.state.feed.path.last else { return nil }
    return connect
  }

  func testTheFieldIsOneFormField() {
    let form = SpotifyConnectState().form
    XCTAssertEqual(form.focusOrder, [.redirect])
    XCTAssertEqual(form.focus, .redirect)
    XCTAssertEqual(form.field(.redirect)?.kind, .secret)
    XCTAssertEqual(form.phase, .editing)
    XCTAssertTrue(form.isEditingText)
  }

  func testTypingAndPastingGoThroughTheForm() {
    var (driver, _) = waitingDriver()
    driver.type("ab")
    driver.send(.input(.paste("c d\r\n\u{1B}[31me\tf\n")))
    XCTAssertEqual(screen(driver)?.form.text(.redirect), "abcdef", "spaces, breaks and escape sequences dropped")
    XCTAssertEqual(screen(driver)?.paste.text, screen(driver)?.form.text(.redirect))
    driver.press(.backspace)
    XCTAssertEqual(screen(driver)?.form.text(.redirect), "abcde")
  }

  func testARejectionIsTheFailedPhaseAndTypingClearsIt() {
    var (driver, id) = waitingDriver()
    driver.type("x")
    driver.press(.enter)
    driver.send(.spotify(.pasteRejected(requestID: id, .noCode)))
    XCTAssertEqual(screen(driver)?.form.phase, .failed(.noCode))
    XCTAssertEqual(screen(driver)?.pasteError, .noCode)
    driver.press(.left)
    XCTAssertEqual(screen(driver)?.pasteError, .noCode, "moving the cursor changes no text")
    driver.type("y")
    XCTAssertEqual(screen(driver)?.form.phase, .editing)
    XCTAssertNil(screen(driver)?.pasteError)
  }
}
