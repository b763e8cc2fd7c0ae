import Foundation
import VibesTestSupport
import XCTest

@testable import VibesServices

/// Issue 21 items 4 and 5: a second process (here a second provider over the same store, as a second vibes or
/// `vibes auth status --check` is) rotating the refresh token must not disconnect the first, refreshes are
/// serialised by an flock, and new tokens a full disk refuses are kept in memory and saved again later.
final class SpotifyTokenSharingTests: XCTestCase {
  var fake: FakeSpotifyServer!
  var folder: URL!

  override func setUp() async throws {
    fake = try await FakeSpotifyServer()
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("token-sharing-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDown() async throws {
    await fake?.stop()
    try? FileManager.default.removeItem(at: folder)
  }

  var client: SpotifyAccountsClient {
    SpotifyAccountsClient(baseURL: fake.baseURL, clientID: FakeSpotifyServer.clientID)
  }

  /// The running app holds a fresh copy in memory; `auth status --check` (another provider) refreshes and
  /// rotates; the app's next 401 makes it refresh with its stale copy. Before: `invalid_grant`, and the app
  /// deleted the tokens from the store, the fresh ones included.
  func testAStaleCopyAfterARotationElsewhereReadsTheStoreInsteadOfDisconnecting() async throws {
    let pair = await fake.issueTokens()
    let storage = SharedTokenStorage(
      SpotifyTokens(accessToken: pair.access, refreshToken: pair.refresh, expiresAt: Date().addingTimeInterval(3600)),
      lockFile: folder.appendingPathComponent("spotify-refresh.lock").path)
    let app = SpotifyTokenProvider(accounts: client, storage: storage)
    let check = SpotifyTokenProvider(accounts: client, storage: storage)
    let first = try await app.accessToken()
    XCTAssertEqual(first, pair.access)

    let rotated = try await check.refreshNow()
    XCTAssertNotEqual(rotated, pair.access)
    XCTAssertNotEqual(storage.tokens?.refreshToken, pair.refresh, "the check rotated the refresh token")

    let after401 = try await app.refreshNow()
    XCTAssertEqual(after401, rotated, "the app uses what the other process stored")
    XCTAssertEqual(storage.dropCount, 0, "nothing was dropped")
    XCTAssertEqual(storage.tokens?.accessToken, rotated)
    let refreshes = await fake.tokenRequestCount(grantType: "refresh_token")
    XCTAssertEqual(refreshes, 1, "the app did not refresh with its dead copy")
  }

  /// The store changed between the app's read and its refresh without the lock (an older vibes): the
  /// refused token is not the stored one, so the stored one is tried once and the connection stays.
  func testInvalidGrantWithARotatedStoreRetriesWithTheStoredToken() async throws {
    let pair = await fake.issueTokens()
    let storage = SharedTokenStorage(
      SpotifyTokens(accessToken: pair.access, refreshToken: pair.refresh, expiresAt: .distantPast), lockFile: nil)
    let app = SpotifyTokenProvider(accounts: client, storage: storage)
    let other = SpotifyTokenProvider(accounts: client, storage: storage)
    // The other process rotates after the app's second read (the one under the refresh lock), just before
    // the app's refresh request: the app's request then carries a refused token.
    storage.skipLoads = 1
    storage.onNextLoad = { _ in _ = try? await other.refreshNow() }
    let token = try await app.accessToken()
    XCTAssertEqual(storage.dropCount, 0, "not disconnected")
    XCTAssertEqual(token, storage.tokens?.accessToken)
    let refreshes = await fake.tokenRequestCount(grantType: "refresh_token")
    XCTAssertEqual(refreshes, 2, "the other's refresh and the app's refused one; no third")
  }

  /// Two providers with their own lock descriptors (as two processes have) and expiring tokens refresh at
  /// the same moment: the flock makes one wait, re-read, and use the other's tokens. One refresh request.
  func testTwoProvidersRefreshingAtOnceSendOneRefresh() async throws {
    for _ in 0..<5 {
      let pair = await fake.issueTokens()
      let before = await fake.tokenRequestCount(grantType: "refresh_token")
      let lock = folder.appendingPathComponent("spotify-refresh.lock").path
      let storage = SharedTokenStorage(
        SpotifyTokens(accessToken: pair.access, refreshToken: pair.refresh, expiresAt: .distantPast), lockFile: lock)
      let one = SpotifyTokenProvider(accounts: client, storage: storage)
      let two = SpotifyTokenProvider(accounts: client, storage: storage)
      async let a = one.accessToken()
      async let b = two.accessToken()
      let (tokenA, tokenB) = try await (a, b)
      XCTAssertEqual(tokenA, tokenB)
      XCTAssertEqual(storage.dropCount, 0)
      let after = await fake.tokenRequestCount(grantType: "refresh_token")
      XCTAssertEqual(after - before, 1, "one refresh for two processes")
    }
  }

  /// A full disk during the refresh: the rotated tokens stay in memory (the old refresh token is dead), the
  /// calls go on without refreshing again, and the save is retried until it works.
  func testTokensTheStoreRefusesAreKeptAndSavedLater() async throws {
    let pair = await fake.issueTokens()
    let storage = SharedTokenStorage(
      SpotifyTokens(accessToken: pair.access, refreshToken: pair.refresh, expiresAt: .distantPast), lockFile: nil)
    storage.full = true
    let provider = SpotifyTokenProvider(accounts: client, storage: storage)
    let token = try await provider.accessToken()
    XCTAssertNotEqual(token, pair.access)
    let unsaved = await provider.unsavedTokens
    XCTAssertTrue(unsaved)
    XCTAssertEqual(storage.tokens?.refreshToken, pair.refresh, "nothing reached the full store")
    let again = try await provider.accessToken()
    XCTAssertEqual(again, token, "kept in memory")
    XCTAssertEqual(storage.dropCount, 0)
    var refreshes = await fake.tokenRequestCount(grantType: "refresh_token")
    XCTAssertEqual(refreshes, 1)

    storage.full = false
    _ = try await provider.accessToken()
    let stillUnsaved = await provider.unsavedTokens
    XCTAssertFalse(stillUnsaved)
    XCTAssertEqual(storage.tokens?.accessToken, token, "saved once there was room")
    XCTAssertNotEqual(storage.tokens?.refreshToken, pair.refresh)
    refreshes = await fake.tokenRequestCount(grantType: "refresh_token")
    XCTAssertEqual(refreshes, 1)
    // The saved refresh token is the live one: a new provider (the next start) can refresh with it.
    let next = SpotifyTokenProvider(accounts: client, storage: storage)
    _ = try await next.refreshNow()
    XCTAssertEqual(storage.dropCount, 0)
  }
}

/// One store shared by several providers; `full` makes saves fail like ENOSPC; `onNextLoad` runs once,
/// after a load returns (another process acting in between).
final class SharedTokenStorage: SpotifyTokenStorage, @unchecked Sendable {
  private let lock = NSLock()
  private var stored: SpotifyTokens?
  private var drops = 0
  private var isFull = false
  private var hook: (@Sendable (SpotifyTokens?) async -> Void)?
  private var skip = 0
  let lockFile: String?

