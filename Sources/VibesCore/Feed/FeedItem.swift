import Foundation

/// One cached item of the Feed. Text fields may come from the network: sanitise before drawing.
public struct FeedItem: Sendable, Hashable, Codable, Identifiable {
  public var id: Int64
  public var title: String
  public var subtitle: String
  public var source: String
  public var publishedAt: Date

  public init(id: Int64, title: String, subtitle: String, source: String, publishedAt: Date) {
    self.id = id
    self.title = title
    self.subtitle = subtitle
    self.source = source
    self.publishedAt = publishedAt
  }
}
