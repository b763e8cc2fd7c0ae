import Foundation

/// What storage says about each setup step (and the one display setting, artwork on or off). Completion is always
/// derived from these facts (secret present, city saved), never from a stored "done" flag that could drift from
/// the truth.
public struct SetupFacts: Sendable, Hashable {
  /// Steps whose secret is present in the secret store.
  public var storedSecrets: Set<SetupStep>
  /// The saved Ticketmaster city, if any.
  public var ticketmasterCity: String?
  /// How far around the city concerts are searched, in kilometres (one of `ConcertRadius.choices`).
  public var concertRadiusKm: Int
  /// The city taken from the suggestions, with its country and coordinates: searched without reading the city
  /// list again. Nil when the city was typed (then the typed name is looked up, or searched by name).
  public var concertPlace: City?
  /// Profile → Artwork: pictures on detail screens and in the stats (on unless the user turned them off).
  public var artworkOn: Bool

  public init(
    storedSecrets: Set<SetupStep> = [], ticketmasterCity: String? = nil,
    concertRadiusKm: Int = ConcertRadius.defaultKm, concertPlace: City? = nil, artworkOn: Bool = true
  ) {
    self.artworkOn = artworkOn
    self.storedSecrets = storedSecrets
    self.ticketmasterCity = ticketmasterCity
    self.concertRadiusKm = concertRadiusKm
    self.concertPlace = concertPlace
  }

  public func isComplete(_ step: SetupStep) -> Bool {
    switch step {
    case .spotify, .gemini:
      return storedSecrets.contains(step)
    case .ticketmaster:
      let city = ticketmasterCity?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
      return storedSecrets.contains(step) && !city.isEmpty
    }
  }

  public var completedCount: Int { SetupStep.allCases.filter(isComplete).count }
  public var totalCount: Int { SetupStep.allCases.count }
  public var isAllComplete: Bool { completedCount == totalCount }
}

/// The radii the Ticketmaster form offers for the concert search.
public enum ConcertRadius {
  public static let choices = [10, 25, 50, 100]
  public static let defaultKm = 50

  /// The offered radius nearest to `km` (a stored value from an older choice list still lands on one).
  public static func nearest(_ km: Int?) -> Int {
    guard let km else { return defaultKm }
    return choices.min { abs($0 - km) < abs($1 - km) } ?? defaultKm
  }
}
