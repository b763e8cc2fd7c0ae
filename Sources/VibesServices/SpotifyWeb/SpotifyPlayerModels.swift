import Foundation

/// A Spotify Connect device (`GET /v1/me/player/devices`). `id` can be null; a restricted device takes no command.
public struct SpotifyDevice: Decodable, Sendable, Hashable {
  public var id: String?
  public var name: String
  public var type: String
  public var isActive: Bool
  public var isPrivateSession: Bool
  public var isRestricted: Bool
  public var volumePercent: Int?
  public var supportsVolume: Bool

  public init(
    id: String?, name: String, type: String = "Computer", isActive: Bool = false, isPrivateSession: Bool = false,
    isRestricted: Bool = false, volumePercent: Int? = nil, supportsVolume: Bool = true
  ) {
    self.id = id
    self.name = name
    self.type = type
    self.isActive = isActive
    self.isPrivateSession = isPrivateSession
    self.isRestricted = isRestricted
    self.volumePercent = volumePercent
    self.supportsVolume = supportsVolume
  }

  enum CodingKeys: String, CodingKey {
    case id, name, type
    case isActive = "is_active"
    case isPrivateSession = "is_private_session"
    case isRestricted = "is_restricted"
    case volumePercent = "volume_percent"
    case supportsVolume = "supports_volume"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decodeIfPresent(String.self, forKey: .id)
    name = try container.decodeIfPresent(String.self, forKey: .name) ?? ""
    type = try container.decodeIfPresent(String.self, forKey: .type) ?? ""
    isActive = try container.decodeIfPresent(Bool.self, forKey: .isActive) ?? false
    isPrivateSession = try container.decodeIfPresent(Bool.self, forKey: .isPrivateSession) ?? false
    isRestricted = try container.decodeIfPresent(Bool.self, forKey: .isRestricted) ?? false
    // A volume that is not a whole number in 0...100 is unknown; it never fails the device list.
    volumePercent = ((try? container.decodeIfPresent(Int.self, forKey: .volumePercent)) ?? nil).flatMap {
      (0...100).contains($0) ? $0 : nil
    }
    supportsVolume = try container.decodeIfPresent(Bool.self, forKey: .supportsVolume) ?? false
  }
}

/// What plays now (`GET /v1/me/player` or `…/currently-playing`). `item` is nil for an episode, an ad or a local
/// file; `device` is absent from `currently-playing`.
public struct SpotifyPlaybackState: Decodable, Sendable, Hashable {
  public var device: SpotifyDevice?
  public var isPlaying: Bool
  public var progressMs: Int?
  public var shuffleState: Bool?
  public var repeatState: String?
  /// The album, playlist or artist being played (`context.uri`), if any.
  public var contextURI: String?
  public var item: SpotifyTrack?
  /// "track", "episode", "ad" or "unknown".
  public var currentlyPlayingType: String?

  enum CodingKeys: String, CodingKey {
    case device, item, context
    case isPlaying = "is_playing"
    case progressMs = "progress_ms"
    case shuffleState = "shuffle_state"
    case repeatState = "repeat_state"
    case currentlyPlayingType = "currently_playing_type"
  }

  private struct Context: Decodable { var uri: String? }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    device = try? container.decodeIfPresent(SpotifyDevice.self, forKey: .device)
    isPlaying = try container.decodeIfPresent(Bool.self, forKey: .isPlaying) ?? false
    // A position that is not a whole number is unknown; it never fails the whole state (NowPlaying clamps the rest).
    progressMs = (try? container.decodeIfPresent(Int.self, forKey: .progressMs)) ?? nil
    shuffleState = try container.decodeIfPresent(Bool.self, forKey: .shuffleState)
    repeatState = try container.decodeIfPresent(String.self, forKey: .repeatState)
    contextURI = (try? container.decodeIfPresent(Context.self, forKey: .context))??.uri
    item = try? container.decodeIfPresent(SpotifyTrack.self, forKey: .item)
    currentlyPlayingType = try container.decodeIfPresent(String.self, forKey: .currentlyPlayingType)
  }
}

/// What to start playing.
public enum SpotifyPlayTarget: Sendable, Hashable {
  /// Resume whatever was playing (an empty body).
  case resume
  /// These tracks (`uris`), e.g. one `spotify:track:…`.
  case tracks([String])
  /// An album or playlist (`context_uri`), optionally from a position or a track in it.
  case context(uri: String, offset: Offset? = nil)

  public enum Offset: Sendable, Hashable {
    case position(Int)
    case uri(String)
  }

  /// The JSON body of `PUT /v1/me/player/play` (nil: no body).
  var body: [String: Any]? {
    switch self {
    case .resume: return nil
    case .tracks(let uris): return ["uris": uris]
    case .context(let uri, let offset):
      var body: [String: Any] = ["context_uri": uri]
      switch offset {
      case .position(let position)?: body["offset"] = ["position": max(0, position)]
      case .uri(let track)?: body["offset"] = ["uri": track]
      case nil: break
      }
      return body
    }
  }
}

/// The `reason` of a refused player command (`{"error":{"status","message","reason"}}`). Match this, never the text.
public struct SpotifyPlayerReason: Sendable, Hashable, CustomStringConvertible {
  public let rawValue: String

  /// Only upper-case letters and `_`, at most 40; anything else is `UNKNOWN`.
  public init(_ raw: String) {
    let valid = !raw.isEmpty && raw.count <= 40 && raw.allSatisfy { ($0.isASCII && $0.isUppercase) || $0 == "_" }
    rawValue = valid ? raw : "UNKNOWN"
  }

  public var description: String { rawValue }

  /// The listener has no Spotify Premium (player commands need it).
  public static let premiumRequired = SpotifyPlayerReason("PREMIUM_REQUIRED")
  /// No device is active: start Spotify somewhere, or pick a device.
  public static let noActiveDevice = SpotifyPlayerReason("NO_ACTIVE_DEVICE")
  /// The command does not fit the state (already paused, no next track…).
  public static let unknown = SpotifyPlayerReason("UNKNOWN")
  public static let noPreviousTrack = SpotifyPlayerReason("NO_PREV_TRACK")
  public static let noNextTrack = SpotifyPlayerReason("NO_NEXT_TRACK")
  public static let alreadyPaused = SpotifyPlayerReason("ALREADY_PAUSED")
  public static let notPaused = SpotifyPlayerReason("NOT_PAUSED")
  public static let rateLimited = SpotifyPlayerReason("RATE_LIMITED")
  public static let remoteControlDisallowed = SpotifyPlayerReason("REMOTE_CONTROL_DISALLOW")
  public static let deviceNotControllable = SpotifyPlayerReason("DEVICE_NOT_CONTROLLABLE")
}
