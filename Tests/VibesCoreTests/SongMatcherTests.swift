import VibesCore
import XCTest

final class SongMatcherTests: XCTestCase {
  private func track(_ name: String, _ artists: [String], id: String = "t") -> TrackCandidate {
    TrackCandidate(id: id, uri: "spotify:track:\(id)", name: name, artists: artists, album: "A", durationMs: 1000)
  }

  func testTitleNormalisation() {
    let cases: [(String, String)] = [
      ("Hey Jude - Remastered 2015", "hey jude"),
      ("Here Comes The Sun (2019 Remaster)", "here comes the sun"),
      ("Bohemian Rhapsody - Live Aid", "bohemian rhapsody"),
      ("Bohemian Rhapsody - Live", "bohemian rhapsody"),
      ("Blinding Lights - Radio Edit", "blinding lights"),
      ("Get Lucky (feat. Pharrell Williams)", "get lucky"),
      ("Get Lucky [feat. Pharrell Williams]", "get lucky"),
      ("Get Lucky feat. Pharrell Williams", "get lucky"),
      ("Stay ft. Justin Bieber", "stay"),
      ("Señorita", "senorita"),
      ("Jóga", "joga"),
      ("Don't Stop Me Now", "dont stop me now"),
      ("Don’t Stop Me Now", "dont stop me now"),
      ("Rock & Roll", "rock and roll"),
      ("Sgt. Pepper's Lonely Hearts Club Band", "sgt peppers lonely hearts club band"),
      ("  Heroes  ", "heroes"),
      ("Smells Like Teen Spirit (Mono Version)", "smells like teen spirit"),
      ("Wish You Were Here (Remastered)", "wish you were here"),
      ("Africa – 2017 Remaster", "africa"),
      ("Straße", "strasse"),
      ("An Ending (Ascent)", "an ending ascent"),
      ("Paint It, Black", "paint it black"),
      ("HUMBLE.", "humble"),
      ("Song 2", "song 2"),
      ("With or Without You", "with or without you"),
    ]
    for (raw, expected) in cases {
      XCTAssertEqual(SongNormalizer.normalizedTitle(raw), expected, raw)
    }
  }

  func testArtistNormalisationAndPrimaryArtist() {
    let cases: [(String, String)] = [
      ("The Beatles", "beatles"),
      ("Beyoncé", "beyonce"),
      ("Simon & Garfunkel", "simon and garfunkel"),
      ("Daft Punk feat. Pharrell Williams", "daft punk"),
      ("Calvin Harris, Rihanna", "calvin harris"),
      ("Sigur Rós", "sigur ros"),
      ("RÜFÜS DU SOL", "rufus du sol"),
      ("Jay-Z", "jay z"),
      ("Mumford & Sons", "mumford and sons"),
      ("Major Lazer x DJ Snake", "major lazer"),
      ("Lady Gaga with Bradley Cooper", "lady gaga"),
    ]
    for (raw, expected) in cases {
      XCTAssertEqual(SongNormalizer.normalizedArtist(SongNormalizer.primaryArtist(raw)), expected, raw)
    }
  }

  func testKeyIgnoresCaseAccentsVersionsAndFeatures() {
    XCTAssertEqual(
      SongNormalizer.key(title: "Hey Jude - Remastered 2015", artist: "The Beatles"),
      SongNormalizer.key(title: "hey jude", artist: "beatles"))
    XCTAssertEqual(
      SongNormalizer.key(title: "Senorita", artist: "Shawn Mendes, Camila Cabello"),
      SongNormalizer.key(title: "Señorita", artist: "Shawn Mendes"))
    XCTAssertNotEqual(
      SongNormalizer.key(title: "Heroes", artist: "David Bowie"),
      SongNormalizer.key(title: "Heroes", artist: "Måns Zelmerlöw"))
  }

