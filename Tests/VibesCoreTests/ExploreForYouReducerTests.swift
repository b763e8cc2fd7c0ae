import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// For You on Explore's root (FR-3.2): the row after the library rows, loading, the list with reasons, `x`
/// dismissing at once, Enter opening the track, `r` asking again, and the Gemini setup step without a key.
final class ExploreForYouReducerTests: XCTestCase {
  static let fetchedAt = Date(timeIntervalSince1970: 1_800_000_000)

  static let list = CachedForYou(
    entries: [
      ForYouEntry(title: "Midnight City", artist: "M83", reason: "Big like Aurora.", trackID: MusicFixtures.id("fy0")),
      ForYouEntry(
        title: "Teardrop", artist: "Massive Attack", reason: "Dark like Basalt.", trackID: MusicFixtures.id("fy1")),
      ForYouEntry(title: "Intro", artist: "The xx", reason: "Quiet like Tide.", trackID: MusicFixtures.id("fy2")),
    ], fetchedAt: fetchedAt)

  static func stale(_ list: CachedForYou) -> CachedForYou {
    CachedForYou(entries: list.entries, fetchedAt: list.fetchedAt, isStale: true)
  }

  /// Explore open, Spotify connected, no recent searches, the selection on "For you" (the fourth root row).
  func onForYouRow() -> Driver {
    var driver = Driver(facts: SetupFacts(storedSecrets: [.spotify]))
    driver.arrange { driver in
      driver.press(.tabKey(.explore))
      driver.send(.explore(.recentLoaded([], queued: 0)))
      driver.press(.down, .down, .down)
    }
    return driver
  }

  func testTheForYouRowFollowsTheLibraryRowsAndOpensLoadingThenTheList() {
    var driver = onForYouRow()
    XCTAssertEqual(driver.state.explore.forYouRootIndex, LibraryKind.allCases.count)
    XCTAssertEqual(driver.state.explore.list.selected, 3)
    let id = driver.state.context.nextRequestID
    driver.press(.enter, expecting: [.explore(.loadForYou(requestID: id, refresh: false))]) { state in
      state.explore.forYouScreen = ForYouScreen(phase: .loading(requestID: id))
      state.context.nextRequestID = id + 1
    }
    XCTAssertEqual(driver.state.explore.depth, 1)
    driver.send(.explore(.forYouFinished(requestID: id, .success(Self.list))), expecting: []) { state in
      state.explore.forYouScreen?.phase = .loaded(Self.list)
      state.explore.forYouCopy = Self.stale(Self.list)
    }
    // A late answer of another request changes nothing.
    driver.send(.explore(.forYouFinished(requestID: id + 7, .failure(.offline))), expecting: [])
  }

  func testXDismissesAtOnceEnterOpensTheTrackAndEscComesBack() {
    var driver = onForYouRow()
    let id = driver.state.context.nextRequestID
    driver.arrange { driver in
      driver.press(.enter)
      driver.send(.explore(.forYouFinished(requestID: id, .success(Self.list))))
    }
    driver.press(.down, expecting: []) { $0.explore.forYouScreen?.list.selected = 1 }
    var rest = Self.list
    let dismissed = rest.entries.remove(at: 1)
    driver.press(.character("x"), expecting: [.explore(.dismissForYou(dismissed))]) { state in
      state.explore.forYouScreen?.phase = .loaded(rest)
      state.explore.forYouCopy = Self.stale(rest)
    }
    let detailID = driver.state.context.nextRequestID
    let link = rest.entries[1].link
    driver.press(.enter, expecting: [.explore(.loadDetail(requestID: detailID, link))]) { state in
      state.explore.path = [DetailScreen(link: link, phase: .loading(requestID: detailID))]
      state.context.nextRequestID = detailID + 1
    }
    XCTAssertEqual(driver.state.explore.depth, 2)
    driver.press(.escape, expecting: [.cancel(requestID: detailID)]) { $0.explore.path = [] }
    // x on the last song left keeps the selection on the list.
    driver.press(.character("x"), expecting: [.explore(.dismissForYou(rest.entries[1]))]) { state in
      state.explore.forYouScreen?.phase = .loaded(CachedForYou(entries: [rest.entries[0]], fetchedAt: Self.fetchedAt))
      state.explore.forYouScreen?.list.selected = 0
      state.explore.forYouCopy = Self.stale(CachedForYou(entries: [rest.entries[0]], fetchedAt: Self.fetchedAt))
    }
    driver.press(.escape, expecting: []) { $0.explore.forYouScreen = nil }
    XCTAssertEqual(driver.state.explore.depth, 0)
  }

