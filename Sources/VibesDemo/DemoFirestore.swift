import Foundation

/// Firestore's typed values as the REST API writes them (`{"stringValue": …}`, `{"integerValue": "42"}`), built and
/// compared the way Firestore orders them: by type first (null, boolean, number, timestamp, string, bytes, reference,
/// geo point, array, map), then by value.
enum DemoValue {
  static func string(_ text: String) -> [String: Any] { ["stringValue": text] }
  static func integer(_ number: Int) -> [String: Any] { ["integerValue": String(number)] }
  static func double(_ number: Double) -> [String: Any] { ["doubleValue": number] }
  static func timestamp(_ text: String) -> [String: Any] { ["timestampValue": text] }
  static var null: [String: Any] { ["nullValue": NSNull()] }
  static func array(_ values: [[String: Any]]) -> [String: Any] { ["arrayValue": ["values": values]] }
  static func map(_ fields: [String: Any]) -> [String: Any] { ["mapValue": ["fields": fields]] }

  /// The value's type rank (nil for something that is not a typed value).
  static func rank(_ value: Any) -> Int? {
    guard let object = value as? [String: Any], let key = object.keys.first, object.count == 1 else { return nil }
    switch key {
    case "nullValue": return 0
    case "booleanValue": return 1
    case "integerValue", "doubleValue": return 2
    case "timestampValue": return 3
    case "stringValue": return 4
    case "bytesValue": return 5
    case "referenceValue": return 6
    case "geoPointValue": return 7
    case "arrayValue": return 8
    case "mapValue": return 9
    default: return nil
    }
  }

  static func text(_ value: Any?) -> String? { (value as? [String: Any])?["stringValue"] as? String }

  static func number(_ value: Any?) -> Double? {
    guard let object = value as? [String: Any] else { return nil }
    if let raw = object["integerValue"] {
      return (raw as? String).flatMap(Double.init) ?? (raw as? NSNumber)?.doubleValue
    }
    if let raw = object["doubleValue"] {
      return (raw as? NSNumber)?.doubleValue ?? (raw as? String).flatMap(Double.init)
    }
    return nil
  }

  static func isInteger(_ value: Any?) -> Bool { (value as? [String: Any])?["integerValue"] != nil }

  static func values(_ value: Any?) -> [Any] {
    ((value as? [String: Any])?["arrayValue"] as? [String: Any])?["values"] as? [Any] ?? []
  }

  /// `2030-03-01T10:00:00.000000Z`: six fraction digits, so timestamps compare as text.
  static func normalizedTimestamp(_ text: String) -> String {
    guard text.hasSuffix("Z"), text.count >= 20 else { return text }
    let body = text.dropLast()
    let parts = body.split(separator: ".", maxSplits: 1)
    let fraction = parts.count > 1 ? String(parts[1].prefix(6)) : ""
    return parts[0] + "." + fraction.padding(toLength: 6, withPad: "0", startingAt: 0) + "Z"
  }

  /// Sorted-key JSON, for equality of arrays and maps.
  static func canonical(_ value: Any) -> String {
    let data = (try? JSONSerialization.data(withJSONObject: ["v": value], options: [.sortedKeys])) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }

  /// Firestore's order: -1, 0 or 1 (values of different types order by type).
  static func compare(_ a: Any, _ b: Any) -> Int {
    let (left, right) = (rank(a) ?? 99, rank(b) ?? 99)
    if left != right { return left < right ? -1 : 1 }
    func order<T: Comparable>(_ x: T, _ y: T) -> Int { x == y ? 0 : (x < y ? -1 : 1) }
    switch left {
    case 0: return 0
    case 1:
      let x = (a as? [String: Any])?["booleanValue"] as? Bool ?? false
      let y = (b as? [String: Any])?["booleanValue"] as? Bool ?? false
      return order(x ? 1 : 0, y ? 1 : 0)
    case 2: return order(number(a) ?? 0, number(b) ?? 0)
    case 3:
      let x = normalizedTimestamp((a as? [String: Any])?["timestampValue"] as? String ?? "")
      let y = normalizedTimestamp((b as? [String: Any])?["timestampValue"] as? String ?? "")
      return order(x, y)
    case 4:
      // Strings order by their UTF-8 bytes, as Firestore orders them.
      let (x, y) = (Array((text(a) ?? "").utf8), Array((text(b) ?? "").utf8))
      return x == y ? 0 : (x.lexicographicallyPrecedes(y) ? -1 : 1)
    default: return order(canonical(a), canonical(b))
    }
  }

