import Foundation
import VibesCore
import VibesServices

/// The fake's Firestore: documents in memory, the REST v1 methods vibes uses, and the data model's rules.
extension FirebaseFakeState {
  var root: String { "projects/\(FakeFirebaseServer.projectID)/databases/(default)/documents" }

  func documentJSON(_ path: String, _ stored: StoredDocument) -> [String: Any] {
    var object: [String: Any] = [
      "name": root + "/" + path, "createTime": stored.createTime.rfc3339, "updateTime": stored.updateTime.rfc3339,
    ]
    if !stored.fields.isEmpty { object["fields"] = stored.fields.mapValues { $0.json } }
    return object
  }

  func readTime() -> String { FirestoreTimestamp(Date()).rfc3339 }

  static func denied(wrapped: Bool = false) -> FakeReply {
    .apiError(403, "Missing or insufficient permissions.", "PERMISSION_DENIED", wrapped: wrapped)
  }

  static func invalid(_ message: String, wrapped: Bool = false) -> FakeReply {
    .apiError(400, message, "INVALID_ARGUMENT", wrapped: wrapped)
  }

  func firestore(_ method: String, _ rest: String, _ request: RecordedRequest, _ body: Data) -> FakeReply {
    let decodedRest = rest.removingPercentEncoding ?? rest
    let projectPrefix = "projects/\(FakeFirebaseServer.projectID)/databases/(default)/documents"
    guard decodedRest.hasPrefix(projectPrefix) else { return Self.denied() }
    let uid: String?
    switch caller(request) {
    case .failure(let error): return error.reply
    case .success(let value): uid = value
    }
    let tail = String(decodedRest.dropFirst(projectPrefix.count))
    if !firestoreErrors.isEmpty {
      let error = firestoreErrors.removeFirst()
      return .apiError(error.status, error.message, error.grpc, wrapped: tail.hasPrefix(":run") || tail == ":batchGet")
    }
    let json = body.isEmpty ? nil : try? JSONSerialization.jsonObject(with: body)
    // A subcollection query: `…/documents/threads/t1:runQuery`.
    if tail.hasPrefix("/"), tail.hasSuffix(":runQuery") {
      let parent = String(tail.dropFirst().dropLast(":runQuery".count))
      guard method == "POST", let object = json as? [String: Any],
        parent.split(separator: "/").count % 2 == 0
      else { return Self.invalid("Invalid JSON payload", wrapped: true) }
      return runQuery(object, uid: uid, parent: parent)
    }
    if tail.hasPrefix(":") {
      guard method == "POST", let object = json as? [String: Any] else { return Self.invalid("Invalid JSON payload") }
      switch tail {
      case ":runQuery": return runQuery(object, uid: uid)
      case ":runAggregationQuery": return aggregate(object, uid: uid)
      case ":batchGet": return batchGet(object, uid: uid)
      case ":commit":
        let reply = commit(object, uid: uid)
        if reply.status == 200, loseCommitAnswers > 0 {
          // Applied, but the answer is lost on the way (a timeout or a dropped connection, as the client sees it).
          loseCommitAnswers -= 1
          return .apiError(503, "The service is currently unavailable.", "UNAVAILABLE")
        }
        return reply
      default: return Self.invalid("Unknown method")
      }
    }
    let path = tail.hasPrefix("/") ? String(tail.dropFirst()) : tail
    let segments = path.split(separator: "/").map(String.init)
    switch method {
    case "GET":
      guard segments.count % 2 == 0, !segments.isEmpty else { return Self.invalid("Not a document path") }
      let stored = documents[path]
      guard allowed(.read, path, before: stored?.fields, after: nil, uid: uid) else { return Self.denied() }
      guard let stored else {
        return .apiError(404, "Document \"\(root)/\(path)\" not found.", "NOT_FOUND")
      }
      return FakeReply(200, documentJSON(path, stored))
    case "POST":
      guard segments.count % 2 == 1, let id = request.queryValue("documentId"), !id.isEmpty else {
        return Self.invalid("documentId is required by this fake")
      }
      guard let fields = parseFields((json as? [String: Any])?["fields"]) else {
        return Self.invalid("Invalid JSON payload received. Unknown name at 'document.fields': Cannot find field.")
      }
      let result = applyReply(
        [.set(path + "/" + id, fields, mask: nil, exists: false, updateTime: nil, transforms: [])], uid: uid)
      if result.status != 200 { return result }
      return FakeReply(200, documentJSON(path + "/" + id, documents[path + "/" + id]!))
    case "PATCH":
      guard segments.count % 2 == 0 else { return Self.invalid("Not a document path") }
      guard let fields = parseFields((json as? [String: Any])?["fields"]) else {
        return Self.invalid("Invalid JSON payload received. Unknown name at 'document.fields': Cannot find field.")
      }
      let mask = request.queryItems.filter { $0.name == "updateMask.fieldPaths" }.map(\.value)
      if mask.isEmpty { unmaskedPatches += 1 }
      let exists = request.queryValue("currentDocument.exists").map { $0 == "true" }
      let result = applyReply(
        [.set(path, fields, mask: mask.isEmpty ? nil : mask, exists: exists, updateTime: nil, transforms: [])], uid: uid
      )
      if result.status != 200 { return result }
      return FakeReply(200, documentJSON(path, documents[path]!))
    case "DELETE":
      let exists = request.queryValue("currentDocument.exists").map { $0 == "true" }
      let result = applyReply([.remove(path, exists: exists)], uid: uid)
      return result.status == 200 ? FakeReply(200, [String: Any]()) : result
    default:
      return Self.invalid("Unsupported method")
    }
  }

