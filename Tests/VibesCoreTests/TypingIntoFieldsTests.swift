import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let everyCharacter = Driver.Exhaustivity.nonExhaustive(
  because:
    "types every printable character into every field; checks the field text and that no tab, quit or help happened")

/// Every printable ASCII character typed into every field of every form lands in the field and never
/// switches the tab, quits or opens the help: a key that switches tabs or quits is never also text.
final class TypingIntoFieldsTests: XCTestCase {
  static let printable = String((0x20...0x7E).map { Character(UnicodeScalar($0)!) })

  /// Types the whole printable range and checks the tab, the quit flag, the help and the text.
  func assertTypesEverything(
    _ driver: inout Driver, into read: (AppState) -> String?, _ name: String, line: UInt = #line
  ) {
    let tab = driver.state.selectedTab
    XCTAssertTrue(driver.state.isEditingText, "\(name): a text field has the focus", line: line)
    let effects = driver.type(Self.printable)
    XCTAssertEqual(driver.state.selectedTab, tab, "\(name): typing never switches the tab", line: line)
    XCTAssertFalse(driver.state.isQuitting, "\(name): typing never quits", line: line)
    XCTAssertFalse(driver.state.isHelpVisible, "\(name): ? is text in a field", line: line)
    XCTAssertEqual(read(driver.state), Self.printable, "\(name): the field holds exactly what was typed", line: line)
    XCTAssertFalse(effects.contains(.quit), "\(name)", line: line)
  }

  func testCredentialForms() {
    for (step, fields) in [(SetupStep.gemini, 1), (.ticketmaster, 2)] {
      for index in 0..<fields {
        var driver = Driver(everyCharacter)
        driver.press(.enter)  // the checklist
        driver.press(step == .gemini ? .down : .end, .enter)
        for _ in 0..<index { driver.press(.tab) }
        assertTypesEverything(&driver, into: { $0.feed.topForm?.fields[index].value }, "\(step) field \(index)")
      }
    }
  }

  func testSpotifyPasteField() {
    var driver = Driver(everyCharacter)
    driver.send(
      .spotify(
        .statusLoaded(
          SpotifySetupInfo(
            clientConfigured: true, registeredRedirectURI: "http://127.0.0.1:8888/callback", configFilePath: "/c",
            isRemoteSession: true, hostName: "box"), SpotifyStatus())))
    driver.press(.enter, .enter)  // checklist, Spotify step
    let connect = driver.press(.enter)
    guard case .connect(let id)? = connect.first?.spotifyEffect else { return XCTFail("\(connect)") }
    driver.send(
      .spotify(
        .authorizationReady(
          requestID: id,
          SpotifyAuthorization(
            url: "https://accounts.example/authorize", redirectURI: "http://127.0.0.1:8888/callback", port: 8888,
            listenerRunning: true, browserOpened: false))))
    assertTypesEverything(
      &driver,
      into: {
        guard case .spotify(let connect)? = $0.feed.path.last else { return nil }
        return connect.paste.text
      }, "Spotify paste field")
  }

  func testAppStoreConnectSetupFields() {
    for (index, field) in AppStoreConnectField.allCases.enumerated() {
      var driver = Driver(everyCharacter)
      driver.send(.appStoreConnect(.storedStateLoaded(AppStoreConnectStoredState(isConfigured: false))))
      driver.press(.tabKey(.appStoreConnect))
      XCTAssertFalse(driver.state.isEditingText, "arriving on a tab never focuses a field")
      driver.press(.tab)
      for _ in 0..<index { driver.press(.tab) }
      assertTypesEverything(&driver, into: { $0.appStoreConnect.setup.input(field).text }, "App Store Connect \(field)")
    }
  }

  func testTrackerFormsAndEventForms() {
    for field in TrackerFieldID.allCases where field.isText {
      var driver = Driver(everyCharacter)
      driver.send(.tracker(.configurationLoaded(nil, apiURLs: [:])))
      driver.press(.tabKey(.tracker))
      XCTAssertFalse(driver.state.isEditingText, "arriving on a tab never focuses a field")
      driver.press(.tab)
      while driver.state.tracker.setupForm.focus != .field(field) { driver.press(.tab) }
      assertTypesEverything(&driver, into: { $0.tracker.setupForm.input(field)?.text }, "Tracker \(field)")
    }
    let saved = TrackerConfiguration(apiKey: "key", brandID: "brand", userID: "", environment: .qc)
    for (shortcut, focus) in [("c", TrackerEventFormFocus.primary), ("c", .properties), ("v", .primary)] {
      var driver = Driver(everyCharacter)
      driver.send(.tracker(.configurationLoaded(saved, apiURLs: [:])))
      driver.press(.tabKey(.tracker), .character(Character(shortcut)))
      if focus == .properties { driver.press(.tab) }
      assertTypesEverything(
        &driver,
        into: {
          guard case .event(let form)? = $0.tracker.path.last else { return nil }
          return focus == .primary ? form.primary.text : form.properties.text
        }, "Tracker event \(shortcut) \(focus)")
    }
  }

  func testAltNumberSwitchesTabsEvenFromAField() {
    var driver = Driver(everyCharacter)
    driver.press(.enter, .down, .enter)  // the Gemini form, its key field focused
    XCTAssertTrue(driver.state.isEditingText)
    driver.press(.alt(Character(TabID.tracker.key)))
    XCTAssertEqual(driver.state.selectedTab, .tracker)
    driver.press(.alt(Character(TabID.feed.key)))
    XCTAssertEqual(driver.state.selectedTab, .feed)
    XCTAssertEqual(driver.state.feed.topForm?.fields[0].value, "", "the switch typed nothing")
  }

  func testCombiningMarksArrivingAloneComposeAndAHugePasteIsCappedWithAMessage() {
    var driver = Driver(everyCharacter)
    driver.press(.enter, .end, .enter, .tab)  // Ticketmaster, the City field
    driver.type("Zu")
    driver.send(.input(.key(.character(Character("\u{0308}")))))
    driver.type("rich")
    XCTAssertEqual(driver.form?.fields[1].value, "Zu\u{0308}rich")
    XCTAssertEqual(driver.form?.fields[1].value, "Zürich", "the mark joined the u: one character, not a crash")

    var gemini = Driver(everyCharacter)
    gemini.press(.enter, .down, .enter)
    let megabyte = String(repeating: "A", count: 1_000_000)
    let start = threadCPUTime()
    gemini.send(.input(.paste(megabyte)))
    _ = AppView.render(gemini.state, Localizer(.en))
    XCTAssertLessThan(threadCPUTime() - start, 1.0, "a 1 MB paste answers at once")
    XCTAssertEqual(gemini.form?.fields[0].input.graphemeCount, TextInput.defaultMaxLength)
    XCTAssertEqual(gemini.state.notice, .fieldFull, "the user is told the rest was left out")
  }
}
