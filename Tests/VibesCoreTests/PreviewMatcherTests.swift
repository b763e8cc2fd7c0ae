import XCTest

@testable import VibesCore

/// The iTunes preview matching rules on real-world title variants (Spotify side vs iTunes side).
final class PreviewMatcherTests: XCTestCase {
  private func candidate(
    _ id: Int, _ title: String, _ artist: String, album: String? = nil, ms: Int? = nil, preview: Bool = true,
    disc: Int? = nil, track: Int? = nil
  ) -> PreviewCandidate {
    PreviewCandidate(
      trackID: id, title: title, artist: artist, album: album, durationMilliseconds: ms,
      previewURL: preview ? "https://audio-ssl.itunes.apple.com/p/\(id).m4a" : nil,
      storeURL: "https://music.apple.com/us/song/\(id)", discNumber: disc, trackNumber: track)
  }

  func testRemasterSuffixMatchesThePlainTitleConfidently() {
    let query = PreviewQuery(
      title: "Hey Jude - Remastered 2015", artists: ["The Beatles"], durationMilliseconds: 425_653)
    let match = PreviewMatcher.bestMatch(for: query, among: [candidate(1, "Hey Jude", "The Beatles", ms: 427_000)])
    XCTAssertEqual(match?.candidate.trackID, 1)
    XCTAssertEqual(match?.confidence, .confident)
  }

  func testFeaturedArtistsAndBracketsAreIgnored() {
    let query = PreviewQuery(
      title: "Get Lucky (feat. Pharrell Williams & Nile Rodgers) - Radio Edit",
      artists: ["Daft Punk", "Pharrell Williams", "Nile Rodgers"], durationMilliseconds: 248_413)
    let offered = [
      candidate(1, "Get Lucky (feat. Pharrell Williams & Nile Rodgers)", "Daft Punk", ms: 369_629),
      candidate(2, "Get Lucky (Radio Edit) [feat. Pharrell Williams and Nile Rodgers]", "Daft Punk", ms: 248_000),
    ]
    // The album version is two minutes longer: rejected; the radio edit wins.
    XCTAssertEqual(PreviewMatcher.bestMatch(for: query, among: offered)?.candidate.trackID, 2)
    XCTAssertNil(PreviewMatcher.evaluate(query, offered[0]))
  }

  func testDiacriticsCaseAndAmpersandFold() {
    let query = PreviewQuery(title: "Déjà Vu", artists: ["Beyoncé", "JAY-Z"], durationMilliseconds: 240_000)
    XCTAssertNotNil(
      PreviewMatcher.bestMatch(for: query, among: [candidate(1, "DEJA VU", "Beyonce & Jay-Z", ms: 240_500)]))
    let simon = PreviewQuery(title: "The Boxer", artists: ["Simon & Garfunkel"], durationMilliseconds: 308_000)
    XCTAssertNotNil(
      PreviewMatcher.bestMatch(for: simon, among: [candidate(2, "The Boxer", "Simon and Garfunkel", ms: 308_400)]))
  }

  func testTheArtistMustMatch() {
    let query = PreviewQuery(title: "Hurt", artists: ["Johnny Cash"], durationMilliseconds: 216_000)
    XCTAssertNil(PreviewMatcher.bestMatch(for: query, among: [candidate(1, "Hurt", "Nine Inch Nails", ms: 216_000)]))
    // Whole words only: "Abba" is not "Abbacadabra".
    let abba = PreviewQuery(title: "Waterloo", artists: ["ABBA"], durationMilliseconds: 168_000)
    XCTAssertNil(PreviewMatcher.bestMatch(for: abba, among: [candidate(2, "Waterloo", "Abbacadabra", ms: 168_000)]))
  }

  func testLiveRemixAcousticAndInstrumentalMustAgree() {
    let live = PreviewQuery(title: "Bohemian Rhapsody - Live Aid", artists: ["Queen"], durationMilliseconds: 354_000)
    XCTAssertNil(PreviewMatcher.bestMatch(for: live, among: [candidate(1, "Bohemian Rhapsody", "Queen", ms: 354_000)]))
    let studio = PreviewQuery(title: "Wonderwall - Remastered", artists: ["Oasis"], durationMilliseconds: 258_000)
    XCTAssertNil(
      PreviewMatcher.bestMatch(for: studio, among: [candidate(2, "Wonderwall (Acoustic)", "Oasis", ms: 258_000)]))
    let remix = PreviewQuery(title: "Blinding Lights", artists: ["The Weeknd"], durationMilliseconds: 200_040)
    XCTAssertNil(
      PreviewMatcher.bestMatch(
        for: remix, among: [candidate(3, "Blinding Lights (Chromatics Remix)", "The Weeknd", ms: 200_000)]))
    let instrumental = PreviewQuery(title: "Clocks", artists: ["Coldplay"], durationMilliseconds: 307_000)
    XCTAssertNil(
      PreviewMatcher.bestMatch(
        for: instrumental, among: [candidate(4, "Clocks (Instrumental)", "Coldplay", ms: 307_000)]))
    let bothLive = PreviewQuery(title: "Hotel California - Live", artists: ["Eagles"], durationMilliseconds: 430_000)
    XCTAssertNotNil(
      PreviewMatcher.bestMatch(
        for: bothLive, among: [candidate(5, "Hotel California (Live)", "Eagles", ms: 431_000)]))
  }

