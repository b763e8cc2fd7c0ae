import Foundation

/// A structured query over one collection: filters (ANDed), order, limit.
public struct FirestoreQuery: Sendable, Equatable {
  public enum Operator: String, Sendable {
    case lessThan = "LESS_THAN"
    case lessThanOrEqual = "LESS_THAN_OR_EQUAL"
    case greaterThan = "GREATER_THAN"
    case greaterThanOrEqual = "GREATER_THAN_OR_EQUAL"
    case equal = "EQUAL"
    case notEqual = "NOT_EQUAL"
    case arrayContains = "ARRAY_CONTAINS"
    case `in` = "IN"
    case arrayContainsAny = "ARRAY_CONTAINS_ANY"
    case notIn = "NOT_IN"
  }

  public struct Filter: Sendable, Equatable {
    public var field: String
    public var op: Operator
    public var value: FirestoreValue

    public init(_ field: String, _ op: Operator, _ value: FirestoreValue) {
      self.field = field
      self.op = op
      self.value = value
    }
  }

  public struct Order: Sendable, Equatable {
    public var field: String
    public var descending: Bool

    public init(_ field: String, descending: Bool = false) {
      self.field = field
      self.descending = descending
    }
  }

  /// At most this many values in one `IN` (Firestore refuses more).
  public static let maxInValues = 30

  public var collection: String
  public var filters: [Filter]
  public var orderBy: [Order]
  public var limit: Int?
  /// The parent document of a subcollection (`threads/t1` for `threads/t1/messages`); nil for a root collection.
  public var parent: String?

  public init(
    collection: String, filters: [Filter] = [], orderBy: [Order] = [], limit: Int? = nil, parent: String? = nil
  ) {
    self.collection = collection
    self.filters = filters
    self.orderBy = orderBy
    self.limit = limit
    self.parent = parent
  }

  /// `{"from":[…],"where":…,"orderBy":[…],"limit":n}`
  public var json: [String: Any] {
    var query: [String: Any] = ["from": [["collectionId": collection]]]
    let encoded: [[String: Any]] = filters.map {
      [
        "fieldFilter": [
          "field": ["fieldPath": FirestorePath.fieldPath($0.field)], "op": $0.op.rawValue, "value": $0.value.json,
        ]
      ]
    }
    if encoded.count == 1 {
      query["where"] = encoded[0]
    } else if encoded.count > 1 {
      query["where"] = ["compositeFilter": ["op": "AND", "filters": encoded]]
    }
    if !orderBy.isEmpty {
      query["orderBy"] = orderBy.map {
        [
          "field": ["fieldPath": FirestorePath.fieldPath($0.field)],
          "direction": $0.descending ? "DESCENDING" : "ASCENDING",
        ]
      }
    }
    if let limit { query["limit"] = limit }
    return query
  }
}

/// One write of a `commit`.
public enum FirestoreWrite: Sendable, Equatable {
  public enum Precondition: Sendable, Equatable {
    case exists(Bool)
    case updateTime(String)
  }

  public enum Transform: Sendable, Equatable {
    case increment(field: String, by: Int64)
    case serverTime(field: String)
  }

  /// Writes `fields` to `path`; with `mask` only those paths change (never nil for a partial edit).
  case update(
    path: String, fields: [String: FirestoreValue], mask: [String]?, precondition: Precondition?,
    transforms: [Transform] = [])
  case delete(path: String, precondition: Precondition?)
}

/// Names and escaping.
public enum FirestorePath {
  /// Backquotes segments outside `[a-zA-Z_][a-zA-Z_0-9]*`.
  public static func fieldPath(_ path: String) -> String {
    path.split(separator: ".", omittingEmptySubsequences: false).map { segment -> String in
      let plain =
        !segment.isEmpty && segment.first.map { $0 == "_" || ($0.isASCII && $0.isLetter) } == true
        && segment.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
      if plain { return String(segment) }
      return "`" + segment.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "`", with: "\\`") + "`"
    }.joined(separator: ".")
  }

  /// A document id is safe when it has no `/`, is not `.` or `..`, and is not a reserved `__…__` name.
  public static func isValidID(_ id: String) -> Bool {
    !id.isEmpty && id.utf8.count <= 1500 && !id.contains("/") && id != "." && id != ".."
      && !(id.hasPrefix("__") && id.hasSuffix("__"))
  }
}

/// Cloud Firestore REST v1 for one project's `(default)` database, as the signed-in user (a Firebase ID token per
/// call; the rules see `request.auth`). Never patches without an `updateMask`. RESOURCE_EXHAUSTED and ABORTED are
/// retried with backoff (`retryDelays`), everything else surfaces typed.
public struct FirestoreClient: Sendable {
  public let baseURL: URL
  public let projectID: String
  /// Waits before the 2nd, 3rd, … attempt after RESOURCE_EXHAUSTED or ABORTED (a server's Retry-After wins).
  public let retryDelays: [TimeInterval]
  private let http: FirebaseHTTP