  static func equal(_ a: Any, _ b: Any) -> Bool { compare(a, b) == 0 }
}

/// A stored document: its typed fields and the server's times.
struct DemoDocument {
  var fields: [String: Any]
  var createTime: String
  var updateTime: String
}

/// Why a Firestore call was refused, with the REST API's status and HTTP code.
struct DemoFirestoreError: Error, Equatable {
  var code: Int
  var status: String
  var message: String

  static func notFound(_ path: String) -> Self {
    Self(code: 404, status: "NOT_FOUND", message: "No document to update: \(path)")
  }
  static func alreadyExists(_ path: String) -> Self {
    Self(code: 409, status: "ALREADY_EXISTS", message: "Document already exists: \(path)")
  }
  static let failedPrecondition = Self(
    code: 400, status: "FAILED_PRECONDITION", message: "the stored version does not match the required base version")
  static let permissionDenied = Self(
    code: 403, status: "PERMISSION_DENIED", message: "Missing or insufficient permissions.")
  static func invalid(_ message: String) -> Self { Self(code: 400, status: "INVALID_ARGUMENT", message: message) }
}

/// The demo's Firestore database: documents by path (`users/u1`, `threads/t/messages/m`), the structured queries,
/// counts and commits vibes sends, and the ownership half of the rules (a user writes only their own documents).
/// Not thread-safe: `DemoFirebase` (an actor) owns it.
struct DemoFirestore {
  private(set) var documents: [String: DemoDocument] = [:]

  /// Sets a document directly (the demo's seeded data and the friends' actions).
  mutating func set(_ path: String, _ fields: [String: Any], at time: String) {
    let created = documents[path]?.createTime ?? time
    documents[path] = DemoDocument(fields: fields, createTime: created, updateTime: time)
  }

  func get(_ path: String) -> DemoDocument? { documents[path] }

  // MARK: Queries

  /// The documents of `structuredQuery` under `parent` ("" for the root), in order, cut to its limit.
  func run(_ query: [String: Any], parent: String) throws(DemoFirestoreError) -> [(
    path: String, document: DemoDocument
  )] {
    guard let from = (query["from"] as? [[String: Any]])?.first, let collection = from["collectionId"] as? String else {
      throw .invalid("a query needs one collection")
    }
    let prefix = (parent.isEmpty ? "" : parent + "/") + collection + "/"
    var found = documents.filter { path, _ in
      path.hasPrefix(prefix) && !path.dropFirst(prefix.count).contains("/")
    }.map { (path: $0.key, document: $0.value) }
    if let filter = query["where"] as? [String: Any] {
      var kept: [(path: String, document: DemoDocument)] = []
      for item in found {
        if try Self.matches(filter, item.document.fields) { kept.append(item) }
      }
      found = kept
    }
    let orders = (query["orderBy"] as? [[String: Any]] ?? []).map { order -> (String, Bool) in
      (Self.fieldName(order["field"]), (order["direction"] as? String) == "DESCENDING")
    }
    // Ordering by a field leaves out documents without it.
    found = found.filter { item in orders.allSatisfy { item.document.fields[$0.0] != nil } }
    found.sort { a, b in
      for (field, descending) in orders {
        let order = DemoValue.compare(a.document.fields[field] as Any, b.document.fields[field] as Any)
        if order != 0 { return descending ? order > 0 : order < 0 }
      }
      return a.path < b.path
    }
    let limit = (query["limit"] as? Int) ?? ((query["limit"] as? [String: Any])?["value"] as? Int)
    if let limit { found = Array(found.prefix(max(0, limit))) }
    return found
  }

