import Foundation

extension FeedCardKind {
  /// "@name shared a song": a share to all by someone you follow.
  public static let songShare = FeedCardKind(rawValue: "songShare")
  /// "From @name": a song sent to you.
  public static let songSent = FeedCardKind(rawValue: "songSent")
  /// "@name followed you".
  public static let newFollow = FeedCardKind(rawValue: "newFollow")
}

/// A social card of the Feed.
public enum SocialCard: Sendable, Hashable, Identifiable {
  case share(SongShare)
  case follow(NewFollow)

  public var kind: FeedCardKind {
    switch self {
    case .share(let share): return share.isDirect ? .songSent : .songShare
    case .follow: return .newFollow
    }
  }

  /// Unique across kinds: "share:<id>", "follow:<uid>".
  public var id: String {
    switch self {
    case .share(let share): return "share:" + share.id
    case .follow(let follow): return "follow:" + follow.followerId
    }
  }

  /// The person the card is about.
  public var personId: String {
    switch self {
    case .share(let share): return share.senderId
    case .follow(let follow): return follow.followerId
    }
  }

  public var date: Date? {
    switch self {
    case .share(let share): return share.createdAt
    case .follow(let follow): return follow.createdAt
    }
  }
}

/// One card of the mixed Feed: one of the Feed's own kinds (concerts, releases, created playlists) or a social one.
public enum SocialFeedItem: Sendable, Hashable, Identifiable {
  case feed(FeedCard)
  case social(SocialCard)

  public var kind: FeedCardKind {
    switch self {
    case .feed(let card): return card.kind
    case .social(let card): return card.kind
    }
  }

  public var id: String {
    switch self {
    case .feed(let card): return card.id
    case .social(let card): return card.id
    }
  }
}

/// What the ranking knows about you: how often you interacted with each person (songs sent and received, replies)
/// and which social cards you have already seen.
public struct SocialSignals: Sendable, Equatable {
  public var interactions: [String: Int]
  public var seen: Set<String>

  public init(interactions: [String: Int] = [:], seen: Set<String> = []) {
    self.interactions = interactions
    self.seen = seen
  }
}

/// Orders the social Feed: pure. Social cards are scored by recency (halving every `halfLifeHours`) weighted by how
/// often you interact with the person; unseen cards come before seen ones; the Feed's own cards keep
/// `FeedRanking`'s order and are woven in one for one with the seen social cards; and `FeedRanking.enforceVariety`
/// (never five cards of one kind in a row while another kind remains) runs over the whole list.
public enum SocialFeedRanking {
  public static let halfLifeHours = 48.0
  /// A direct song counts as this many shares to all (it was meant for you).
  public static let directWeight = 2.0

  /// Higher is earlier. Recency × (1 + log2(1 + interactions)) × (2 for a song sent to you).
  public static func score(_ card: SocialCard, signals: SocialSignals, now: Date) -> Double {
    let ageHours = max(0, now.timeIntervalSince(card.date ?? .distantPast) / 3600)
    let recency = pow(0.5, ageHours / halfLifeHours)
    let interactions = Double(max(0, signals.interactions[card.personId] ?? 0))
    let affinity = 1 + log2(1 + interactions)
    let direct = card.kind == .songSent ? directWeight : 1
    return recency * affinity * direct
  }

  /// The social cards alone: unseen first, then by score, then newest, then id (stable for equal inputs).
  public static func order(_ cards: [SocialCard], signals: SocialSignals, now: Date) -> [SocialCard] {
    var seenIDs = Set<String>()
    let unique = cards.filter { seenIDs.insert($0.id).inserted }
    let scored = unique.map {
      (card: $0, score: score($0, signals: signals, now: now), seen: signals.seen.contains($0.id))
    }
    return scored.sorted { a, b in
      if a.seen != b.seen { return !a.seen }
      if a.score != b.score { return a.score > b.score }
      let (x, y) = (a.card.date ?? .distantPast, b.card.date ?? .distantPast)
      if x != y { return x > y }
      return a.card.id < b.card.id
    }.map(\.card)
  }

  /// The mixed Feed: `feed` is already in `FeedRanking.rank`'s order. Unseen social cards first, then seen social
  /// cards alternating with the Feed's cards, then variety enforced over all kinds. Cards from blocked people must
  /// already be gone (the repository never returns them).
  public static func rank(
    feed: [FeedCard], social: [SocialCard], signals: SocialSignals, now: Date,
    maxRun: Int = FeedRanking.maxRunOfOneKind
  ) -> [SocialFeedItem] {
    let ordered = order(social, signals: signals, now: now)
    let unseen = ordered.filter { !signals.seen.contains($0.id) }
    let seen = ordered.filter { signals.seen.contains($0.id) }
    var items = unseen.map(SocialFeedItem.social)
    var feedIndex = 0
    var seenIndex = 0
    while feedIndex < feed.count || seenIndex < seen.count {
      if seenIndex < seen.count {
        items.append(.social(seen[seenIndex]))
        seenIndex += 1
      }
      if feedIndex < feed.count {
        items.append(.feed(feed[feedIndex]))
        feedIndex += 1
      }
    }
    return FeedRanking.enforceVariety(items, maxRun: maxRun, kind: \.kind)
  }
}