  public init(
    projectID: String, baseURL: URL = FirebaseConfiguration.defaultFirestoreURL, retryDelays: [TimeInterval] = [1, 3],
    transport: any HTTPTransport = URLSessionTransport()
  ) {
    self.projectID = projectID
    self.baseURL = baseURL
    self.retryDelays = retryDelays
    self.http = FirebaseHTTP(transport: transport)
  }

  /// `projects/P/databases/(default)/documents`
  public var documentsRoot: String { "projects/\(projectID)/databases/(default)/documents" }

  /// The full name of `path` (`users/u1` → `projects/…/documents/users/u1`).
  public func name(_ path: String) -> String { documentsRoot + "/" + path }

  private func url(_ path: String, _ query: [(String, String)] = []) -> URL? {
    let encoded = path.split(separator: "/", omittingEmptySubsequences: false).map {
      $0.addingPercentEncoding(withAllowedCharacters: Self.segmentCharacters) ?? ""
    }.joined(separator: "/")
    return ServiceEndpoints.url(base: baseURL, appending: "/v1/" + encoded, query: query)
  }

  private static let segmentCharacters: CharacterSet = {
    var set = CharacterSet(
      charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~()!$'*+,;=@")
    set.insert(charactersIn: ":")
    return set
  }()

  /// The document, or nil when it does not exist.
  public func get(_ path: String, idToken: String) async throws(FirebaseError) -> FirestoreDocument? {
    let json: Any
    do {
      json = try await call("GET", url(name(path)), idToken: idToken)
    } catch .notFound {
      return nil
    }
    guard let document = FirestoreDocument(json: json) else { throw .service(.invalidResponse) }
    return document
  }

  /// `POST …/{collection}?documentId=id`; `.alreadyExists` when it exists.
  @discardableResult
  public func create(
    collection: String, id: String, fields: [String: FirestoreValue], idToken: String
  ) async throws(FirebaseError) -> FirestoreDocument {
    let json = try await call(
      "POST", url(name(collection), [("documentId", id)]), body: ["fields": fields.mapValues { $0.json }],
      idToken: idToken)
    guard let document = FirestoreDocument(json: json) else { throw .service(.invalidResponse) }
    return document
  }

  /// `PATCH` with `updateMask.fieldPaths` for each of `mask` (a listed path missing from `fields` is deleted).
  /// An empty mask is refused here: a PATCH without a mask would replace the whole document.
  @discardableResult
  public func patch(
    _ path: String, fields: [String: FirestoreValue], mask: [String], exists: Bool? = nil, idToken: String
  ) async throws(FirebaseError) -> FirestoreDocument {
    guard !mask.isEmpty else { throw .invalidArgument }
    var query = mask.map { ("updateMask.fieldPaths", FirestorePath.fieldPath($0)) }
    if let exists { query.append(("currentDocument.exists", exists ? "true" : "false")) }
    let json = try await call(
      "PATCH", url(name(path), query), body: ["fields": fields.mapValues { $0.json }], idToken: idToken)
    guard let document = FirestoreDocument(json: json) else { throw .service(.invalidResponse) }
    return document
  }

  /// Deleting a missing document succeeds.
  public func delete(_ path: String, idToken: String) async throws(FirebaseError) {
    _ = try await call("DELETE", url(name(path)), idToken: idToken)
  }

  /// `:runQuery`: only the elements that carry a `document` (an empty answer is `[{"readTime":…}]`).
  public func runQuery(_ query: FirestoreQuery, idToken: String) async throws(FirebaseError) -> [FirestoreDocument] {
    let parent = query.parent.map(name) ?? documentsRoot
    let json = try await call(
      "POST", url(parent + ":runQuery"), body: ["structuredQuery": query.json], idToken: idToken, readOnly: true)
    guard let array = json as? [Any] else { throw .service(.invalidResponse) }
    var documents: [FirestoreDocument] = []
    for element in array {
      guard let object = element as? [String: Any] else { throw .service(.invalidResponse) }
      guard let raw = object["document"] else { continue }
      guard let document = FirestoreDocument(json: raw) else { throw .service(.invalidResponse) }
      documents.append(document)
    }
    return documents
  }

  /// `:runAggregationQuery` with one `count`.
  public func count(_ query: FirestoreQuery, idToken: String) async throws(FirebaseError) -> Int {
    var structured = query.json
    structured.removeValue(forKey: "orderBy")
    let body: [String: Any] = [
      "structuredAggregationQuery": ["structuredQuery": structured, "aggregations": [["alias": "n", "count": [:]]]]
    ]
    let json = try await call(
      "POST", url(documentsRoot + ":runAggregationQuery"), body: body, idToken: idToken, readOnly: true)
    guard let array = json as? [Any] else { throw .service(.invalidResponse) }
    for element in array {
      guard let object = element as? [String: Any], let result = object["result"] as? [String: Any],
        let fields = result["aggregateFields"] as? [String: Any], let raw = fields["n"]
      else { continue }
      guard let value = FirestoreValue(json: raw)?.integerValue else { throw .service(.invalidResponse) }
      return Int(value)
    }
    throw .service(.invalidResponse)
  }

  /// `:batchGet`: the documents found, keyed by path relative to the root (`users/u1`); missing ones are absent.
  public func batchGet(_ paths: [String], idToken: String) async throws(FirebaseError) -> [String: FirestoreDocument] {
    guard !paths.isEmpty else { return [:] }
    let json = try await call(
      "POST", url(documentsRoot + ":batchGet"), body: ["documents": paths.map(name)], idToken: idToken,
      readOnly: true)
    guard let array = json as? [Any] else { throw .service(.invalidResponse) }
    var result: [String: FirestoreDocument] = [:]
    let prefix = documentsRoot + "/"
    for element in array {
      guard let object = element as? [String: Any], let raw = object["found"] else { continue }
      guard let document = FirestoreDocument(json: raw) else { throw .service(.invalidResponse) }
      result[document.name.hasPrefix(prefix) ? String(document.name.dropFirst(prefix.count)) : document.name] =
        document
    }
    return result
  }

  /// `:commit`: all writes atomically, in order (chunks of 500 would not be atomic, so more is refused).
  public func commit(_ writes: [FirestoreWrite], idToken: String) async throws(FirebaseError) {
    guard !writes.isEmpty else { return }
    guard writes.count <= 500 else { throw .invalidArgument }
    _ = try await call(
      "POST", url(documentsRoot + ":commit"), body: ["writes": writes.map(encode)], idToken: idToken)
  }

  func encode(_ write: FirestoreWrite) -> [String: Any] {
    func precondition(_ value: FirestoreWrite.Precondition) -> [String: Any] {
      switch value {
      case .exists(let exists): return ["exists": exists]
      case .updateTime(let time): return ["updateTime": time]
      }
    }
    switch write {
    case .update(let path, let fields, let mask, let condition, let transforms):
      var object: [String: Any] = ["update": ["name": name(path), "fields": fields.mapValues { $0.json }]]
      if let mask { object["updateMask"] = ["fieldPaths": mask.map(FirestorePath.fieldPath)] }
      if let condition { object["currentDocument"] = precondition(condition) }
      if !transforms.isEmpty {
        object["updateTransforms"] = transforms.map { transform -> [String: Any] in
          switch transform {
          case .increment(let field, let by):
            return ["fieldPath": FirestorePath.fieldPath(field), "increment": FirestoreValue.integer(by).json]
          case .serverTime(let field):
            return ["fieldPath": FirestorePath.fieldPath(field), "setToServerValue": "REQUEST_TIME"]
          }
        }
      }
      return object
    case .delete(let path, let condition):
      var object: [String: Any] = ["delete": name(path)]
      if let condition { object["currentDocument"] = precondition(condition) }
      return object
    }
  }

  /// `readOnly`: a query or batch get (a POST that only reads): it may go on a pooled connection.
  private func call(
    _ method: String, _ url: URL?, body: Any? = nil, idToken: String, readOnly: Bool = false
  ) async throws(FirebaseError) -> Any {
    var attempt = 0
    while true {
      do {
        return try await once(method, url, body: body, idToken: idToken, readOnly: readOnly)
      } catch let error {
        var wait: TimeInterval?
        switch error {
        case .resourceExhausted(let seconds) where attempt < retryDelays.count:
          wait = seconds.map(TimeInterval.init) ?? retryDelays[attempt]
        case .aborted where attempt < retryDelays.count:
          wait = retryDelays[attempt]
        default:
          throw error
        }
        attempt += 1
        if let wait, wait > 0 {
          do {
            try await Task.sleep(nanoseconds: UInt64(min(wait, 60) * 1_000_000_000))
          } catch {
            throw .service(.cancelled)
          }
        }
      }
    }
  }

  private func once(
    _ method: String, _ url: URL?, body: Any?, idToken: String, readOnly: Bool
  ) async throws(FirebaseError) -> Any {
    let (data, response) = try await http.send(
      method, url, body: body.map { .json($0) } ?? .none, headers: ["Authorization": "Bearer \(idToken)"],
      readOnly: readOnly)
    let json = data.isEmpty ? nil : try? JSONSerialization.jsonObject(with: data)
    guard (200..<300).contains(response.statusCode) else {
      throw FirebaseHTTP.apiError(
        status: response.statusCode, data: data, retryAfter: response.value(forHTTPHeaderField: "Retry-After"))
    }
    // A streamed method may answer 200 with the error inside the array.
    if let array = json as? [Any], let first = array.first as? [String: Any], first["error"] != nil {
      let status = ((first["error"] as? [String: Any])?["code"] as? Int) ?? 400
      throw FirebaseHTTP.apiError(status: status, data: data, retryAfter: nil)
    }
    guard let json else {
      if method == "DELETE" { return [String: Any]() }
      throw .service(.invalidResponse)
    }
    return json
  }
}
