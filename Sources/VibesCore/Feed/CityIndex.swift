import Foundation

/// A city of the shipped GeoNames list (cities over 15,000 people, CC BY 4.0): what the Ticketmaster step suggests
/// and what concerts are searched around.
public struct City: Sendable, Hashable {
  public var name: String
  /// ISO 3166 alpha-2 ("DE").
  public var countryCode: String
  /// GeoNames admin1 code (a state or region; "16" is Berlin in DE).
  public var admin1: String
  public var latitude: Double
  public var longitude: Double
  public var population: Int

  public init(
    name: String, countryCode: String, admin1: String = "", latitude: Double, longitude: Double, population: Int
  ) {
    self.name = name
    self.countryCode = countryCode
    self.admin1 = admin1
    self.latitude = latitude
    self.longitude = longitude
    self.population = population
  }

  /// "Berlin, DE": the city as a suggestion shows it and as the field keeps it once taken.
  public var label: String { countryCode.isEmpty ? name : name + ", " + countryCode }

  /// "52.5244,13.4105", Ticketmaster's `latlong`.
  public var latlong: String { String(format: "%.4f,%.4f", latitude, longitude) }
}

/// Offline city completion over the shipped list (pure; the app reads the file once, when a field first needs it).
/// Matching folds case and diacritics, so "koln" finds Köln and "SAO" São Paulo; larger cities come first.
public struct CityIndex: Sendable, Hashable {
  struct Entry: Sendable {
    var key: String
    var city: City
  }

  let entries: [Entry]

  /// Reads `key<TAB>name<TAB>country<TAB>admin1<TAB>lat<TAB>lon<TAB>population` lines (scripts/make-cities.py);
  /// malformed lines are skipped.
  public init(tsv: String) {
    var entries: [Entry] = []
    entries.reserveCapacity(40_000)
    for line in tsv.split(separator: "\n", omittingEmptySubsequences: true) {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count >= 7, let latitude = Double(fields[4]), let longitude = Double(fields[5]),
        let population = Int(fields[6])
      else { continue }
      let city = City(
        name: String(fields[1]), countryCode: String(fields[2]), admin1: String(fields[3]), latitude: latitude,
        longitude: longitude, population: population)
      entries.append(Entry(key: String(fields[0]), city: city))
    }
    self.entries = entries
  }

  public init(cities: [City]) {
    entries = cities.map { Entry(key: Self.fold($0.name), city: $0) }
  }

  public var count: Int { entries.count }

  /// Lists are compared by size and ends only: the app loads one list once, and state comparisons stay cheap.
  public static func == (lhs: CityIndex, rhs: CityIndex) -> Bool {
    lhs.entries.count == rhs.entries.count && lhs.entries.first?.key == rhs.entries.first?.key
      && lhs.entries.last?.key == rhs.entries.last?.key
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(entries.count) }

  /// Up to `limit` cities whose name starts with `typed` (folded), largest first. "Paris, FR" narrows to that
  /// country. Fewer than two letters suggest nothing.
  public func suggestions(for typed: String, limit: Int = 5) -> [City] {
    let (name, country) = Self.split(typed)
    guard name.count >= 2 else { return [] }
    var found = entries.filter { $0.key.hasPrefix(name) }.map(\.city)
    if let country { found = found.filter { $0.countryCode.lowercased().hasPrefix(country) } }
    found.sort { ($0.population, $1.name) > ($1.population, $0.name) }
    return Array(found.prefix(max(0, limit)))
  }

  /// The city the text names exactly ("Berlin", "berlin, de", "Köln"), the largest of that name; nil when none.
  /// A typed city that was never taken from the suggestions still finds its coordinates this way.
  public func city(named typed: String) -> City? {
    let (name, country) = Self.split(typed)
    guard !name.isEmpty else { return nil }
    return entries.filter { entry in
      entry.key == name && (country.map { entry.city.countryCode.lowercased() == $0 } ?? true)
    }.map(\.city).max { $0.population < $1.population }
  }

  /// "Paris, FR" → ("paris", "fr"); "Köln" → ("koln", nil).
  static func split(_ typed: String) -> (String, String?) {
    let parts = typed.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
    let name = fold(parts.first ?? "")
    let country = parts.count > 1 && !parts[1].isEmpty ? fold(parts[1]) : nil
    return (name, country)
  }

  /// Compatibility decomposition, combining marks dropped, lower case, spaces collapsed: the same fold
  /// scripts/make-cities.py writes into the list's key column.
  public static func fold(_ text: String) -> String {
    let decomposed = text.decomposedStringWithCompatibilityMapping
    var scalars = String.UnicodeScalarView()
    for scalar in decomposed.unicodeScalars where scalar.properties.generalCategory != .nonspacingMark {
      scalars.append(scalar)
    }
    return String(scalars).lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
