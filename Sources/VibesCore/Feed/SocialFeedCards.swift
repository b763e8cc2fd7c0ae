import Foundation

/// The Feed card of a song from someone: "@name shared a song" (kind `songShare`, a share to all by someone you
/// follow) or "From @name" (kind `songSent`, a song sent to you). Stored in `feedCard` with this JSON payload; every
/// string was sanitised and capped when read from Firestore (`ShareRepository`) and is sanitised again when drawn.
public struct SongShareCard: Sendable, Hashable, Codable {
  public var shareID: String
  public var senderId: String
  public var senderUsername: String
  public var senderDisplayName: String
  /// The song as it was when shared: shown even when Spotify no longer has it.
  public var track: SharedTrack
  public var message: String?
  public var createdAt: Date?
  /// Sent to you rather than shared to all.
  public var isDirect: Bool
  /// Not yet read (the Feed ranks unread cards first and marks them).
  public var isUnread: Bool
  /// The conversation a song sent to you belongs to (nil for a share to all, and in copies cached before it was kept).
  public var threadID: String?

  public init(
    shareID: String, senderId: String, senderUsername: String, senderDisplayName: String, track: SharedTrack,
    message: String?, createdAt: Date?, isDirect: Bool, isUnread: Bool, threadID: String? = nil
  ) {
    self.shareID = shareID
    self.senderId = senderId
    self.senderUsername = senderUsername
    self.senderDisplayName = senderDisplayName
    self.track = track
    self.message = message
    self.createdAt = createdAt
    self.isDirect = isDirect
    self.isUnread = isUnread
    self.threadID = threadID
  }

  public init(_ share: SongShare, isUnread: Bool) {
    self.init(
      shareID: share.id, senderId: share.senderId, senderUsername: share.senderUsername,
      senderDisplayName: share.senderDisplayName, track: share.track, message: share.message,
      createdAt: share.createdAt, isDirect: share.isDirect, isUnread: isUnread,
      threadID: share.isDirect ? share.threadId : nil)
  }

  /// "Reply with a song" goes back into this song's conversation: only a song sent to you has one.
  public var replyTarget: SongReplyTarget? {
    guard isDirect, let threadID, !threadID.isEmpty else { return nil }
    return SongReplyTarget(threadID: threadID, personID: senderId, name: senderUsername)
  }

  /// The feed key: "share:<id>" (the same id `SocialCard` ranks by).
  public var key: String { "share:" + shareID }

  /// The sender as a person of the People area.
  public var sender: PersonSummary {
    PersonSummary(
      uid: senderId, displayName: senderDisplayName, username: senderUsername.isEmpty ? nil : senderUsername)
  }

  /// "@name", else the display name, else "?": how the card names the sender.
  public var senderName: String { Self.name(username: senderUsername, displayName: senderDisplayName) }

  /// The song's Spotify link, or nil when the share names no usable track id.
  public var spotifyURL: String? {
    let id = track.trackId
    guard !id.isEmpty, id.unicodeScalars.allSatisfy({ $0.isASCII && CharacterSet.alphanumerics.contains($0) }) else {
      return nil
    }
    return "https://open.spotify.com/track/" + id
  }

  static func name(username: String, displayName: String) -> String {
    if !username.isEmpty { return "@" + username }
    return displayName.isEmpty ? "?" : displayName
  }
}

/// The Feed card "@name followed you" (kind `newFollow`).
public struct NewFollowCard: Sendable, Hashable, Codable {
  public var followerId: String
  public var username: String
  public var displayName: String
  public var createdAt: Date?
  public var isUnread: Bool

  public init(followerId: String, username: String, displayName: String, createdAt: Date?, isUnread: Bool) {
    self.followerId = followerId
    self.username = username
    self.displayName = displayName
    self.createdAt = createdAt
    self.isUnread = isUnread
  }

  /// The feed key: "follow:<uid>".
  public var key: String { "follow:" + followerId }

  public var person: PersonSummary {
    PersonSummary(uid: followerId, displayName: displayName, username: username.isEmpty ? nil : username)
  }

  public var name: String { SongShareCard.name(username: username, displayName: displayName) }
}

extension FeedCard {
  /// The social kinds (shares, songs sent to you, new follows).
  public static let socialKinds: Set<FeedCardKind> = [.songShare, .songSent, .newFollow]

