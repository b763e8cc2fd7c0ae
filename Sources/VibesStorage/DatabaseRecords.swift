import Foundation
import GRDB
import VibesCore

/// Row of `stepSetting`: the non-secret settings of one setup step. Secrets never go in the database.
struct StepSettingRecord: Codable, Equatable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "stepSetting"

  var step: String
  var city: String?
  var verifiedAt: Date?
  var radiusKm: Int?
  var placeName: String?
  var placeCountry: String?
  var placeLatitude: Double?
  var placeLongitude: Double?

  enum Columns {
    static let step = Column(CodingKeys.step)
  }

  /// The city taken from the suggestions (nil for a typed one).
  var place: City? {
    guard let placeName, let placeLatitude, let placeLongitude else { return nil }
    return City(
      name: placeName, countryCode: placeCountry ?? "", latitude: placeLatitude, longitude: placeLongitude,
      population: 0)
  }
}
