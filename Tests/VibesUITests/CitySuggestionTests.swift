import Foundation
import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

/// Issue 20 item 9: the Ticketmaster City field offers cities of the shipped list while you type (read once, the
/// first time it is typed into); ↑/↓ pick one and Enter takes it.
final class CitySuggestionTests: XCTestCase {
  let index = CityIndex(cities: [
    City(name: "Köln", countryCode: "DE", latitude: 50.9333, longitude: 6.95, population: 1_024_621),
    City(name: "Kolkata", countryCode: "IN", latitude: 22.5626, longitude: 88.363, population: 4_631_392),
    City(name: "Kolding", countryCode: "DK", latitude: 55.4904, longitude: 9.4722, population: 57_000),
  ])

  private func onCityField() -> Driver {
    var driver = Driver.screen()
    driver.send(.feed(.openSetupStep(.ticketmaster)))
    driver.press(.tab)
    XCTAssertEqual(driver.state.feed.topForm?.focus, .field(.city))
    return driver
  }

  func testTypingAsksForTheListOnceAndShowsLargerCitiesFirst() throws {
    var driver = onCityField()
    let first = driver.type("k")
    XCTAssertEqual(first.compactMap(\.feedEffect), [.loadCityIndex], "the list is read on the first key, not at start")
    driver.send(.feed(.cityIndexLoaded(index)))
    let more = driver.type("ol")
    XCTAssertTrue(more.compactMap(\.feedEffect).isEmpty, "and only once")
    let form = try XCTUnwrap(driver.state.feed.topForm)
    XCTAssertEqual(form.citySuggestions.map(\.label), ["Kolkata, IN", "Köln, DE", "Kolding, DK"])
    let screen = driver.render().text
    XCTAssertTrue(screen.contains("Kolkata, IN"), screen)
    XCTAssertTrue(screen.contains("Köln, DE"), screen)
  }

  func testDownPicksAndEnterTakesTheCityWithoutSaving() throws {
    var driver = onCityField()
    driver.type("KÖLN")
    driver.send(.feed(.cityIndexLoaded(index)))
    XCTAssertEqual(driver.state.feed.topForm?.citySuggestions.map(\.name), ["Köln"])
    driver.press(.down)
    XCTAssertEqual(driver.state.feed.topForm?.pickedSuggestion, 0)
    let grid = driver.render()
    let row = try XCTUnwrap(grid.row(containing: "Köln, DE"))
    XCTAssertTrue(grid.lines[row].contains("›"), grid.text)
    let effects = driver.press(.enter)
    XCTAssertTrue(effects.compactMap(\.feedEffect).isEmpty, "Enter took the city; nothing was checked or saved")
    let form = try XCTUnwrap(driver.state.feed.topForm)
    XCTAssertEqual(form.fields.first { $0.id == .field(.city) }?.input.text, "Köln, DE")
    XCTAssertEqual(form.citySuggestions, [])
    XCTAssertEqual(form.phase, .editing)
  }

  func testUpFromTheTypedTextPicksTheLastAndPastTheEndTheTypedTextStands() throws {
    var driver = onCityField()
    driver.type("kol")
    driver.send(.feed(.cityIndexLoaded(index)))
    driver.press(.up)
    XCTAssertEqual(driver.state.feed.topForm?.pickedSuggestion, 2)
    driver.press(.down)
    XCTAssertNil(driver.state.feed.topForm?.pickedSuggestion)
    driver.press(.tab)
    XCTAssertEqual(driver.state.feed.topForm?.citySuggestions, [], "leaving the field hides the list")
  }
}