  init(_ tokens: SpotifyTokens?, lockFile: String?) {
    stored = tokens
    self.lockFile = lockFile
  }

  var tokens: SpotifyTokens? { lock.withLock { stored } }
  var dropCount: Int { lock.withLock { drops } }
  var full: Bool {
    get { lock.withLock { isFull } }
    set { lock.withLock { isFull = newValue } }
  }
  /// Loads to let pass before `onNextLoad` runs.
  var skipLoads: Int {
    get { lock.withLock { skip } }
    set { lock.withLock { skip = newValue } }
  }
  var onNextLoad: (@Sendable (SpotifyTokens?) async -> Void)? {
    get { lock.withLock { hook } }
    set { lock.withLock { hook = newValue } }
  }

  func load() throws -> SpotifyTokens? {
    let (value, pending) = lock.withLock { () -> (SpotifyTokens?, (@Sendable (SpotifyTokens?) async -> Void)?) in
      if hook != nil && skip > 0 {
        skip -= 1
        return (stored, nil)
      }
      defer { hook = nil }
      return (stored, hook)
    }
    if let pending {
      // Blocks this caller until the other process finished, as a slow disk read would.
      let done = DispatchSemaphore(value: 0)
      Task.detached {
        await pending(value)
        done.signal()
      }
      done.wait()
    }
    return value
  }

  func save(_ tokens: SpotifyTokens) throws {
    try lock.withLock {
      if isFull { throw CocoaError(.fileWriteOutOfSpace) }
      stored = tokens
    }
  }

  func dropForReconnect() throws {
    lock.withLock {
      stored = nil
      drops += 1
    }
  }

  func refreshLock() async -> SpotifyRefreshLock? {
    guard let lockFile else { return nil }
    return await SpotifyRefreshLock.acquire(path: lockFile)
  }
}
