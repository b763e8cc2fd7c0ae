import VibesCore
import XCTest

/// Issue 20 item 9: offline city completion over a loaded list (diacritics- and case-insensitive prefix, larger
/// cities first).
final class CityIndexTests: XCTestCase {
  let tsv = """
    koln\tKöln\tDE\t07\t50.9333\t6.9500\t1024621
    berlin\tBerlin\tDE\t16\t52.5244\t13.4105\t3426354
    berlin\tBerlin\tUS\tNH\t44.4687\t-71.1851\t10051
    bern\tBern\tCH\tBE\t46.9481\t7.4474\t121631
    bergen\tBergen\tNO\t46\t60.3920\t5.3240\t213585
    sao paulo\tSão Paulo\tBR\t27\t-23.5475\t-46.6361\t10021295
    broken line without fields
    """

  func testPrefixMatchesFoldCaseAndDiacriticsAndLargerCitiesComeFirst() {
    let index = CityIndex(tsv: tsv)
    XCTAssertEqual(index.count, 6, "the malformed line is skipped")
    XCTAssertEqual(index.suggestions(for: "ber").map(\.label), ["Berlin, DE", "Bergen, NO", "Bern, CH", "Berlin, US"])
    XCTAssertEqual(index.suggestions(for: "KÖL").map(\.name), ["Köln"])
    XCTAssertEqual(index.suggestions(for: "koln").map(\.name), ["Köln"])
    XCTAssertEqual(index.suggestions(for: "São").map(\.name), ["São Paulo"])
    XCTAssertEqual(index.suggestions(for: "sao  paulo").map(\.name), ["São Paulo"])
    XCTAssertEqual(index.suggestions(for: "berlin, us").map(\.label), ["Berlin, US"])
    XCTAssertEqual(index.suggestions(for: "ber", limit: 2).count, 2)
    XCTAssertEqual(index.suggestions(for: "b"), [], "one letter suggests nothing")
    XCTAssertEqual(index.suggestions(for: "xyz"), [])
  }

  func testAnExactNameFindsTheLargestCityOfThatNameWithItsCoordinates() throws {
    let index = CityIndex(tsv: tsv)
    let berlin = try XCTUnwrap(index.city(named: " berlin "))
    XCTAssertEqual(berlin.countryCode, "DE")
    XCTAssertEqual(berlin.latlong, "52.5244,13.4105")
    XCTAssertEqual(index.city(named: "Berlin, US")?.admin1, "NH")
    XCTAssertNil(index.city(named: "Ber"), "a prefix is not a city")
    XCTAssertNil(index.city(named: ""))
  }

  func testFoldMatchesTheScriptsFold() {
    XCTAssertEqual(CityIndex.fold("Köln"), "koln")
    XCTAssertEqual(CityIndex.fold("  São   Paulo "), "sao paulo")
    XCTAssertEqual(CityIndex.fold("ÅLESUND"), "alesund")
  }
}