  func parseFields(_ raw: Any?) -> [String: FirestoreValue]? {
    guard let raw else { return [:] }
    return FirestoreValue.fields(raw)
  }

  // MARK: Writes

  enum Change {
    case set(
      String, [String: FirestoreValue], mask: [String]?, exists: Bool?, updateTime: String?,
      transforms: [(String, [String: Any])])
    case remove(String, exists: Bool?)
  }

  enum Operation { case read, create, update, delete }

  /// Applies `changes` atomically after checking preconditions and rules; 200 or the error reply.
  func applyReply(_ changes: [Change], uid: String?) -> FakeReply {
    var working = documents
    let time = tick()
    for change in changes {
      switch change {
      case .set(let path, let fields, let mask, let exists, let updateTime, let transforms):
        let before = working[path]
        if exists == false, before != nil {
          return .apiError(409, "Document already exists: \(root)/\(path)", "ALREADY_EXISTS")
        }
        if exists == true, before == nil {
          return .apiError(404, "No document to update: \(root)/\(path)", "NOT_FOUND")
        }
        if let updateTime, before?.updateTime.rfc3339 != updateTime {
          return .apiError(
            400, "the stored version does not match the required base version", "FAILED_PRECONDITION")
        }
        var after: [String: FirestoreValue]
        if let mask {
          after = before?.fields ?? [:]
          for field in mask {
            let name = field.replacingOccurrences(of: "`", with: "")
            if let value = fields[name] { after[name] = value } else { after.removeValue(forKey: name) }
          }
        } else {
          after = fields
        }
        for (field, transform) in transforms {
          if transform["setToServerValue"] as? String == "REQUEST_TIME" {
            after[field] = .timestamp(
              FirestoreTimestamp(seconds: time.seconds, microseconds: time.microseconds / 1000 * 1000))
          } else if let raw = transform["increment"], let by = FirestoreValue(json: raw)?.integerValue {
            after[field] = .integer((after[field]?.integerValue ?? 0) &+ by)
          } else {
            return Self.invalid("Unsupported transform")
          }
        }
        let operation: Operation = before == nil ? .create : .update
        guard allowed(operation, path, before: before?.fields, after: after, uid: uid, working: working) else {
          return Self.denied()
        }
        working[path] = StoredDocument(fields: after, createTime: before?.createTime ?? time, updateTime: time)
      case .remove(let path, let exists):
        let before = working[path]
        // Rules first: a delete rule that reads resource.data refuses a missing document (403) whatever the
        // precondition says (the stricter reading; ADR 0010 lists the real order as unverified).
        guard allowed(.delete, path, before: before?.fields, after: nil, uid: uid, working: working) else {
          return Self.denied()
        }
        if exists == true, before == nil {
          return .apiError(404, "No document to update: \(root)/\(path)", "NOT_FOUND")
        }
        working.removeValue(forKey: path)
      }
    }
    documents = working
    return FakeReply(200, [String: Any]())
  }

