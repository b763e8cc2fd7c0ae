import Foundation
import VibesCore
import VibesTestSupport
import XCTest

@testable import VibesUI

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let renderedText = Driver.Exhaustivity.nonExhaustive(
  because: "checks texts on rendered screens for cuts and untranslated words")

/// Issue 20 item 8: texts that were cut, unreachable, wrongly pluralised or left in English/ISO form, each found on
/// a rendered screen first.
final class CutAndUntranslatedTextTests: XCTestCase {
  private func feed(_ cards: [FeedCard?], width: Int = 80, height: Int = 24) -> Driver {
    var driver = Driver.screen(
      renderedText,
      facts: SetupFacts(storedSecrets: [.ticketmaster, .spotify], ticketmasterCity: "Berlin"), width: width,
      height: height)
    driver.send(.feedWindowLoaded(total: cards.count, offset: 0, items: cards))
    return driver
  }

  func testAConcertRowKeepsWhoYouListenToAt80Columns() {
    let concert = FeedFixtures.concert(
      1, name: "Massive Attack", venue: "Max-Schmeling-Halle", matchedArtist: "Massive Attack")
    for language in [Language.en, .de] {
      let grid = feed([.concert(concert)]).render(language)
      let row = grid.lines[grid.row(containing: "Massive Attack") ?? 0]
      XCTAssertFalse(row.contains("…"), row)
      XCTAssertTrue(row.contains(language == .en ? "you listen to them" : "du hörst sie"), row)
    }
  }

  /// Issue 20 item 8: at 60 columns a long headliner is cut, never "you listen to …" (it was "Die Fantastischen
  /// Vier …" with the mark gone); the detail wraps the whole name instead of cutting it.
  func testAConcertRowKeepsWhoYouListenToAt60ColumnsWithALongHeadliner() {
    let long = "Die Fantastischen Vier feat. Herbert Grönemeyer und das Rundfunk-Sinfonieorchester Berlin"
    let headliner = FeedFixtures.concert(1, name: long, venue: "Max-Schmeling-Halle", matchedArtist: long)
    let other = FeedFixtures.concert(2, name: long, venue: "Olympiastadion", matchedArtist: "Herbert Grönemeyer")
    for language in [Language.en, .de] {
      var driver = feed([.concert(headliner), .concert(other)], width: 60, height: 20)
      let grid = Grid.$recordsWrites.withValue(true) { driver.render(language) }
      let rows = grid.lines.filter { $0.contains("Die Fan") }
      XCTAssertEqual(rows.count, 2, grid.text)
      XCTAssertTrue(rows[0].contains(language == .en ? "· you listen to them" : "· du hörst sie"), rows[0])
      XCTAssertTrue(rows[1].contains(language == .en ? "· you listen to " : "· du hörst "), rows[1])
      XCTAssertTrue(grid.lines.allSatisfy { DisplayWidth.of($0) <= 60 })
      let cutMarks = (grid.writeLog?.clipped ?? []).filter { $0.text.hasSuffix(language == .en ? "them" : "sie") }
      XCTAssertEqual(cutMarks.map(\.text), [], "the mark is never the cut part")

      driver.press(.down, .enter)
      let detail = Grid.$recordsWrites.withValue(true) { driver.render(language) }
      XCTAssertTrue(detail.text.contains("Rundfunk-Sinfonieorchester"), detail.text)
      let cut = (detail.writeLog?.clipped ?? []).filter {
        $0.text.contains(language == .en ? "you listen" : "du hörst")
      }
      XCTAssertEqual(cut.map(\.text), [], "the detail's \"you listen to\" line is wrapped, not cut")
    }
  }