  public var songShare: SongShareCard? {
    if case .songShare(let card) = payload { return card }
    return nil
  }

  public var newFollow: NewFollowCard? {
    if case .newFollow(let card) = payload { return card }
    return nil
  }

  /// True for a social card not yet read.
  public var isUnread: Bool {
    switch payload {
    case .songShare(let card): return card.isUnread
    case .newFollow(let card): return card.isUnread
    default: return false
    }
  }

  /// The same card marked read.
  public var markedRead: FeedCard {
    switch payload {
    case .songShare(var card):
      card.isUnread = false
      return FeedCard(.songShare(card))
    case .newFollow(var card):
      card.isUnread = false
      return FeedCard(.newFollow(card))
    default:
      return self
    }
  }
}

/// A person's names as the social cards show them.
public struct SocialName: Sendable, Hashable {
  public var username: String
  public var displayName: String
  public init(username: String, displayName: String) {
    self.username = username
    self.displayName = displayName
  }
}

/// Builds the mixed Feed from the Feed's own cards and the social ones: pure.
public enum SocialFeedCards {
  /// At most this many social cards are kept in the cache (the newest, after ranking).
  public static let maxSocialCards = 10_000

  /// The whole ranked Feed: `feed` (the Feed's own cards in their cached order) woven with the social cards by
  /// `SocialFeedRanking` (recency × how often you talk, unread first, never five of a kind in a row). `read` holds the
  /// keys of social cards already read; `names` the follower names for new follows.
  public static func merge(
    feed: [FeedCard], shares: [SongShare], follows: [NewFollow], names: [String: SocialName], read: Set<String>,
    interactions: [String: Int], now: Date
  ) -> [FeedCard] {
    let ownCards = feed.filter { !FeedCard.socialKinds.contains($0.kind) }
    var social = shares.map(SocialCard.share) + follows.map(SocialCard.follow)
    social = Array(SocialFeedRanking.order(social, signals: SocialSignals(), now: now).prefix(maxSocialCards))
    let ranked = SocialFeedRanking.rank(
      feed: ownCards, social: social, signals: SocialSignals(interactions: interactions, seen: read), now: now)
    return ranked.map { item in
      switch item {
      case .feed(let card):
        return card
      case .social(.share(let share)):
        return FeedCard(.songShare(SongShareCard(share, isUnread: !read.contains("share:" + share.id))))
      case .social(.follow(let follow)):
        let name = names[follow.followerId] ?? SocialName(username: "", displayName: "")
        return FeedCard(
          .newFollow(
            NewFollowCard(
              followerId: follow.followerId, username: name.username, displayName: name.displayName,
              createdAt: follow.createdAt, isUnread: !read.contains("follow:" + follow.followerId))))
      }
    }
  }

  /// Cached social cards back as what the ranking takes (to weave them again after another kind refreshed).
  public static func socialInputs(_ cards: [FeedCard]) -> (
    shares: [SongShare], follows: [NewFollow], names: [String: SocialName], read: Set<String>
  ) {
    var shares: [SongShare] = []
    var follows: [NewFollow] = []
    var names: [String: SocialName] = [:]
    var read = Set<String>()
    for card in cards {
      switch card.payload {
      case .songShare(let share):
        shares.append(
          SongShare(
            id: share.shareID, senderId: share.senderId, senderUsername: share.senderUsername,
            senderDisplayName: share.senderDisplayName, recipientId: share.isDirect ? "me" : nil, track: share.track,
            message: share.message, threadId: nil, createdAt: share.createdAt))
        if !share.isUnread { read.insert(share.key) }
      case .newFollow(let follow):
        follows.append(NewFollow(followerId: follow.followerId, createdAt: follow.createdAt))
        names[follow.followerId] = SocialName(username: follow.username, displayName: follow.displayName)
        if !follow.isUnread { read.insert(follow.key) }
      default:
        break
      }
    }
    return (shares, follows, names, read)
  }

  /// How often you talk with each person (`InboxTalks`): the messages of your cached conversations in both
  /// directions, and the songs they sent you that are not among them yet (a share to all is not a conversation).
  public static func interactions(_ shares: [SongShare], conversations: [String: [InboxMessage]] = [:]) -> [String:
    Int]
  {
    InboxTalks.counts(conversations: conversations, received: shares)
  }
}