  func commit(_ object: [String: Any], uid: String?) -> FakeReply {
    guard let writes = object["writes"] as? [[String: Any]] else { return Self.invalid("writes required") }
    guard writes.count <= 500 else { return Self.invalid("maximum 500 writes allowed per request") }
    var changes: [Change] = []
    let prefix = root + "/"
    for write in writes {
      let condition = write["currentDocument"] as? [String: Any]
      let exists = condition?["exists"] as? Bool
      let updateTime = condition?["updateTime"] as? String
      if let update = write["update"] as? [String: Any] {
        guard let name = update["name"] as? String, name.hasPrefix(prefix),
          let fields = parseFields(update["fields"])
        else { return Self.invalid("Invalid JSON payload received. Unknown name: Cannot find field.") }
        let mask = (write["updateMask"] as? [String: Any])?["fieldPaths"] as? [String]
        let transforms = (write["updateTransforms"] as? [[String: Any]] ?? []).map {
          (($0["fieldPath"] as? String) ?? "", $0)
        }
        changes.append(
          .set(
            String(name.dropFirst(prefix.count)), fields, mask: mask, exists: exists, updateTime: updateTime,
            transforms: transforms))
      } else if let name = write["delete"] as? String, name.hasPrefix(prefix) {
        changes.append(.remove(String(name.dropFirst(prefix.count)), exists: exists))
      } else {
        return Self.invalid("Unsupported write")
      }
    }
    let reply = applyReply(changes, uid: uid)
    guard reply.status == 200 else { return reply }
    let time = lastTime.rfc3339
    return FakeReply(
      200, ["writeResults": changes.map { _ in ["updateTime": time] }, "commitTime": time])
  }

  // MARK: Rules (firestore.rules, as the data model states them)

  static let streakFields = ["streak", "streakDay", "streakFreezeWeek", "streakLongest"]

  /// The four streak fields unchanged, or a step `StreakRecord.isAllowedStep` allows against today's UTC day.
  static func streakAllowed(before: [String: FirestoreValue], after: [String: FirestoreValue]) -> Bool {
    func record(_ fields: [String: FirestoreValue]) -> StreakRecord? {
      var ints: [String: Int] = [:]
      for name in streakFields {
        guard let value = fields[name] else { continue }
        guard let int = value.integerValue else { return nil }
        ints[name] = Int(clamping: int)
      }
      return StreakRecord(storedFields: ints)
    }
    if streakFields.allSatisfy({ before[$0] == after[$0] }) { return true }
    guard let old = record(before), let new = record(after) else { return false }
    let today = LocalDay(Date(), in: TimeZone(identifier: "UTC")!)
    return StreakRecord.isAllowedStep(from: old, to: new, utcDay: today)
  }

  /// `achievements` a list of at most 100 that keeps every id it had; `achievementDates` a map; `taste` a map of
  /// `artists` (≤ 20) and `genres` (≤ 10) lists; `tasteKeys` a list of at most 20 strings.
  static func achievementsAndTasteAllowed(before: [String: FirestoreValue], after: [String: FirestoreValue]) -> Bool {
    if let value = after["achievements"] {
      guard let ids = value.arrayValue, ids.count <= 100 else { return false }
      let old = before["achievements"]?.arrayValue ?? []
      guard old.allSatisfy(ids.contains) else { return false }
    }
    if let value = after["achievementDates"], case .map = value {
    } else if after["achievementDates"] != nil {
      return false
    }
    if let value = after["taste"] {
      guard case .map(let taste) = value, Set(taste.keys).isSubset(of: ["artists", "genres"]) else { return false }
      let artists = taste["artists"].map { $0.arrayValue?.count ?? 999 } ?? 0
      let genres = taste["genres"].map { $0.arrayValue?.count ?? 999 } ?? 0
      guard artists <= 20, genres <= 10 else { return false }
    }
    // validTasteKeys: the folded artist names People's suggestions query, a list of at most 20 strings.
    if let value = after["tasteKeys"] {
      guard let keys = value.arrayValue, keys.count <= 20, keys.allSatisfy({ $0.stringValue != nil }) else {
        return false
      }
    }
    return true
  }

