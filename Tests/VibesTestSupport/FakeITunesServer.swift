import FlyingFox
import Foundation
import VibesServices

/// One song the fake iTunes store knows.
public struct FakeITunesSong: Sendable, Hashable {
  public var trackID: Int
  public var trackName: String
  public var artistName: String
  public var collectionName: String
  public var trackTimeMillis: Int
  /// nil: the song has no preview (the field is left out, as Apple does).
  public var previewURL: String?
  public var discNumber: Int
  public var trackNumber: Int
  /// The album's UPC, for `lookup?upc=`.
  public var upc: String?

  public init(
    trackID: Int, trackName: String, artistName: String, collectionName: String, trackTimeMillis: Int,
    previewURL: String? = nil, discNumber: Int = 1, trackNumber: Int = 1, upc: String? = nil
  ) {
    self.trackID = trackID
    self.trackName = trackName
    self.artistName = artistName
    self.collectionName = collectionName
    self.trackTimeMillis = trackTimeMillis
    self.previewURL =
      previewURL
      ?? "https://audio-ssl.itunes.apple.com/itunes-assets/AudioPreview/mzaf_\(trackID).plus.aac.p.m4a"
    self.discNumber = discNumber
    self.trackNumber = trackNumber
    self.upc = upc
  }

  /// The same song without a preview.
  public func withoutPreview() -> FakeITunesSong {
    var copy = self
    copy.previewURL = nil
    return copy
  }
}

/// A loopback stand-in for the iTunes Search API (`itunes.apple.com`): `GET /search` (term matched word by word,
/// case-insensitively, against "track artist album"; `limit` honoured; `media`, `entity` and `country` required as
/// the app sends them) and `GET /lookup?upc=…&entity=song` (the collection first, then its songs). Over the limit it
/// answers like Apple: 403 with an empty body and no Retry-After. Hand `baseURL` to a child via
/// `VIBES_ITUNES_API_URL`.
public final class FakeITunesServer: Sendable {
  private let state: FakeServerState
  private let songs: FakeITunesSongs
  private let server: LoopbackServer

  public init(songs: [FakeITunesSong]) async throws {
    let state = FakeServerState(validKeys: [])
    let store = FakeITunesSongs(songs)
    self.state = state
    self.songs = store
    self.server = try await LoopbackServer(state: state) { request, behaviour, _ in
      switch behaviour {
      case .status(let status) where status == 403:
        return HTTPResponse(statusCode: FakeJSON.statusCode(403), headers: [:], body: Data())
      case .status(let status): return FakeJSON.raw(status, body: "", contentType: "text/html")
      case .raw(let status, let body, let contentType):
        return FakeJSON.raw(status, body: body, contentType: contentType)
      default: break
      }
      let query = request.target.query(percentEncoded: true)
      let all = await store.songs
      let path = request.target.path(percentEncoded: true)
      if path.hasSuffix("/search") { return Self.search(query, all) }
      if path.hasSuffix("/lookup") { return Self.lookup(query, all) }
      return FakeJSON.raw(404, body: "", contentType: "text/html")
    }
  }

  public var baseURL: URL { server.baseURL }
  public var environment: [String: String] { [ServiceEndpoints.itunesVariable: baseURL.absoluteString] }
  public func stop() async { await server.stop() }
  /// `.status(403)` answers Apple's rate limit (empty 403); `.status(429)`, `.raw(…)`, `.delay`, `.dropConnection`.
  public func enqueue(_ behaviour: FakeBehaviour) async { await state.enqueue(behaviour) }
  public func recordedRequests() async -> [RecordedRequest] { await state.recordedRequests() }
  public func setSongs(_ songs: [FakeITunesSong]) async { await self.songs.set(songs) }

  static func search(_ query: String, _ songs: [FakeITunesSong]) -> HTTPResponse {
    guard let term = FormQuery.value("term", in: query), !term.isEmpty,
      FormQuery.value("media", in: query) == "music", FormQuery.value("entity", in: query) == "song"
    else { return FakeJSON.response(400, ["errorMessage": "Invalid value(s) for key(s): [term]"]) }
    let limit = FormQuery.value("limit", in: query).flatMap(Int.init) ?? 50
    let words = term.lowercased().split(separator: " ").map(String.init)
    let hits = songs.filter { song in
      let text = "\(song.trackName) \(song.artistName) \(song.collectionName)".lowercased()
      return words.allSatisfy { text.contains($0) }
    }
    let results = hits.prefix(max(1, min(limit, 200))).map(json)
    return FakeJSON.response(200, ["resultCount": results.count, "results": Array(results)])
  }

  static func lookup(_ query: String, _ songs: [FakeITunesSong]) -> HTTPResponse {
    guard let upc = FormQuery.value("upc", in: query) else {
      return FakeJSON.response(200, ["resultCount": 0, "results": [Any]()])
    }
    let tracks = songs.filter { $0.upc == upc }
    guard let first = tracks.first else { return FakeJSON.response(200, ["resultCount": 0, "results": [Any]()]) }
    var results: [Any] = [
      [
        "wrapperType": "collection", "collectionType": "Album", "collectionId": first.trackID * 10,
        "collectionName": first.collectionName, "artistName": first.artistName, "trackCount": tracks.count,
      ]
    ]
    if FormQuery.value("entity", in: query) == "song" { results += tracks.map(json) }
    return FakeJSON.response(200, ["resultCount": results.count, "results": results])
  }

  static func json(_ song: FakeITunesSong) -> [String: Any] {
    var entry: [String: Any] = [
      "wrapperType": "track", "kind": "song", "trackId": song.trackID, "artistName": song.artistName,
      "collectionName": song.collectionName, "trackName": song.trackName, "trackTimeMillis": song.trackTimeMillis,
      "discNumber": song.discNumber, "trackNumber": song.trackNumber, "trackExplicitness": "notExplicit",
      "trackViewUrl": "https://music.apple.com/us/album/x/\(song.trackID * 10)?i=\(song.trackID)&uo=4",
      "artworkUrl100":
        "https://is1-ssl.mzstatic.com/image/thumb/Music/v4/aa/bb/\(song.trackID)/source/100x100bb.jpg",
      "country": "USA", "currency": "USD",
    ]
    if let preview = song.previewURL { entry["previewUrl"] = preview }
    return entry
  }
}

actor FakeITunesSongs {
  private(set) var songs: [FakeITunesSong]
  init(_ songs: [FakeITunesSong]) { self.songs = songs }
  func set(_ songs: [FakeITunesSong]) { self.songs = songs }
}
