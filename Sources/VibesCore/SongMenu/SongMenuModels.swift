import Foundation

/// The conversation a "Reply with a song" goes back to (FR-2.6): the Inbox's received song, or the Feed's Song Detail.
public struct SongReplyTarget: Sendable, Hashable {
  /// `ThreadID.between` you and them: the reply lands in this thread.
  public var threadID: String
  /// The person the reply goes to.
  public var personID: String
  /// "@name" as shown (sanitised by whoever made it, sanitised again when drawn).
  public var name: String

  public init(threadID: String, personID: String, name: String) {
    self.threadID = threadID
    self.personID = personID
    self.name = name
  }
}

/// Someone you follow, as the Send-to-one picker lists them.
public struct SongMenuPerson: Sendable, Hashable, Identifiable {
  public var id: String
  /// "@username", or the display name when there is none.
  public var name: String
  /// How often you talk: the messages in your conversation (the Inbox's cached copy).
  public var talks: Int

  public init(id: String, name: String, talks: Int) {
    self.id = id
    self.name = name
    self.talks = talks
  }

  /// Most talked-to first, then by name (case-insensitive), then by id so the order is total.
  public static func sorted(_ people: [SongMenuPerson]) -> [SongMenuPerson] {
    people.sorted {
      if $0.talks != $1.talks { return $0.talks > $1.talks }
      let (a, b) = ($0.name.lowercased(), $1.name.lowercased())
      return a != b ? a < b : $0.id < $1.id
    }
  }

  /// The people whose name contains every word of `filter` (case- and accent-insensitive), order kept.
  public static func filtered(_ people: [SongMenuPerson], by filter: String) -> [SongMenuPerson] {
    let words = fold(filter).split(separator: " ")
    guard !words.isEmpty else { return people }
    return people.filter { person in
      let name = fold(person.name)
      return words.allSatisfy { name.contains($0) }
    }
  }

  static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
  }
}

/// Where a share goes.
public enum SongRecipient: Sendable, Hashable {
  /// Every follower (FR-2.4).
  case everyone
  /// One person you follow (FR-2.5).
  case person(SongMenuPerson)
  /// Back to the person of a conversation, into that thread (FR-2.6).
  case reply(SongReplyTarget)

  /// The uid of a send or reply; nil for a share to all.
  public var personID: String? {
    switch self {
    case .everyone: return nil
    case .person(let person): return person.id
    case .reply(let target): return target.personID
    }
  }
}

/// One share, send or reply as the core asks for it: the app turns it into a `ShareDraft` with your profile's names.
/// `draftID` is the document id of an earlier attempt of the same song, recipient and message (nil: the runner
/// chooses a fresh one), so a retry after a lost answer is never a second share.
public struct SongShareRequest: Sendable, Hashable {
  public var track: SharedTrack
  public var recipientID: String?
  public var message: String?
  public var draftID: String?

  public init(track: SharedTrack, recipientID: String?, message: String?, draftID: String?) {
    self.track = track
    self.recipientID = recipientID
    self.message = ShareMessageRule.normalize(message)
    self.draftID = draftID
  }
}

/// Why a share, a send or the people list did not happen, for the screen.
public enum SongMenuFailure: Error, Sendable, Hashable {
  /// No vibes account on this computer: offer People's sign-in.
  case notSignedIn
  /// The Firebase project is not configured here.
  case notConfigured
  /// Your account has no @username yet (People asks for one).
  case noUsername
  /// Refused by the rules or a block: nothing was written and nothing waits.
  case refused
  /// Longer than 280 characters as the user sees them.
  case tooLong(Int)
  /// The network or Firebase could not be reached (for a share: it could not even be queued).
  case offline
  case failed
}

/// How a share, send or reply ended.
public enum SongShareOutcome: Sendable, Hashable {
  /// Written now (or an earlier attempt had written it). `streak` is the streak after counting today (nil when it
  /// could not be counted); `badges` the achievements it newly unlocked.
  case sent(streak: Int?, badges: [Achievement])
  /// Offline: kept in the social outbox, sent once when the network is back.
  case queued
  case failed(SongMenuFailure)
}