  static func validUsername(_ name: String) -> Bool {
    (3...20).contains(name.count)
      && name.allSatisfy { ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "_" }
      && name.first.map { $0.isASCII && $0.isLowercase } == true
  }

  func allowed(
    _ operation: Operation, _ path: String, before: [String: FirestoreValue]?, after: [String: FirestoreValue]?,
    uid: String?, working: [String: StoredDocument]? = nil
  ) -> Bool {
    guard let uid else { return false }
    let segments = path.split(separator: "/").map(String.init)
    guard segments.count >= 2 else { return false }
    let id = segments[1]
    let store = working ?? documents
    func string(_ fields: [String: FirestoreValue]?, _ key: String) -> String? { fields?[key]?.stringValue }
    switch segments[0] {
    case "users":
      if segments.count > 2 { return id == uid }
      switch operation {
      case .read: return true
      case .create, .update:
        guard id == uid else { return false }
        if let name = after?["username"] {
          // The name must be valid and held by this user once the commit is applied (getAfter in the rules).
          guard let text = name.stringValue, Self.validUsername(text),
            store["usernames/\(text)"]?.fields["uid"] == .string(uid)
          else { return false }
        }
        if let owner = after?["uid"], owner != .string(uid) { return false }
        // validStreak in the rules, as StreakRecord.isAllowedStep states it.
        guard Self.streakAllowed(before: before ?? [:], after: after ?? [:]) else { return false }
        // validAchievements and validTaste.
        guard Self.achievementsAndTasteAllowed(before: before ?? [:], after: after ?? [:]) else { return false }
        if let bio = string(after, "bio"), bio.count > 500 { return false }
        if let name = string(after, "displayName"), name.count > 100 { return false }
        return true
      case .delete: return id == uid
      }
    case "usernames":
      switch operation {
      case .read: return true
      case .create: return Self.validUsername(id) && string(after, "uid") == uid && after?.count == 1
      case .update: return false
      case .delete: return before != nil && string(before, "uid") == uid
      }
    case "friendships":
      switch operation {
      case .read: return true
      case .create:
        guard let follower = string(after, "followerId"), let following = string(after, "followingId") else {
          return false
        }
        return follower == uid && id == "\(follower)_\(following)" && follower != following
          && string(after, "status") == "accepted" && store["blocks/\(following)_\(follower)"] == nil
          && store["blocks/\(follower)_\(following)"] == nil
      case .update: return false
      case .delete:
        return before != nil && (string(before, "followerId") == uid || string(before, "followingId") == uid)
      }
    case "blocks":
      switch operation {
      // The rule reads resource.data: a get of a missing block is refused (403), not "not found".
      case .read: return string(before, "blockerId") == uid || string(before, "blockedId") == uid
      case .create:
        guard let blocker = string(after, "blockerId"), let blocked = string(after, "blockedId") else { return false }
        return blocker == uid && id == "\(blocker)_\(blocked)" && blocker != blocked
      case .update: return false
      case .delete: return before != nil && string(before, "blockerId") == uid
      }
    case "shares":
      switch operation {
      case .read:
        guard let before else { return false }
        return before["recipientId"] == .null || string(before, "senderId") == uid
          || string(before, "recipientId") == uid
      case .create:
        guard string(after, "senderId") == uid, let recipient = after?["recipientId"] else { return false }
        if let message = after?["message"], (message.stringValue?.count ?? 999) > 280 { return false }
        switch recipient {
        case .null: return after?["threadId"] == nil
        case .string(let other):
          // No direct share past a block either way; its thread is the two users' own.
          guard other != uid, store["blocks/\(other)_\(uid)"] == nil, store["blocks/\(uid)_\(other)"] == nil else {
            return false
          }
          if let thread = after?["threadId"] { return thread == .string(Self.threadID(uid, other)) }
          return true
        default: return false
        }
      case .update: return false
      case .delete: return before != nil && string(before, "senderId") == uid
      }
    case "threads":
      func participants(_ fields: [String: FirestoreValue]?) -> [String] {
        (fields?["participants"]?.arrayValue ?? []).compactMap(\.stringValue)
      }
      if segments.count == 2 {
        switch operation {
        case .read: return participants(before).contains(uid)
        case .create:
          let people = participants(after)
          return people.count == 2 && people.contains(uid) && people[0] != people[1]
            && id == Self.threadID(people[0], people[1]) && people == [people[0], people[1]].sorted()
            && after?["lastMessageAt"] != nil
        case .update:
          return participants(before).contains(uid) && participants(after) == participants(before)
        case .delete: return false
        }
      }
      guard segments.count == 4, segments[2] == "messages" else { return false }
      // get(/threads/id) for reads; getAfter for a create, so a thread and its first message go in one commit.
      let thread = participants(store["threads/\(id)"]?.fields)
      switch operation {
      case .read: return thread.contains(uid)
      case .create:
        guard string(after, "senderId") == uid, thread.contains(uid) else { return false }
        if let text = after?["text"], (text.stringValue?.count ?? 999) > 280 { return false }
        return string(after, "shareId") != nil || string(after, "text") != nil
      case .update, .delete: return false
      }
    default:
      return false
    }
  }

