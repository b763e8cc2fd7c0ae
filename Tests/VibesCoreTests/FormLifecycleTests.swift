import VibesCore
import VibesTestSupport
import XCTest

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let formPhase = Driver.Exhaustivity.nonExhaustive(
  because: "checks the form phase, fields and effects each test names")
/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let multilineText = Driver.Exhaustivity.nonExhaustive(
  because: "checks only the multi-line field text and cursor")

final class FormLifecycleTests: XCTestCase {
  /// Opens the Gemini form on an empty setup.
  func geminiDriver(facts: SetupFacts = SetupFacts()) -> Driver {
    var driver = Driver(formPhase, facts: facts)
    driver.press(.enter, .down, .enter)
    return driver
  }

  func testSubmitWithEmptyKeyShowsRequiredAndAsksNothing() {
    var driver = geminiDriver()
    XCTAssertEqual(driver.press(.ctrl("s")), [])
    XCTAssertEqual(driver.form?.fields[0].error, .required)
    XCTAssertEqual(driver.form?.phase, .editing)
  }

  func testSuccessfulCheckSavesThenPopsAndUpdatesCount() {
    var driver = geminiDriver()
    driver.type("AIzaSyExampleKey1234567")
    let effects = driver.press(.enter)
    XCTAssertEqual(
      effects,
      [.validate(requestID: 1, CredentialSubmission(step: .gemini, apiKey: .new("AIzaSyExampleKey1234567"), city: nil))]
    )
    XCTAssertEqual(driver.form?.phase, .checking(requestID: 1))

    let save = driver.send(.validationFinished(requestID: 1, .success(.gemini)))
    guard case .save(1, let submission, .gemini)? = save.first?.feedEffect else { return XCTFail("\(save)") }
    XCTAssertEqual(submission.apiKey, .new("AIzaSyExampleKey1234567"))
    XCTAssertEqual(driver.form?.phase, .saving(requestID: 1))
    XCTAssertEqual(driver.state.facts?.completedCount, 0, "nothing counts before the save lands")

    driver.send(.credentialSaved(requestID: 1, facts: SetupFacts(storedSecrets: [.gemini]), .gemini))
    XCTAssertEqual(driver.state.feed.path, [.checklist(ChecklistState(selection: .gemini))])
    XCTAssertEqual(driver.state.facts?.completedCount, 1)
    XCTAssertEqual(driver.state.notice, .saved(.gemini))
  }

  func testInvalidKeyKeepsTheTextAndSavesNothing() {
    var driver = geminiDriver()
    driver.type("AIzaWrongKey12345678")
    driver.press(.ctrl("s"))
    let effects = driver.send(.validationFinished(requestID: 1, .failure(.invalidCredentials)))
    XCTAssertEqual(effects, [], "no save effect after a failed check")
    XCTAssertEqual(driver.form?.phase, .failed(.invalidCredentials))
    XCTAssertEqual(driver.form?.fields[0].value, "AIzaWrongKey12345678")
    XCTAssertEqual(driver.form?.focus, .field(.apiKey), "focus returns to the key for editing")
    XCTAssertEqual(driver.press(.ctrl("r")), [], "an invalid key is not retried as is")
    driver.type("X")
    XCTAssertEqual(driver.form?.phase, .editing, "editing clears the failure")
  }

  func testNetworkFailureOffersRetryWithTheSameValues() {
    var driver = geminiDriver()
    driver.type("AIzaSyExampleKey1234567")
    driver.press(.ctrl("s"))
    driver.send(
      .validationFinished(requestID: 1, .failure(.transport(TransportFailure(.connectionRefused, host: "127.0.0.1")))))
    XCTAssertEqual(driver.form?.phase, .failed(.transport(TransportFailure(.connectionRefused, host: "127.0.0.1"))))
    let retry = driver.press(.ctrl("r"))
    XCTAssertEqual(
      retry,
      [.validate(requestID: 2, CredentialSubmission(step: .gemini, apiKey: .new("AIzaSyExampleKey1234567"), city: nil))]
    )
  }

