import FlyingFox
import Foundation

/// A Spotify Connect device the fake knows.
public struct FakeSpotifyDevice: Sendable, Hashable {
  public var id: String
  public var name: String
  public var type: String
  public var isRestricted: Bool

  public init(id: String, name: String, type: String = "Computer", isRestricted: Bool = false) {
    self.id = id
    self.name = name
    self.type = type
    self.isRestricted = isRestricted
  }
}

/// The fake's Spotify Connect side: the listener's account (Premium or free), devices, which is active, what plays,
/// and whether the sign-in granted the player scopes.
public struct FakeSpotifyPlayer: Sendable {
  public enum Account: Sendable { case premium, free }
  public var account: Account = .premium
  public var devices: [FakeSpotifyDevice] = []
  public var activeDeviceID: String?
  public var isPlaying = false
  /// The track URI playing (or paused).
  public var itemURI: String?
  public var contextURI: String?
  /// The queue of the current context, to answer next/previous.
  public var queue: [String] = []
  public var position = 0
  /// false: every player call answers 403 "Insufficient client scope" (no `reason`).
  public var scopesGranted = true

  public init() {}
}

extension SpotifyWebFakeState {
  func setPlayer(_ update: @Sendable (inout FakeSpotifyPlayer) -> Void) { update(&player) }

  static func playerError(_ status: Int, _ message: String, reason: String?) -> HTTPResponse {
    var error: [String: Any] = ["status": status, "message": message]
    if let reason { error["reason"] = reason }
    return FakeJSON.response(status, ["error": error])
  }

  static var noContent: HTTPResponse { HTTPResponse(statusCode: .noContent, headers: [:], body: Data()) }

  /// `/v1/me/player…` as Spotify answers it.
  func playerRoute(_ request: RecordedRequest, _ rest: [String], _ body: Data) -> HTTPResponse {
    guard player.scopesGranted else { return Self.error(403, "Insufficient client scope") }
    let deviceID = request.queryValue("device_id")
    switch (request.method, rest) {
    case ("GET", ["devices"]):
      return FakeJSON.response(200, ["devices": player.devices.map(deviceJSON)])
    case ("GET", []):
      guard player.activeDeviceID != nil, player.itemURI != nil else { return Self.noContent }
      return FakeJSON.response(200, stateJSON(withDevice: true))
    case ("GET", ["currently-playing"]):
      guard player.activeDeviceID != nil, player.itemURI != nil else { return Self.noContent }
      return FakeJSON.response(200, stateJSON(withDevice: false))
    case ("PUT", []):
      let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
      guard let ids = object?["device_ids"] as? [String], ids.count == 1 else {
        return Self.error(400, "Only a single device_id is currently supported")
      }
      if let refused = refuseCommand(deviceID: ids[0]) { return refused }
      guard player.devices.contains(where: { $0.id == ids[0] }) else { return Self.error(404, "Device not found") }
      player.activeDeviceID = ids[0]
      if object?["play"] as? Bool == true, player.itemURI != nil { player.isPlaying = true }
      return Self.noContent
    case ("PUT", ["play"]):
      if let refused = refuseCommand(deviceID: deviceID) { return refused }
      return startPlaying(body, deviceID: deviceID)
    case ("PUT", ["pause"]):
      if let refused = refuseCommand(deviceID: deviceID) { return refused }
      guard player.isPlaying else {
        return Self.playerError(403, "Player command failed: Restriction violated", reason: "UNKNOWN")
      }
      player.isPlaying = false
      return Self.noContent
    case ("POST", ["next"]), ("POST", ["previous"]):
      if let refused = refuseCommand(deviceID: deviceID) { return refused }
      let step = rest == ["next"] ? 1 : -1
      let target = player.position + step
      guard player.queue.indices.contains(target) else {
        return Self.playerError(
          403, "Player command failed: Restriction violated", reason: step > 0 ? "NO_NEXT_TRACK" : "NO_PREV_TRACK")
      }
      player.position = target
      player.itemURI = player.queue[target]
      player.isPlaying = true
      return Self.noContent
    default:
      return Self.error(404, "Service not found")
    }
  }

