import Foundation

/// A Spotify paging object. `null` entries (and entries of a shape this client does not model, such as podcast
/// episodes) are left out of `items`; `total` still counts them, as Spotify does.
public struct SpotifyPaging<Item: Decodable & Sendable & Hashable>: Decodable, Sendable, Hashable {
  public var items: [Item]
  public var total: Int
  public var limit: Int
  public var offset: Int
  /// The next page's URL as Spotify sent it (carries no secret), or nil on the last page.
  public var next: String?

  public init(items: [Item], total: Int, limit: Int, offset: Int, next: String?) {
    self.items = items
    self.total = total
    self.limit = limit
    self.offset = offset
    self.next = next
  }

  /// Whether Spotify announced another page.
  public var hasNext: Bool { next != nil }

  enum CodingKeys: String, CodingKey { case items, total, limit, offset, next }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let entries = try container.decodeIfPresent([Lossy<Item>].self, forKey: .items) ?? []
    items = entries.compactMap(\.value)
    total = try container.decodeIfPresent(Int.self, forKey: .total) ?? entries.count
    limit = try container.decodeIfPresent(Int.self, forKey: .limit) ?? entries.count
    offset = try container.decodeIfPresent(Int.self, forKey: .offset) ?? 0
    next = try container.decodeIfPresent(String.self, forKey: .next)
  }
}

/// Decodes a value or nil (for `null` and for entries that do not decode), never failing the surrounding array.
struct Lossy<Value: Decodable>: Decodable {
  let value: Value?
  init(from decoder: any Decoder) throws {
    value = try? Value(from: decoder)
  }
}
