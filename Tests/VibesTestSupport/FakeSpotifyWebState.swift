import FlyingFox
import Foundation

/// The fake Web API's mutable state and its routes, in post-2026 shapes.
actor SpotifyWebFakeState {
  typealias Catalog = FakeSpotifyWebCatalog
  static let apiBase = "https://api.spotify.com"

  private(set) var catalog: Catalog
  private(set) var validTokens: Set<String>
  private(set) var registered = true
  private(set) var recorded: [FakeSpotifyWebRequest] = []
  private(set) var library: Set<String> = []
  /// The library's URIs, newest first (the order `GET /v1/me/tracks|albums` lists them in).
  private var libraryOrder: [String] = []
  private var queue: [FakeSpotifyWebBehaviour] = []
  private var latency: Double = 0
  private var writeLatency: Double = 0
  private var created = 0
  /// true: `PUT /v1/playlists/{id}` answers 403 (a token without the playlist-modify scopes).
  private(set) var refusesDetailChanges = false
  /// Spotify Connect: the user's account, devices and what plays (`FakeSpotifyWebState+Player.swift`).
  var player = FakeSpotifyPlayer()

  init(catalog: Catalog, validTokens: Set<String>) {
    self.catalog = catalog
    self.validTokens = validTokens
  }

  func enqueue(_ behaviour: FakeSpotifyWebBehaviour) { queue.append(behaviour) }
  func setValidTokens(_ tokens: Set<String>) { validTokens = tokens }
  func setRegistered(_ value: Bool) { registered = value }
  func setRefusesDetailChanges(_ value: Bool) { refusesDetailChanges = value }
  func setLatency(_ seconds: Double) { latency = max(0, seconds) }
  func setWriteLatency(_ seconds: Double) { writeLatency = max(0, seconds) }

  func begin(_ request: FakeSpotifyWebRequest) -> (FakeSpotifyWebBehaviour?, Double) {
    recorded.append(request)
    let extra = request.method == "POST" ? writeLatency : 0
    return (queue.isEmpty ? nil : queue.removeFirst(), latency + extra)
  }

  static func error(_ status: Int, _ message: String) -> HTTPResponse {
    FakeJSON.response(status, ["error": ["status": status, "message": message]])
  }

  // MARK: Routing

  func route(_ request: RecordedRequest, body: Data) -> HTTPResponse {
    let parts = request.path.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
    guard parts.first == "v1" else { return Self.error(404, "Service not found") }
    let path = Array(parts.dropFirst())
    switch (request.method, path.count) {
    case ("GET", 1) where path[0] == "search": return search(request)
    case ("GET", 2) where path[0] == "tracks":
      return lookup(path[1]) { id in self.track(id).map { self.trackJSON($0) } }
    case ("GET", 2) where path[0] == "artists":
      return lookup(path[1]) { id in self.artist(id).map { self.artistJSON($0, full: true) } }
    case ("GET", 3) where path[0] == "artists" && path[2] == "albums": return artistAlbums(path[1], request)
    case ("GET", 2) where path[0] == "albums":
      return lookup(path[1]) { id in self.album(id).map { self.albumJSON($0, full: true) } }
    case ("GET", 3) where path[0] == "albums" && path[2] == "tracks": return albumTracks(path[1], request)
    case ("GET", 2) where path[0] == "playlists":
      return lookup(path[1]) { id in self.playlist(id).map { self.playlistJSON($0) } }
    case ("PUT", 2) where path[0] == "playlists": return changeDetails(path[1], body)
    case ("GET", 3) where path[0] == "playlists" && path[2] == "items": return playlistItems(path[1], request)
    case ("POST", 3) where path[0] == "playlists" && path[2] == "items": return addItems(path[1], body)
    case ("DELETE", 3) where path[0] == "playlists" && path[2] == "items": return removeItems(path[1], body)
    case ("PUT", 3) where path[0] == "playlists" && path[2] == "items": return moveItems(path[1], body)
    case ("GET", 2) where path == ["me", "tracks"]: return saved("track", request)
    case ("GET", 2) where path == ["me", "albums"]: return saved("album", request)
    case ("GET", 1) where path[0] == "me": return FakeJSON.response(200, userJSON(Catalog.userID, catalog.displayName))
    case ("GET", 2) where path == ["me", "playlists"]: return myPlaylists(request)
    case ("POST", 2) where path == ["me", "playlists"]: return createPlaylist(body)
    case ("GET", 3) where path[0] == "me" && path[1] == "top": return top(path[2], request)
    case ("PUT", 2) where path == ["me", "library"], ("DELETE", 2) where path == ["me", "library"]:
      return changeLibrary(request)
    case ("GET", 3) where path == ["me", "library", "contains"]: return libraryContains(request)
    case (_, 2...) where path[0] == "me" && path[1] == "player":
      return playerRoute(request, Array(path.dropFirst(2)), body)
    default:
      // Removed for development-mode apps: /me/tracks writes, /playlists/{id}/tracks, /users/…, /artists/{id}/top-tracks,
      // /recommendations, batch GETs (`/tracks?ids=`), browse.
      return Self.error(404, "Service not found")
    }
  }

  // MARK: Lookups

  func track(_ id: String) -> Catalog.Track? { catalog.tracks.first { $0.id == id } }
  private func artist(_ id: String) -> Catalog.Artist? { catalog.artists.first { $0.id == id } }
  func album(_ id: String) -> Catalog.Album? { catalog.albums.first { $0.id == id } }
  func playlist(_ id: String) -> Catalog.Playlist? { catalog.playlists.first { $0.id == id } }

  static func isBase62(_ id: String) -> Bool {
    id.count == 22 && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
  }

  private func lookup(_ id: String, _ find: (String) -> [String: Any]?) -> HTTPResponse {
    guard Self.isBase62(id) else { return Self.error(400, "Invalid base62 id") }
    guard let object = find(id) else { return Self.error(404, "Resource not found") }
    return FakeJSON.response(200, object)
  }

  /// `limit` within 1...max (default `defaultLimit`) and `offset` ≥ 0, or the 400 Spotify sends.
  private func window(_ request: RecordedRequest, max: Int, default defaultLimit: Int) -> Result<
    (Int, Int), SpotifyWebFakeFailure
  > {
    let limitText = request.queryValue("limit")
    guard let limit = limitText.map({ Int($0) }) ?? defaultLimit, (1...max).contains(limit) else {
      return .failure(SpotifyWebFakeFailure(response: Self.error(400, "Invalid limit")))
    }
    let offsetText = request.queryValue("offset")
    guard let offset = offsetText.map({ Int($0) }) ?? 0, offset >= 0 else {
      return .failure(SpotifyWebFakeFailure(response: Self.error(400, "Invalid offset")))
    }
    return .success((limit, offset))
  }

  private func page(_ all: [Any], limit: Int, offset: Int, href: String) -> [String: Any] {
    let slice = offset < all.count ? Array(all[offset..<min(offset + limit, all.count)]) : []
    let next: Any =
      offset + limit < all.count ? "\(Self.apiBase)\(href)?offset=\(offset + limit)&limit=\(limit)" : NSNull()
    return [
      "href": "\(Self.apiBase)\(href)", "items": slice, "total": all.count, "limit": limit, "offset": offset,
      "next": next, "previous": NSNull(),
    ]
  }

  // MARK: Search

  private func search(_ request: RecordedRequest) -> HTTPResponse {
    guard var typed = request.queryValue("q")?.lowercased(), !typed.isEmpty else {
      return Self.error(400, "No search query")
    }
    // The `artist:"NAME"` field filter: tracks by that artist only.
    var artistOnly = false
    if typed.hasPrefix("artist:") {
      typed = String(typed.dropFirst(7)).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
      artistOnly = true
    }
    let query = typed
    let types = (request.queryValue("type") ?? "").split(separator: ",").map(String.init)
    let known: Set<String> = ["track", "artist", "album", "playlist", "show", "episode", "audiobook"]
    guard !types.isEmpty, types.allSatisfy(known.contains) else { return Self.error(400, "Invalid type") }
    let window: (Int, Int)
    switch self.window(request, max: 10, default: 5) {
    case .success(let value): window = value
    case .failure(let failure): return failure.response
    }
    let (limit, offset) = window
    func matches(_ names: [String]) -> Bool { names.contains { $0.lowercased().contains(query) } }
    var result: [String: Any] = [:]
    if types.contains("track") {
      let fielded = FakeFieldedTrackQuery(query)
      let found = catalog.tracks.filter { track in
        let artistNames = track.artistIDs.compactMap { artist($0)?.name }
        if let fielded { return fielded.matches(track: track.name, artists: artistNames) }
        return matches((artistOnly ? [] : [track.name]) + artistNames)
      }
      result["tracks"] = page(found.map { trackJSON($0) }, limit: limit, offset: offset, href: "/v1/search")
    }
    if types.contains("artist") {
      let found = catalog.artists.filter { matches([$0.name]) }
      result["artists"] = page(
        found.map { artistJSON($0, full: true) }, limit: limit, offset: offset, href: "/v1/search")
    }
    if types.contains("album") {
      let found = catalog.albums.filter { album in matches([album.name, artist(album.artistID)?.name ?? ""]) }
      result["albums"] = page(
        found.map { albumJSON($0, full: false) }, limit: limit, offset: offset, href: "/v1/search")
    }
    if types.contains("playlist") {
      // Spotify's playlist search results famously hold `null` entries; the first one here is null.
      let found: [Any] = [NSNull()] + catalog.playlists.filter { matches([$0.name]) }.map { playlistJSON($0) }
      result["playlists"] = page(found, limit: limit, offset: offset, href: "/v1/search")
    }
    return FakeJSON.response(200, result)
  }

  // MARK: Artists and albums

  private func artistAlbums(_ id: String, _ request: RecordedRequest) -> HTTPResponse {
    guard Self.isBase62(id) else { return Self.error(400, "Invalid base62 id") }
    guard artist(id) != nil else { return Self.error(404, "Resource not found") }
    let window: (Int, Int)
    switch self.window(request, max: 10, default: 10) {
    case .success(let value): window = value
    case .failure(let failure): return failure.response
    }
    let groups = request.queryValue("include_groups").map { $0.split(separator: ",").map(String.init) }
    let releases = catalog.albums.filter { $0.artistID == id && (groups?.contains($0.type) ?? true) }
      .sorted { $0.releaseDate > $1.releaseDate }
    return FakeJSON.response(
      200,
      page(
        releases.map { albumJSON($0, full: false) }, limit: window.0, offset: window.1,
        href: "/v1/artists/\(id)/albums"))
  }

  private func albumTracks(_ id: String, _ request: RecordedRequest) -> HTTPResponse {
    guard Self.isBase62(id) else { return Self.error(400, "Invalid base62 id") }
    guard let album = album(id) else { return Self.error(404, "Resource not found") }
    let window: (Int, Int)
    switch self.window(request, max: 50, default: 20) {
    case .success(let value): window = value
    case .failure(let failure): return failure.response
    }
    let tracks = album.trackIDs.compactMap(track).map { trackJSON($0, withAlbum: false) }
    return FakeJSON.response(
      200, page(tracks, limit: window.0, offset: window.1, href: "/v1/albums/\(id)/tracks"))
  }

  // MARK: Playlists

  private func playlistItems(_ id: String, _ request: RecordedRequest) -> HTTPResponse {
    guard Self.isBase62(id) else { return Self.error(400, "Invalid base62 id") }
    guard let playlist = playlist(id) else { return Self.error(404, "Resource not found") }
    guard playlist.ownerID == Catalog.userID else { return Self.error(403, "Forbidden") }
    let window: (Int, Int)
    switch self.window(request, max: 50, default: 20) {
    case .success(let value): window = value
    case .failure(let failure): return failure.response
    }
    let entries: [Any] = playlist.items.map { uri -> Any in
      guard let uri, let track = track(String(uri.dropFirst("spotify:track:".count))) else { return NSNull() }
      return ["added_at": "2026-01-02T03:04:05Z", "is_local": false, "item": trackJSON(track)]
    }
    return FakeJSON.response(
      200, page(entries, limit: window.0, offset: window.1, href: "/v1/playlists/\(id)/items"))
  }

  private func addItems(_ id: String, _ body: Data) -> HTTPResponse {
    guard Self.isBase62(id) else { return Self.error(400, "Invalid base62 id") }
    guard let index = catalog.playlists.firstIndex(where: { $0.id == id }) else {
      return Self.error(404, "Resource not found")
    }
    guard catalog.playlists[index].ownerID == Catalog.userID else { return Self.error(403, "Forbidden") }
    guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
      let uris = object["uris"] as? [String], !uris.isEmpty
    else { return Self.error(400, "Invalid request body") }
    guard uris.count <= 100 else { return Self.error(400, "You can add a maximum of 100 items per request.") }
    guard uris.allSatisfy({ Self.isURI($0) }) else { return Self.error(400, "Invalid base62 id") }
    catalog.playlists[index].items += uris.map(Optional.some)
    catalog.playlists[index].snapshot += 1
    return FakeJSON.response(201, ["snapshot_id": snapshotID(catalog.playlists[index])])
  }

  /// `DELETE /v1/playlists/{id}/items` with `{"items":[{"uri":…}], "snapshot_id"?}`: every occurrence goes.
  private func removeItems(_ id: String, _ body: Data) -> HTTPResponse {
    guard Self.isBase62(id) else { return Self.error(400, "Invalid base62 id") }
    guard let index = catalog.playlists.firstIndex(where: { $0.id == id }) else {
      return Self.error(404, "Resource not found")
    }
    guard catalog.playlists[index].ownerID == Catalog.userID else { return Self.error(403, "Forbidden") }
    guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
      let items = object["items"] as? [[String: Any]], !items.isEmpty
    else { return Self.error(400, "Invalid request body") }
    guard items.count <= 100 else { return Self.error(400, "You can remove a maximum of 100 items per request.") }
    let uris = items.compactMap { $0["uri"] as? String }
    guard uris.count == items.count, uris.allSatisfy({ Self.isURI($0) }) else {
      return Self.error(400, "Invalid base62 id")
    }
    if let snapshot = object["snapshot_id"] as? String, snapshot != snapshotID(catalog.playlists[index]) {
      return Self.error(400, "Invalid snapshot id")
    }
    catalog.playlists[index].items.removeAll { $0.map(uris.contains) ?? false }
    catalog.playlists[index].snapshot += 1
    return FakeJSON.response(200, ["snapshot_id": snapshotID(catalog.playlists[index])])
  }

  /// `PUT /v1/playlists/{id}/items` with `range_start`, `insert_before`, `range_length`?, `snapshot_id`?: reorder.
  private func moveItems(_ id: String, _ body: Data) -> HTTPResponse {
    guard Self.isBase62(id) else { return Self.error(400, "Invalid base62 id") }
    guard let index = catalog.playlists.firstIndex(where: { $0.id == id }) else {
      return Self.error(404, "Resource not found")
    }
    guard catalog.playlists[index].ownerID == Catalog.userID else { return Self.error(403, "Forbidden") }
    guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
      let start = object["range_start"] as? Int, let before = object["insert_before"] as? Int
    else { return Self.error(400, "Invalid request body") }
    var items = catalog.playlists[index].items
    let length = object["range_length"] as? Int ?? 1
    guard start >= 0, length >= 1, start + length <= items.count, before >= 0, before <= items.count else {
      return Self.error(400, "Index out of bounds")
    }
    if let snapshot = object["snapshot_id"] as? String, snapshot != snapshotID(catalog.playlists[index]) {
      return Self.error(400, "Invalid snapshot id")
    }
    let moved = Array(items[start..<(start + length)])
    items.removeSubrange(start..<(start + length))
    let target = before > start ? before - length : before
    items.insert(contentsOf: moved, at: max(0, min(target, items.count)))
    catalog.playlists[index].items = items
    catalog.playlists[index].snapshot += 1
    return FakeJSON.response(200, ["snapshot_id": snapshotID(catalog.playlists[index])])
  }

  /// `GET /v1/me/tracks` / `GET /v1/me/albums`: the saved tracks or albums, newest first, `{added_at, track|album}`.
  private func saved(_ kind: String, _ request: RecordedRequest) -> HTTPResponse {
    let window: (Int, Int)
    switch self.window(request, max: 50, default: 20) {
    case .success(let value): window = value
    case .failure(let failure): return failure.response
    }
    let prefix = "spotify:\(kind):"
    let entries: [Any] = libraryOrder.filter { $0.hasPrefix(prefix) }.compactMap { uri -> Any? in
      let id = String(uri.dropFirst(prefix.count))
      let object: [String: Any]? =
        kind == "track" ? track(id).map { trackJSON($0) } : album(id).map { albumJSON($0, full: false) }
      return object.map { ["added_at": "2026-01-02T03:04:05Z", kind: $0] }
    }
    return FakeJSON.response(200, page(entries, limit: window.0, offset: window.1, href: "/v1/me/\(kind)s"))
  }

  private func myPlaylists(_ request: RecordedRequest) -> HTTPResponse {
    let window: (Int, Int)
    switch self.window(request, max: 50, default: 20) {
    case .success(let value): window = value
    case .failure(let failure): return failure.response
    }
    let mine = catalog.playlists.filter { $0.ownerID == Catalog.userID }.map { playlistJSON($0) }
    return FakeJSON.response(200, page(mine, limit: window.0, offset: window.1, href: "/v1/me/playlists"))
  }

  /// `PUT /v1/playlists/{id}` (Change Playlist Details): `name`, `description`, `public`, `collaborative`, each
  /// optional; the owner only (403), a collaborative playlist must be private (400, as Spotify answers); 200 with
  /// an empty body.
  private func changeDetails(_ id: String, _ body: Data) -> HTTPResponse {
    guard Self.isBase62(id) else { return Self.error(400, "Invalid base62 id") }
    guard let index = catalog.playlists.firstIndex(where: { $0.id == id }) else {
      return Self.error(404, "Resource not found")
    }
    guard catalog.playlists[index].ownerID == Catalog.userID, !refusesDetailChanges else {
      return Self.error(403, "Forbidden")
    }
    guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else {
      return Self.error(400, "Error parsing JSON.")
    }
    var playlist = catalog.playlists[index]
    if let name = object["name"] as? String { playlist.name = name }
    if let description = object["description"] as? String { playlist.description = description }
    if let isPublic = object["public"] as? Bool { playlist.isPublic = isPublic }
    if let collaborative = object["collaborative"] as? Bool { playlist.isCollaborative = collaborative }
    if playlist.isCollaborative && playlist.isPublic {
      return Self.error(400, "Collaborative playlists cannot be public")
    }
    playlist.snapshot += 1
    catalog.playlists[index] = playlist
    return HTTPResponse(statusCode: FakeJSON.statusCode(200), headers: [:], body: Data())
  }

  private func createPlaylist(_ body: Data) -> HTTPResponse {
    guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
      let name = object["name"] as? String, !name.isEmpty
    else { return Self.error(400, "Missing required field: name") }
    created += 1
    let playlist = Catalog.Playlist(
      id: Catalog.id("created\(created)"), name: name, description: object["description"] as? String ?? "",
      ownerID: Catalog.userID, ownerName: "Ada Lovelace", isPublic: object["public"] as? Bool ?? true, items: [])
    catalog.playlists.append(playlist)
    return FakeJSON.response(201, playlistJSON(playlist))
  }

  // MARK: Top and library

  private func top(_ kind: String, _ request: RecordedRequest) -> HTTPResponse {
    let range = request.queryValue("time_range") ?? "medium_term"
    guard let artistIDs = catalog.topArtists[range], let trackIDs = catalog.topTracks[range] else {
      return Self.error(400, "Invalid time range")
    }
    let window: (Int, Int)
    switch self.window(request, max: 50, default: 20) {
    case .success(let value): window = value
    case .failure(let failure): return failure.response
    }
    let items: [Any]
    switch kind {
    case "artists": items = artistIDs.compactMap(artist).map { artistJSON($0, full: true) }
    case "tracks": items = trackIDs.compactMap(track).map { trackJSON($0) }
    default: return Self.error(404, "Service not found")
    }
    return FakeJSON.response(200, page(items, limit: window.0, offset: window.1, href: "/v1/me/top/\(kind)"))
  }

  static func isURI(_ uri: String) -> Bool {
    let parts = uri.split(separator: ":", omittingEmptySubsequences: false)
    let kinds: Set<Substring> = ["track", "album", "artist", "playlist", "show", "episode", "audiobook"]
    return parts.count == 3 && parts[0] == "spotify" && kinds.contains(parts[1]) && isBase62(String(parts[2]))
  }

  private func libraryURIs(_ request: RecordedRequest) -> Result<[String], SpotifyWebFakeFailure> {
    let uris = (request.queryValue("uris") ?? "").split(separator: ",").map(String.init)
    guard !uris.isEmpty else { return .failure(SpotifyWebFakeFailure(response: Self.error(400, "Missing uris"))) }
    guard uris.count <= 40 else {
      return .failure(SpotifyWebFakeFailure(response: Self.error(400, "Too many ids requested")))
    }
    guard uris.allSatisfy(Self.isURI) else {
      return .failure(SpotifyWebFakeFailure(response: Self.error(400, "Invalid base62 id")))
    }
    return .success(uris)
  }

  private func changeLibrary(_ request: RecordedRequest) -> HTTPResponse {
    switch libraryURIs(request) {
    case .failure(let failure): return failure.response
    case .success(let uris):
      if request.method == "PUT" {
        library.formUnion(uris)
        libraryOrder = uris.reversed() + libraryOrder.filter { !uris.contains($0) }
      } else {
        library.subtract(uris)
        libraryOrder.removeAll { uris.contains($0) }
      }
      return FakeJSON.raw(200, body: "", contentType: "application/json")
    }
  }

  private func libraryContains(_ request: RecordedRequest) -> HTTPResponse {
    switch libraryURIs(request) {
    case .failure(let failure): return failure.response
    case .success(let uris): return FakeJSON.response(200, uris.map { library.contains($0) })
    }
  }

  // MARK: JSON

  private func external(_ kind: String, _ id: String) -> [String: Any] {
    ["spotify": "https://open.spotify.com/\(kind)/\(id)"]
  }

  private func userJSON(_ id: String, _ name: String) -> [String: Any] {
    [
      "id": id, "display_name": name, "type": "user", "uri": "spotify:user:\(id)",
      "external_urls": external("user", id), "href": "\(Self.apiBase)/v1/users/\(id)",
    ]
  }

  private func artistJSON(_ artist: Catalog.Artist, full: Bool) -> [String: Any] {
    var object: [String: Any] = [
      "id": artist.id, "name": artist.name, "type": "artist", "uri": "spotify:artist:\(artist.id)",
      "external_urls": external("artist", artist.id), "href": "\(Self.apiBase)/v1/artists/\(artist.id)",
    ]
    if full {
      object["genres"] = artist.genres
      object["images"] = [["url": "https://i.scdn.co/image/\(artist.id)", "width": 640, "height": 640]]
    }
    return object
  }

  private func albumJSON(_ album: Catalog.Album, full: Bool) -> [String: Any] {
    var object: [String: Any] = [
      "id": album.id, "name": album.name, "type": "album", "album_type": album.type,
      "uri": "spotify:album:\(album.id)", "release_date": album.releaseDate,
      "release_date_precision": album.precision, "total_tracks": album.trackIDs.count,
      "artists": artist(album.artistID).map { [artistJSON($0, full: false)] } ?? [],
      "external_urls": external("album", album.id), "images": [],
    ]
    if full {
      let tracks = album.trackIDs.compactMap(track).map { trackJSON($0, withAlbum: false) }
      object["tracks"] = page(tracks, limit: 50, offset: 0, href: "/v1/albums/\(album.id)/tracks")
    }
    return object
  }

  func trackJSON(_ track: Catalog.Track, withAlbum: Bool = true) -> [String: Any] {
    var object: [String: Any] = [
      "id": track.id, "name": track.name, "type": "track", "uri": "spotify:track:\(track.id)",
      "duration_ms": track.durationMs, "explicit": track.explicit, "track_number": track.number, "disc_number": 1,
      "artists": track.artistIDs.compactMap(artist).map { artistJSON($0, full: false) },
      "external_urls": external("track", track.id), "is_local": false,
    ]
    if withAlbum, let album = album(track.albumID) { object["album"] = albumJSON(album, full: false) }
    return object
  }

  private func snapshotID(_ playlist: Catalog.Playlist) -> String { "snap-\(playlist.id)-\(playlist.snapshot)" }

  private func playlistJSON(_ playlist: Catalog.Playlist) -> [String: Any] {
    [
      "id": playlist.id, "name": playlist.name, "description": playlist.description, "type": "playlist",
      "uri": "spotify:playlist:\(playlist.id)", "external_urls": external("playlist", playlist.id),
      "owner": userJSON(playlist.ownerID, playlist.ownerName), "public": playlist.isPublic,
      "collaborative": playlist.isCollaborative, "snapshot_id": snapshotID(playlist), "images": NSNull(),
      "items": ["href": "\(Self.apiBase)/v1/playlists/\(playlist.id)/items", "total": playlist.items.count],
    ]
  }
}

/// A prepared error answer (so helpers can return `Result`).
struct SpotifyWebFakeFailure: Error, @unchecked Sendable {
  let response: HTTPResponse
}
