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
}
