import VibesCore
import XCTest

/// The one text key map is data: every key it handles is a declared binding, the help's text keys are generated
/// from those bindings, and a multi-line field alone takes the line break.
final class TextEditingBindingsTests: XCTestCase {
  /// Every non-character key a terminal can send.
  static let keys: [Key] =
    "abcdefghijklmnopqrstuvwxyz".map { Key.ctrl($0) } + "abcdefghijklmnopqrstuvwxyz".map { Key.alt($0) }
    + [.enter, .altEnter, .tab, .backTab, .backspace, .delete, .escape, .up, .down, .left, .right, .home, .end]
    + [.pageUp, .pageDown] + (1...12).map { Key.function($0) }

  func testEveryKeyTheMapHandlesIsADeclaredBinding() {
    for key in Self.keys {
      var input = TextInput("one two", maxLength: 40)
      input.moveLeft()
      let handled = TextEditing.apply(key, to: &input, allowsNewline: true) != nil
      XCTAssertEqual(handled, TextEditing.command(for: key) != nil, "\(key): handled but not declared (or not)")
    }
  }

  func testEveryCommandHasAKeyAndDoesWhatItsKeyDoes() {
    let declared = TextEditing.bindings + TextEditing.typingBindings
    for command in TextEditing.Command.allCases {
      let bindings = declared.filter { $0.command == command }
      XCTAssertFalse(bindings.isEmpty, "\(command) has no key")
      for key in bindings.flatMap(\.keys) {
        var byKey = TextInput("one two three")
        for _ in 0..<4 { byKey.moveLeft() }
        var byCommand = byKey
        XCTAssertEqual(
          TextEditing.apply(key, to: &byKey, allowsNewline: true),
          TextEditing.perform(command, on: &byCommand, allowsNewline: true))
        XCTAssertEqual(byKey, byCommand, "\(key) does \(command)")
      }
    }
  }

  func testTheHelpListsTheBindingsOncePerLabelInOrder() {
    XCTAssertEqual(
      TextEditing.hints,
      [
        KeyHint(label: "← → Home End", help: .common(.helpEditing), inFooter: false),
        KeyHint(label: "Ctrl-U", help: .common(.helpClear), inFooter: false),
        KeyHint(label: "Ctrl-K / Ctrl-W", help: .common(.helpDeleteWord), inFooter: false),
      ])
    var labels: [String] = []
    for binding in TextEditing.bindings where !labels.contains(binding.label) { labels.append(binding.label) }
    XCTAssertEqual(TextEditing.hints.map(\.label), labels, "generated from the bindings")
  }

  func testOnlyAMultiLineFieldBreaksTheLine() {
    var single = TextField("a")
    XCTAssertNil(single.edit(.key(.ctrl("j"))), "Ctrl-J is not editing on one line (it submits the form)")
    XCTAssertNil(single.edit(.key(.altEnter)))
    var multi = TextField(TextInput("a"), allowsNewline: true)
    XCTAssertEqual(multi.edit(.key(.altEnter)), .edited)
    XCTAssertEqual(multi.text, "a\n")
  }

  func testAFieldCleansAPasteForHowItIsShown() {
    var secret = TextField("", masking: .secret)
    _ = secret.edit(.paste(" AIza key\n"))
    XCTAssertEqual(secret.text, "AIzakey", "a secret loses every space")
    var address = TextField("", masking: .query)
    _ = address.edit(.paste("http://x/cb?\ncode=1"))
    XCTAssertEqual(address.text, "http://x/cb?code=1", "a pasted address wrapped by the terminal reads whole")
    var plain = TextField()
    _ = plain.edit(.paste(" rainy\npiano "))
    XCTAssertEqual(plain.text, "rainy piano")
  }
}
