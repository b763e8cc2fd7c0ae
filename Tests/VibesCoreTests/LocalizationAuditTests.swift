import Foundation
import XCTest

@testable import VibesCore

/// One localisation style: every key table is in `LocalizationCatalog` and passes the audit, and no source
/// file goes back to inline English/German pairs.
final class LocalizationAuditTests: XCTestCase {
  /// Sources/, found from this file's path (Tests/VibesCoreTests/ → the package root).
  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources")

  static func swiftFiles() -> [URL] {
    let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
    return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
      .sorted { $0.path < $1.path }
  }

  func testEveryTableOfTheCatalogHasEveryKeyInEveryLanguage() {
    XCTAssertGreaterThanOrEqual(LocalizationCatalog.allKeyTypes.count, 11)
    XCTAssertEqual(LocalizationCatalog.problems(), [])
  }

  func testEveryKeyTypeDeclaredUnderSourcesIsInTheCatalog() throws {
    let files = Self.swiftFiles()
    XCTAssertGreaterThan(files.count, 50, "the source tree is found at \(Self.sources.path)")
    let declaration = try NSRegularExpression(pattern: #"enum\s+(\w+)\s*:\s*String\s*,\s*LocalizedKey"#)
    var declared = Set<String>()
    for file in files {
      let text = try String(contentsOf: file, encoding: .utf8)
      let range = NSRange(text.startIndex..., in: text)
      for match in declaration.matches(in: text, range: range) {
        if let name = Range(match.range(at: 1), in: text) { declared.insert(String(text[name])) }
      }
    }
    XCTAssertTrue(declared.isSuperset(of: ["L10n", "ExploreL10n", "CreateL10n", "ProfileL10n", "TutorialL10n"]))
    XCTAssertEqual(declared, Set(LocalizationCatalog.typeNames), "a key table missing from the catalog")
  }

  func testNoSourceFileHoldsAnInlineEnglishGermanPair() throws {
    var findings: [String] = []
    for file in Self.swiftFiles() {
      let text = try String(contentsOf: file, encoding: .utf8)
      let name = file.path.replacingOccurrences(of: Self.sources.path + "/", with: "")
      findings += InlinePairScan.findings(in: text).map { "\(name):\($0)" }
    }
    XCTAssertEqual(findings, [], "use a key of the feature's LocalizedKey table instead")
  }

  func testTheScanFindsEachForbiddenShape() {
    let samples = [
      #"help: .text(en: "open", de: "öffnen")"#,
      #"notice = .text("#,
      #"t.musicText("Search", "Suche")"#,
      #"t.create("Songs", "Songs")"#,
      #"Self.help("save", "speichern")"#,
      #"var title: (en: String, de: String) {"#,
      #"return language == .de ? de : en"#,
      #"let text = german ? "Teilen" : "Share""#,
      #"    en: "Saved", de: "Gespeichert","#,
    ]
    for sample in samples { XCTAssertEqual(InlinePairScan.findings(in: sample).count, 1, sample) }
    XCTAssertEqual(InlinePairScan.findings(in: #".when: "When", .venue: "Venue""#), [], "keys ending in en are fine")
    XCTAssertEqual(InlinePairScan.findings(in: #"t.format(.musicBy, ["name": owner])"#), [])
  }

  func testALocalizedTextResolvesEveryLanguageWithItsValues() {
    let text = LocalizedText(ExploreL10n.exploreAddedQueued, ["name": "Late Night", "waiting": "2"])
    XCTAssertEqual(text.resolved(.en), "Added to Late Night (offline: queued, 2 waiting)")
    XCTAssertEqual(text.resolved(.de), "Zu Late Night hinzugefügt (offline: gespeichert, 2 wartend)")
    XCTAssertEqual(Localizer(.de)[text], text.resolved(.de))
    XCTAssertEqual(text.id, "ExploreL10n.exploreAddedQueued")
    XCTAssertNotEqual(text, LocalizedText(ExploreL10n.exploreAddedQueued, ["name": "Running", "waiting": "2"]))
  }

  func testNestedValuesAreResolvedPerLanguage() {
    let reason = MusicFailure.server(status: 503).text
    let text = LocalizedText(ExploreL10n.exploreOfflineCopyNotice) { t in ["reason": t[reason]] }
    XCTAssertEqual(text.resolved(.en), "Spotify had a problem (HTTP 503). Showing the offline copy.")
    XCTAssertEqual(text.resolved(.de), "Spotify hatte ein Problem (HTTP 503). Zeige die Offline-Kopie.")
  }

  func testAHelpTextKeyIsHashableAndEqualForTheSameKey() {
    XCTAssertEqual(HelpText.key(CreateL10n.createHelpSave), HelpText.key(CreateL10n.createHelpSave))
    XCTAssertNotEqual(HelpText.key(CreateL10n.createHelpSave), HelpText.key(CreateL10n.createHelpRemove))
    guard case .localized(let text) = HelpText.key(TutorialL10n.tutorialHelpSkip) else { return XCTFail() }
    XCTAssertEqual(text.resolved(.de), "überspringen")
  }
}

/// Finds the inline-pair shapes the one localisation style replaced (line numbers, 1-based).
enum InlinePairScan {
  static let patterns: [NSRegularExpression] = [
    #"\.text\(\s*en:"#,
    #"\.text\(\s*$"#,
    #"musicText\("#,
    #"\.create\(\s*""#,
    #"help\(\s*"[^"]*"\s*,\s*""#,
    #"\(\s*en:\s*String\s*,\s*de:\s*String\s*\)"#,
    #"language\s*==\s*\.de\s*\?"#,
    #"\bgerman\s*\?\s*""#,
    #"\ben:\s*""#,
  ].map { try! NSRegularExpression(pattern: $0, options: [.anchorsMatchLines]) }

  static func findings(in text: String) -> [Int] {
    var lines: [Int] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = String(line)
      let range = NSRange(line.startIndex..., in: line)
      if patterns.contains(where: { $0.firstMatch(in: line, range: range) != nil }) { lines.append(index + 1) }
    }
    return lines
  }
}

/// Placeholders are filled in one pass.
final class PlaceholderFillTests: XCTestCase {
  func testAValueWithBracesIsInsertedAsItIs() {
    let text = LocalizedText(ExploreL10n.exploreAddedQueued, ["name": "{waiting} mix", "waiting": "3"])
    XCTAssertEqual(text.resolved(.en), "Added to {waiting} mix (offline: queued, 3 waiting)")
  }

  func testUnknownAndUnclosedPlaceholdersStayAsWritten() {
    XCTAssertEqual(Localizer.fill("a {x} b {y", ["z": "1"]), "a {x} b {y")
    XCTAssertEqual(Localizer.fill("{a}{b}", ["a": "1", "b": "2"]), "12")
    XCTAssertEqual(Localizer.fill("no placeholders", ["a": "1"]), "no placeholders")
  }
}
