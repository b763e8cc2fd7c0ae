import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// The Inbox area of the Feed, driven through the real root reducer, exhaustively: `i` on the Feed opens it, the
/// list loads (fresh, from the cache with its age, or not signed in), Enter opens a thread, `r` replies with a short
/// text, Esc stops the reply, closes the thread and goes back to the Feed.
final class InboxReducerTests: XCTestCase {
  static let now = Date(timeIntervalSince1970: 1_900_000_000)
  static let ada = InboxThread(
    id: "a_me", otherId: "a", otherName: "@ada", lastMessageAt: now.addingTimeInterval(-60), isUnread: true)
  static let bob = InboxThread(
    id: "b_me", otherId: "b", otherName: "@bob", lastMessageAt: now.addingTimeInterval(-3600), isUnread: false)
  /// Ada's thread once opened here.
  static var adaRead: InboxThread {
    var thread = ada
    thread.isUnread = false
    return thread
  }
  static let song = SharedTrack(
    trackId: "t1", trackName: "Take On Me", artistName: "a-ha", albumName: "Hunting High and Low",
    trackUri: "spotify:track:t1")
  static let messages = [
    InboxMessage(
      id: "m1", senderId: "a", senderName: "@ada", isMine: false, song: song, text: "listen!",
      createdAt: now.addingTimeInterval(-120)),
    InboxMessage(
      id: "m2", senderId: "me", senderName: "", isMine: true, song: nil, text: "love it",
      createdAt: now.addingTimeInterval(-60)),
  ]

  /// On the Feed's root with `i` pressed: the inbox shows and its first load (request 1) runs.
  func opened(file: StaticString = #filePath, line: UInt = #line) -> Driver {
    var driver = Driver()
    driver.press(
      .character("i"), expecting: [InboxFeature.run(.loadInbox(requestID: 1))],
      {
        $0.selectedTab = .inbox
        $0.returnPoint = ReturnPoint(origin: .feed, destination: .inbox, openedDepth: 0)
        $0.context.nextRequestID = 2
        $0.inbox.loading = 1
      }, file: file, line: line)
    return driver
  }

  func loaded(file: StaticString = #filePath, line: UInt = #line) -> Driver {
    var driver = opened(file: file, line: line)
    driver.send(
      .inbox(
        .inboxLoaded(
          requestID: 1,
          InboxLoad(snapshot: InboxSnapshot(items: [Self.ada, Self.bob], fetchedAt: Self.now), failure: nil))),
      expecting: [],
      {
        $0.inbox.loading = nil
        $0.inbox.threads = [Self.ada, Self.bob]
        $0.inbox.fetchedAt = Self.now
      }, file: file, line: line)
    return driver
  }

  func testIOnTheFeedOpensTheInboxAndLoadsIt() {
    let driver = opened()
    XCTAssertEqual(driver.state.tabs.tabBarTab(for: driver.state.selectedTab), .feed, "an area of the Feed")
    XCTAssertFalse(driver.state.tabs.tabBarIDs.contains(.inbox), "no number key, no place in the tab bar")
  }

  func testTheListShowsNewestFirstAsLoadedAndALateAnswerIsIgnored() {
    var driver = loaded()
    driver.send(
      .inbox(
        .inboxLoaded(requestID: 7, InboxLoad(snapshot: InboxSnapshot(items: [], fetchedAt: Self.now), failure: nil))),
      expecting: [])
    driver.press(.down, expecting: []) { $0.inbox.list.selected = 1 }
    driver.press(.down, expecting: [])
  }

  func testOfflineTheCachedListShowsWithItsAgeAndWhatFailed() {
    var driver = opened()
    let cachedAt = Self.now.addingTimeInterval(-7200)
    driver.send(
      .inbox(
        .inboxLoaded(
          requestID: 1,
          InboxLoad(snapshot: InboxSnapshot(items: [Self.bob], fetchedAt: cachedAt, isStale: true), failure: .offline))),
      expecting: []
    ) {
      $0.inbox.loading = nil
      $0.inbox.threads = [Self.bob]
      $0.inbox.fetchedAt = cachedAt
      $0.inbox.isStale = true
      $0.inbox.failure = .offline
    }
    // r retries.
    driver.press(.character("r"), expecting: [InboxFeature.run(.loadInbox(requestID: 2))]) {
      $0.inbox.loading = 2
      $0.inbox.failure = nil
      $0.context.nextRequestID = 3
    }
  }

