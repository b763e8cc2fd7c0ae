import Foundation

/// A Spotify paging object. `null` entries (and entries of a shape this client does not model, such as podcast
/// episodes) are left out of `items`; `total` still counts them, as Spotify does. The numbers are kept within what
/// Spotify can mean (issue 21): `total` and `offset` within 0...`maxNumber`, `limit` within 0...`maxLimit`, so no
/// sum of them traps.
public struct SpotifyPaging<Item: Decodable & Sendable & Hashable>: Decodable, Sendable, Hashable {
  public var items: [Item]
  public var total: Int
  public var limit: Int
  public var offset: Int
  /// The next page's URL as Spotify sent it (carries no secret), or nil on the last page.
  public var next: String?
  /// Each kept item's position in the whole list (`offset` plus its place among the entries Spotify sent, the
  /// left-out ones counted), e.g. for moving a playlist's song by Spotify's position.
  public var positions: [Int]

  /// The largest total or offset taken as it is (Spotify serves at most 100,000 items of any list).
  public static var maxNumber: Int { 1_000_000 }
  /// The largest page size taken as it is (Spotify's is at most 50; 100 for a few endpoints).
  public static var maxLimit: Int { 100 }

  public init(items: [Item], total: Int, limit: Int, offset: Int, next: String?) {
    self.items = items
    self.total = Self.clamp(total, Self.maxNumber)
    self.limit = Self.clamp(limit, Self.maxLimit)
    self.offset = Self.clamp(offset, Self.maxNumber)
    self.next = next
    let start = Self.clamp(offset, Self.maxNumber)
    positions = items.indices.map { start + $0 }
  }

  /// Whether Spotify announced another page.
  public var hasNext: Bool { next != nil }

  enum CodingKeys: String, CodingKey { case items, total, limit, offset, next }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let entries = try container.decodeIfPresent([Lossy<Item>].self, forKey: .items) ?? []
    items = entries.compactMap(\.value)
    total = Self.clamp(try container.decodeIfPresent(Int.self, forKey: .total) ?? entries.count, Self.maxNumber)
    limit = Self.clamp(try container.decodeIfPresent(Int.self, forKey: .limit) ?? entries.count, Self.maxLimit)
    offset = Self.clamp(try container.decodeIfPresent(Int.self, forKey: .offset) ?? 0, Self.maxNumber)
    next = try container.decodeIfPresent(String.self, forKey: .next)
    let start = offset
    positions = entries.indices.filter { entries[$0].value != nil }.map { start + $0 }
  }

  static func clamp(_ value: Int, _ maximum: Int) -> Int { min(max(0, value), maximum) }

  /// The page with at most `count` items: what was asked for, whatever the page holds (issue 21, item 8).
  public func keeping(atMost count: Int) -> SpotifyPaging {
    var page = self
    if page.items.count > max(0, count) {
      page.items = Array(page.items.prefix(max(0, count)))
      page.positions = Array(page.positions.prefix(max(0, count)))
    }
    return page
  }
}

/// Decodes a value or nil (for `null` and for entries that do not decode), never failing the surrounding array.
struct Lossy<Value: Decodable>: Decodable {
  let value: Value?
  init(from decoder: any Decoder) throws {
    value = try? Value(from: decoder)
  }
}

/// Reads a Spotify list page by page, bounded by items, not pages (issue 21, item 8: pages that said `limit: 1` and
/// held 1,000 items each cost 500 requests and 1.5 GB). Each page is asked for with `pageSize`; whatever `limit` it
/// claims, the next one starts `pageSize` further on, and at most `pageSize` of its items are kept. So at most
/// ⌈`maxItems` / `pageSize`⌉ requests are made and at most `maxItems` items kept.
public enum SpotifyPager {
  /// The items of a list: `first` (a page already in hand, e.g. an album's embedded tracks) and then pages read with
  /// `fetch(offset)` until Spotify announces no next page, a page is empty, or `maxItems` are kept.
  public static func collect<Item>(
    first: SpotifyPaging<Item>? = nil, pageSize: Int = 50, maxItems: Int,
    fetch: (_ offset: Int) async throws(SpotifyWebError) -> SpotifyPaging<Item>
  ) async throws(SpotifyWebError) -> [Item] {
    let pageSize = max(1, pageSize)
    let maxItems = max(0, maxItems)
    var kept: [Item] = []
    var offset = 0
    var more = true
    if let first {
      kept += first.items.prefix(min(pageSize, maxItems))
      offset = kept.count
      more = first.hasNext && !first.items.isEmpty
    }
    while more, kept.count < maxItems {
      let page = try await fetch(offset)
      kept += page.items.prefix(min(pageSize, maxItems - kept.count))
      more = page.hasNext && !page.items.isEmpty
      offset += pageSize
    }
    return kept
  }
}