  func testQuotaFailureIsRetryableAndNeverSaves() {
    var driver = geminiDriver()
    driver.type("AIzaSyExampleKey1234567")
    driver.press(.ctrl("s"))
    XCTAssertEqual(driver.send(.validationFinished(requestID: 1, .failure(.quotaExceeded(retryAfterSeconds: 26)))), [])
    XCTAssertTrue(ValidationFailure.quotaExceeded(retryAfterSeconds: 26).isRetryable)
    XCTAssertEqual(driver.press(.enter).count, 1, "Enter on the Retry button checks again")
  }

  func testEscCancelsARunningCheckAndALateAnswerIsDropped() {
    var driver = geminiDriver()
    driver.type("AIzaSyExampleKey1234567")
    driver.press(.ctrl("s"))
    XCTAssertEqual(driver.press(.escape), [.cancel(requestID: 1)])
    XCTAssertEqual(driver.form?.phase, .editing)
    XCTAssertEqual(driver.send(.validationFinished(requestID: 1, .success(.gemini))), [])
    XCTAssertNotNil(driver.form, "still on the form")
    driver.press(.escape)
    XCTAssertEqual(driver.state.feed.path, [.checklist(ChecklistState(selection: .gemini))])
  }

  func testTypingIsIgnoredWhileChecking() {
    var driver = geminiDriver()
    driver.type("AIzaSyExampleKey1234567")
    driver.press(.ctrl("s"))
    driver.type("zzz")
    XCTAssertEqual(driver.form?.fields[0].value, "AIzaSyExampleKey1234567")
  }

  func testTicketmasterEnterMovesToCityThenSubmits() {
    var driver = Driver(formPhase)
    driver.press(.enter, .down, .down, .enter)
    driver.type("tmKey1234567890")
    XCTAssertEqual(driver.press(.enter), [])
    XCTAssertEqual(driver.form?.focus, .field(.city))
    driver.type("  Berlin ")
    let effects = driver.press(.enter)
    XCTAssertEqual(
      effects,
      [
        .validate(
          requestID: 1,
          CredentialSubmission(
            step: .ticketmaster, apiKey: .new("tmKey1234567890"), city: "Berlin", radiusKm: 50))
      ])
  }

  func testTicketmasterWithoutEventsStillSavesAndSaysSo() {
    var driver = Driver(formPhase)
    driver.press(.enter, .down, .down, .enter)
    driver.type("tmKey1234567890")
    driver.press(.tab)
    driver.type("Smalltown")
    driver.press(.ctrl("s"))
    driver.send(.validationFinished(requestID: 1, .success(.ticketmaster(upcomingEvents: 0))))
    driver.send(
      .credentialSaved(
        requestID: 1, facts: SetupFacts(storedSecrets: [.ticketmaster], ticketmasterCity: "Smalltown"),
        .ticketmaster(upcomingEvents: 0)))
    XCTAssertEqual(driver.state.notice, .savedCityWithoutEvents(city: "Smalltown"))
    XCTAssertTrue(driver.state.facts?.isComplete(.ticketmaster) ?? false)
  }

  func testEditingAGreenStepKeepsTheStoredKeyUntilReplaced() {
    var driver = Driver(formPhase, facts: SetupFacts(storedSecrets: [.ticketmaster], ticketmasterCity: "Berlin"))
    driver.press(.enter, .down, .down, .enter)
    driver.send(.credentialPreviewLoaded(.ticketmaster, preview: "tmKe…890"))
    XCTAssertEqual(driver.form?.fields[0].storedPreview, "tmKe…890")
    XCTAssertEqual(driver.form?.field(.city)?.value, "Berlin", "the city is shown in full")
    driver.press(.tab, .ctrl("u"))
    driver.type("Hamburg")
    let effects = driver.press(.ctrl("s"))
    XCTAssertEqual(
      effects,
      [
        .validate(
          requestID: 1, CredentialSubmission(step: .ticketmaster, apiKey: .stored, city: "Hamburg", radiusKm: 50))
      ])
  }

