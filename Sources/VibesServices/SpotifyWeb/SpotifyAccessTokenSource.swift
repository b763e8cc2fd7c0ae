import Foundation

/// Where `SpotifyWebClient` gets its bearer token. `SpotifyTokenProvider` conforms; tests may use
/// `SpotifyClosureTokenSource`.
public protocol SpotifyAccessTokenSource: Sendable {
  /// A token believed valid (refreshed shortly before expiry).
  func accessToken() async throws(SpotifyTokenError) -> String
  /// A freshly refreshed token, after the API answered 401 to the current one.
  func refreshNow() async throws(SpotifyTokenError) -> String
}

extension SpotifyTokenProvider: SpotifyAccessTokenSource {}

/// A token source made of two closures (for tests and previews).
public struct SpotifyClosureTokenSource: SpotifyAccessTokenSource {
  private let current: @Sendable () async throws(SpotifyTokenError) -> String
  private let refresh: @Sendable () async throws(SpotifyTokenError) -> String

  public init(
    current: @escaping @Sendable () async throws(SpotifyTokenError) -> String,
    refresh: @escaping @Sendable () async throws(SpotifyTokenError) -> String
  ) {
    self.current = current
    self.refresh = refresh
  }

  public func accessToken() async throws(SpotifyTokenError) -> String { try await current() }
  public func refreshNow() async throws(SpotifyTokenError) -> String { try await refresh() }
}