  static func threadID(_ a: String, _ b: String) -> String {
    Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)) ? "\(a)_\(b)" : "\(b)_\(a)"
  }

  // MARK: Queries

  struct ParsedQuery {
    var collection: String
    var filters: [(field: String, op: String, value: FirestoreValue)]
    var orders: [(field: String, descending: Bool)]
    var limit: Int?
    /// The parent document of a subcollection query ("" for a root collection).
    var parent = ""
  }

  func parseQuery(_ raw: Any?) -> ParsedQuery? {
    guard let query = raw as? [String: Any], let from = (query["from"] as? [[String: Any]])?.first,
      let collection = from["collectionId"] as? String
    else { return nil }
    var filters: [(String, String, FirestoreValue)] = []
    func collect(_ filter: [String: Any]) -> Bool {
      if let composite = filter["compositeFilter"] as? [String: Any] {
        guard composite["op"] as? String == "AND", let list = composite["filters"] as? [[String: Any]] else {
          return false
        }
        return list.allSatisfy(collect)
      }
      guard let field = filter["fieldFilter"] as? [String: Any],
        let path = (field["field"] as? [String: Any])?["fieldPath"] as? String, let op = field["op"] as? String,
        let raw = field["value"], let value = FirestoreValue(json: raw)
      else { return false }
      filters.append((path.replacingOccurrences(of: "`", with: ""), op, value))
      return true
    }
    if let filter = query["where"] as? [String: Any], !collect(filter) { return nil }
    let orders = (query["orderBy"] as? [[String: Any]] ?? []).compactMap { order -> (String, Bool)? in
      guard let path = (order["field"] as? [String: Any])?["fieldPath"] as? String else { return nil }
      return (path, order["direction"] as? String == "DESCENDING")
    }
    return ParsedQuery(
      collection: collection, filters: filters, orders: orders, limit: query["limit"] as? Int)
  }

  /// nil when allowed, else the error reply (wrapped in an array: streamed methods).
  func check(_ query: ParsedQuery, uid: String?) -> FakeReply? {
    for filter in query.filters where ["IN", "ARRAY_CONTAINS_ANY"].contains(filter.op) {
      if (filter.value.arrayValue?.count ?? 0) > 30 {
        return Self.invalid("'\(filter.op)' supports up to 30 comparison values.", wrapped: true)
      }
    }
    guard let uid else { return Self.denied(wrapped: true) }
    let pins = query.filters.filter { $0.op == "EQUAL" }
    switch query.collection {
    case "users", "usernames", "friendships": break
    case "blocks":
      guard pins.contains(where: { ($0.field == "blockerId" || $0.field == "blockedId") && $0.value == .string(uid) })
      else { return Self.denied(wrapped: true) }
    case "threads":
      guard
        query.parent.isEmpty,
        query.filters.contains(where: {
          $0.field == "participants" && $0.op == "ARRAY_CONTAINS" && $0.value == .string(uid)
        })
      else { return Self.denied(wrapped: true) }
    case "messages":
      // The rule reads the parent thread (not the message): provable for the whole query, or refused.
      let segments = query.parent.split(separator: "/").map(String.init)
      guard segments.count == 2, segments[0] == "threads",
        allowed(.read, query.parent + "/messages/x", before: nil, after: nil, uid: uid)
      else { return Self.denied(wrapped: true) }
    case "shares":
      guard
        pins.contains(where: {
          ($0.field == "senderId" && $0.value == .string(uid))
            || ($0.field == "recipientId" && ($0.value == .string(uid) || $0.value == .null))
        })
      else { return Self.denied(wrapped: true) }
    default: return Self.denied(wrapped: true)
    }
    // A composite index is needed for an equality/IN filter with an order or range on another field, or two orders.
    let equalityFields = query.filters.filter { ["EQUAL", "IN", "ARRAY_CONTAINS"].contains($0.op) }.map(\.field)
    let rangeFields = query.filters.filter {
      ["LESS_THAN", "LESS_THAN_OR_EQUAL", "GREATER_THAN", "GREATER_THAN_OR_EQUAL", "NOT_EQUAL", "NOT_IN"].contains(
        $0.op)
    }.map(\.field)
    let orderFields = query.orders.map(\.field).filter { $0 != "__name__" }
    var needed = Set(equalityFields)
    for field in rangeFields + orderFields { needed.insert(field) }
    let distinctOthers = Set(rangeFields + orderFields).subtracting(equalityFields)
    let needsComposite = (!equalityFields.isEmpty && !distinctOthers.isEmpty) || Set(orderFields).count > 1
    if needsComposite, !indexes.contains(where: { $0.collection == query.collection && Set($0.fields) == needed }) {
      let link =
        "https://console.firebase.google.com/v1/r/project/\(FakeFirebaseServer.projectID)/firestore/indexes?"
        + "create_composite=" + Data(needed.sorted().joined(separator: ",").utf8).base64EncodedString()
      return .apiError(
        400, "The query requires an index. You can create it here: \(link)", "FAILED_PRECONDITION", wrapped: true)
    }
    return nil
  }

  static func rank(_ value: FirestoreValue) -> Int {
    switch value {
    case .null: return 0
    case .bool: return 1
    case .integer, .double: return 2
    case .timestamp: return 3
    case .string: return 4
    case .bytes: return 5
    case .reference: return 6
    case .geoPoint: return 7
    case .array: return 8
    case .map: return 9
    }
  }

  /// -1, 0, 1 in Firestore's order; nil across types for range filters.
  static func compare(_ a: FirestoreValue, _ b: FirestoreValue) -> Int {
    let (ra, rb) = (rank(a), rank(b))
    if ra != rb { return ra < rb ? -1 : 1 }
    switch (a, b) {
    case (.bool(let x), .bool(let y)): return x == y ? 0 : (!x ? -1 : 1)
    case (.integer(let x), .integer(let y)): return x == y ? 0 : (x < y ? -1 : 1)
    case (.timestamp(let x), .timestamp(let y)): return x == y ? 0 : (x < y ? -1 : 1)
    case (.string(let x), .string(let y)):
      let (ux, uy) = (Array(x.utf8), Array(y.utf8))
      return ux == uy ? 0 : (ux.lexicographicallyPrecedes(uy) ? -1 : 1)
    default:
      let x: Double = {
        if case .double(let d) = a { return d } else if case .integer(let i) = a { return Double(i) } else { return 0 }
      }()
      let y: Double = {
        if case .double(let d) = b { return d } else if case .integer(let i) = b { return Double(i) } else { return 0 }
      }()
      return x == y ? 0 : (x < y ? -1 : 1)
    }
  }

  func matches(_ fields: [String: FirestoreValue], _ query: ParsedQuery) -> Bool {
    for filter in query.filters {
      guard let value = fields[filter.field] else { return false }
      let sameType = Self.rank(value) == Self.rank(filter.value)
      let order = Self.compare(value, filter.value)
      switch filter.op {
      case "EQUAL": if order != 0 { return false }
      case "NOT_EQUAL": if order == 0 || value == .null { return false }
      case "LESS_THAN": if !sameType || order >= 0 { return false }
      case "LESS_THAN_OR_EQUAL": if !sameType || order > 0 { return false }
      case "GREATER_THAN": if !sameType || order <= 0 { return false }
      case "GREATER_THAN_OR_EQUAL": if !sameType || order < 0 { return false }
      case "IN": if !(filter.value.arrayValue ?? []).contains(where: { Self.compare($0, value) == 0 }) { return false }
      case "NOT_IN":
        if (filter.value.arrayValue ?? []).contains(where: { Self.compare($0, value) == 0 }) { return false }
      case "ARRAY_CONTAINS": if !(value.arrayValue ?? []).contains(filter.value) { return false }
      case "ARRAY_CONTAINS_ANY":
        let wanted = filter.value.arrayValue ?? []
        if !(value.arrayValue ?? []).contains(where: { wanted.contains($0) }) { return false }
      default: return false
      }
    }
    for order in query.orders where order.field != "__name__" && fields[order.field] == nil { return false }
    return true
  }

  func evaluate(_ query: ParsedQuery, uid: String) -> Result<[(String, StoredDocument)], FakeReplyError> {
    let prefix = query.parent.isEmpty ? "" : query.parent + "/"
    let depth = prefix.split(separator: "/").count + 2
    var hits = documents.filter { path, stored in
      guard path.hasPrefix(prefix) else { return false }
      let segments = path.split(separator: "/")
      return segments.count == depth && segments[depth - 2] == query.collection && matches(stored.fields, query)
    }.map { ($0.key, $0.value) }
    // Rules are not filters: every hit must be readable, or the whole query is refused.
    for (path, stored) in hits where !allowed(.read, path, before: stored.fields, after: nil, uid: uid) {
      return .failure(FakeReplyError(reply: Self.denied(wrapped: true)))
    }
    hits.sort { a, b in
      for order in query.orders where order.field != "__name__" {
        let result = Self.compare(a.1.fields[order.field] ?? .null, b.1.fields[order.field] ?? .null)
        if result != 0 { return order.descending ? result > 0 : result < 0 }
      }
      return Array(a.0.utf8).lexicographicallyPrecedes(Array(b.0.utf8))
    }
    if let limit = query.limit { hits = Array(hits.prefix(limit)) }
    return .success(hits)
  }

  func runQuery(_ object: [String: Any], uid: String?, parent: String = "") -> FakeReply {
    guard var query = parseQuery(object["structuredQuery"]) else {
      return Self.invalid("Invalid structured query", wrapped: true)
    }
    query.parent = parent
    if let error = check(query, uid: uid) { return error }
    switch evaluate(query, uid: uid ?? "") {
    case .failure(let error): return error.reply
    case .success(let hits):
      let time = readTime()
      if hits.isEmpty { return FakeReply(200, [["readTime": time]]) }
      return FakeReply(200, hits.map { ["document": documentJSON($0.0, $0.1), "readTime": time] })
    }
  }

  func aggregate(_ object: [String: Any], uid: String?) -> FakeReply {
    guard let aggregation = object["structuredAggregationQuery"] as? [String: Any],
      let query = parseQuery(aggregation["structuredQuery"]),
      let alias = ((aggregation["aggregations"] as? [[String: Any]])?.first)?["alias"] as? String
    else { return Self.invalid("Invalid aggregation", wrapped: true) }
    if let error = check(query, uid: uid) { return error }
    switch evaluate(query, uid: uid ?? "") {
    case .failure(let error): return error.reply
    case .success(let hits):
      return FakeReply(
        200,
        [["result": ["aggregateFields": [alias: ["integerValue": String(hits.count)]]], "readTime": readTime()]])
    }
  }

  func batchGet(_ object: [String: Any], uid: String?) -> FakeReply {
    guard let names = object["documents"] as? [String] else { return Self.invalid("documents required", wrapped: true) }
    let prefix = root + "/"
    var answer: [[String: Any]] = []
    for name in names {
      guard name.hasPrefix(prefix) else { return Self.invalid("Invalid document name", wrapped: true) }
      let path = String(name.dropFirst(prefix.count))
      let stored = documents[path]
      guard allowed(.read, path, before: stored?.fields, after: nil, uid: uid) else {
        return Self.denied(wrapped: true)
      }
      if let stored {
        answer.append(["found": documentJSON(path, stored), "readTime": readTime()])
      } else {
        answer.append(["missing": name, "readTime": readTime()])
      }
    }
    return FakeReply(200, Array(answer.reversed()))
  }
}
