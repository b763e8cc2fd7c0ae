import Foundation
import VibesCore

/// The two taste summaries a Blend mixes, read ahead when a followed person's profile opens (their published one
/// comes with the profile's own document, yours from your Spotify top artists right after the profile is drawn),
/// so `m` asks Gemini at once instead of waiting a round trip for them. A summary is used for at most `maxAge`
/// after it was read and only by the account that read it; an older one, a missing one or one whose read failed is
/// read again on `m`, exactly as without the read-ahead. Process memory only, never written anywhere.
public final class BlendTasteAhead: @unchecked Sendable {
  // @unchecked: `mine` and `theirs` are only read and written under `lock`.
  private let lock = NSLock()
  private var mine: (owner: String, summary: TasteSummary, at: Date)?
  private var theirs: [String: (owner: String, summary: TasteSummary, at: Date)] = [:]

  /// How long a summary read ahead stays good for a Blend. A published summary changes at most once a day
  /// (`EffectRunner.tasteInterval`) and your top artists move over weeks, so five minutes — the profile on screen
  /// and a while after — cost nothing a fresh read would have shown.
  public static let maxAge: TimeInterval = 5 * 60

  /// At most this many people's summaries are kept (the profiles opened last).
  static let maxPeople = 20

  public init() {}

  /// Yours, read by `owner` at most `maxAge` before `now`.
  public func mine(owner: String, now: Date) -> TasteSummary? {
    lock.withLock {
      guard let mine, mine.owner == owner, Self.isFresh(mine.at, now) else { return nil }
      return mine.summary
    }
  }

  /// `uid`'s published one, read by `owner` at most `maxAge` before `now`.
  public func theirs(_ uid: String, owner: String, now: Date) -> TasteSummary? {
    lock.withLock {
      guard let entry = theirs[uid], entry.owner == owner, Self.isFresh(entry.at, now) else { return nil }
      return entry.summary
    }
  }

  func keepMine(_ summary: TasteSummary, owner: String, at: Date) {
    lock.withLock { mine = (owner, summary, at) }
  }

  /// Keeps `uid`'s summary as read at `at`; nil (none published) forgets what was kept for them.
  func keepTheirs(_ summary: TasteSummary?, uid: String, owner: String, at: Date) {
    lock.withLock {
      guard let summary else {
        theirs[uid] = nil
        return
      }
      theirs[uid] = (owner, summary, at)
      if theirs.count > Self.maxPeople, let oldest = theirs.min(by: { $0.value.at < $1.value.at })?.key {
        theirs[oldest] = nil
      }
    }
  }

  private static func isFresh(_ at: Date, _ now: Date) -> Bool {
    let age = now.timeIntervalSince(at)
    return age >= 0 && age <= maxAge
  }
}