  func testDurationBounds() {
    let query = PreviewQuery(title: "Yesterday", artists: ["The Beatles"], durationMilliseconds: 125_000)
    XCTAssertEqual(
      PreviewMatcher.evaluate(query, candidate(1, "Yesterday", "The Beatles", ms: 127_900))?.confidence, .confident)
    XCTAssertEqual(
      PreviewMatcher.evaluate(query, candidate(2, "Yesterday", "The Beatles", ms: 135_000))?.confidence, .likely)
    XCTAssertNil(PreviewMatcher.evaluate(query, candidate(3, "Yesterday", "The Beatles", ms: 140_001)))
  }

  func testExactTitleBeatsContains() {
    let query = PreviewQuery(title: "Jump", artists: ["Van Halen"], durationMilliseconds: 241_000)
    let offered = [
      candidate(1, "Jump (Live) Medley Jump Around", "Van Halen", ms: 241_000),
      candidate(2, "Jump For My Love", "Van Halen", ms: 241_500),
      candidate(3, "Jump - 2015 Remaster", "Van Halen", ms: 241_300),
    ]
    XCTAssertEqual(PreviewMatcher.bestMatch(for: query, among: offered)?.candidate.trackID, 3)
    // A title that only contains the other needs the same length.
    XCTAssertNil(PreviewMatcher.evaluate(query, candidate(4, "Jump For My Love", "Van Halen", ms: 250_000)))
    XCTAssertNil(PreviewMatcher.evaluate(query, candidate(5, "Jump For My Love", "Van Halen")))
  }

  func testKaraokeTributeAndCoverArePenalised() {
    let query = PreviewQuery(title: "Rolling in the Deep", artists: ["Adele"], durationMilliseconds: 228_000)
    let offered = [
      candidate(1, "Rolling in the Deep (Karaoke Version)", "Adele", ms: 228_000),
      candidate(2, "Rolling in the Deep", "Adele Tribute Band", ms: 228_000),
      candidate(3, "Rolling in the Deep (Made Famous by Adele)", "Adele", album: "Covers Vol. 3", ms: 228_000),
    ]
    XCTAssertNil(PreviewMatcher.bestMatch(for: query, among: offered))
    let real = candidate(4, "Rolling in the Deep", "Adele", ms: 228_400)
    XCTAssertEqual(PreviewMatcher.bestMatch(for: query, among: offered + [real])?.candidate.trackID, 4)
  }

  func testACandidateWithoutAPreviewIsNeverChosen() {
    let query = PreviewQuery(title: "Song 2", artists: ["Blur"], durationMilliseconds: 122_000)
    XCTAssertNil(
      PreviewMatcher.bestMatch(for: query, among: [candidate(1, "Song 2", "Blur", ms: 122_000, preview: false)]))
    XCTAssertNil(PreviewMatcher.bestMatch(for: query, among: [candidate(2, "Song 3", "Blur", ms: 122_000)]))
  }

  func testAlbumRoutePicksByDiscAndTrackNumber() {
    let query = PreviewQuery(
      title: "Intro", artists: ["The xx"], durationMilliseconds: 127_000, discNumber: 1, trackNumber: 1)
    let album = [
      candidate(1, "Intro", "The xx", ms: 127_500, disc: 1, track: 1),
      candidate(2, "Intro", "The xx", ms: 127_000, disc: 2, track: 1),
    ]
    XCTAssertEqual(PreviewMatcher.albumTrack(for: query, among: album)?.candidate.trackID, 1)
    // The right position with the wrong title falls back to the rules.
    let shuffled = [candidate(3, "VCR", "The xx", ms: 127_000, disc: 1, track: 1)] + [album[1]]
    XCTAssertEqual(PreviewMatcher.albumTrack(for: query, among: shuffled)?.candidate.trackID, 2)
  }

  func testSearchTermDropsVersionNotesAndFeatures() {
    let query = PreviewQuery(
      title: "Under Pressure - Remastered 2011", artists: ["Queen feat. David Bowie", "David Bowie"])
    XCTAssertEqual(PreviewMatcher.searchTerm(for: query), "under pressure queen")
  }
}
