import Foundation
import VibesCore
import VibesServices
import VibesStorage

/// What one flush of the social outbox did.
public struct SocialFlushReport: Sendable, Equatable {
  /// Sent now, or found already sent (an earlier attempt whose answer was lost): removed from the queue.
  public var sent: [String] = []
  /// Refused for good (the rules, a block, too long a message): removed, with why, for the status line.
  public var refused: [(id: String, error: SocialError)] = []
  /// Could not be sent now (no network, a timeout, the service busy): still queued for the next flush.
  public var waiting: [String] = []
  /// The Spotify track id of each share in `sent`, in order: what counting its genres needs (the queued draft keeps
  /// the whole song, so rows queued before this was read send and count alike).
  public var sentTracks: [String] = []

  public init() {}

  public static func == (a: Self, b: Self) -> Bool {
    a.sent == b.sent && a.waiting == b.waiting && a.sentTracks == b.sentTracks
      && a.refused.map(\.id) == b.refused.map(\.id)
      && a.refused.map(\.error) == b.refused.map(\.error)
  }
}

/// Shares, sends and replies made offline wait in SQLite (`socialWriteQueue`) and are sent once: a flush claims
/// rows with a lease before sending (two flushes or processes never send one row at the same time), sends each
/// with its kept document id (a resend after a lost answer or a crash is a 409 = already sent), and removes it.
public struct SocialOutbox: Sendable {
  /// A claimed row is another flush's after this long (a crashed process's rows come back).
  public static let lease: TimeInterval = 120
  public static let batch = 20

  public let database: AppDatabase
  public let shares: ShareRepository

  public init(database: AppDatabase, shares: ShareRepository) {
    self.database = database
    self.shares = shares
  }

  /// Queues `draft` (checked first: a message over 280 characters is refused now, not at the flush).
  public func enqueue(_ draft: ShareDraft, at date: Date) throws {
    guard ShareMessageRule.isValid(draft.message) else {
      throw SocialError.messageTooLong(ShareMessageRule.count(draft.message ?? ""))
    }
    try database.enqueueSocialWrite(id: draft.id, payload: try JSONEncoder().encode(draft), at: date)
  }

  /// The drafts waiting to sync, oldest first.
  public func waiting() throws -> [ShareDraft] {
    try database.queuedSocialWrites().compactMap { try? JSONDecoder().decode(ShareDraft.self, from: $0.payload) }
  }

  /// True when the error says "try again later" rather than "never".
  static func isTransient(_ error: SocialError) -> Bool {
    guard case .firebase(let firebase) = error else { return false }
    switch firebase {
    // Signed out or the session needs a new sign-in: keep the row (a draft of another account is refused by
    // `send`, which checks the sender, so it is never sent as someone else).
    case .service, .unauthenticated, .resourceExhausted, .aborted, .notSignedIn, .signInAgain, .secretStoreFailed,
      .auth(.tooManyAttempts):
      return true
    default: return false
    }
  }

  /// Sends what is queued (claimed by `owner`, one id per flush).
  public func flush(now: Date = Date(), owner: String = UUID().uuidString) async throws -> SocialFlushReport {
    var report = SocialFlushReport()
    let claimed = try database.claimSocialWrites(owner: owner, now: now, lease: Self.lease, limit: Self.batch)
    for row in claimed {
      guard let draft = try? JSONDecoder().decode(ShareDraft.self, from: row.payload), draft.id == row.id else {
        try database.completeSocialWrite(id: row.id, owner: owner)
        report.refused.append((row.id, .firebase(.invalidArgument)))
        continue
      }
      let outcome: Result<ShareOutcome, SocialError>
      do throws(SocialError) {
        outcome = .success(try await shares.send(draft))
      } catch {
        outcome = .failure(error)
      }
      switch outcome {
      case .success:
        try database.completeSocialWrite(id: row.id, owner: owner)
        report.sent.append(row.id)
        report.sentTracks.append(draft.track.trackId)
      case .failure(let error) where Self.isTransient(error):
        try database.releaseSocialWrite(id: row.id, owner: owner)
        report.waiting.append(row.id)
      case .failure(let error):
        try database.completeSocialWrite(id: row.id, owner: owner)
        report.refused.append((row.id, error))
      }
    }
    return report
  }
}