  func testNotSignedInOffersOnlyRetry() {
    var driver = opened()
    driver.send(.inbox(.inboxLoaded(requestID: 1, InboxLoad(snapshot: nil, failure: .notSignedIn))), expecting: []) {
      $0.inbox.loading = nil
      $0.inbox.failure = .notSignedIn
    }
    XCTAssertEqual(
      driver.state.inbox.bindings(driver.state.context).map(\.command), [.refresh], "r only: nothing to move or open")
    driver.press(.enter, expecting: [])
  }

  func testEnterOpensTheThreadMarksItReadAndLoadsItsMessagesInOrder() {
    var driver = loaded()
    driver.press(.enter, expecting: [InboxFeature.run(.loadThread(requestID: 2, Self.adaRead))]) {
      $0.inbox.threads[0].isUnread = false
      var screen = InboxThreadScreen(thread: Self.adaRead)
      screen.loading = 2
      $0.inbox.path = [.thread(screen)]
      $0.context.nextRequestID = 3
    }
    driver.send(
      .inbox(
        .threadLoaded(
          requestID: 2, threadID: Self.ada.id,
          InboxLoad(snapshot: InboxSnapshot(items: Self.messages, fetchedAt: Self.now), failure: nil))),
      expecting: []
    ) {
      var screen = InboxThreadScreen(thread: Self.adaRead)
      screen.messages = Self.messages
      screen.fetchedAt = Self.now
      screen.list = ListState(selected: 1)
      $0.inbox.path = [.thread(screen)]
    }
    // Esc closes the thread (the list stays), a second Esc goes back to the Feed.
    driver.press(.escape, expecting: []) { $0.inbox.path = [] }
    // Back on the Feed, which reads its cards again as on any arrival.
    let window = FeedWindowRequest(offset: 0, limit: 95)
    driver.press(
      .escape,
      expecting: [FeedTab.run(.loadFeedStatus), FeedTab.run(.countPendingSync), FeedTab.run(.loadFeedWindow(window))]
    ) {
      $0.selectedTab = .feed
      $0.returnPoint = nil
      $0.feed.list.pendingWindow = window
    }
  }

  func threadOpen() -> Driver {
    var driver = loaded()
    driver.arrange { driver in
      driver.press(.enter)
      driver.send(
        .inbox(
          .threadLoaded(
            requestID: 2, threadID: Self.ada.id,
            InboxLoad(snapshot: InboxSnapshot(items: Self.messages, fetchedAt: Self.now), failure: nil))))
    }
    return driver
  }

  func replyField(_ text: String) -> TextField {
    var field = TextField(
      TextInput("", maxLength: InboxReplyRule.maxLength), placeholder: LocalizedText(InboxL10n.inboxReplyPlaceholder))
    field.input = TextInput(text, maxLength: InboxReplyRule.maxLength)
    return field
  }

  func change(_ edit: @escaping (inout InboxThreadScreen) -> Void) -> (inout AppState) -> Void {
    { state in
      guard case .thread(var screen)? = state.inbox.path.last else { return XCTFail("no thread open") }
      edit(&screen)
      state.inbox.path[state.inbox.path.count - 1] = .thread(screen)
    }
  }

