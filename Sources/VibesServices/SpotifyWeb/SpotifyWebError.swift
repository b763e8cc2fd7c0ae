import Foundation

/// Typed failures of `SpotifyWebClient`, so screens never parse HTTP.
///
/// No case carries a URL, a token or a query string; server messages are reduced to short printable text.
public enum SpotifyWebError: Error, Equatable, Sendable {
  /// No Spotify tokens are stored: the user has not connected.
  case notConnected
  /// The refresh token was refused; the user must connect again.
  case reconnectNeeded
  /// 401 even after one forced token refresh.
  case unauthorized
  /// 403 "the user may not be registered": the account is not on the development-mode app's allowlist.
  case notRegistered
  /// 403 because the app owner's Spotify Premium lapsed (development mode needs it).
  case premiumRequired
  /// 403 on another user's playlist items (development-mode apps may read only their own playlists' items).
  case notPlaylistOwner
  /// Any other 403, with the server's sanitised message.
  case forbidden(reason: String?)
  /// A player command refused with a `reason` (403 PREMIUM_REQUIRED, 404 NO_ACTIVE_DEVICE, 403 UNKNOWN…).
  case playerRefused(SpotifyPlayerReason)
  /// 403 "Insufficient client scope": the sign-in lacks a scope this call needs (ask for it, then retry).
  case missingScope
  /// 404: no such track, album, artist or playlist.
  case notFound
  /// 429 that was not retried automatically; seconds from `Retry-After` when given.
  case rateLimited(retryAfterSeconds: Int?)
  /// 5xx after the bounded retries.
  case server(status: Int)
  /// 400 with the server's sanitised message.
  case badRequest(message: String?)
  /// Any other non-2xx status.
  case unexpectedStatus(Int)
  /// Timeout, refused connection, TLS failure and the like, or a token refresh that failed on the network.
  case transport(ServiceError)
  /// A 2xx whose body could not be read (or was too large).
  case invalidResponse
  /// The calling task was cancelled.
  case cancelled
}

extension SpotifyWebError: LocalizedError {
  public var errorDescription: String? {
    switch self {
    case .notConnected: return "Spotify is not connected."
    case .reconnectNeeded: return "Spotify needs to be connected again."
    case .unauthorized: return "Spotify did not accept the sign-in; connect again."
    case .notRegistered:
      return "This Spotify account is not on the app's user list (Developer Dashboard, User Management)."
    case .premiumRequired: return "Spotify requires the app owner to have Premium for development-mode apps."
    case .notPlaylistOwner: return "Spotify only shows the tracks of your own playlists."
    case .forbidden(let reason):
      if let reason { return "Spotify refused access (\(reason))." }
      return "Spotify refused access."
    case .playerRefused(let reason):
      switch reason {
      case .premiumRequired: return "Playing on a Spotify device needs Spotify Premium (PREMIUM_REQUIRED)."
      case .noActiveDevice: return "No Spotify device is active; start Spotify on one (NO_ACTIVE_DEVICE)."
      default: return "Spotify refused the player command (\(reason))."
      }
    case .missingScope: return "The Spotify sign-in does not allow this; connect again to grant it."
    case .notFound: return "Spotify does not know that item."
    case .rateLimited(let seconds):
      if let seconds { return "Spotify asks to wait \(seconds) s before trying again." }
      return "Spotify asks to wait before trying again."
    case .server(let status): return "Spotify had a problem (HTTP \(status))."
    case .badRequest(let message):
      if let message { return "Spotify refused the request (\(message))." }
      return "Spotify refused the request."
    case .unexpectedStatus(let status): return "Spotify answered unexpectedly (HTTP \(status))."
    case .transport(let error): return error.errorDescription
    case .invalidResponse: return "Spotify sent an answer that could not be read."
    case .cancelled: return "The request was cancelled."
    }
  }
}

extension SpotifyWebError {
  /// Maps a transport failure.
  static func from(_ error: ServiceError) -> SpotifyWebError {
    switch error {
    case .cancelled: return .cancelled
    case .invalidResponse: return .invalidResponse
    default: return .transport(error)
    }
  }

  /// Maps a token-source failure.
  static func from(_ error: SpotifyTokenError) -> SpotifyWebError {
    switch error {
    case .notConnected, .storageFailed: return .notConnected
    case .reconnectNeeded: return .reconnectNeeded
    case .service(let service): return from(service)
    }
  }

  /// Reduces a server message to at most 120 printable ASCII characters; anything that looks like a URL or
  /// carries a token-like run of characters is dropped (nil).
  static func sanitizedMessage(_ raw: String?) -> String? {
    guard let raw else { return nil }
    let printable = String(raw.unicodeScalars.filter { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F })
      .trimmingCharacters(in: .whitespaces)
    guard !printable.isEmpty, printable.count <= 120 else { return nil }
    let lowered = printable.lowercased()
    if lowered.contains("://") || lowered.contains("bearer") { return nil }
    let longestWord = printable.split(whereSeparator: { $0 == " " }).map(\.count).max() ?? 0
    guard longestWord <= 40 else { return nil }
    return printable
  }
}
