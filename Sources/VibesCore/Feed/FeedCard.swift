import Foundation

/// What a Feed card is about. Open: a kind this version does not know is carried as its raw string.
public struct FeedCardKind: RawRepresentable, Sendable, Hashable, Codable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  public static let concert = FeedCardKind(rawValue: "concert")
  public static let newRelease = FeedCardKind(rawValue: "newRelease")
  /// "You created NAME": a playlist generated in the Create tab.
  public static let createdPlaylist = FeedCardKind(rawValue: "createdPlaylist")
}

/// One card of the living Feed: a kind plus its typed payload.
public struct FeedCard: Sendable, Hashable, Identifiable {
  /// The typed payloads this version knows.
  public enum Payload: Sendable, Hashable {
    case concert(ConcertCard)
    case newRelease(NewReleaseCard)
    case createdPlaylist(CreatedPlaylistCard)
    /// A song shared to all by someone you follow, or sent to you (`SongShareCard.isDirect`).
    case songShare(SongShareCard)
    /// Someone started following you.
    case newFollow(NewFollowCard)
  }

  public var payload: Payload

  public init(_ payload: Payload) { self.payload = payload }
  /// A concert card.
  public static func concert(_ card: ConcertCard) -> FeedCard { FeedCard(.concert(card)) }
  /// A new-release card.
  public static func newRelease(_ card: NewReleaseCard) -> FeedCard { FeedCard(.newRelease(card)) }

  public var kind: FeedCardKind {
    switch payload {
    case .concert: return .concert
    case .newRelease: return .newRelease
    case .createdPlaylist: return .createdPlaylist
    case .songShare(let card): return card.isDirect ? .songSent : .songShare
    case .newFollow: return .newFollow
    }
  }

  /// Unique across kinds: "concert:<event id>", "newRelease:<album id>".
  public var id: String {
    switch payload {
    case .concert(let card): return "concert:" + card.eventID
    case .newRelease(let card): return "newRelease:" + card.albumID
    case .createdPlaylist(let card): return card.key
    case .songShare(let card): return card.key
    case .newFollow(let card): return card.key
    }
  }

  public var concert: ConcertCard? {
    if case .concert(let card) = payload { return card }
    return nil
  }

  public var newRelease: NewReleaseCard? {
    if case .newRelease(let card) = payload { return card }
    return nil
  }

  // MARK: Storage form

  /// The payload as JSON (stored next to `kind`).
  public func encodedPayload() throws -> Data {
    let encoder = Self.encoder
    switch payload {
    case .concert(let card): return try encoder.encode(card)
    case .newRelease(let card): return try encoder.encode(card)
    case .createdPlaylist(let card): return try encoder.encode(card)
    case .songShare(let card): return try encoder.encode(card)
    case .newFollow(let card): return try encoder.encode(card)
    }
  }

  /// The card for a stored kind and payload; nil for a kind this version does not know or a payload that does not
  /// decode, so the caller skips it instead of failing.
  public static func decode(kind: String, payload: Data) -> FeedCard? {
    let decoder = Self.decoder
    switch FeedCardKind(rawValue: kind) {
    case .concert:
      return (try? decoder.decode(ConcertCard.self, from: payload)).map(FeedCard.concert)
    case .newRelease:
      return (try? decoder.decode(NewReleaseCard.self, from: payload)).map(FeedCard.newRelease)
    case .createdPlaylist:
      return CreatedPlaylistCard.decode(payload).map { FeedCard(.createdPlaylist($0)) }
    case .songShare, .songSent:
      return (try? decoder.decode(SongShareCard.self, from: payload)).map { FeedCard(.songShare($0)) }
    case .newFollow:
      return (try? decoder.decode(NewFollowCard.self, from: payload)).map { FeedCard(.newFollow($0)) }
    default:
      return nil
    }
  }

  private static var encoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .secondsSince1970
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  private static var decoder: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    return decoder
  }
}

/// `{"kind": "...", "payload": {...}}`: a card in one self-describing JSON value. Decoding an unknown kind gives
/// `card == nil` rather than an error, so a list of envelopes from a newer version still decodes.
public struct FeedCardEnvelope: Sendable, Hashable, Codable {
  public var card: FeedCard?

  public init(_ card: FeedCard?) { self.card = card }

  private enum CodingKeys: String, CodingKey { case kind, payload }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    // No kind at all (what an empty envelope encodes to) is as unknown as a kind from a newer version.
    let kind = (try? container.decodeIfPresent(String.self, forKey: .kind)) ?? ""
    switch FeedCardKind(rawValue: kind) {
    case .concert:
      card = (try? container.decode(ConcertCard.self, forKey: .payload)).map(FeedCard.concert)
    case .newRelease:
      card = (try? container.decode(NewReleaseCard.self, forKey: .payload)).map(FeedCard.newRelease)
    case .createdPlaylist:
      card = (try? container.decode(CreatedPlaylistCard.self, forKey: .payload)).map { FeedCard(.createdPlaylist($0)) }
    case .songShare, .songSent:
      card = (try? container.decode(SongShareCard.self, forKey: .payload)).map { FeedCard(.songShare($0)) }
    case .newFollow:
      card = (try? container.decode(NewFollowCard.self, forKey: .payload)).map { FeedCard(.newFollow($0)) }
    default:
      card = nil
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    guard let card else { return }
    try container.encode(card.kind.rawValue, forKey: .kind)
    switch card.payload {
    case .concert(let payload): try container.encode(payload, forKey: .payload)
    case .newRelease(let payload): try container.encode(payload, forKey: .payload)
    case .createdPlaylist(let payload): try container.encode(payload, forKey: .payload)
    case .songShare(let payload): try container.encode(payload, forKey: .payload)
    case .newFollow(let payload): try container.encode(payload, forKey: .payload)
    }
  }
}

/// How the last Feed refresh went, for the status line.
public enum FeedRefreshOutcome: Sendable, Hashable {
  /// Fresh cards written; `count` cards are now cached.
  case updated(count: Int, at: Date)
  /// The network could not be reached; the cache (fetched at `cachedAt`, nil if never) is shown as is.
  case offline(cachedAt: Date?)
  /// Over the rate limit or daily quota; try again after this many seconds (nil: unknown).
  case rateLimited(retryAfterSeconds: Int?)
  /// Anything else; `reason` is a short sentence free of keys and URLs.
  case failed(reason: String)
  /// The cards could not be saved because the disk holding the data folder `folder` is full.
  case diskFull(folder: String)
}
