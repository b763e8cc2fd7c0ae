import Foundation

/// A stored object and the link anyone holding it can download it with.
public struct StorageObject: Sendable, Equatable {
  public var path: String
  public var size: Int
  public var contentType: String?
  /// `…/v0/b/{bucket}/o/{path}?alt=media&token={first download token}`; nil without a token.
  public var downloadURL: String?
}

/// Firebase Storage REST (v0) for one bucket: single-request uploads with a Content-Type, deletes. The rules allow
/// profile photos under 5 MB of type `image/*`; both are checked here before any byte is sent.
public struct FirebaseStorageClient: Sendable {
  public static let maxPhotoBytes = 5 * 1024 * 1024

  public let baseURL: URL
  public let bucket: String
  private let http: FirebaseHTTP

  public init(
    bucket: String, baseURL: URL = FirebaseConfiguration.defaultStorageURL,
    transport: any HTTPTransport = URLSessionTransport()
  ) {
    self.bucket = bucket
    self.baseURL = baseURL
    self.http = FirebaseHTTP(transport: transport)
  }

  /// The image type of `data` by its magic bytes (JPEG, PNG, GIF, WebP), else nil.
  public static func imageType(of data: Data) -> String? {
    let bytes = [UInt8](data.prefix(12))
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
    if bytes.starts(with: Array("GIF8".utf8)) { return "image/gif" }
    if bytes.count == 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
      return "image/webp"
    }
    return nil
  }

  /// Checks a profile photo: an image by content, under 5 MB. Returns its Content-Type.
  public static func checkPhoto(_ data: Data) throws(FirebaseError) -> String {
    guard data.count < maxPhotoBytes else { throw .photoTooLarge(bytes: data.count) }
    guard let type = imageType(of: data) else { throw .photoNotAnImage }
    return type
  }

  private func objectURL(_ path: String, query: [(String, String)] = []) -> URL? {
    ServiceEndpoints.url(
      base: baseURL,
      appending: "/v0/b/\(ServiceEndpoints.encode(bucket))/o/\(ServiceEndpoints.encode(path))", query: query)
  }

  /// The public download link for `path` with `token`.
  public func downloadURL(path: String, token: String) -> String? {
    objectURL(path, query: [("alt", "media"), ("token", token)])?.absoluteString
  }

  /// Uploads a photo (checked first) to `path` in one request.
  public func uploadPhoto(_ data: Data, path: String, idToken: String) async throws(FirebaseError) -> StorageObject {
    let type = try Self.checkPhoto(data)
    let url = ServiceEndpoints.url(
      base: baseURL, appending: "/v0/b/\(ServiceEndpoints.encode(bucket))/o", query: [("name", path)])
    let (body, response) = try await http.send(
      "POST", url, body: .bytes(data, contentType: type), headers: ["Authorization": "Firebase \(idToken)"])
    guard (200..<300).contains(response.statusCode) else {
      throw FirebaseHTTP.apiError(
        status: response.statusCode, data: body, retryAfter: response.value(forHTTPHeaderField: "Retry-After"))
    }
    guard let object = JSONBody.object(body), let name = object["name"] as? String else {
      throw .service(.invalidResponse)
    }
    let token = (object["downloadTokens"] as? String)?.split(separator: ",").first.map(String.init)
    return StorageObject(
      path: name, size: JSONBody.int(object["size"]) ?? data.count, contentType: object["contentType"] as? String,
      downloadURL: token.flatMap { downloadURL(path: name, token: $0) })
  }

  /// Deletes `path`; a missing object counts as deleted.
  public func delete(path: String, idToken: String) async throws(FirebaseError) {
    let (body, response) = try await http.send(
      "DELETE", objectURL(path), headers: ["Authorization": "Firebase \(idToken)"])
    if (200..<300).contains(response.statusCode) || response.statusCode == 404 { return }
    throw FirebaseHTTP.apiError(status: response.statusCode, data: body, retryAfter: nil)
  }
}
