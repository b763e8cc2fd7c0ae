import Foundation
import VibesCore
import VibesTestSupport
import XCTest

final class TerminalTextTests: XCTestCase {
  func testStripsEscapeSequencesWhole() {
    XCTAssertEqual(TerminalText.sanitize("a\u{1B}[31;1mred\u{1B}[0m b"), "ared b")
    XCTAssertEqual(TerminalText.sanitize("x\u{1B}]0;evil title\u{07}y"), "xy")
    XCTAssertEqual(TerminalText.sanitize("x\u{1B}]52;c;ZXZpbA==\u{1B}\\y"), "xy", "OSC 52 clipboard write")
    XCTAssertEqual(TerminalText.sanitize("x\u{1B}]8;;http://e\u{1B}\\link\u{1B}]8;;\u{1B}\\"), "xlink")
    XCTAssertEqual(TerminalText.sanitize("x\u{1B}Pq#0;2\u{1B}\\y"), "xy", "DCS")
    XCTAssertEqual(TerminalText.sanitize("a\u{1B}7b\u{1B}c"), "ab", "two-byte ESC forms")
    XCTAssertEqual(TerminalText.sanitize("a\u{9B}2Jb"), "ab", "C1 CSI")
  }

  func testDropsControlsAndBidiOverrides() {
    XCTAssertEqual(TerminalText.sanitize("a\u{07}\u{08}\u{7F}b\u{85}c"), "abc")
    XCTAssertEqual(TerminalText.sanitize("abc\u{202E}fed"), "abcfed")
    XCTAssertEqual(TerminalText.sanitize("a\tb"), "a b")
  }

  func testNewlinesOnlyWhenAsked() {
    XCTAssertEqual(TerminalText.sanitize("a\r\nb\rc\nd", keepNewlines: true), "a\nb\nc\nd")
    XCTAssertEqual(TerminalText.sanitize("a\nb"), "a b")
  }

  func testKeepsOrdinaryUnicode() {
    XCTAssertEqual(TerminalText.sanitize("São Paulo · Köln 東京 🎸"), "São Paulo · Köln 東京 🎸")
  }

  func testPastedTextPerFieldKind() {
    XCTAssertEqual(PastedText.clean("  key-123 \n", for: .secret), "key-123")
    XCTAssertEqual(PastedText.clean(" New\nYork \n", for: .text), "New York")
    XCTAssertEqual(PastedText.clean("-----BEGIN\r\nabc\r\n-----END", for: .multiline), "-----BEGIN\nabc\n-----END")
  }

  func testSecretMaskShowsOnlyAFewCharacters() {
    XCTAssertEqual(SecretMask.preview(of: "AIzaSyA1234567890abcdef9Qk"), "AIza…9Qk")
    XCTAssertEqual(SecretMask.preview(of: "short"), "••••••••")
    XCTAssertFalse(SecretMask.preview(of: "AIzaSyA1234567890abcdef9Qk").contains("1234567890"))
  }
}

final class ValidatorTests: XCTestCase {
  func testAPIKeyValidators() {
    func check(_ value: String) -> FieldError? {
      Field(FieldID.apiKey, .secret, value: value, validators: FieldValidator.apiKey).validate()
    }
    XCTAssertEqual(check(""), .required)
    XCTAssertEqual(check("   "), .required)
    XCTAssertEqual(check("abc def ghi"), .containsWhitespace)
    XCTAssertEqual(check("AIza…9Qk12345"), .invalidCharacters)
    XCTAssertEqual(check("short"), .tooShort(minimum: 8))
    XCTAssertEqual(check(String(repeating: "a", count: 300)), .tooLong(maximum: 256))
    XCTAssertNil(check("AIzaSyExampleKey1234567"))
  }

  func testStoredSecretFieldIsValidWhileEmpty() {
    let field = Field(FieldID.apiKey, .secret, storedPreview: "AIza…9Qk", validators: FieldValidator.apiKey)
    XCTAssertTrue(field.keepsStoredValue)
    XCTAssertNil(field.validate())
  }

  func testCityValidator() {
    XCTAssertEqual(FieldValidator.notBlank.check(" \t"), .required)
    XCTAssertNil(FieldValidator.notBlank.check("Köln"))
  }

  func testTextInputEditsByGrapheme() {
    var input = TextInput("Kö")
    input.insert("🎸")
    input.moveLeft()
    input.deleteBackward()
    XCTAssertEqual(input.text, "K🎸")
    XCTAssertEqual(input.cursor, 1)
  }
}

final class LocalizationTests: XCTestCase {
  func testEveryKeyExistsInEveryLanguageWithTheSamePlaceholders() {
    XCTAssertEqual(LocalizationAudit.problems(L10n.self), [])
  }

  func testTheAuditCatchesAMissingTranslationAndAPlaceholderMismatch() {
    XCTAssertEqual(
      LocalizationAudit.problems(BrokenKey.self).sorted(),
      ["de: missing BrokenKey.missing", "de: placeholders differ in BrokenKey.placeholder"])
  }

  func testLanguageChoiceFollowsGettextOrder() {
    XCTAssertEqual(Language.from(environment: [:]), .en)
    XCTAssertEqual(Language.from(environment: ["LANG": "de_DE.UTF-8"]), .de)
    XCTAssertEqual(Language.from(environment: ["LANG": "de_DE.UTF-8", "LC_ALL": "C"]), .en)
    XCTAssertEqual(Language.from(environment: ["LANG": "en_US.UTF-8", "LC_MESSAGES": "de_AT@euro"]), .de)
    XCTAssertEqual(Language.from(environment: ["LANG": "en_US.UTF-8", "LANGUAGE": "fr:de"]), .de)
    XCTAssertEqual(Language.from(environment: ["LANGUAGE": "de", "LANG": "C"]), .de)
  }

  func testGermanTextDiffers() {
    XCTAssertEqual(Localizer(.de)[.statusNotConfigured], "nicht eingerichtet")
    XCTAssertEqual(
      Localizer(.de).format(.setupCardProgress, ["done": "1", "total": "3"]), "Einrichtung · 1/3 erledigt")
  }
}

/// A deliberately incomplete table, to prove the audit can fail.
private enum BrokenKey: String, LocalizedKey {
  case fine, missing, placeholder
  static func table(for language: Language) -> [BrokenKey: String] {
    switch language {
    case .en: return [.fine: "ok", .missing: "there", .placeholder: "{count} items"]
    case .de: return [.fine: "ok", .placeholder: "{anzahl} Dinge"]
    }
  }
}
