import Foundation

/// A Ticketmaster event as the Feed shows it. Strings are raw network text: sanitise before drawing.
public struct ConcertCard: Sendable, Hashable, Codable {
  /// One performer; the headliner comes first in `ConcertCard.attractions`.
  public struct Attraction: Sendable, Hashable, Codable {
    public var name: String
    public var id: String?
    public init(name: String, id: String? = nil) {
      self.name = name
      self.id = id
    }
  }

  /// One price range (`type` e.g. "standard"); any bound may be missing.
  public struct PriceRange: Sendable, Hashable, Codable {
    public var type: String?
    public var currency: String?
    public var min: Double?
    public var max: Double?
    public init(type: String? = nil, currency: String? = nil, min: Double? = nil, max: Double? = nil) {
      self.type = type
      self.currency = currency
      self.min = min
      self.max = max
    }
  }

  /// The public on-sale window (`sales.public`), either end may be missing.
  public struct SaleWindow: Sendable, Hashable, Codable {
    public var start: Date?
    public var end: Date?
    public init(start: Date? = nil, end: Date? = nil) {
      self.start = start
      self.end = end
    }
  }

  public var eventID: String
  public var name: String
  /// Headliner first.
  public var attractions: [Attraction]
  /// `dates.start.localDate`, "yyyy-MM-dd".
  public var localDate: String?
  /// `dates.start.localTime`, "HH:mm:ss"; often missing.
  public var localTime: String?
  /// `dates.timezone`, an IANA name such as "Europe/Berlin".
  public var timezone: String?
  /// `dates.start.dateTime` (UTC), when Ticketmaster knows it.
  public var dateTime: Date?
  public var venueName: String?
  public var addressLine: String?
  public var city: String?
  /// State code or name, else the country.
  public var region: String?
  public var priceRanges: [PriceRange]
  public var status: ConcertStatus
  public var publicSale: SaleWindow?
  public var url: String?
  /// The top artist this event matched ("you listen to NAME"), set by `FeedRanking`.
  public var matchedArtist: String?

  public init(
    eventID: String, name: String, attractions: [Attraction] = [], localDate: String? = nil,
    localTime: String? = nil, timezone: String? = nil, dateTime: Date? = nil, venueName: String? = nil,
    addressLine: String? = nil, city: String? = nil, region: String? = nil, priceRanges: [PriceRange] = [],
    status: ConcertStatus = .onSale, publicSale: SaleWindow? = nil, url: String? = nil,
    matchedArtist: String? = nil
  ) {
    self.eventID = eventID
    self.name = name
    self.attractions = attractions
    self.localDate = localDate
    self.localTime = localTime
    self.timezone = timezone
    self.dateTime = dateTime
    self.venueName = venueName
    self.addressLine = addressLine
    self.city = city
    self.region = region
    self.priceRanges = priceRanges
    self.status = status
    self.publicSale = publicSale
    self.url = url
    self.matchedArtist = matchedArtist
  }

  /// The headliner's name, or the event name when there are no attractions.
  public var headliner: String { attractions.first?.name ?? name }

  /// An OpenStreetMap search for the venue, or nil when nothing is known about the place.
  public var mapURL: URL? { MapLink.openStreetMap(venue: venueName, address: addressLine, city: city) }
}

/// `dates.status.code`, kept open: a code this version does not know survives as its raw value.
public struct ConcertStatus: RawRepresentable, Sendable, Hashable, Codable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  public static let onSale = ConcertStatus(rawValue: "onsale")
  public static let offSale = ConcertStatus(rawValue: "offsale")
  /// Ticketmaster spells it with one L.
  public static let canceled = ConcertStatus(rawValue: "canceled")
  public static let postponed = ConcertStatus(rawValue: "postponed")
  public static let rescheduled = ConcertStatus(rawValue: "rescheduled")

  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
