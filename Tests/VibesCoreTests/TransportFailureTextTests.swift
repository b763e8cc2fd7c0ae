import VibesCore
import XCTest

/// One message per kind of transport failure, naming the host, in both languages.
final class TransportFailureTextTests: XCTestCase {
  func testEveryKindHasItsOwnSentenceNamingTheHost() {
    XCTAssertEqual(LocalizationAudit.problems(NetworkL10n.self), [])
    for language in Language.allCases {
      let t = Localizer(language)
      let texts = TransportFailure.Kind.allCases.map {
        t.transportFailure(TransportFailure($0, host: "api.spotify.com"), service: "Spotify")
      }
      XCTAssertEqual(Set(texts).count, texts.count, "each kind reads differently in \(language)")
      for text in texts { XCTAssertTrue(text.contains("api.spotify.com"), "\(language): \(text)") }
    }
    let de = Localizer(.de).transportFailure(TransportFailure(.hostNotFound, host: "api.example.com"), service: "x")
    XCTAssertTrue(de.contains("wurde nicht gefunden"), de)
  }

  func testWithoutAHostTheServiceIsNamedAndControlCharactersAreDropped() {
    let t = Localizer(.en)
    XCTAssertTrue(t.transportFailure(TransportFailure(.timedOut), service: "Spotify").hasPrefix("Spotify did not"))
    let text = t.transportFailure(TransportFailure(.connectionRefused, host: "evil\u{1b}[2J"), service: "x")
    XCTAssertFalse(text.contains("\u{1b}"), text)
  }
}

/// The core's failures carry the one kind the clients build: a host name only, never a URL, a key or escapes.
final class TransportFailureHostTests: XCTestCase {
  func testTheCoreKeepsOnlyAPlainHostName() {
    XCTAssertEqual(TransportFailure(.offline, host: "[::1]").host, "[::1]")
    XCTAssertNil(TransportFailure(.offline, host: "api.example.com/v1?key=SECRET").host)
    XCTAssertNil(TransportFailure(.offline, host: "evil\u{1b}[2J").host)
    let text = Localizer(.en).transportFailure(TransportFailure(.timedOut, host: "a.test/?key=SECRET"), service: "X")
    XCTAssertEqual(text, "X did not answer in time. Try again in a moment.")
  }
}
