import Foundation

/// The song a share carries: Spotify's ids and the names as they were when it was shared (a song Spotify no longer
/// has still shows its stored title and artist).
public struct SharedTrack: Sendable, Equatable, Hashable, Codable {
  public var trackId: String
  public var trackName: String
  public var artistName: String
  public var albumName: String
  public var trackUri: String

  public init(trackId: String, trackName: String, artistName: String, albumName: String, trackUri: String) {
    self.trackId = trackId
    self.trackName = trackName
    self.artistName = artistName
    self.albumName = albumName
    self.trackUri = trackUri
  }
}

/// `shares/{id}`: a song shared to all followers (`recipientId == nil`, stored as an explicit null) or sent to one
/// person (in the conversation `threadId`). Every string already sanitised and capped when read from Firestore.
public struct SongShare: Sendable, Equatable, Hashable, Identifiable {
  public var id: String
  public var senderId: String
  public var senderUsername: String
  public var senderDisplayName: String
  public var recipientId: String?
  public var track: SharedTrack
  public var message: String?
  public var threadId: String?
  public var createdAt: Date?

  public init(
    id: String, senderId: String, senderUsername: String, senderDisplayName: String, recipientId: String?,
    track: SharedTrack, message: String?, threadId: String?, createdAt: Date?
  ) {
    self.id = id
    self.senderId = senderId
    self.senderUsername = senderUsername
    self.senderDisplayName = senderDisplayName
    self.recipientId = recipientId
    self.track = track
    self.message = message
    self.threadId = threadId
    self.createdAt = createdAt
  }

  /// Sent to one person rather than shared to all followers.
  public var isDirect: Bool { recipientId != nil }
}

/// `threads/{id}`: a conversation of two people; its id is `ThreadID.between` their uids.
public struct SocialThread: Sendable, Equatable, Hashable, Identifiable {
  public var id: String
  public var participants: [String]
  public var lastMessageAt: Date?

  public init(id: String, participants: [String], lastMessageAt: Date?) {
    self.id = id
    self.participants = participants
    self.lastMessageAt = lastMessageAt
  }

  /// The participant who is not `me` (nil for a malformed thread).
  public func other(than me: String) -> String? { participants.first { $0 != me } }
}

/// `threads/{id}/messages/{m}`: a song (`shareId`, resolved to `share` when it is still readable) or a text.
public struct ThreadMessage: Sendable, Equatable, Hashable, Identifiable {
  public var id: String
  public var threadId: String
  public var senderId: String
  public var shareId: String?
  public var text: String?
  public var createdAt: Date?
  /// The share `shareId` names, when it could be read (nil when it was deleted).
  public var share: SongShare?

  public init(
    id: String, threadId: String, senderId: String, shareId: String?, text: String?, createdAt: Date?,
    share: SongShare? = nil
  ) {
    self.id = id
    self.threadId = threadId
    self.senderId = senderId
    self.shareId = shareId
    self.text = text
    self.createdAt = createdAt
    self.share = share
  }
}

/// Someone started following you (`friendships/{them}_{you}`).
public struct NewFollow: Sendable, Equatable, Hashable, Identifiable {
  public var id: String { followerId }
  public var followerId: String
  public var createdAt: Date?

  public init(followerId: String, createdAt: Date?) {
    self.followerId = followerId
    self.createdAt = createdAt
  }
}

/// The conversation id of two users: the two uids in byte order joined by `_`, so both sides compute the same id
/// without reading anything (the rules check the id against the sorted participants).
public enum ThreadID {
  public static func between(_ a: String, _ b: String) -> String {
    let (first, second) = Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)) ? (a, b) : (b, a)
    return "\(first)_\(second)"
  }

  /// The participants in the order the thread document stores them.
  public static func participants(_ a: String, _ b: String) -> [String] {
    Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)) ? [a, b] : [b, a]
  }
}

/// A share's optional message: at most 280 characters counted as the user sees them (grapheme clusters: an emoji
/// flag or an accented letter is one), checked before anything is sent.
public enum ShareMessageRule {
  public static let maxLength = SocialTextLimits.message

  /// Characters as the user sees them.
  public static func count(_ text: String) -> Int { text.count }

  /// The message as it is stored: trimmed; nil when empty.
  public static func normalize(_ raw: String?) -> String? {
    guard let text = raw?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
    return text
  }

  /// True when `raw` may be sent (nil or at most `maxLength` characters after trimming).
  public static func isValid(_ raw: String?) -> Bool { count(normalize(raw) ?? "") <= maxLength }
}

/// What a share, send or reply will write, made complete before the first attempt so it can wait offline: the
/// document id is chosen here and kept for every retry (a retry after a lost answer is a 409 = already done).
public struct ShareDraft: Sendable, Equatable, Hashable, Codable {
  public var id: String
  public var senderId: String
  public var senderUsername: String
  public var senderDisplayName: String
  /// nil: share to all followers; else sent to this uid (and its thread created or updated).
  public var recipientId: String?
  public var track: SharedTrack
  public var message: String?

  public init(
    id: String, senderId: String, senderUsername: String, senderDisplayName: String, recipientId: String?,
    track: SharedTrack, message: String?
  ) {
    self.id = id
    self.senderId = senderId
    self.senderUsername = senderUsername
    self.senderDisplayName = senderDisplayName
    self.recipientId = recipientId
    self.track = track
    self.message = ShareMessageRule.normalize(message)
  }

  /// The conversation a send or reply belongs to.
  public var threadId: String? { recipientId.map { ThreadID.between(senderId, $0) } }

  /// A new random document id of Firestore's shape (20 of A–Z a–z 0–9).
  public static func newID<G: RandomNumberGenerator>(using generator: inout G) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    return String((0..<20).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
  }

  /// The same id every time for the same `key`: a write made again for the same thing (a retry after its answer
  /// was lost, a second press of the key) lands on the document the first one created and is "already sent".
  public static func stableID(for key: String) -> String {
    // FNV-1a over the key seeds a SplitMix64 stream; the id has the random id's shape.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    var generator = SeededGenerator(state: hash)
    return newID(using: &generator)
  }

  private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9e37_79b9_7f4a_7c15
      var mixed = state
      mixed = (mixed ^ (mixed >> 30)) &* 0xbf58_476d_1ce4_e5b9
      mixed = (mixed ^ (mixed >> 27)) &* 0x94d0_49bb_1331_11eb
      return mixed ^ (mixed >> 31)
    }
  }
}
