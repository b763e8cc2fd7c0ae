import Foundation
import GRDB
import VibesCore

/// Row of `stepSetting`: the non-secret settings of one setup step. Secrets never go in the database.
struct StepSettingRecord: Codable, Equatable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "stepSetting"

  var step: String
  var city: String?
  var verifiedAt: Date?

  enum Columns {
    static let step = Column(CodingKeys.step)
  }
}

/// Row of `feedItem`, the local cache of the Feed.
struct FeedItemRecord: Codable, Equatable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "feedItem"

  var id: Int64
  var title: String
  var subtitle: String
  var source: String
  var publishedAt: Date

  enum Columns {
    static let id = Column(CodingKeys.id)
    static let publishedAt = Column(CodingKeys.publishedAt)
  }

  /// Newest first; matches the `feedItem_order` index so windows are read straight off the index.
  static let newestFirst: [SQLOrdering] = [Columns.publishedAt.desc, Columns.id.desc]

  init(_ item: FeedItem) {
    id = item.id
    title = item.title
    subtitle = item.subtitle
    source = item.source
    publishedAt = item.publishedAt
  }

  var feedItem: FeedItem {
    FeedItem(id: id, title: title, subtitle: subtitle, source: source, publishedAt: publishedAt)
  }
}
