import VibesCore
import XCTest

/// The one form engine on its own: focus order, wrap, validate-on-blur, submit, pickers, phases, secrets.
final class FormEngineTests: XCTestCase {
  enum ID: Hashable, Sendable {
    case name, key, notes, color, save, remove
  }

  enum Failure: Hashable, Sendable {
    case rejected
  }

  typealias TestForm = Form<ID, Failure>

  func makeForm(blurCheck: BlurCheck = .whenFilled, removable: Bool = false) -> TestForm {
    var fields: [Field<ID>] = [
      Field(.name, .text, validators: [.notBlank, .length(min: 3, max: 10)]),
      Field(.key, .secret, validators: FieldValidator.apiKey),
      Field(.notes, .multiline),
      Field(.color, .picker(options: ["red", "green", "blue"]), choice: 1),
      .button(.save),
    ]
    if removable { fields.append(.button(.remove)) }
    return TestForm(fields, blurCheck: blurCheck)
  }

  func type(_ text: String, into form: inout TestForm) {
    for character in text { _ = form.edit(.key(.character(character))) }
  }

  func testFocusOrderListsFieldsThenButtonsWithRemoveOnlyWhenOffered() {
    XCTAssertEqual(makeForm().focusOrder, [.name, .key, .notes, .color, .save])
    XCTAssertEqual(makeForm(removable: true).focusOrder, [.name, .key, .notes, .color, .save, .remove])
    XCTAssertEqual(makeForm().focus, .name, "a new form starts on its first field")
    XCTAssertEqual(CredentialForm(step: .gemini, isConfigured: false).focusOrder, [.field(.apiKey), .save])
    XCTAssertEqual(
      CredentialForm(step: .ticketmaster, isConfigured: true).focusOrder,
      [.field(.apiKey), .field(.city), .field(.radius), .save, .remove])
  }

  func testMoveFocusWrapsBothWays() {
    var form = makeForm(removable: true)
    form.moveFocus(by: -1)
    XCTAssertEqual(form.focus, .remove, "Shift-Tab on the first field wraps to the last button")
    form.moveFocus(by: 1)
    XCTAssertEqual(form.focus, .name, "Tab on the last button wraps to the first field")
    form.moveFocus(by: 3)
    XCTAssertEqual(form.focus, .color)
    form.moveFocus(by: 9)
    XCTAssertEqual(form.focus, .name, "offsets larger than the order wrap too")
    form.moveFocus(by: -13)
    XCTAssertEqual(form.focus, .remove, "and so do large negative ones")
  }

  func testBlurValidationFollowsTheFormsRule() {
    var whenFilled = makeForm()
    whenFilled.moveFocus(by: 1)
    XCTAssertNil(whenFilled.field(.name)?.error, "leaving a blank field says nothing yet")
    whenFilled.moveFocus(to: .name)
    type("ab", into: &whenFilled)
    whenFilled.moveFocus(by: 1)
    XCTAssertEqual(whenFilled.field(.name)?.error, .tooShort(minimum: 3), "leaving a filled field checks it")

    var always = makeForm(blurCheck: .always)
    always.moveFocus(by: 1)
    XCTAssertEqual(always.field(.name)?.error, .required, "a required field left blank says so at once")

    var never = makeForm(blurCheck: .never)
    type("ab", into: &never)
    never.moveFocus(by: 1)
    XCTAssertNil(never.field(.name)?.error, "this form checks only on submit")
  }

  func testSubmitMarksEveryErrorAndFocusesTheFirstBadField() {
    var form = makeForm()
    type("Alice", into: &form)
    form.moveFocus(to: .save)
    XCTAssertFalse(form.validateAll())
    XCTAssertNil(form.field(.name)?.error)
    XCTAssertEqual(form.field(.key)?.error, .required)
    XCTAssertEqual(form.focus, .key, "the first bad field takes the focus")
    XCTAssertFalse(form.isValid)

    type("AIzaSyExampleKey1234567", into: &form)
    XCTAssertNil(form.field(.key)?.error, "typing clears the field's message")
    form.moveFocus(to: .save)
    XCTAssertTrue(form.validateAll())
    XCTAssertEqual(form.focus, .save, "a valid form keeps its focus")
    XCTAssertTrue(form.isValid)
    XCTAssertTrue(form.isLastInput(.color))
    XCTAssertFalse(form.isLastInput(.notes))
  }

