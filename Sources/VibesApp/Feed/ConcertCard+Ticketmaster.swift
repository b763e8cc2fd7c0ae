import Foundation
import VibesCore
import VibesServices

extension ConcertCard {
  /// The card for a Discovery API event: headliner first, the first venue, whatever fields it had.
  public init(_ event: TicketmasterEvent) {
    let venue = event.venues.first
    let attractions = event.attractions.compactMap { attraction -> Attraction? in
      guard let name = attraction.name, !name.isEmpty else { return nil }
      return Attraction(name: name, id: attraction.id)
    }
    let sale: SaleWindow? =
      event.publicSaleStart == nil && event.publicSaleEnd == nil
      ? nil : SaleWindow(start: event.publicSaleStart, end: event.publicSaleEnd)
    self.init(
      eventID: event.id,
      name: event.name ?? attractions.first?.name ?? "",
      attractions: attractions,
      localDate: WireDates.date(event.localDate).flatMap { $0.utf8.count == 10 ? $0 : nil },
      localTime: WireDates.time(event.localTime),
      timezone: event.timezone,
      dateTime: event.dateTime,
      venueName: venue?.name,
      addressLine: venue?.addressLine,
      city: venue?.city,
      region: venue?.stateCode ?? venue?.stateName ?? venue?.countryCode ?? venue?.countryName,
      priceRanges: event.priceRanges.map {
        PriceRange(type: $0.type, currency: $0.currency, min: Self.price($0.min), max: Self.price($0.max))
      },
      status: event.statusCode.map(ConcertStatus.init(rawValue:)) ?? .onSale,
      publicSale: sale,
      url: event.url)
  }

  /// A price as drawn: finite, not negative, below ten million; anything else is unknown (issue 21, item 1).
  static func price(_ raw: Double?) -> Double? {
    raw.flatMap { $0.isFinite && $0 >= 0 && $0 < 10_000_000 ? $0 : nil }
  }
}