  func testRAsksGeminiAgainOnceAndNotWhileLoading() {
    var driver = onForYouRow()
    let id = driver.state.context.nextRequestID
    driver.arrange { driver in
      driver.press(.enter)
      driver.send(.explore(.forYouFinished(requestID: id, .success(Self.list))))
    }
    driver.press(.character("r"), expecting: [.explore(.loadForYou(requestID: id + 1, refresh: true))]) { state in
      state.explore.forYouScreen = ForYouScreen(phase: .loading(requestID: id + 1))
      state.context.nextRequestID = id + 2
    }
    driver.press(.character("r"), expecting: [])
    // Esc while loading cancels the request.
    driver.press(.escape, expecting: [.cancel(requestID: id + 1)]) { $0.explore.forYouScreen = nil }
  }

  func testSlashFromForYouCancelsItsRequestAndFocusesTheSearch() {
    var driver = onForYouRow()
    let id = driver.state.context.nextRequestID
    driver.arrange { $0.press(.enter) }
    driver.press(.character("/"), expecting: [.cancel(requestID: id)]) { state in
      state.explore.forYouScreen = nil
      state.explore.isEditing = true
    }
    // A late answer finds no For You screen and changes nothing.
    driver.send(.explore(.forYouFinished(requestID: id, .success(Self.list))), expecting: [])
  }

  func testWithoutAGeminiKeyEnterOpensTheGeminiSetupStep() {
    var driver = onForYouRow()
    let id = driver.state.context.nextRequestID
    driver.arrange { driver in
      driver.press(.enter)
    }
    driver.send(.explore(.forYouFinished(requestID: id, .failure(.geminiKeyMissing))), expecting: []) { state in
      state.explore.forYouScreen?.phase = .failed(.geminiKeyMissing)
    }
    let context = driver.state.context
    XCTAssertEqual(driver.state.explore.bindings(context).command(for: .enter), ExploreCommand.open)
    XCTAssertNil(driver.state.explore.bindings(context).command(for: .character("x")), "nothing to dismiss")
    driver.arrange { $0.press(.enter) }
    XCTAssertEqual(driver.state.selectedTab, .feed)
    guard case .credentialForm(let form)? = driver.state.feed.path.last, form.step == .gemini else {
      return XCTFail("the Gemini step should be open: \(driver.state.feed.path)")
    }
  }

  /// The bench's `for_you_cache`: the copy read ahead with the recent searches is drawn by Enter itself (no request,
  /// no "Loading…" frame); a dismissal leaves it, and disconnecting Spotify forgets it.
  func testTheCopyReadAheadOpensAtOnceWithoutARequest() {
    var driver = onForYouRow()
    driver.send(.explore(.forYouPreloaded(Self.list)), expecting: []) { $0.explore.forYouCopy = Self.stale(Self.list) }
    // A second read ahead (Explore started again) does not replace the kept list.
    driver.send(.explore(.forYouPreloaded(CachedForYou(entries: [], fetchedAt: Self.fetchedAt))), expecting: [])
    let id = driver.state.context.nextRequestID
    driver.press(.enter, expecting: []) { state in
      state.explore.forYouScreen = ForYouScreen(phase: .loaded(Self.stale(Self.list)))
    }
    XCTAssertEqual(driver.state.context.nextRequestID, id, "no request was started")
    var rest = Self.stale(Self.list)
    let dismissed = rest.entries.remove(at: 0)
    driver.press(.character("x"), expecting: [.explore(.dismissForYou(dismissed))]) { state in
      state.explore.forYouScreen?.phase = .loaded(rest)
      state.explore.forYouCopy = rest
    }
    driver.press(.escape, expecting: []) { $0.explore.forYouScreen = nil }
    driver.press(.enter, expecting: []) { $0.explore.forYouScreen = ForYouScreen(phase: .loaded(rest)) }
    // `r` still asks Gemini.
    driver.press(.character("r"), expecting: [.explore(.loadForYou(requestID: id, refresh: true))]) { state in
      state.explore.forYouScreen = ForYouScreen(phase: .loading(requestID: id))
      state.context.nextRequestID = id + 1
    }
    driver.arrange { _ = $0.send(.factsLoaded(SetupFacts(storedSecrets: []))) }
    XCTAssertNil(driver.state.explore.forYouCopy)
  }

  func testWithoutSpotifyACopyReadAheadIsNotKept() {
    var driver = Driver()
    driver.arrange { $0.press(.tabKey(.explore)) }
    driver.send(.explore(.forYouPreloaded(Self.list)), expecting: [])
  }
}