  func testRemoveAsksForConfirmationThenRemoves() {
    var driver = geminiDriver(facts: SetupFacts(storedSecrets: [.gemini]))
    XCTAssertEqual(driver.form?.focusOrder, [.field(.apiKey), .save, .remove])
    driver.press(.tab, .tab)
    XCTAssertEqual(driver.form?.focus, .remove)
    XCTAssertEqual(driver.press(.enter), [])
    XCTAssertEqual(driver.form?.phase, .confirmingRemoval)
    driver.press(.character("n"))
    XCTAssertEqual(driver.form?.phase, .editing, "n keeps the credential")
    driver.press(.enter)
    XCTAssertEqual(driver.press(.character("y")), [.removeCredential(.gemini)])
    driver.send(.credentialRemoved(.gemini, facts: SetupFacts()))
    XCTAssertEqual(driver.state.feed.path, [.checklist(ChecklistState(selection: .gemini))])
    XCTAssertEqual(driver.state.notice, .removed(.gemini))
    XCTAssertEqual(driver.state.facts?.completedCount, 0)
  }

  func testFieldEditingKeys() {
    var driver = geminiDriver()
    driver.type("abcd")
    driver.press(.left, .left, .backspace)
    XCTAssertEqual(driver.form?.fields[0].value, "acd")
    driver.press(.home, .delete)
    XCTAssertEqual(driver.form?.fields[0].value, "cd")
    driver.press(.end)
    driver.type("e")
    XCTAssertEqual(driver.form?.fields[0].value, "cde")
    driver.press(.ctrl("u"))
    XCTAssertEqual(driver.form?.fields[0].value, "")
  }

  func testPasteIsCleanedForASecretField() {
    var driver = geminiDriver()
    driver.send(.input(.paste(" AIzaSy\u{1B}[31mKey\u{1B}]0;title\u{07}123\r\n")))
    XCTAssertEqual(driver.form?.fields[0].value, "AIzaSyKey123")
  }

  func testShiftTabWrapsFocusBackwards() {
    var driver = geminiDriver()
    driver.press(.backTab)
    XCTAssertEqual(driver.form?.focus, .save)
    driver.press(.backTab)
    XCTAssertEqual(driver.form?.focus, .field(.apiKey))
  }

  func testStorageFailureAfterAValidCheckIsRetryable() {
    var driver = geminiDriver()
    driver.type("AIzaSyExampleKey1234567")
    driver.press(.ctrl("s"))
    driver.send(.validationFinished(requestID: 1, .success(.gemini)))
    driver.send(.credentialSaveFailed(requestID: 1))
    XCTAssertEqual(driver.form?.phase, .failed(.storageFailed))
    XCTAssertEqual(driver.press(.ctrl("r")).count, 1)
  }
}

final class MultilineFieldTests: XCTestCase {
  /// A form whose first field is multi-line (the shape the App Store Connect key field uses).
  func driverWithMultilineField() -> Driver {
    var driver = Driver(multilineText)
    var form = CredentialForm(step: .ticketmaster, isConfigured: false)
    form.fields[0].kind = .multiline
    driver.state.feed.path.append(.checklist(ChecklistState()))
    driver.state.feed.path.append(.credentialForm(form))
    return driver
  }

  func testCtrlJAndAltEnterInsertLineBreaksInsteadOfSubmitting() {
    var driver = driverWithMultilineField()
    driver.type("line1")
    XCTAssertEqual(driver.press(.ctrl("j")), [])
    driver.type("line2")
    XCTAssertEqual(driver.press(.altEnter), [])
    driver.type("line3")
    XCTAssertEqual(driver.form?.fields[0].value, "line1\nline2\nline3")
    XCTAssertEqual(driver.form?.focus, .field(.apiKey))
    driver.press(.enter)
    XCTAssertEqual(driver.form?.focus, .field(.city), "plain Enter still moves on")
  }

  func testPasteIntoAMultilineFieldKeepsItsLineBreaks() {
    var driver = driverWithMultilineField()
    driver.send(.input(.paste("-----BEGIN PRIVATE KEY-----\r\nMIGT\r\n-----END PRIVATE KEY-----\r\n")))
    XCTAssertEqual(
      driver.form?.fields[0].value, "-----BEGIN PRIVATE KEY-----\nMIGT\n-----END PRIVATE KEY-----\n")
  }

  func testInASingleLineFieldCtrlJActsLikeEnter() {
    var driver = Driver(multilineText)
    driver.press(.enter, .down, .down, .enter)
    driver.type("tmKey1234567890")
    driver.press(.ctrl("j"))
    XCTAssertEqual(driver.form?.focus, .field(.city))
  }
}
