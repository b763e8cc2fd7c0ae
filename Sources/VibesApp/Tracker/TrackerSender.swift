import Foundation
import VibesCore
import VibesServices
import VibesStorage

/// The SDK's delivery: every event goes into the SQLite queue first, then the queue is sent oldest
/// first; an event is deleted only after a 2xx. A restart keeps what was not sent.
public struct TrackerSender: Sendable {
  public let database: AppDatabase
  let dependencies: TrackerDependencies

  public init(database: AppDatabase, dependencies: TrackerDependencies) {
    self.database = database
    self.dependencies = dependencies
  }

  /// What one flush did.
  public struct FlushResult: Sendable, Equatable {
    public var sent: [(event: String, status: Int)] = []
    public var dropped: [(event: String, status: Int)] = []
    /// Why sending stopped early (the rest stays queued).
    public var stoppedBy: TrackerFailure?
    /// True when stopping was for a reason that may clear by itself (network, 5xx, 408/429).
    public var isOffline = false
    public var remaining = 0

    public static func == (lhs: FlushResult, rhs: FlushResult) -> Bool {
      lhs.sent.map(\.event) == rhs.sent.map(\.event)
        && lhs.dropped.map(\.event) == rhs.dropped.map(\.event)
        && lhs.stoppedBy == rhs.stoppedBy && lhs.remaining == rhs.remaining
        && lhs.isOffline == rhs.isOffline
    }
  }

  /// Adds `event` to the end of the queue, stamped now, for `configuration`'s brand.
  public func enqueue(_ event: TrackerEvent, configuration: TrackerConfiguration) throws {
    let wire = TrackerWireEvent(
      brandID: configuration.brandID, userID: event.userID, event: event.name,
      properties: event.properties,
      timestamp: dependencies.now())
    try database.enqueueTrackerEvent(
      event: event.name, body: String(decoding: wire.jsonData(), as: UTF8.self),
      at: dependencies.now())
  }

  /// Sends the queue, oldest first, until it is empty or the API stops taking events.
  public func flush(configuration: TrackerConfiguration) async -> FlushResult {
    await dependencies.flushLock.run { await flushLocked(configuration: configuration) }
  }

  private func flushLocked(configuration: TrackerConfiguration) async -> FlushResult {
    var result = FlushResult()
    guard let client = dependencies.client(configuration.environment) else {
      result.stoppedBy = .transport(TransportFailure(.other))
      result.remaining = (try? database.trackerQueueCount()) ?? 0
      return result
    }
    do {
      batches: while true {
        let batch = try database.queuedTrackerEvents(limit: 50)
        if batch.isEmpty { break }
        for queued in batch {
          do {
            let status = try await client.send(
              apiKey: configuration.apiKey, body: Data(queued.body.utf8))
            try database.deleteQueuedTrackerEvent(id: queued.id)
            result.sent.append((queued.event, status))
          } catch let error as TrackerClientError {
            switch error {
            case .invalidBrand(let status):
              try database.deleteQueuedTrackerEvent(id: queued.id)
              result.dropped.append((queued.event, status))
            case .rejected(let status) where status != 408 && status != 429:
              // Refused for good: keeping it would block every later event.
              try database.deleteQueuedTrackerEvent(id: queued.id)
              result.dropped.append((queued.event, status))
            case .invalidAPIKey:
              result.stoppedBy = .invalidAPIKey
              break batches
            default:
              result.stoppedBy = TrackerFailure(error)
              result.isOffline = true
              break batches
            }
          }
        }
      }
    } catch {
      result.stoppedBy = .storageFailed
    }
    result.remaining = (try? database.trackerQueueCount()) ?? 0
    return result
  }
}

extension TrackerFailure {
  init(_ error: TrackerClientError) {
    switch error {
    case .network(let problem): self = .transport(problem)
    case .cancelled: self = .transport(.cancelled)
    case .invalidAPIKey: self = .invalidAPIKey
    case .invalidBrand: self = .invalidBrandID
    case .server(let status): self = .server(status: status)
    case .rateLimited(let seconds): self = .rateLimited(retryAfterSeconds: seconds)
    case .rejected(let status): self = .rejected(status: status)
    case .unreadableAnswer: self = .unreadableAnswer
    }
  }
}
