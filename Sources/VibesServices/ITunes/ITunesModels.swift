import Foundation

/// One song from the iTunes Search API (`wrapperType` "track", `kind` "song"). Other result kinds (the collection
/// a lookup returns first, music videos) are skipped when decoding.
public struct ITunesTrack: Sendable, Hashable {
  public var trackID: Int
  public var trackName: String
  public var artistName: String
  public var collectionName: String?
  /// `trackTimeMillis`.
  public var durationMilliseconds: Int?
  /// `previewUrl`: a ~30 s AAC clip in an .m4a; absent for some songs.
  public var previewURL: URL?
  /// `trackViewUrl`: the song's Apple Music page.
  public var trackViewURL: URL?
  /// `artworkUrl100`: a 100×100 JPEG (swap `100x100bb` for a larger size).
  public var artworkURL: URL?
  public var discNumber: Int?
  public var trackNumber: Int?

  public init(
    trackID: Int, trackName: String, artistName: String, collectionName: String? = nil,
    durationMilliseconds: Int? = nil, previewURL: URL? = nil, trackViewURL: URL? = nil, artworkURL: URL? = nil,
    discNumber: Int? = nil, trackNumber: Int? = nil
  ) {
    self.trackID = trackID
    self.trackName = trackName
    self.artistName = artistName
    self.collectionName = collectionName
    self.durationMilliseconds = durationMilliseconds
    self.previewURL = previewURL
    self.trackViewURL = trackViewURL
    self.artworkURL = artworkURL
    self.discNumber = discNumber
    self.trackNumber = trackNumber
  }

  /// Reads `{"resultCount":N,"results":[…]}` and keeps the songs. A body that is not that object throws.
  static func songs(from data: Data) throws(ITunesError) -> [ITunesTrack] {
    guard let object = JSONBody.object(data), let results = object["results"] as? [Any] else {
      throw .invalidResponse
    }
    return results.compactMap { item in
      guard let entry = item as? [String: Any], entry["wrapperType"] as? String == "track",
        (entry["kind"] as? String).map({ $0 == "song" }) ?? true,
        let id = JSONBody.int(entry["trackId"]),
        let name = entry["trackName"] as? String, let artist = entry["artistName"] as? String
      else { return nil }
      return ITunesTrack(
        trackID: id, trackName: name, artistName: artist, collectionName: entry["collectionName"] as? String,
        durationMilliseconds: JSONBody.int(entry["trackTimeMillis"]),
        previewURL: httpsURL(entry["previewUrl"]), trackViewURL: httpsURL(entry["trackViewUrl"]),
        artworkURL: httpsURL(entry["artworkUrl100"]), discNumber: JSONBody.int(entry["discNumber"]),
        trackNumber: JSONBody.int(entry["trackNumber"]))
    }
  }

  /// Only absolute http(s) URLs are kept; anything else (a `javascript:` or `file:` value) is dropped.
  static func httpsURL(_ value: Any?) -> URL? {
    guard let text = value as? String, text.count <= 2_048, let url = URL(string: text),
      let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http", url.host != nil
    else { return nil }
    return url
  }
}

/// Typed failures of `ITunesClient`. None carries a URL or a search term.
public enum ITunesError: Error, Equatable, Sendable {
  /// 403 (Apple's usual answer over ~20 calls a minute, empty body, no Retry-After) or 429. Never a "no preview".
  case rateLimited
  /// 5xx.
  case server(status: Int)
  /// Any other non-2xx.
  case unexpectedStatus(Int)
  /// No answer (DNS, refused, timeout, TLS, dropped…), with the host.
  case network(TransportFailure)
  /// A 2xx body that is not the Search API's JSON, or a body over the cap.
  case invalidResponse
  case cancelled

  static func from(_ error: ServiceError) -> ITunesError {
    switch error {
    case .cancelled: return .cancelled
    case .network(let problem): return .network(problem)
    case .rateLimited: return .rateLimited
    case .server(let status): return .server(status: status)
    case .unexpectedStatus(let status): return .unexpectedStatus(status)
    case .invalidResponse, .invalidCredentials, .forbidden: return .invalidResponse
    }
  }
}