  func testRRepliesWithATextSentOnceAndTheThreadShowsItAfterwards() {
    var driver = threadOpen()
    driver.press(.character("r"), expecting: [], change { $0.reply = self.replyField("") })
    XCTAssertTrue(driver.state.inbox.isEditingText)
    // q and digits are text while replying.
    driver.type("q1 ok", expecting: [], change { $0.reply = self.replyField("q1 ok") })
    XCTAssertNotNil(driver.state.inbox.unsavedWork)
    driver.press(.enter, expecting: [InboxFeature.run(.sendReply(requestID: 3, Self.adaRead, text: "q1 ok", id: nil))])
    {
      self.change { $0.sending = 3 }(&$0)
      $0.context.nextRequestID = 4
    }
    // A second Enter while sending sends nothing more.
    driver.press(.enter, expecting: [])
    let sent =
      Self.messages + [
        InboxMessage(
          id: "m3", senderId: "me", senderName: "", isMine: true, song: nil, text: "q1 ok", createdAt: Self.now)
      ]
    driver.send(
      .inbox(
        .replyFinished(
          requestID: 3, threadID: Self.ada.id, id: "R1", text: "q1 ok",
          .success(InboxSnapshot(items: sent, fetchedAt: Self.now)))),
      expecting: []
    ) {
      self.change {
        $0.sending = nil
        $0.reply = nil
        $0.messages = sent
        $0.list = ListState(selected: 2)
      }(&$0)
      $0.context.notice = .localized(LocalizedText(InboxL10n.inboxReplySent), isWarning: false)
    }
  }

  func testAFailedReplyKeepsTheTextAndSaysWhyAndEscStopsReplying() {
    var driver = threadOpen()
    driver.arrange { driver in
      driver.press(.character("r"))
      driver.type("hi")
      driver.press(.enter)
    }
    driver.send(
      .inbox(.replyFinished(requestID: 3, threadID: Self.ada.id, id: "R1", text: "hi", .failure(.offline))),
      expecting: []
    ) {
      self.change {
        $0.sending = nil
        $0.sendFailure = .offline
        $0.pendingReply = PendingReply(id: "R1", text: "hi")
      }(&$0)
    }
    XCTAssertEqual(driver.state.inbox.thread?.reply?.text, "hi", "nothing typed is lost")
    // Enter again sends the same text with the same id (an attempt whose answer was lost is not sent twice).
    driver.press(.enter, expecting: [InboxFeature.run(.sendReply(requestID: 4, Self.adaRead, text: "hi", id: "R1"))]) {
      self.change {
        $0.sending = 4
        $0.sendFailure = nil
      }(&$0)
      $0.context.nextRequestID = 5
    }
    driver.send(
      .inbox(.replyFinished(requestID: 4, threadID: Self.ada.id, id: "R1", text: "hi", .failure(.offline))),
      expecting: []
    ) {
      self.change {
        $0.sending = nil
        $0.sendFailure = .offline
      }(&$0)
    }
    driver.press(
      .escape, expecting: [],
      change {
        $0.reply = nil
        $0.sendFailure = nil
      })
    XCTAssertEqual(driver.state.inbox.depth, 1, "Esc stopped the reply; the thread stays")
  }

  func testAnEmptyReplyIsNotSent() {
    var driver = threadOpen()
    driver.press(.character("r"), expecting: [], change { $0.reply = self.replyField("") })
    driver.type("  ", expecting: [], change { $0.reply = self.replyField("  ") })
    driver.press(.enter, expecting: [])
  }

  func testQAtTheInboxRootGoesBackToTheFeedAndDoesNotQuit() {
    var driver = loaded()
    let window = FeedWindowRequest(offset: 0, limit: 95)
    driver.press(
      .character("q"),
      expecting: [FeedTab.run(.loadFeedStatus), FeedTab.run(.countPendingSync), FeedTab.run(.loadFeedWindow(window))]
    ) {
      $0.selectedTab = .feed
      $0.returnPoint = nil
      $0.feed.list.pendingWindow = window
    }
    XCTAssertFalse(driver.state.isQuitting)
  }

  func testTheFeedListsIAsInboxInItsBindings() {
    let driver = Driver()
    let feed = driver.state.feed.bindings(driver.state.context)
    XCTAssertEqual(feed.command(for: .character("i")), FeedCommand.navigate(.openInbox))
  }
}