  /// Free accounts, no device and restricted devices, as Spotify refuses them.
  private func refuseCommand(deviceID: String? = nil) -> HTTPResponse? {
    if player.account == .free {
      return Self.playerError(403, "Player command failed: Premium required", reason: "PREMIUM_REQUIRED")
    }
    let target = deviceID ?? player.activeDeviceID
    guard let target else {
      return Self.playerError(404, "Player command failed: No active device found", reason: "NO_ACTIVE_DEVICE")
    }
    guard let device = player.devices.first(where: { $0.id == target }) else {
      return Self.error(404, "Device not found")
    }
    if device.isRestricted {
      return Self.playerError(403, "Player command failed: Restriction violated", reason: "UNKNOWN")
    }
    return nil
  }

  private func startPlaying(_ body: Data, deviceID: String?) -> HTTPResponse {
    if let deviceID { player.activeDeviceID = deviceID }
    let object = body.isEmpty ? nil : (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    guard let object else {
      guard player.itemURI != nil else {
        return Self.playerError(403, "Player command failed: Restriction violated", reason: "UNKNOWN")
      }
      player.isPlaying = true
      return Self.noContent
    }
    if let uris = object["uris"] as? [String] {
      guard !uris.isEmpty, uris.allSatisfy({ $0.hasPrefix("spotify:track:") }) else {
        return Self.error(400, "Invalid track uri")
      }
      player.queue = uris
      player.contextURI = nil
    } else if let context = object["context_uri"] as? String {
      let parts = context.split(separator: ":").map(String.init)
      guard parts.count == 3 else { return Self.error(400, "Invalid context uri") }
      var tracks: [String] = []
      if parts[1] == "album", let album = album(parts[2]) {
        tracks = album.trackIDs.map { "spotify:track:\($0)" }
      } else if parts[1] == "playlist", let playlist = playlist(parts[2]) {
        tracks = playlist.items.compactMap { $0 }
      } else {
        return Self.error(404, "Non existing id")
      }
      player.queue = tracks
      player.contextURI = context
    } else {
      return Self.error(400, "Malformed json")
    }
    var position = 0
    if let offset = object["offset"] as? [String: Any] {
      if let index = offset["position"] as? Int { position = index }
      if let uri = offset["uri"] as? String, let index = player.queue.firstIndex(of: uri) { position = index }
    }
    guard player.queue.indices.contains(position) else { return Self.error(400, "Offset out of range") }
    player.position = position
    player.itemURI = player.queue[position]
    player.isPlaying = true
    return Self.noContent
  }

  private func deviceJSON(_ device: FakeSpotifyDevice) -> [String: Any] {
    [
      "id": device.id, "name": device.name, "type": device.type, "is_active": device.id == player.activeDeviceID,
      "is_private_session": false, "is_restricted": device.isRestricted, "volume_percent": 60,
      "supports_volume": true,
    ]
  }

  private func stateJSON(withDevice: Bool) -> [String: Any] {
    var object: [String: Any] = [
      "timestamp": 1_764_000_000_000, "progress_ms": 12_000, "is_playing": player.isPlaying,
      "currently_playing_type": "track", "shuffle_state": false, "repeat_state": "off",
      "actions": ["disallows": ["resuming": player.isPlaying]],
    ]
    if let uri = player.itemURI, let id = uri.split(separator: ":").last, let track = track(String(id)) {
      object["item"] = trackJSON(track)
    } else {
      object["item"] = NSNull()
    }
    if let context = player.contextURI {
      object["context"] = [
        "type": context.split(separator: ":").dropFirst().first.map(String.init) ?? "", "uri": context,
      ]
    } else {
      object["context"] = NSNull()
    }
    if withDevice, let device = player.devices.first(where: { $0.id == player.activeDeviceID }) {
      object["device"] = deviceJSON(device)
    }
    return object
  }
}