  /// `fieldPath` without the backquotes of an escaped segment.
  static func fieldName(_ reference: Any?) -> String {
    let path = (reference as? [String: Any])?["fieldPath"] as? String ?? ""
    guard path.hasPrefix("`"), path.hasSuffix("`"), path.count >= 2 else { return path }
    return String(path.dropFirst().dropLast()).replacingOccurrences(of: "\\`", with: "`")
      .replacingOccurrences(of: "\\\\", with: "\\")
  }

  static func matches(_ filter: [String: Any], _ fields: [String: Any]) throws(DemoFirestoreError) -> Bool {
    if let composite = filter["compositeFilter"] as? [String: Any] {
      guard (composite["op"] as? String) == "AND" else { throw .invalid("only AND composite filters") }
      for part in composite["filters"] as? [[String: Any]] ?? [] {
        guard try matches(part, fields) else { return false }
      }
      return true
    }
    if let unary = filter["unaryFilter"] as? [String: Any] {
      let value = fields[fieldName(unary["field"])]
      switch unary["op"] as? String {
      case "IS_NULL": return value.map { DemoValue.rank($0) == 0 } ?? false
      case "IS_NOT_NULL": return value.map { DemoValue.rank($0) != 0 } ?? false
      default: throw .invalid("unknown unary filter")
      }
    }
    guard let field = filter["fieldFilter"] as? [String: Any], let op = field["op"] as? String,
      let operand = field["value"]
    else { throw .invalid("unknown filter") }
    guard let value = fields[fieldName(field["field"])] else { return false }
    let sameType = DemoValue.rank(value) == DemoValue.rank(operand)
    switch op {
    case "EQUAL": return DemoValue.equal(value, operand)
    case "NOT_EQUAL": return DemoValue.rank(value) != 0 && !DemoValue.equal(value, operand)
    case "LESS_THAN": return sameType && DemoValue.compare(value, operand) < 0
    case "LESS_THAN_OR_EQUAL": return sameType && DemoValue.compare(value, operand) <= 0
    case "GREATER_THAN": return sameType && DemoValue.compare(value, operand) > 0
    case "GREATER_THAN_OR_EQUAL": return sameType && DemoValue.compare(value, operand) >= 0
    case "ARRAY_CONTAINS": return DemoValue.values(value).contains { DemoValue.equal($0, operand) }
    case "IN":
      let options = DemoValue.values(operand)
      guard options.count <= 30 else { throw .invalid("'IN' supports up to 30 comparison values.") }
      return options.contains { DemoValue.equal(value, $0) }
    case "NOT_IN": return !DemoValue.values(operand).contains { DemoValue.equal(value, $0) }
    case "ARRAY_CONTAINS_ANY":
      let options = DemoValue.values(operand)
      return DemoValue.values(value).contains { item in options.contains { DemoValue.equal(item, $0) } }
    default: throw .invalid("unknown operator \(op)")
    }
  }

  // MARK: Writes

