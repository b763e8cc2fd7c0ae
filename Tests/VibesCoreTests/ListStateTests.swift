import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// The one list-selection state: clamped to the items, moved by one, a page, Home and End, and kept on its item
/// when the items change; the Feed and App Store Connect keep their selection in it.
final class ListStateTests: XCTestCase {
  func testTheSelectionIsClampedWhenTheItemsShrink() {
    var list = ListState(selected: 8, scrollTop: 5)
    list.clamp(count: 3, visibleRows: 4)
    XCTAssertEqual(list, ListState(selected: 2, scrollTop: 0))
    list.clamp(count: 0, visibleRows: 4)
    XCTAssertEqual(list, ListState(selected: 0, scrollTop: 0), "an empty list")
  }

  func testMovesStopAtTheEdgesAndKeepTheSelectionVisible() {
    var list = ListState()
    list.apply(.up, count: 10, visibleRows: 4)
    XCTAssertEqual(list, ListState(selected: 0, scrollTop: 0))
    list.apply(.pageDown, count: 10, visibleRows: 4)
    XCTAssertEqual(list, ListState(selected: 4, scrollTop: 1))
    list.apply(.end, count: 10, visibleRows: 4)
    XCTAssertEqual(list, ListState(selected: 9, scrollTop: 6))
    list.apply(.down, count: 10, visibleRows: 4)
    XCTAssertEqual(list.selected, 9)
    list.apply(.pageUp, count: 10, visibleRows: 4)
    XCTAssertEqual(list, ListState(selected: 5, scrollTop: 5))
    list.apply(.home, count: 10, visibleRows: 4)
    XCTAssertEqual(list, ListState(selected: 0, scrollTop: 0))
  }

  func testTheSelectionStaysOnItsItemWhenTheItemsChange() {
    var list = ListState(selected: 2, scrollTop: 1)
    list.keep("c", in: ["new", "a", "b", "c"], visibleRows: 2)
    XCTAssertEqual(list, ListState(selected: 3, scrollTop: 2), "moved with its item, still in view")
    list.keep("gone", in: ["a", "b"], visibleRows: 2)
    XCTAssertEqual(list, ListState(selected: 1, scrollTop: 0), "its item gone: its place, clamped")
    list.keep(String?.none, in: [], visibleRows: 2)
    XCTAssertEqual(list, ListState(selected: 0, scrollTop: 0))
  }

  // MARK: The Feed: the SetupCard above item 0

  func feed(total: Int) -> FeedState {
    var feed = FeedState()
    feed.totalCount = total
    return feed
  }

  func testTheFeedMovesBetweenTheSetupCardAndItsCards() {
    var feed = feed(total: 10)
    XCTAssertNil(feed.selectedItem, "the SetupCard has the focus first")
    feed.move(.down, visibleRows: 4)
    XCTAssertEqual(feed.selectedItem, 0)
    feed.move(.up, visibleRows: 4)
    XCTAssertNil(feed.selectedItem, "Up from the first card returns to the SetupCard")
    feed.move(.up, visibleRows: 4)
    XCTAssertNil(feed.selectedItem)
    feed.move(.pageDown, visibleRows: 4)
    XCTAssertEqual(feed.selectedItem, 3, "a page down from above item 0")
    feed.move(.end, visibleRows: 4)
    XCTAssertEqual(feed.selectedItem, 9)
    XCTAssertEqual(feed.selection.scrollTop, 6)
    feed.move(.pageUp, visibleRows: 4)
    XCTAssertEqual(feed.selectedItem, 5)
    feed.move(.pageUp, visibleRows: 4)
    XCTAssertEqual(feed.selectedItem, 1)
    feed.move(.pageUp, visibleRows: 4)
    XCTAssertNil(feed.selectedItem, "a page up past the top")
    XCTAssertEqual(feed.selection.scrollTop, 0)
    feed.move(.end, visibleRows: 4)
    feed.move(.home, visibleRows: 4)
    XCTAssertNil(feed.selectedItem)
  }

  func testTheFeedClampsItsSelectionWhenCardsGo() {
    var feed = feed(total: 10)
    feed.move(.end, visibleRows: 4)
    feed.totalCount = 3
    feed.clampSelection(visibleRows: 4)
    XCTAssertEqual(feed.selectedItem, 2)
    XCTAssertEqual(feed.selection.scrollTop, 0)
    feed.totalCount = 0
    feed.clampSelection(visibleRows: 4)
    XCTAssertNil(feed.selectedItem, "no cards: the SetupCard")
    feed.move(.down, visibleRows: 4)
    XCTAssertNil(feed.selectedItem, "nothing to move to")
  }

  // MARK: App Store Connect

  func testAppStoreConnectKeepsTheHighlightOnItsAppAcrossASync() {
    let alpha = AppStoreConnectApp(id: "1", name: "Alpha", bundleID: "com.example.alpha", sku: "A1")
    let beta = AppStoreConnectApp(id: "2", name: "Beta", bundleID: "com.example.beta", sku: "B2")
    let new = AppStoreConnectApp(id: "0", name: "Aardvark", bundleID: "com.example.aardvark", sku: "Z0")
    var driver = Driver(
      .nonExhaustive(because: "checks only where the App Store Connect highlight stays across a sync, not every field"))
    driver.send(.started)
    driver.send(
      .appStoreConnect(.storedStateLoaded(AppStoreConnectStoredState(isConfigured: true, apps: [alpha, beta]))))
    driver.press(.tabKey(.appStoreConnect), .down)
    XCTAssertEqual(driver.state.appStoreConnect.dashboard.list.selected, 1)
    guard case .sync(let syncID)? = driver.press(.character("r")).first?.appStoreConnectEffect else {
      return XCTFail("r syncs")
    }
    driver.send(
      .appStoreConnect(
        .syncFinished(
          requestID: syncID, .success(AppStoreConnectStoredState(isConfigured: true, apps: [new, alpha, beta])))))
    XCTAssertEqual(driver.state.appStoreConnect.dashboard.list.selected, 2, "still on Beta, now third")
    guard case .sync(let again)? = driver.press(.character("r")).first?.appStoreConnectEffect else {
      return XCTFail("r syncs")
    }
    driver.send(
      .appStoreConnect(
        .syncFinished(requestID: again, .success(AppStoreConnectStoredState(isConfigured: true, apps: [new])))))
    XCTAssertEqual(driver.state.appStoreConnect.dashboard.list.selected, 0, "Beta gone: clamped to what is left")
  }
}
