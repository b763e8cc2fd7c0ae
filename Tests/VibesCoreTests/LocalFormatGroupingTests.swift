import VibesCore
import XCTest

/// The Feed's count is grouped by hand (no ICU on the drawing path), in the language's own way.
final class LocalFormatGroupingTests: XCTestCase {
  func testEnglishGroupsWithCommasAndGermanWithPoints() {
    let english = Localizer(.en)
    let german = Localizer(.de)
    for (value, en, de) in [
      (0, "0", "0"), (7, "7", "7"), (999, "999", "999"), (1_000, "1,000", "1.000"), (12_345, "12,345", "12.345"),
      (100_000, "100,000", "100.000"), (1_234_567, "1,234,567", "1.234.567"), (-4_321, "-4,321", "-4.321"),
    ] {
      XCTAssertEqual(english.grouped(value), en, "\(value)")
      XCTAssertEqual(german.grouped(value), de, "\(value)")
    }
  }
}