  /// Applies `writes` (the REST `commit` body's) all or none, as `uid`, at the server time `time`.
  mutating func commit(_ writes: [[String: Any]], uid: String, root: String, time: String) throws(DemoFirestoreError) {
    var next = documents
    for write in writes {
      let condition = write["currentDocument"] as? [String: Any]
      if let update = write["update"] as? [String: Any] {
        guard let path = Self.relative(update["name"] as? String, root: root) else { throw .invalid("bad name") }
        let before = next[path]
        try Self.check(condition, before, path)
        var fields: [String: Any]
        let given = update["fields"] as? [String: Any] ?? [:]
        if let mask = (write["updateMask"] as? [String: Any])?["fieldPaths"] as? [String] {
          fields = before?.fields ?? [:]
          for raw in mask {
            let name = Self.fieldName(["fieldPath": raw])
            fields[name] = given[name]
          }
        } else {
          fields = given
        }
        for transform in write["updateTransforms"] as? [[String: Any]] ?? [] {
          let name = Self.fieldName(["fieldPath": transform["fieldPath"] ?? ""])
          if (transform["setToServerValue"] as? String) == "REQUEST_TIME" {
            fields[name] = DemoValue.timestamp(time)
          } else if let by = transform["increment"] {
            let sum = (DemoValue.number(fields[name]) ?? 0) + (DemoValue.number(by) ?? 0)
            let integral = (fields[name] == nil || DemoValue.isInteger(fields[name])) && DemoValue.isInteger(by)
            fields[name] = integral ? DemoValue.integer(Int(sum)) : DemoValue.double(sum)
          }
        }
        guard DemoRules.mayWrite(path, before: before?.fields, after: fields, uid: uid) else {
          throw .permissionDenied
        }
        next[path] = DemoDocument(fields: fields, createTime: before?.createTime ?? time, updateTime: time)
      } else if let name = write["delete"] as? String {
        guard let path = Self.relative(name, root: root) else { throw .invalid("bad name") }
        let before = next[path]
        try Self.check(condition, before, path)
        if let before {
          guard DemoRules.mayWrite(path, before: before.fields, after: nil, uid: uid) else { throw .permissionDenied }
        }
        next[path] = nil
      } else {
        throw .invalid("unknown write")
      }
    }
    documents = next
  }

  static func check(_ condition: [String: Any]?, _ document: DemoDocument?, _ path: String) throws(DemoFirestoreError) {
    guard let condition else { return }
    if let exists = condition["exists"] as? Bool {
      if exists, document == nil { throw .notFound(path) }
      if !exists, document != nil { throw .alreadyExists(path) }
    }
    if let version = condition["updateTime"] as? String,
      document.map({ DemoValue.normalizedTimestamp($0.updateTime) }) != DemoValue.normalizedTimestamp(version)
    {
      throw .failedPrecondition
    }
  }

  /// `projects/P/databases/(default)/documents/users/u1` → `users/u1` (nil for another project or a bad path).
  static func relative(_ name: String?, root: String) -> String? {
    guard let name, name.hasPrefix(root + "/") else { return nil }
    let path = String(name.dropFirst(root.count + 1))
    let segments = path.split(separator: "/", omittingEmptySubsequences: false)
    guard segments.count % 2 == 0, !segments.contains(where: \.isEmpty) else { return nil }
    return path
  }
}

/// The ownership half of the project's `firestore.rules`: a user writes only their own profile, username claim,
/// follows, blocks, shares and messages, in threads they take part in. (The demo trusts its own client on the rest:
/// field types and lengths are checked by vibes before it writes.)
enum DemoRules {
  static func mayWrite(_ path: String, before: [String: Any]?, after: [String: Any]?, uid: String) -> Bool {
    let segments = path.split(separator: "/").map(String.init)
    let fields = after ?? before ?? [:]
    func owns(_ key: String) -> Bool {
      DemoValue.text(fields[key]) == uid && (before.map { DemoValue.text($0[key]) == uid } ?? true)
    }
    switch (segments.first ?? "", segments.count) {
    case ("users", 2): return segments[1] == uid && (after.map { DemoValue.text($0["uid"]) ?? uid == uid } ?? true)
    case ("users", _): return segments[1] == uid
    case ("usernames", 2): return owns("uid")
    case ("friendships", 2):
      return owns("followerId") && segments[1] == "\(uid)_\(DemoValue.text(fields["followingId"]) ?? "")"
    case ("blocks", 2):
      return owns("blockerId") && segments[1] == "\(uid)_\(DemoValue.text(fields["blockedId"]) ?? "")"
    case ("shares", 2):
      return owns("senderId") && (DemoValue.text(fields["message"])?.count ?? 0) <= 280
    case ("threads", 2):
      return DemoValue.values(fields["participants"]).contains { DemoValue.text($0) == uid }
    case ("threads", 4):
      let thread = segments[1]
      return segments[2] == "messages" && owns("senderId")
        && (thread.hasPrefix(uid + "_") || thread.hasSuffix("_" + uid))
    default:
      return false
    }
  }
}
