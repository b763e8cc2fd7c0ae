import Foundation
import VibesCore
import XCTest

@testable import VibesApp
@testable import VibesServices

/// Issue 21, item 1: numbers from the network crashed vibes (SIGILL). Every mapper and every total is fed the
/// extremes (Int.max, Int.min, -1, 0, huge offsets) as the wire would send them (JSON through the real decoders)
/// and as values already in memory; nothing traps, and what is kept is what would be drawn.
final class HostileNumbersTests: XCTestCase {
  static let extremes: [Int] = [
    Int.max, Int.min, Int.max - 1, Int.min + 1, -1, 0, 1, 86_400_001, Int(Int32.max), 1 << 53, 999_999_999_999,
  ]

  func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try JSONDecoder().decode(type, from: Data(json.utf8))
  }

  func track(_ duration: Int, number: Int = 1) throws -> SpotifyTrack {
    try decode(
      SpotifyTrack.self,
      """
      {"id": "t\(duration)", "name": "Song", "duration_ms": \(duration), "track_number": \(number), "disc_number": \(number)}
      """)
  }

  func testEveryTrackMapperKeepsOnlyADrawableLength() throws {
    for value in Self.extremes {
      let wire = try track(value, number: value)
      let music = MusicTrack(wire)
      XCTAssertTrue((0...WireNumbers.maxTrackDurationMs).contains(music.durationMs), "\(value)")
      XCTAssertEqual(music.durationMs, (0...86_400_000).contains(value) ? value : 0, "\(value)")
      XCTAssertTrue(music.trackNumber.map { (0...WireNumbers.maxCount).contains($0) } ?? true, "\(value)")
      let candidate = TrackCandidate(
        id: "t", uri: "spotify:track:t", name: "S", artists: [], album: "", durationMs: value)
      XCTAssertEqual(candidate.durationMs, music.durationMs, "the Create song match keeps what Explore draws")
      let release = ReleaseTrack(number: 1, name: "S", durationMs: value)
      XCTAssertEqual(release.durationMs, music.durationMs)
      _ = MusicDuration.text(milliseconds: music.durationMs)
    }
  }

  func testEveryTotalSaturatesInsteadOfTrapping() {
    // Values already in memory (decoded from an old cache by the synthesised Codable init, or set later).
    var tracks = (0..<4).map { MusicTrack(id: "t\($0)", name: "S") }
    for index in tracks.indices { tracks[index].durationMs = Int.max }
    let album = AlbumDetail(album: MusicAlbum(id: "a", name: "A"), tracks: tracks)
    XCTAssertEqual(album.totalDurationMs, Int.max)
    XCTAssertEqual(PlaylistDetail(playlist: MusicPlaylist(id: "p", name: "P"), tracks: tracks).totalDurationMs, Int.max)
    _ = MusicDuration.text(milliseconds: album.totalDurationMs)
    var releaseTracks = (0..<3).map { ReleaseTrack(number: $0, name: "S", durationMs: 1) }
    for index in releaseTracks.indices { releaseTracks[index].durationMs = Int.max }
    let card = NewReleaseCard(
      albumID: "a", name: "A", artists: [], albumType: "album", releaseDate: "2026-11-01", precision: .day,
      fromArtist: "X")
    let detail = ReleaseDetailState(card: card, tracks: .loaded(releaseTracks))
    XCTAssertEqual(detail.totalMs, Int.max)
    var songs = (0..<3).map { index in
      ResolvedSong(
        song: SuggestedSong(title: "S\(index)", artist: "A"),
        resolution: .found(
          TrackCandidate(id: "t", uri: "spotify:track:t\(index)", name: "S", artists: [], album: "", durationMs: 1)))
    }
    for index in songs.indices {
      guard case .found(var track) = songs[index].resolution else { continue }
      track.durationMs = Int.max
      songs[index].resolution = .found(track)
    }
    let playlist = GeneratedPlaylist(
      id: 1, prompt: "p", name: "n", description: "", songs: songs, createdAt: Date(), saveState: .notSaved)
    XCTAssertEqual(CreatePreview(playlist).totalMilliseconds, Int.max)
    XCTAssertEqual(WireNumbers.sum([Int.max, Int.min, -1, 5]), Int.max)
    XCTAssertEqual(WireNumbers.sum([Int.min, -1, 5]), 5)
  }

  func testPagingNumbersAreKeptWithinSpotifysAndNeverOverflow() throws {
    for offset in Self.extremes {
      for limit in Self.extremes {
        let page = try decode(
          SpotifyPaging<SpotifyArtist>.self,
          """
          {"items": [{"id": "a", "name": "A"}], "total": \(offset), "limit": \(limit), "offset": \(offset),
           "next": "https://api.spotify.com/v1/next"}
          """)
        XCTAssertTrue((0...SpotifyPaging<SpotifyArtist>.maxNumber).contains(page.offset))
        XCTAssertTrue((0...SpotifyPaging<SpotifyArtist>.maxNumber).contains(page.total))
        XCTAssertTrue((0...SpotifyPaging<SpotifyArtist>.maxLimit).contains(page.limit))
        let mapped = MusicPage(page, MusicArtist.init)
        XCTAssertTrue(mapped.nextOffset.map { $0 > page.offset && $0 <= WireNumbers.maxCount + 100 } ?? true)
        XCTAssertTrue((0...WireNumbers.maxCount).contains(mapped.total))
        // In memory too: a page built with absurd numbers.
        let built = SpotifyPaging(
          items: [SpotifyArtist(id: "a", name: "A", uri: "spotify:artist:a")], total: offset, limit: limit,
          offset: offset, next: "n")
        var list = MusicPage(built, MusicArtist.init)
        list.append(MusicPage(built, MusicArtist.init))
        XCTAssertEqual(list.items.count, 2)
      }
    }
    XCTAssertNil(MusicPage<MusicArtist>(items: [], total: 0, nextOffset: Int.max).nextOffset)
    XCTAssertNil(MusicPage<MusicArtist>(items: [], total: 0, nextOffset: -1).nextOffset)
  }

  func testCountsOfAlbumsPlaylistsAndReleasesAreUnknownWhenImpossible() throws {
    for value in Self.extremes {
      let valid = (0...WireNumbers.maxCount).contains(value)
      XCTAssertEqual(MusicAlbum(id: "a", name: "A", totalTracks: value).totalTracks, valid ? value : nil)
      XCTAssertEqual(MusicPlaylist(id: "p", name: "P", itemsTotal: value).itemsTotal, valid ? value : nil)
      let card = NewReleaseCard(
        albumID: "a", name: "A", artists: [], albumType: "album", releaseDate: "2026-11-01", precision: .day,
        totalTracks: value, fromArtist: "X")
      XCTAssertEqual(card.totalTracks, valid ? value : nil)
      let own = OwnPlaylist(id: "p", name: "P", description: "", trackCount: value)
      XCTAssertTrue((0...WireNumbers.maxCount).contains(own.trackCount))
    }
  }

  func testTicketmastersEventCountIsKeptWithinReason() throws {
    for value in Self.extremes where value >= 0 {
      let body = Data(#"{"page": {"size": 1, "totalElements": \#(value), "totalPages": 1, "number": 0}}"#.utf8)
      let check = try TicketmasterClient.check(status: 200, data: body, header: { _ in nil })
      XCTAssertEqual(check.totalEvents, min(value, TicketmasterCheck.maxTotalEvents), "\(value)")
    }
  }

  func testConcertPricesAndDatesAreKeptOnlyWhenReal() throws {
    for (price, kept) in [("1e308", false), ("-1", false), ("45.9", true), ("9999999999", false), ("0", true)] {
      let event = try decode(
        TicketmasterEvent.self,
        """
        {"id": "e", "name": "Show", "dates": {"start": {"localDate": "9999-99-99", "localTime": "99:99:99"}},
         "priceRanges": [{"type": "standard", "currency": "EUR", "min": \(price), "max": \(price)}]}
        """)
      let card = ConcertCard(event)
      XCTAssertEqual(card.priceRanges.first?.min != nil, kept, price)
      XCTAssertNil(card.localDate, "9999-99-99 is no date")
      XCTAssertNil(card.localTime, "99:99:99 is no time")
    }
    XCTAssertEqual(WireDates.date("2024-02-29"), "2024-02-29")
    for impossible in ["2023-02-29", "9999-12-31", "2026-13-01", "2026-00-10", "2026-1-1", "+2026-01-01", "", "0000"] {
      XCTAssertNil(WireDates.date(impossible), impossible)
    }
  }
}