  /// (suggested title, suggested artist, candidate title, candidate artists, should match)
  func testMatchTable() {
    let cases: [(String, String, String, [String], Bool)] = [
      ("Hey Jude", "The Beatles", "Hey Jude - Remastered 2015", ["The Beatles"], true),
      ("Here Comes the Sun", "Beatles", "Here Comes The Sun - 2019 Mix", ["The Beatles"], true),
      (
        "Get Lucky", "Daft Punk", "Get Lucky (feat. Pharrell Williams and Nile Rodgers)",
        ["Daft Punk", "Pharrell Williams"], true
      ),
      ("Get Lucky", "Daft Punk feat. Pharrell Williams", "Get Lucky - Radio Edit", ["Daft Punk"], true),
      ("Senorita", "Shawn Mendes & Camila Cabello", "Señorita", ["Shawn Mendes", "Camila Cabello"], true),
      ("The Sound of Silence", "Simon and Garfunkel", "The Sound of Silence", ["Simon & Garfunkel"], true),
      ("Joga", "Bjork", "Jóga", ["Björk"], true),
      ("Dont Stop Me Now", "Queen", "Don't Stop Me Now - Remastered 2011", ["Queen"], true),
      ("Bohemian Rhapsody", "Queen", "Bohemian Rhapsody - Live Aid", ["Queen"], true),
      ("Midnight City", "M83", "Midnight City", ["M83"], true),
      ("Svefn-g-englar", "Sigur Ros", "Svefn-g-englar", ["Sigur Rós"], true),
      ("Umbrella", "Rihanna feat. Jay-Z", "Umbrella", ["Rihanna", "JAY-Z"], true),
      ("Umbrella", "Rihanna", "Umbrella", ["Rihanna", "JAY-Z"], true),
      ("Uptown Funk", "Mark Ronson", "Uptown Funk (feat. Bruno Mars)", ["Mark Ronson", "Bruno Mars"], true),
      ("Heroes", "David Bowie", "\"Heroes\" - 2017 Remaster", ["David Bowie"], true),
      ("Blinding Lights", "The Weeknd", "Blinding Lights", ["The Weekend"], true),
      // Negatives: other song, other artist, cover, remix-as-different-title.
      ("Heroes", "David Bowie", "Heroes", ["Måns Zelmerlöw"], false),
      ("Hey Jude", "The Beatles", "Let It Be", ["The Beatles"], false),
      ("Yesterday", "The Beatles", "Yesterday Once More", ["Carpenters"], false),
      ("Dreams", "Fleetwood Mac", "Dreams", ["The Cranberries"], false),
      ("Creep", "Radiohead", "Creep", ["TLC"], false),
      ("Hurt", "Nine Inch Nails", "Hurt", ["Johnny Cash"], false),
      ("Halo", "Beyoncé", "Halo", ["Depeche Mode"], false),
      ("One", "U2", "One", ["Metallica"], false),
      ("Angel", "Massive Attack", "Teardrop", ["Massive Attack"], false),
      ("Intro", "The xx", "Intro", ["M83"], false),
      ("Song 2", "Blur", "Song 3", ["Blur"], false),
    ]
    for (title, artist, name, artists, expected) in cases {
      let song = SuggestedSong(title: title, artist: artist)
      let match = SongMatcher.bestMatch(for: song, among: [track(name, artists)])
      XCTAssertEqual(
        match != nil, expected,
        "\(title) / \(artist) vs \(name) / \(artists): score \(SongMatcher.score(song, track(name, artists)))")
    }
  }

  func testBestOfSeveralWinsAndOrderBreaksTies() {
    let song = SuggestedSong(title: "Hey Jude", artist: "The Beatles")
    let candidates = [
      track("Hey Jude", ["Wilson Pickett"], id: "cover"),
      track("Hey Jude - Remastered 2015", ["The Beatles"], id: "remaster"),
      track("Hey Jude", ["The Beatles"], id: "exact"),
      track("Hey Jude", ["The Beatles"], id: "exact2"),
    ]
    XCTAssertEqual(SongMatcher.bestMatch(for: song, among: candidates)?.id, "remaster")
    XCTAssertEqual(SongMatcher.bestMatch(for: song, among: Array(candidates.dropFirst(2)))?.id, "exact")
    XCTAssertNil(SongMatcher.bestMatch(for: song, among: []))
    XCTAssertNil(SongMatcher.bestMatch(for: song, among: [candidates[0]]))
  }

  func testScoresAreOrderedByCloseness() {
    let song = SuggestedSong(title: "Blinding Lights", artist: "The Weeknd")
    let exact = SongMatcher.score(song, track("Blinding Lights", ["The Weeknd"]))
    let typo = SongMatcher.score(song, track("Blinding Light", ["The Weeknd"]))
    let other = SongMatcher.score(song, track("Save Your Tears", ["The Weeknd"]))
    XCTAssertEqual(exact, 1, accuracy: 0.0001)
    XCTAssertGreaterThan(exact, typo)
    XCTAssertGreaterThan(typo, other)
    XCTAssertEqual(other, 0)
  }
}