  /// Issue 20 item 8: the App Store Connect Issuer ID helper wraps under the field at 60 columns (it was cut to
  /// "Shown above the list of keys in App Store…").
  func testTheAppStoreConnectHelperLineIsWrappedAt60Columns() throws {
    let state = try XCTUnwrap(ScreenStateCatalog.all.first { $0.name == "asc setup" })
    for language in [Language.en, .de] {
      var driver = Driver.screen(renderedText, width: 60, height: 20)
      state.build(&driver)
      let grid = Grid.$recordsWrites.withValue(true) { driver.render(language) }
      let text = grid.lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
      let helper =
        language == .en
        ? "Shown above the list of keys in App Store Connect."
        : "Steht in App Store Connect über der Liste der Schlüssel."
      XCTAssertTrue(text.contains(helper), grid.text)
      XCTAssertEqual((grid.writeLog?.clipped ?? []).filter { $0.text == helper }.map(\.text), [], grid.text)
    }
  }

  func testGermanFeedDatesPricesAndAlbumTypesAreGerman() {
    var driver = feed([.concert(FeedFixtures.concert(1)), .newRelease(FeedFixtures.release(2))], height: 40)
    let list = driver.render(.de).text
    XCTAssertTrue(list.contains("02.01.2030 20:00"), list)
    XCTAssertTrue(list.contains("Single · 10.01.2030"), list)
    XCTAssertFalse(list.contains("single"), list)
    XCTAssertFalse(list.contains("2030-01"), list)
    XCTAssertTrue(driver.render(.en).text.contains("single · 2030-01-10"), "English keeps ISO dates")
    driver.press(.down, .enter)
    let detail = driver.render(.de).text
    XCTAssertTrue(detail.contains("35,00–80,00 EUR"), detail)
    XCTAssertFalse(detail.contains("35.00"), detail)
    XCTAssertTrue(driver.render(.en).text.contains("35.00–80.00 EUR"))
  }

  /// Issue 20 item 8: on German screens ↑/↓ in Create's empty prompt offer German example prompts, the empty field
  /// shows a German one, and a German example is the user's text to edit like any other.
  func testGermanScreensOfferGermanExamplePrompts() {
    var driver = Driver(renderedText, facts: SetupFacts(storedSecrets: [.gemini, .spotify]))
    driver.state.context.language = .de
    driver.press(.tabKey(.create))
    XCTAssertTrue(driver.render(.de).text.contains("fröhliche Songs für einen Roadtrip"), driver.render(.de).text)
    driver.press(.down)
    XCTAssertEqual(driver.state.create.prompt.text, "fröhliche Songs für einen Roadtrip")
    driver.press(.down)
    XCTAssertEqual(driver.state.create.prompt.text, "ruhige Klaviermusik für einen verregneten Nachmittag")
    XCTAssertTrue(driver.render(.de).text.contains("ruhige Klaviermusik"), driver.render(.de).text)
    driver.type(" mit Regen")
    driver.press(.down)
    XCTAssertEqual(driver.state.create.prompt.text, "ruhige Klaviermusik für einen verregneten Nachmittag mit Regen")

    var english = Driver(renderedText, facts: SetupFacts(storedSecrets: [.gemini, .spotify]))
    english.press(.tabKey(.create))
    XCTAssertTrue(english.render(.en).text.contains("upbeat songs for a road trip"), english.render(.en).text)
    english.press(.down)
    XCTAssertEqual(english.state.create.prompt.text, "upbeat songs for a road trip", "English screens keep English")
  }

  func testOneIsSingular() {
    let t = Localizer(.en)
    XCTAssertEqual(t.counted(1, one: ExploreL10n.exploreTrackCountOne, other: .exploreTrackCount), "1 track")
    XCTAssertEqual(t.counted(2, one: ExploreL10n.exploreTrackCountOne, other: .exploreTrackCount), "2 tracks")
    XCTAssertEqual(
      t.counted(1, one: ExploreL10n.exploreQueuedWaitingOne, other: .exploreQueuedWaiting),
      "1 action waiting to be sent")
    let created = CreatedPlaylistCard(
      playlistID: "P", name: "Solo", url: "https://open.spotify.com/playlist/P", trackCount: 1,
      createdAt: Date(timeIntervalSince1970: 0))
    let grid = feed([FeedCard(.createdPlaylist(created))]).render()
    XCTAssertTrue(grid.text.contains("1 song"), grid.text)
    XCTAssertFalse(grid.text.contains("1 songs"), grid.text)
    for language in Language.allCases {
      for key in ExploreL10n.allCases {
        XCTAssertFalse(Localizer(language)[key].contains("(s)"), "\(key): no “(s)” plurals")
        XCTAssertFalse(Localizer(language)[key].contains("(en)"), "\(key): no “(en)” plurals")
      }
    }
  }

