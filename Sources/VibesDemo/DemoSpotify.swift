import Crypto
import FlyingFox
import Foundation

/// The demo's Spotify accounts service and Web API (one state: the accounts side issues the tokens the
/// Web API accepts). `/authorize` approves at once with the redirect the real consent page sends after
/// "Agree"; PKCE is checked as Spotify does.
actor DemoSpotify {
  static let clientID = "0de0c11e0123456789abcdef0de0c11e"
  private var codes: [String: (challenge: String, redirect: String)] = [:]
  private var accessTokens: Set<String> = []
  private var refreshTokens: Set<String> = []
  private var playlists: [[String: Any]] = []
  private var playlistItems: [String: [String]] = [:]
  private var library: Set<String> = []
  private var counter = 0

  private func next(_ prefix: String) -> String {
    counter += 1
    return prefix + String(format: "%06d", counter) + UUID().uuidString.replacingOccurrences(of: "-", with: "")
  }

  /// The playlists created so far, newest first, with how many tracks each holds.
  func savedPlaylists() -> [(name: String, tracks: Int)] {
    playlists.map { ($0["name"] as? String ?? "", playlistItems[$0["id"] as? String ?? ""]?.count ?? 0) }
  }

  // MARK: Accounts

  func accounts(_ request: DemoRequest) -> HTTPResponse {
    switch (request.method, request.path) {
    case ("GET", "/authorize"):
      guard request.query["client_id"] == Self.clientID, let redirect = request.query["redirect_uri"],
        redirect.hasPrefix("http://127.0.0.1:"), let challenge = request.query["code_challenge"],
        let state = request.query["state"]
      else { return DemoJSON.response(400, ["error": "invalid_request"]) }
      let code = next("AQdemo")
      codes[code] = (challenge, redirect)
      var components = URLComponents(string: redirect)!
      components.queryItems = [URLQueryItem(name: "code", value: code), URLQueryItem(name: "state", value: state)]
      return DemoJSON.redirect(to: components.string!)
    case ("POST", "/api/token"):
      return token(request.form)
    case ("GET", "/v1/me"):
      return web(request)
    default:
      return DemoJSON.response(404, ["error": ["status": 404, "message": "Service not found"]])
    }
  }

  private func token(_ form: [String: String]) -> HTTPResponse {
    switch form["grant_type"] {
    case "authorization_code":
      guard let code = form["code"], let issued = codes.removeValue(forKey: code),
        form["redirect_uri"] == issued.redirect, Self.challenge(form["code_verifier"] ?? "") == issued.challenge
      else { return DemoJSON.response(400, ["error": "invalid_grant", "error_description": "Invalid code"]) }
      return grant()
    case "refresh_token":
      guard let old = form["refresh_token"], refreshTokens.remove(old) != nil else {
        return DemoJSON.response(400, ["error": "invalid_grant", "error_description": "Refresh token revoked"])
      }
      return grant()
    default:
      return DemoJSON.response(400, ["error": "unsupported_grant_type"])
    }
  }

  private func grant() -> HTTPResponse {
    let access = next("BQdemo")
    let refresh = next("AQRdemo")
    accessTokens.insert(access)
    refreshTokens.insert(refresh)
    return DemoJSON.response(
      200,
      [
        "access_token": access, "token_type": "Bearer", "expires_in": 3600, "refresh_token": refresh,
        "scope": "user-read-private playlist-modify-private playlist-modify-public user-top-read user-library-read",
      ])
  }

  static func challenge(_ verifier: String) -> String {
    Data(SHA256.hash(data: Data(verifier.utf8))).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }

  // MARK: Web API

  func web(_ request: DemoRequest) -> HTTPResponse {
    let bearer = request.headers["authorization"].map { String($0.dropFirst("Bearer ".count)) } ?? ""
    guard accessTokens.contains(bearer) else {
      return DemoJSON.response(401, ["error": ["status": 401, "message": "The access token expired"]])
    }
    let route =
      "\(request.method) "
      + request.path.split(separator: "/").map { $0.hasPrefix("demo") ? "*" : String($0) }.joined(separator: "/")
    let id = request.path.split(separator: "/").map(String.init).first { $0.hasPrefix("demo") } ?? ""
    switch route {
    case "GET v1/me":
      return DemoJSON.response(
        200,
        [
          "id": "demo", "display_name": "Demo Listener", "country": "DE", "product": "premium", "type": "user",
          "uri": "spotify:user:demo", "external_urls": ["spotify": "https://open.spotify.com/user/demo"],
        ])
    case "GET v1/search":
      return search(request.query)
    case "GET v1/me/top/artists":
      return DemoJSON.response(200, page(Self.artists.map(Self.artistJSON), request.query))
    case "GET v1/me/top/tracks":
      return DemoJSON.response(200, page(DemoCatalog.songs.indices.map(Self.trackJSON), request.query))
    case "GET v1/tracks/*":
      guard let index = DemoCatalog.songs.indices.first(where: { DemoCatalog.trackID($0) == id }) else {
        return notFound()
      }
      return DemoJSON.response(200, Self.trackJSON(index))
    case "GET v1/artists/*":
      guard let name = Self.artists.first(where: { DemoCatalog.artistID($0) == id }) else { return notFound() }
      return DemoJSON.response(200, Self.artistJSON(name))
    case "GET v1/artists/*/albums":
      let albums = DemoCatalog.songs.filter { DemoCatalog.artistID($0.artist) == id }.map(Self.albumJSON)
      return DemoJSON.response(200, page(albums, request.query))
    case "GET v1/albums/*":
      guard
        let index = DemoCatalog.songs.indices.first(where: { DemoCatalog.albumID(DemoCatalog.songs[$0].album) == id })
      else { return notFound() }
      var album = Self.albumJSON(DemoCatalog.songs[index])
      album["tracks"] = page([Self.trackJSON(index)], [:])
      return DemoJSON.response(200, album)
    case "GET v1/albums/*/tracks":
      let tracks = DemoCatalog.songs.indices.filter { DemoCatalog.albumID(DemoCatalog.songs[$0].album) == id }
      return DemoJSON.response(200, page(tracks.map(Self.trackJSON), request.query))
    case "GET v1/me/playlists":
      return DemoJSON.response(200, page(playlists.map(playlistJSON), request.query))
    case "POST v1/me/playlists":
      let body = request.json ?? [:]
      let id = "demoPlaylist" + String(format: "%010d", playlists.count + 1)
      playlists.insert(
        [
          "id": id, "name": body["name"] as? String ?? "Playlist", "description": body["description"] as? String ?? "",
          "public": body["public"] as? Bool ?? false,
        ], at: 0)
      playlistItems[id] = []
      return DemoJSON.response(201, playlistJSON(playlists[0]))
    case "GET v1/playlists/*":
      guard let playlist = playlists.first(where: { $0["id"] as? String == id }) else { return notFound() }
      return DemoJSON.response(200, playlistJSON(playlist))
    case "PUT v1/playlists/*":
      // Change Playlist Details: a Blend is made collaborative (Spotify allows it only on a private playlist).
      guard let index = playlists.firstIndex(where: { $0["id"] as? String == id }) else { return notFound() }
      let body = request.json ?? [:]
      var playlist = playlists[index]
      for field in ["public", "collaborative"] { if let value = body[field] as? Bool { playlist[field] = value } }
      if playlist["collaborative"] as? Bool == true, playlist["public"] as? Bool == true {
        return DemoJSON.response(
          400, ["error": ["status": 400, "message": "Collaborative playlists cannot be public"]])
      }
      playlists[index] = playlist
      return DemoJSON.empty(200)
    case "GET v1/playlists/*/items":
      let items = (playlistItems[id] ?? []).compactMap(Self.index(ofURI:)).map {
        ["added_at": "\(DemoClock.day(0))T10:00:00Z", "item": Self.trackJSON($0)] as [String: Any]
      }
      return DemoJSON.response(200, page(items, request.query))
    case "POST v1/playlists/*/items":
      guard playlistItems[id] != nil else { return notFound() }
      let uris = (request.json?["uris"] as? [String]) ?? []
      playlistItems[id, default: []] += uris
      return DemoJSON.response(201, ["snapshot_id": "demoSnapshot\(playlistItems[id]?.count ?? 0)"])
    case "PUT v1/me/library":
      library.formUnion(Self.uris(request.query))
      return DemoJSON.empty(200)
    case "DELETE v1/me/library":
      library.subtract(Self.uris(request.query))
      return DemoJSON.empty(200)
    case "GET v1/me/library/contains":
      return DemoJSON.response(200, Self.uris(request.query).map { library.contains($0) })
    default:
      return notFound()
    }
  }

  private func search(_ query: [String: String]) -> HTTPResponse {
    let words = (query["q"] ?? "").lowercased()
      .replacingOccurrences(of: "track:", with: " ").replacingOccurrences(of: "artist:", with: " ")
      .replacingOccurrences(of: "album:", with: " ").replacingOccurrences(of: "\"", with: " ")
      .split(separator: " ").map(String.init).filter { $0.count > 1 }
    func score(_ song: DemoCatalog.Song) -> Int {
      let haystack = "\(song.title) \(song.artist) \(song.album)".lowercased()
      return words.filter { haystack.contains($0) }.count
    }
    let scored: [(index: Int, score: Int)] = DemoCatalog.songs.indices.map { ($0, score(DemoCatalog.songs[$0])) }
    let ranked: [Int] = scored.filter { $0.score > 0 }
      .sorted { $0.score == $1.score ? $0.index < $1.index : $0.score > $1.score }.map(\.index)
    let types = Set((query["type"] ?? "track").split(separator: ",").map(String.init))
    var body: [String: Any] = [:]
    if types.contains("track") { body["tracks"] = page(ranked.map(Self.trackJSON), query) }
    if types.contains("artist") {
      let names = Self.artists.filter { name in words.contains { name.lowercased().contains($0) } }
      body["artists"] = page(names.map(Self.artistJSON), query)
    }
    if types.contains("album") { body["albums"] = page(ranked.map { Self.albumJSON(DemoCatalog.songs[$0]) }, query) }
    if types.contains("playlist") { body["playlists"] = page([Any](), query) }
    return DemoJSON.response(200, body)
  }

  private func page(_ items: [Any], _ query: [String: String]) -> [String: Any] {
    let limit = max(1, min(Int(query["limit"] ?? "") ?? 20, 50))
    let offset = max(0, Int(query["offset"] ?? "") ?? 0)
    let slice = Array(items.dropFirst(offset).prefix(limit))
    return [
      "items": slice, "total": items.count, "limit": limit, "offset": offset,
      "next": offset + slice.count < items.count ? "http://127.0.0.1/next?offset=\(offset + slice.count)" : NSNull(),
      "previous": NSNull(), "href": "http://127.0.0.1/page",
    ]
  }

  private func playlistJSON(_ playlist: [String: Any]) -> [String: Any] {
    let id = playlist["id"] as? String ?? ""
    var json = playlist
    json["uri"] = "spotify:playlist:\(id)"
    json["owner"] = ["id": "demo", "display_name": "Demo Listener"]
    json["items"] = ["total": playlistItems[id]?.count ?? 0]
    json["images"] = [Any]()
    json["snapshot_id"] = "demoSnapshot"
    json["external_urls"] = ["spotify": "https://open.spotify.com/playlist/\(id)"]
    return json
  }

  private func notFound() -> HTTPResponse {
    DemoJSON.response(404, ["error": ["status": 404, "message": "Resource not found"]])
  }

  static var artists: [String] {
    var seen = Set<String>()
    return DemoCatalog.songs.map(\.artist).filter { seen.insert($0).inserted }
  }

  static func uris(_ query: [String: String]) -> [String] {
    (query["uris"] ?? "").split(separator: ",").map(String.init)
  }

  static func index(ofURI uri: String) -> Int? {
    DemoCatalog.songs.indices.first { "spotify:track:\(DemoCatalog.trackID($0))" == uri }
  }

  static func artistJSON(_ name: String) -> [String: Any] {
    let id = DemoCatalog.artistID(name)
    return [
      "id": id, "name": name, "uri": "spotify:artist:\(id)", "type": "artist", "genres": ["demo"],
      "images": [Any](), "external_urls": ["spotify": "https://open.spotify.com/artist/\(id)"],
    ]
  }

  static func albumJSON(_ song: DemoCatalog.Song) -> [String: Any] {
    let id = DemoCatalog.albumID(song.album)
    let release = song.releaseDate
    return [
      "id": id, "name": song.album, "uri": "spotify:album:\(id)",
      "album_type": song.daysAgo == nil ? "album" : "single",
      "release_date": release.date, "release_date_precision": release.precision,
      "total_tracks": song.daysAgo == nil ? 10 : 1,
      "artists": [artistJSON(song.artist)], "images": [Any](),
      "external_urls": ["spotify": "https://open.spotify.com/album/\(id)"],
    ]
  }

  static func trackJSON(_ index: Int) -> [String: Any] {
    let song = DemoCatalog.songs[index]
    let id = DemoCatalog.trackID(index)
    return [
      "id": id, "name": song.title, "uri": "spotify:track:\(id)", "type": "track",
      "duration_ms": 180_000 + index * 7_000, "explicit": false, "artists": [artistJSON(song.artist)],
      "album": albumJSON(song), "track_number": 1, "disc_number": 1,
      "external_urls": ["spotify": "https://open.spotify.com/track/\(id)"],
    ]
  }
}
