import Foundation

/// One event of the Discovery API v2 (`_embedded.events[]`), as much as the Feed needs. Nearly every field may be
/// missing; strings are raw network text.
public struct TicketmasterEvent: Sendable, Hashable, Decodable {
  public struct Attraction: Sendable, Hashable, Decodable {
    public var name: String?
    public var id: String?
  }

  public struct Venue: Sendable, Hashable, Decodable {
    public var name: String?
    public var city: String?
    public var stateCode: String?
    public var stateName: String?
    public var countryCode: String?
    public var countryName: String?
    public var addressLine: String?
    public var timezone: String?

    private enum CodingKeys: String, CodingKey { case name, city, state, country, address, timezone }
    private struct Named: Decodable {
      var name: String?
      var stateCode: String?
      var countryCode: String?
      var line1: String?
    }

    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      name = container.lenient(String.self, .name)
      city = container.lenient(Named.self, .city)?.name
      let state = container.lenient(Named.self, .state)
      stateCode = state?.stateCode
      stateName = state?.name
      let country = container.lenient(Named.self, .country)
      countryCode = country?.countryCode
      countryName = country?.name
      addressLine = container.lenient(Named.self, .address)?.line1
      timezone = container.lenient(String.self, .timezone)
    }
  }

  public struct PriceRange: Sendable, Hashable, Decodable {
    public var type: String?
    public var currency: String?
    public var min: Double?
    public var max: Double?
  }

  public var id: String
  public var name: String?
  public var url: String?
  /// `dates.start.localDate` ("yyyy-MM-dd").
  public var localDate: String?
  /// `dates.start.localTime` ("HH:mm:ss").
  public var localTime: String?
  /// `dates.start.dateTime` (UTC, ISO 8601).
  public var dateTime: Date?
  /// `dates.timezone`, else the venue's.
  public var timezone: String?
  /// `dates.status.code`: onsale, offsale, canceled, postponed, rescheduled.
  public var statusCode: String?
  /// `sales.public.startDateTime` / `endDateTime`.
  public var publicSaleStart: Date?
  public var publicSaleEnd: Date?
  public var priceRanges: [PriceRange]
  public var venues: [Venue]
  /// Headliner first, as Ticketmaster lists them.
  public var attractions: [Attraction]

  public init(
    id: String, name: String? = nil, url: String? = nil, localDate: String? = nil, localTime: String? = nil,
    dateTime: Date? = nil, timezone: String? = nil, statusCode: String? = nil, publicSaleStart: Date? = nil,
    publicSaleEnd: Date? = nil, priceRanges: [PriceRange] = [], venues: [Venue] = [], attractions: [Attraction] = []
  ) {
    self.id = id
    self.name = name
    self.url = url
    self.localDate = localDate
    self.localTime = localTime
    self.dateTime = dateTime
    self.timezone = timezone
    self.statusCode = statusCode
    self.publicSaleStart = publicSaleStart
    self.publicSaleEnd = publicSaleEnd
    self.priceRanges = priceRanges
    self.venues = venues
    self.attractions = attractions
  }

  private enum CodingKeys: String, CodingKey {
    case id, name, url, dates, sales, priceRanges, _embedded
  }
  private struct Dates: Decodable {
    struct Start: Decodable {
      var localDate: String?
      var localTime: String?
      var dateTime: String?
    }
    struct Status: Decodable { var code: String? }
    var start: Start?
    var timezone: String?
    var status: Status?
  }
  private struct Sales: Decodable {
    struct Window: Decodable {
      var startDateTime: String?
      var endDateTime: String?
    }
    var `public`: Window?
  }
  private struct Embedded: Decodable {
    var venues: [Venue]?
    var attractions: [Attraction]?
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    name = container.lenient(String.self, .name)
    url = container.lenient(String.self, .url)
    let dates = container.lenient(Dates.self, .dates)
    localDate = dates?.start?.localDate
    localTime = dates?.start?.localTime
    dateTime = dates?.start?.dateTime.flatMap(Self.parseDate)
    let sales = container.lenient(Sales.self, .sales)?.public
    publicSaleStart = sales?.startDateTime.flatMap(Self.parseDate)
    publicSaleEnd = sales?.endDateTime.flatMap(Self.parseDate)
    statusCode = dates?.status?.code
    priceRanges = container.lenientArray(PriceRange.self, .priceRanges)
    let embedded = container.lenient(Embedded.self, ._embedded)
    venues = embedded?.venues ?? []
    attractions = (embedded?.attractions ?? []).filter { $0.name?.isEmpty == false }
    timezone = dates?.timezone ?? venues.first?.timezone
  }

  /// ISO 8601 with or without fractional seconds ("2026-12-01T19:00:00Z").
  static func parseDate(_ text: String) -> Date? {
    let plain = ISO8601DateFormatter()
    if let date = plain.date(from: text) { return date }
    let fractional = ISO8601DateFormatter()
    fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return fractional.date(from: text)
  }
}

/// One page of `events.json`: its events (none when `_embedded` is absent) and the `page` object.
public struct TicketmasterEventsPage: Sendable, Hashable, Decodable {
  public struct Page: Sendable, Hashable, Decodable {
    public var size: Int?
    public var totalElements: Int?
    public var totalPages: Int?
    public var number: Int?
  }

  public var events: [TicketmasterEvent]
  public var page: Page?

  private enum CodingKeys: String, CodingKey { case _embedded, page }
  private struct Embedded: Decodable {
    var events: [Lossy]?
  }
  /// One event that may fail to decode (no id) without losing the page.
  private struct Lossy: Decodable {
    var event: TicketmasterEvent?
    init(from decoder: any Decoder) throws { event = try? TicketmasterEvent(from: decoder) }
  }

  /// Every answer of the events API has a `page` object (an empty result has no `_embedded`); a body without it,
  /// or with `page` or `_embedded` of another shape, is not an events page and fails (it is not "no events").
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    page = try container.decode(Page.self, forKey: .page)
    events = (try container.decodeIfPresent(Embedded.self, forKey: ._embedded)?.events ?? []).compactMap(\.event)
  }
}

extension KeyedDecodingContainer {
  /// The value, or nil when it is missing, null or of another shape.
  fileprivate func lenient<T: Decodable>(_ type: T.Type, _ key: Key) -> T? {
    (try? decodeIfPresent(type, forKey: key)) ?? nil
  }

  /// The elements that decode; a missing or malformed array is empty.
  fileprivate func lenientArray<T: Decodable>(_ type: T.Type, _ key: Key) -> [T] {
    lenient([T].self, key) ?? []
  }
}
