import Foundation
import VibesApp
import VibesCore
import VibesStorage
import XCTest

/// Search results kept in SQLite and shown when Spotify cannot be reached: the loopback fake is stopped in the
/// middle of the session.
extension ExploreRunnerTests {
  func testSearchResultsAreShownFromSQLiteOnceSpotifyIsGone() async throws {
    let runner = runner()
    guard
      case .searchFinished(1, "Aurora", .success(let fresh))? = await run(
        .search(requestID: 1, query: "Aurora"), runner)
    else { return XCTFail("no results while online") }
    XCTAssertFalse(fresh.isEmpty)
    XCTAssertEqual(try database.cachedSearchCount(), 1)

    await web.stop()
    // The same query, typed differently (case and spaces), reads the copy with the time it was fetched.
    let offline = await run(.search(requestID: 2, query: "  aurora "), runner)
    guard case .searchFromCache(2, "  aurora ", let copy, let fetchedAt, let reason)? = offline else {
      return XCTFail("no offline copy: \(String(describing: offline))")
    }
    XCTAssertEqual(copy, fresh)
    XCTAssertEqual(fetchedAt, Date(timeIntervalSince1970: 1_763_000_000))
    XCTAssertEqual(reason, .offline)

    // A query never answered has no copy: the failure is said as it is.
    let unknown = await run(.search(requestID: 3, query: "basalt"), runner)
    XCTAssertEqual(unknown, .searchFinished(requestID: 3, query: "basalt", .failure(.offline)))
  }

  func testAMorePageJoinsTheOfflineCopy() async throws {
    let runner = runner()
    guard case .searchFinished(_, _, .success(let first))? = await run(.search(requestID: 1, query: "aurora"), runner),
      let offset = first.tracks.nextOffset
    else { return XCTFail("no first page with more") }
    guard
      case .moreFinished(_, .tracks, .success)? = await run(
        .searchMore(requestID: 2, query: "aurora", .tracks, offset: offset), runner)
    else { return XCTFail("no more page") }
    await web.stop()
    guard case .searchFromCache(_, _, let copy, _, _)? = await run(.search(requestID: 3, query: "aurora"), runner)
    else { return XCTFail("no offline copy") }
    XCTAssertGreaterThan(copy.tracks.items.count, first.tracks.items.count)
    XCTAssertEqual(Array(copy.tracks.items.prefix(first.tracks.items.count)), first.tracks.items)
  }

  func testARateLimitedSearchShowsTheCopyButARefusalDoesNot() async throws {
    let runner = runner()
    _ = await run(.search(requestID: 1, query: "aurora"), runner)
    await web.enqueue(.rateLimited(retryAfter: "90"))
    guard
      case .searchFromCache(2, _, _, _, .rateLimited(seconds: 90))? = await run(
        .search(requestID: 2, query: "aurora"), runner)
    else { return XCTFail("rate limited: the copy with the reason") }
    await web.setRegistered(false)
    guard
      case .searchFinished(3, _, .failure(.notRegistered))? = await run(.search(requestID: 3, query: "aurora"), runner)
    else { return XCTFail("a refusal is explained, not hidden behind the copy") }
  }
}
