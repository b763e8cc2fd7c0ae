import Foundation
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 21, item 12: a full disk during a Feed refresh said "Could not save the Feed cache." without naming the
/// disk. The refresh now ends as `.diskFull(folder:)`, worded with the data folder in both languages.
final class FeedDiskFullTests: XCTestCase {
  func testARefreshOnAFullDiskSaysSoAndNamesTheDataFolder() async throws {
    guard geteuid() == 0 else { throw XCTSkip("mounting a small tmpfs needs root") }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-feed-full-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    guard mount("tmpfs", folder.path, "tmpfs", 0, "size=1m,mode=0700") == 0 else {
      throw XCTSkip("cannot mount a tmpfs here: \(String(cString: strerror(errno)))")
    }
    defer { umount2(folder.path, Int32(MNT_DETACH)) }
    let database = try AppDatabase(path: folder.appendingPathComponent("vibes.sqlite").path)
    let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded())
    let fake = try await FakeTicketmasterServer(
      validKeys: ["TmFullDiskKey0123456789"], eventsByCity: ["Berlin": 200], style: .varied(now: now, pastEvents: 0))
    defer { Task { await fake.stop() } }
    let refresher = FeedRefresher(
      database: database,
      events: TicketmasterEventsClient(
        baseURL: fake.baseURL, transport: URLSessionTransport(timeout: 5),
        limiter: RequestRateLimiter(requestsPerSecond: 1_000), backoff: BackoffPolicy(maxAttempts: 1), sleep: { _ in }),
      now: { now })
    DamagedStorageWordingTests.fill(folder)
    let outcome = await refresher.refresh(apiKey: "TmFullDiskKey0123456789", city: "Berlin", releases: nil)
    XCTAssertEqual(outcome, .diskFull(folder: folder.path))

    var refresh = FeedRefreshState()
    refresh.phase = .diskFull(folder: folder.path)
    let en = try XCTUnwrap(Localizer(.en).feedStatusLine(refresh))
    let de = try XCTUnwrap(Localizer(.de).feedStatusLine(refresh))
    XCTAssertTrue(en.hasPrefix("Not updated: the disk is full.") && en.contains(folder.path), en)
    XCTAssertTrue(de.contains("Laufwerk ist voll") && de.contains(folder.path), de)
  }
}
