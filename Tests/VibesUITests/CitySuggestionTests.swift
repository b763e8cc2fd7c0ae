import Foundation
import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let suggestions = Driver.Exhaustivity.nonExhaustive(
  because: "checks the city suggestions shown and the city taken, not every keystroke state")

/// Issue 20 item 9: the Ticketmaster City field offers cities of the shipped list while you type (read once, the
/// first time it is typed into); ↑/↓ pick one and Enter takes it.
final class CitySuggestionTests: XCTestCase {
  let index = CityIndex(cities: [
    City(name: "Köln", countryCode: "DE", latitude: 50.9333, longitude: 6.95, population: 1_024_621),
    City(name: "Kolkata", countryCode: "IN", latitude: 22.5626, longitude: 88.363, population: 4_631_392),
    City(name: "Kolding", countryCode: "DK", latitude: 55.4904, longitude: 9.4722, population: 57_000),
  ])

  private func onCityField(key: String? = nil) -> Driver {
    var driver = Driver.screen(suggestions)
    driver.send(.feed(.openSetupStep(.ticketmaster)))
    if let key { driver.type(key) }
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

  /// Issue 20 item 9: the radius is a picker under the City field (50 km unless changed); ← → change it and the
  /// submission carries it.
  func testTheRadiusIsChosenOnTheFormAndSubmitted() throws {
    var driver = onCityField(key: "tmKey1234567890")
    driver.type("Smalltown")
    driver.press(.tab)
    XCTAssertEqual(driver.state.feed.topForm?.focus, .field(.radius))
    var grid = driver.render()
    XCTAssertNotNil(grid.row(containing: "Radius"), grid.text)
    XCTAssertNotNil(grid.row(containing: "‹ 50 km ›"), grid.text)
    XCTAssertTrue(grid.text.contains("← →"), "the footer names the keys: \(grid.text)")
    driver.press(.right)
    grid = driver.render(.de)
    XCTAssertNotNil(grid.row(containing: "Umkreis"), grid.text)
    XCTAssertNotNil(grid.row(containing: "‹ 100 km ›"), grid.text)
    driver.press(.left, .left)
    XCTAssertTrue(
      driver.render().text.contains("Enter check"), "Enter saves from Radius: \(driver.render().text)")
    let effects = driver.press(.enter)
    guard case .validate(_, let submission)? = effects.compactMap(\.feedEffect).first else {
      return XCTFail("\(effects)")
    }
    XCTAssertEqual(submission.radiusKm, 25)
    XCTAssertEqual(submission.city, "Smalltown")
    XCTAssertNil(submission.place, "a typed city has no stored coordinates")
  }

  /// Issue 20 item 9: a taken suggestion is submitted with its name, country and coordinates; typing over it makes
  /// the city a typed one again.
  func testATakenCityIsSubmittedWithItsCoordinatesUntilTypedOver() throws {
    var driver = onCityField(key: "tmKey1234567890")
    driver.type("kol")
    driver.send(.feed(.cityIndexLoaded(index)))
    driver.press(.down, .down, .enter)
    XCTAssertEqual(driver.state.feed.topForm?.field(.city)?.value, "Köln, DE")
    var submission = try XCTUnwrap(driver.state.feed.topForm?.makeSubmissionCopy())
    XCTAssertEqual(submission.place, index.city(named: "Köln, DE"))
    XCTAssertEqual(submission.place?.latitude, 50.9333)
    driver.type("x")
    submission = try XCTUnwrap(driver.state.feed.topForm?.makeSubmissionCopy())
    XCTAssertNil(submission.place, "Köln, DEx is a typed city")
  }

  /// Issue 20 item 9: a form opened for a saved step starts on the saved radius and keeps the saved place.
  func testTheFormOpensOnTheSavedRadiusAndPlace() throws {
    let place = City(name: "Berlin", countryCode: "US", latitude: 44.4687, longitude: -71.1851, population: 0)
    var driver = Driver.screen(
      suggestions,
      facts: SetupFacts(
        storedSecrets: [.ticketmaster], ticketmasterCity: "Berlin, US", concertRadiusKm: 10, concertPlace: place))
    driver.send(.feed(.openSetupStep(.ticketmaster)))
    let form = try XCTUnwrap(driver.state.feed.topForm)
    XCTAssertEqual(form.radiusKm, 10)
    var copy = form
    XCTAssertEqual(copy.makeSubmission()?.place, place)
  }

  /// Issue 20 item 9: the checklist says where concerts are searched.
  func testTheChecklistSaysConcertsWithinTheRadiusOfTheCity() {
    var driver = Driver.screen(
      suggestions,
      facts: SetupFacts(storedSecrets: [.ticketmaster], ticketmasterCity: "Berlin", concertRadiusKm: 25))
    driver.send(.feed(.openSetupStep(.ticketmaster)))
    driver.press(.escape)
    XCTAssertNotNil(driver.render().row(containing: "Concerts within 25 km of Berlin"), driver.render().text)
    XCTAssertNotNil(
      driver.render(.de).row(containing: "Konzerte bis 25 km um Berlin"), driver.render(.de).text)
  }
}

extension CitySuggestionTests {
  /// Issue 20 item 9: the Feed's heading says where its concerts come from when the row has room for all of it.
  func testTheFeedHeadingSaysWhereConcertsAreSearched() {
    for (width, height) in [(60, 20), (80, 24)] {
      var driver = Driver.screen(
        suggestions,
        facts: SetupFacts(storedSecrets: [.ticketmaster], ticketmasterCity: "Berlin", concertRadiusKm: 25),
        width: width, height: height)
      driver.send(.feedWindowLoaded(total: 1, offset: 0, items: [.concert(FeedFixtures.concert(1))]))
      let english = driver.render(.en)
      let heading = english.row(containing: "Concerts within 25 km of Berlin")
      XCTAssertNotNil(heading, english.text)
      XCTAssertEqual(heading, english.row(containing: "Feed ·"), "on the heading row")
      // German at 60 columns: "Feed · 1 zwischengespeichert" leaves no room, so the line is left out whole.
      let german = driver.render(.de).text
      if width >= 80 {
        XCTAssertTrue(german.contains("Konzerte bis 25 km um Berlin"), german)
      } else {
        XCTAssertFalse(german.contains("Konzerte bis"), german)
      }
    }
    var long = Driver.screen(
      suggestions,
      facts: SetupFacts(
        storedSecrets: [.ticketmaster], ticketmasterCity: "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch"),
      width: 60, height: 20)
    long.send(.feedWindowLoaded(total: 1, offset: 0, items: [.concert(FeedFixtures.concert(1))]))
    XCTAssertFalse(long.render(.en).text.contains("Concerts within"), "left out rather than cut when it cannot fit")
  }
}

extension CredentialForm {
  /// What Ctrl-S would submit, without marking the form.
  func makeSubmissionCopy() -> CredentialSubmission? {
    var copy = self
    return copy.makeSubmission()
  }
}