  private func onProfile(dataPath: String, spotify: Bool = false) -> Driver {
    var driver = Driver(
      renderedText,
      facts: SetupFacts(storedSecrets: spotify ? [.gemini, .spotify] : [.gemini]),
      size: ScreenSize(width: 80, height: 24))
    driver.send(.secretStoreDescribed(SecretStoreInfo(kind: .vault, location: "/v")))
    driver.press(.tabKey(.profile))
    driver.send(
      .profile(
        .infoLoaded(
          ProfileInfo(
            connections: [ConnectionStatus(service: .gemini, state: .configured(detail: nil))], version: "9.9.9",
            dataPath: dataPath, configPath: "/c", logPath: "/l"))))
    return driver
  }

  func testProfileShowsTheWholeDataPathAndOneMarker() {
    let path = "/home/a.rather.long.user.name/.local/share/vibes-data/vibes.sqlite"
    var driver = onProfile(dataPath: path)
    driver.press(.character("G"))
    driver.press(.up)
    let grid = driver.render()
    let markers = grid.lines.filter { $0.hasPrefix(" ›") }
    XCTAssertEqual(markers.count, 1, grid.text)
    XCTAssertTrue(markers.first?.contains("Replay the tutorial") ?? false, grid.text)
    let joined = grid.lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined()
    XCTAssertTrue(joined.contains("vibes-data/vibes.sqlite"), grid.text)
    let data = grid.row(containing: "Data") ?? 0
    XCTAssertFalse(grid.lines[data...(data + 1)].joined().contains("…"), grid.text)
  }

  func testProfileHelpNamesEachPeriodLetter() {
    let driver = onProfile(dataPath: "/d", spotify: true)
    let bindings = driver.state.profile.bindings(driver.state.context).map(\.hint)
    let labels = Dictionary(bindings.map { ($0.label, $0) }, uniquingKeysWith: { first, _ in first })
    XCTAssertNil(labels["w m a"], "one shared label listed only the first period")
    for letter in ["w", "m", "a"] {
      XCTAssertNotNil(labels[letter], "\(letter) has its own help line: \(bindings.map(\.label))")
    }
  }

  func testAppStoreConnectGuidanceCanBeReadAt60x20AndInGermanAt80x24() {
    for (width, height, language, note) in [
      (60, 20, Language.en, "stays on this device"), (60, 20, .en, "(T+1"),
      (80, 24, .de, "bleibt nur auf diesem Gerät"), (80, 24, .de, "(T+1"),
    ] {
      var driver = Driver.screen(renderedText, width: width, height: height)
      driver.send(.appStoreConnect(.storedStateLoaded(AppStoreConnectStoredState(isConfigured: false))))
      driver.press(.tabKey(.appStoreConnect))
      driver.press(.tab)
      var grid = driver.render(language)
      var seen = grid.text
      for _ in 0..<4 {
        // As the app does: the viewport drawn goes back into the state, so PgUp knows what it scrolls.
        driver.state.context.viewport = grid.viewport ?? driver.state.context.viewport
        driver.press(.pageUp)
        grid = driver.render(language)
        seen += grid.text
      }
      XCTAssertTrue(seen.contains(note), "\(width)×\(height) \(language): \(note) never on screen")
    }
  }
}
