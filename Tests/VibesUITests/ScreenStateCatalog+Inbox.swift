import Foundation
import VibesCore
import VibesTestSupport

extension ScreenStateCatalog {
  static let inboxThreads = [
    InboxThread(
      id: "a_me", otherId: "a", otherName: "@" + String(longWord.lowercased().prefix(20)),
      lastMessageAt: now.addingTimeInterval(-60), isUnread: true),
    InboxThread(
      id: "b_me", otherId: "b", otherName: longArtist, lastMessageAt: now.addingTimeInterval(-7200), isUnread: false),
  ]

  static let inboxMessages = [
    InboxMessage(
      id: "m1", senderId: "a", senderName: "@ada", isMine: false,
      song: SharedTrack(
        trackId: "t1", trackName: longWord + " (Deluxe Edition)", artistName: longArtist, albumName: "Album",
        trackUri: "spotify:track:t1"),
      text: "Hör dir das an: " + longArtist + " spielt " + longWord, createdAt: now.addingTimeInterval(-120)),
    InboxMessage(
      id: "m2", senderId: "me", senderName: "", isMine: true, song: nil, text: "love it", createdAt: now),
  ]

  /// The Inbox area: opened with the Feed's `i`, in each of its states.
  static var inbox: [State] {
    func open(_ driver: inout Driver) -> Int? {
      driver.press(.character("i")).compactMap(\.inboxEffect).compactMap(\.cancellationID).first
    }
    func listed(_ driver: inout Driver, _ threads: [InboxThread] = inboxThreads) {
      guard let id = open(&driver) else { return }
      driver.send(
        .inbox(
          .inboxLoaded(requestID: id, InboxLoad(snapshot: InboxSnapshot(items: threads, fetchedAt: now), failure: nil)))
      )
    }
    func thread(_ driver: inout Driver) -> Int? {
      listed(&driver)
      return driver.press(.enter).compactMap(\.inboxEffect).compactMap(\.cancellationID).first
    }
    func threadLoaded(_ driver: inout Driver) {
      guard let id = thread(&driver) else { return }
      driver.send(
        .inbox(
          .threadLoaded(
            requestID: id, threadID: "a_me",
            InboxLoad(snapshot: InboxSnapshot(items: inboxMessages, fetchedAt: now), failure: nil))))
    }
    var states = [
      State(name: "inbox loading") { _ = open(&$0) },
      State(name: "inbox empty") { listed(&$0, []) },
      State(name: "inbox conversations") { listed(&$0) },
      State(name: "inbox thread loading") { _ = thread(&$0) },
      State(name: "inbox thread") { threadLoaded(&$0) },
      State(name: "inbox replying") { driver in
        threadLoaded(&driver)
        driver.press(.character("r"))
        driver.type("Danke, " + longWord)
      },
      State(name: "inbox reply sending") { driver in
        threadLoaded(&driver)
        driver.press(.character("r"))
        driver.type("Danke")
        driver.press(.enter)
      },
    ]
    for failure in [InboxFailure.notSignedIn, .notConfigured, .offline, .refused, .failed] {
      states.append(
        State(name: "inbox \(failure)") { driver in
          guard let id = open(&driver) else { return }
          driver.send(.inbox(.inboxLoaded(requestID: id, InboxLoad(snapshot: nil, failure: failure))))
        })
    }
    states += [
      State(name: "inbox offline copy") { driver in
        guard let id = open(&driver) else { return }
        driver.send(
          .inbox(
            .inboxLoaded(
              requestID: id,
              InboxLoad(
                snapshot: InboxSnapshot(items: inboxThreads, fetchedAt: now.addingTimeInterval(-7200), isStale: true),
                failure: .offline, now: now))))
      },
      State(name: "inbox thread failed") { driver in
        guard let id = thread(&driver) else { return }
        driver.send(.inbox(.threadLoaded(requestID: id, threadID: "a_me", InboxLoad(snapshot: nil, failure: .offline))))
      },
      State(name: "inbox reply failed") { driver in
        threadLoaded(&driver)
        driver.press(.character("r"))
        driver.type("Danke")
        guard let id = driver.press(.enter).compactMap(\.inboxEffect).compactMap(\.cancellationID).first else { return }
        driver.send(
          .inbox(.replyFinished(requestID: id, threadID: "a_me", id: "R1", text: "Danke", .failure(.refused))))
      },
    ]
    return states
  }
}
