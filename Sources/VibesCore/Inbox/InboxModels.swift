import Foundation

/// A conversation as the inbox lists it: the other person's name (already sanitised), when it last moved, and
/// whether something arrived since you last opened it.
public struct InboxThread: Sendable, Hashable, Codable, Identifiable {
  public var id: String
  public var otherId: String
  /// "@name" (or the display name when the person has no username yet), sanitised and capped.
  public var otherName: String
  public var lastMessageAt: Date?
  public var isUnread: Bool

  public init(id: String, otherId: String, otherName: String, lastMessageAt: Date?, isUnread: Bool) {
    self.id = id
    self.otherId = otherId
    self.otherName = otherName
    self.lastMessageAt = lastMessageAt
    self.isUnread = isUnread
  }
}

/// One message of a thread as the inbox shows it: a song with who sent it and its message, or a text.
public struct InboxMessage: Sendable, Hashable, Codable, Identifiable {
  public var id: String
  public var senderId: String
  /// "@name" of the sender, sanitised (empty for you: the screen says "you").
  public var senderName: String
  public var isMine: Bool
  /// The song, when the message carries one that could still be read.
  public var song: SharedTrack?
  /// The share's message or the text message, sanitised and capped.
  public var text: String?
  public var createdAt: Date?

  public init(
    id: String, senderId: String, senderName: String, isMine: Bool, song: SharedTrack?, text: String?,
    createdAt: Date?
  ) {
    self.id = id
    self.senderId = senderId
    self.senderName = senderName
    self.isMine = isMine
    self.song = song
    self.text = text
    self.createdAt = createdAt
  }
}

/// What the inbox shows: fetched now, or read from the cache (`isStale`) with its age.
public struct InboxSnapshot<Item: Sendable & Hashable>: Sendable, Hashable {
  public var items: [Item]
  public var fetchedAt: Date
  public var isStale: Bool

  public init(items: [Item], fetchedAt: Date, isStale: Bool = false) {
    self.items = items
    self.fetchedAt = fetchedAt
    self.isStale = isStale
  }
}

/// Why the inbox could not be read or a reply not sent.
public enum InboxFailure: Sendable, Hashable {
  /// No vibes account on this machine: `vibes auth login google`.
  case notSignedIn
  /// The Firebase project is not configured.
  case notConfigured
  /// The network or Firebase could not be reached.
  case offline
  /// Firebase refused (rules, a block, a deleted thread).
  case refused
  /// Something else went wrong on the service's side.
  case failed
}

/// What a load or a send was doing when it failed (the screen says what failed).
public enum InboxOperation: Sendable, Hashable {
  case loadInbox, loadThread, sendReply
}

/// What the inbox's runner answers for one load: what to show (fresh, or the cache with its age when the network
/// failed) and why the network failed, if it did.
public struct InboxLoad<Item: Sendable & Hashable>: Sendable, Hashable {
  public var snapshot: InboxSnapshot<Item>?
  public var failure: InboxFailure?
  /// When the runner answered (the ages on screen count from it; nil: from the copy's own time).
  public var now: Date?

  public init(snapshot: InboxSnapshot<Item>?, failure: InboxFailure?, now: Date? = nil) {
    self.snapshot = snapshot
    self.failure = failure
    self.now = now
  }
}

/// A text reply: at most 140 characters as the user sees them (a short note; songs carry the longer message).
public enum InboxReplyRule {
  public static let maxLength = 140
}