  func testPickerCyclesAndWraps() {
    var form = makeForm()
    XCTAssertEqual(form.field(.color)?.selectedOption, "green")
    form.cycleChoice(.color, by: 1)
    XCTAssertEqual(form.field(.color)?.selectedOption, "blue")
    form.cycleChoice(.color, by: 1)
    XCTAssertEqual(form.field(.color)?.selectedOption, "red", "past the last option wraps to the first")
    form.cycleChoice(.color, by: -1)
    XCTAssertEqual(form.field(.color)?.selectedOption, "blue", "before the first wraps to the last")

    form.moveFocus(to: .color)
    XCTAssertFalse(form.isEditingText, "a picker takes no text")
    XCTAssertNil(form.edit(.key(.character("x"))))

    var tracker = TrackerForm()
    XCTAssertEqual(tracker.environment, .qc)
    tracker.toggleEnvironment(by: 1)
    XCTAssertEqual(tracker.environment, .production)
    tracker.toggleEnvironment(by: 1)
    XCTAssertEqual(tracker.environment, .qc)
  }

  func testPhaseTransitions() {
    var form = makeForm()
    form.phase = .failed(.rejected)
    XCTAssertEqual(form.edit(.key(.left)), .moved)
    XCTAssertEqual(form.phase, .failed(.rejected), "moving the cursor keeps the failure on screen")
    XCTAssertEqual(form.edit(.key(.character("a"))), .edited)
    XCTAssertEqual(form.phase, .editing, "editing clears a shown failure")

    form.phase = .checking(requestID: 7)
    XCTAssertTrue(form.phase.isBusy)
    XCTAssertTrue(form.phase.isChecking)
    XCTAssertFalse(form.isEditingText)
    XCTAssertNil(form.edit(.key(.character("b"))), "no typing while a check runs")
    XCTAssertEqual(form.text(.name), "a")

    form.phase = .saving(requestID: 7)
    XCTAssertTrue(form.phase.isBusy)
    form.phase = .confirmingRemoval
    XCTAssertFalse(form.phase.isBusy)
    XCTAssertNil(form.edit(.key(.character("b"))), "y/n answer the removal question, they are not text")
    form.phase = .removalFailed
    XCTAssertEqual(form.edit(.key(.character("b"))), .edited)
    XCTAssertEqual(form.phase, .editing)
    XCTAssertEqual(FormPhase<Failure>.failed(.rejected).failure, .rejected)
    XCTAssertNil(FormPhase<Failure>.editing.failure)
  }

  func testSecretIsNeverExposedByItsDisplayValue() {
    var form = makeForm()
    form.moveFocus(to: .key)
    let secret = "AIzaSyExampleKey1234567"
    _ = form.edit(.paste(" \(secret)\n"))
    XCTAssertEqual(form.text(.key), secret, "a pasted key loses its surrounding whitespace")
    let shown = form.field(.key)?.displayValue ?? ""
    XCTAssertFalse(shown.contains("AIza"))
    XCTAssertFalse(shown.contains("1234567"))
    XCTAssertEqual(shown, String(repeating: "•", count: secret.count))

    let stored = Field(ID.key, .secret, storedPreview: "AIza…567")
    XCTAssertEqual(stored.displayValue, "AIza…567", "a kept secret shows only its masked preview")
    XCTAssertNil(stored.validate(), "a kept secret is valid as it is")
  }

  func testMultilineKeepsPastedLinesAndTextFlattensThem() {
    var form = makeForm()
    _ = form.edit(.paste("a\nb"))
    XCTAssertEqual(form.text(.name), "a b")
    form.moveFocus(to: .notes)
    _ = form.edit(.paste("a\nb"))
    _ = form.edit(.key(.ctrl("j")))
    XCTAssertEqual(form.text(.notes), "a\nb\n")
    XCTAssertEqual(form.field(.notes)?.displayValue, "a\nb\n")
  }
}
