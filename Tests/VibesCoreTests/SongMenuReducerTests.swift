import Foundation
import VibesCore
import VibesTestSupport
import XCTest

/// The one song menu, through the real root reducer: the same key opens the same menu on every song surface, its
/// items and their confirmations, the composer's count in graphemes and its refusal over 280, the person picker's
/// order and filter, Reply with a song, and the outcomes of a share (sent, queued, refused, signed out).
final class SongMenuReducerTests: XCTestCase {
  static let song = SharedTrack(
    trackId: "4uLU6hMCjMI75M1A2tKUQC", trackName: "Take On Me", artistName: "a-ha", albumName: "Hunting High and Low",
    trackUri: "spotify:track:4uLU6hMCjMI75M1A2tKUQC")
  static let track = MusicTrack(
    id: song.trackId, name: song.trackName, artists: [MusicArtist(id: "ar", name: "a-ha")],
    album: MusicAlbum(id: "al", name: "Hunting High and Low"))
  static let spotify = SetupFacts(storedSecrets: [.spotify])
  static let ada = SongMenuPerson(id: "ada", name: "@ada", talks: 2)
  static let bob = SongMenuPerson(id: "bob", name: "@bob", talks: 9)
  static let cleo = SongMenuPerson(id: "cleo", name: "@Cléo", talks: 2)

  func driver(_ facts: SetupFacts = spotify) -> Driver {
    Driver(.nonExhaustive(because: "each test asserts the menu's state and effects it is about"), facts: facts)
  }

  /// The menu open on `song` (from Explore's track screen), the outbox count already known.
  func opened(_ facts: SetupFacts = spotify) -> Driver {
    var driver = driver(facts)
    driver.arrange { driver in
      driver.state.context.navigationRequest = .openSongMenu(Self.song)
      driver.send(.songMenu(.outboxFlushed(requestID: 0, sent: 0, refused: 0, waiting: 0, badges: [])))
      driver.state.songMenu.flushing = nil
      driver.state.songMenu.queued = 0
    }
    return driver
  }

  // MARK: Every surface

  /// Presses `.` on every song surface and checks the same menu opens on the selected song (the same items, the
  /// same screen), and that Esc goes back to the surface.
  func testTheSameKeyOpensTheSameMenuOnEverySongSurface() {
    let other = SharedTrack(
      trackId: "0000000000000000000001", trackName: "Hunting High and Low", artistName: "a-ha",
      albumName: "Hunting High and Low", trackUri: "spotify:track:0000000000000000000001")
    typealias Surface = (name: String, tab: TabID, song: SharedTrack, arrange: (inout AppState) -> Void)
    let surfaces: [Surface] = [
      (
        "Explore track screen", .explore, Self.song,
        { state in
          state.explore.isEditing = false
          state.explore.path = [
            DetailScreen(
              link: SpotifyLink(kind: .track, id: Self.song.trackId),
              phase: .loaded(CachedDetail(detail: .track(Self.track), fetchedAt: Date())))
          ]
        }
      ),
      (
        "Explore For You", .explore, .spotify(id: other.trackId, title: other.trackName, artists: ["a-ha"]),
        { state in
          state.explore.isEditing = false
          state.explore.forYouScreen = ForYouScreen(
            phase: .loaded(
              CachedForYou(
                entries: [
                  ForYouEntry(title: other.trackName, artist: "a-ha", reason: "because", trackID: other.trackId)
                ], fetchedAt: Date())))
        }
      ),
      (
        "Feed release tracklist", .feed,
        .spotify(id: other.trackId, title: other.trackName, artists: ["a-ha"], album: "Hunting High and Low"),
        { state in
          let card = NewReleaseCard(
            albumID: "al", name: "Hunting High and Low", artists: ["a-ha"], albumType: "album",
            releaseDate: "1985-06-01", precision: .day, fromArtist: "a-ha")
          state.feed.path = [
            .release(
              ReleaseDetailState(
                card: card,
                tracks: .loaded([ReleaseTrack(number: 1, name: other.trackName, durationMs: 1000, id: other.trackId)])))
          ]
        }
      ),
      (
        "Profile top tracks", .profile, Self.song,
        { state in
          state.profile.stats[state.profile.range] = CachedStats(
            stats: ListeningStats(topArtists: [], topTracks: [Self.track]), fetchedAt: Date())
        }
      ),
      (
        "Create preview", .create, other,
        { state in
          let found = TrackCandidate(
            id: other.trackId, uri: other.trackUri, name: other.trackName, artists: ["a-ha"],
            album: other.albumName, durationMs: 1000)
          let playlist = GeneratedPlaylist(
            id: 1, prompt: "p", name: "n", description: "d",
            songs: [
              ResolvedSong(song: SuggestedSong(title: other.trackName, artist: "a-ha"), resolution: .found(found))
            ],
            createdAt: Date(), saveState: .notSaved)
          state.create.path = [.preview(CreatePreview(playlist))]
        }
      ),
      (
        "Inbox thread", .inbox, Self.song,
        { state in
          var screen = InboxThreadScreen(
            thread: InboxThread(id: "ada_me", otherId: "ada", otherName: "@ada", lastMessageAt: nil, isUnread: false))
          screen.messages = [
            InboxMessage(
              id: "m1", senderId: "ada", senderName: "@ada", isMine: false, song: Self.song, text: nil, createdAt: nil)
          ]
          state.inbox.path = [.thread(screen)]
        }
      ),
    ]
    var menus: [[SongMenuItem]] = []
    for surface in surfaces {
      var driver = driver()
      driver.arrange { driver in
        surface.arrange(&driver.state)
        driver.state.selectedTab = surface.tab
      }
      driver.press(.character("."))
      XCTAssertEqual(driver.state.selectedTab, .songMenu, "\(surface.name): . opens the song menu")
      XCTAssertEqual(driver.state.songMenu.song, surface.song, "\(surface.name): on the selected song")
      XCTAssertEqual(driver.state.songMenu.page, .menu, surface.name)
      menus.append(driver.state.songMenu.items)
      let screen = driver.state.tabs.registration(.songMenu)
      XCTAssertNotNil(screen, "one registered song menu")
      driver.press(.escape)
      XCTAssertEqual(driver.state.selectedTab, surface.tab, "\(surface.name): Esc goes back")
    }
    XCTAssertEqual(menus.count, surfaces.count)
    XCTAssertEqual(
      Set(menus).count, 1, "every surface shows the same items")
    XCTAssertEqual(
      menus.first,
      [.shareToAll, .sendToOne, .addToLibrary, .addToPlaylist, .playPreview, .openInSpotify, .copyLink])
  }

  // MARK: Items

  func testCopyAndOpenConfirmOnTheStatusLine() {
    var driver = opened()
    driver.press(.end)
    XCTAssertEqual(driver.state.songMenu.items[driver.state.songMenu.list.selected], .copyLink)
    XCTAssertEqual(
      driver.press(.enter), [.copyToClipboard("https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC")])
    XCTAssertEqual(driver.state.notice, .linkCopied)
    driver.press(.up)
    XCTAssertEqual(driver.press(.enter), [.openURL("https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC")])
    XCTAssertEqual(
      driver.state.notice,
      .localized(LocalizedText(SongMenuL10n.songMenuOpened, ["title": "Take On Me"]), isWarning: false))
  }

  func testAddToLibrarySavesAndConfirmsAndWithoutSpotifyOffersTheSetupStep() {
    var driver = opened()
    driver.press(.down, .down)
    let effects = driver.press(.enter)
    XCTAssertEqual(
      effects.compactMap(\.songMenuEffect),
      [.saveToLibrary(requestID: driver.state.songMenu.libraryRequest!, uri: Self.song.trackUri)])
    let id = driver.state.songMenu.libraryRequest!
    driver.send(.songMenu(.libraryFinished(requestID: id, .done)))
    XCTAssertEqual(
      driver.state.notice,
      .localized(LocalizedText(SongMenuL10n.songMenuSaved, ["title": "Take On Me"]), isWarning: false))

    var signedOut = opened(SetupFacts())
    signedOut.press(.down, .down)
    XCTAssertEqual(signedOut.press(.enter), [])
    XCTAssertEqual(signedOut.state.songMenu.page, .needsSpotify)
    signedOut.press(.enter)
    XCTAssertEqual(signedOut.state.selectedTab, .feed, "Enter opens the Spotify setup step")
  }

  func testPlayPreviewAndAddToPlaylistRouteToExploresTrackScreen() {
    var driver = opened()
    driver.press(.down, .down, .down, .down)
    XCTAssertEqual(driver.state.songMenu.items[driver.state.songMenu.list.selected], .playPreview)
    driver.press(.enter)
    XCTAssertEqual(driver.state.selectedTab, .explore)
    XCTAssertEqual(driver.state.explore.path.last?.link, SpotifyLink(kind: .track, id: Self.song.trackId))
    XCTAssertEqual(
      driver.state.explore.path.last?.arrival, .playPreview, "the preview starts once the track has loaded")

    var playlist = opened()
    playlist.press(.down, .down, .down)
    XCTAssertEqual(playlist.state.songMenu.items[playlist.state.songMenu.list.selected], .addToPlaylist)
    playlist.press(.enter)
    XCTAssertEqual(
      playlist.state.explore.path.last?.arrival, .addToPlaylist, "the picker opens once the track has loaded")
  }

  // MARK: Share to all

  func testShareToAllCountsGraphemesAndRefusesOver280KeepingTheText() {
    var driver = opened()
    driver.press(.enter)
    guard case .compose(let composer) = driver.state.songMenu.page else { return XCTFail("the composer opens") }
    XCTAssertEqual(composer.recipient, .everyone)
    XCTAssertTrue(driver.state.isEditingText)
    // A flag, a family and an e with a combining acute accent: three characters as the user sees them.
    driver.type("🇩🇪👨‍👩‍👧e\u{301}")
    guard case .compose(let typed) = driver.state.songMenu.page else { return XCTFail() }
    XCTAssertEqual(typed.count, 3)
    driver.type(String(repeating: "é", count: 278))
    guard case .compose(let full) = driver.state.songMenu.page else { return XCTFail() }
    XCTAssertEqual(full.count, 281)
    XCTAssertTrue(full.isOverLimit)
    XCTAssertEqual(driver.press(.enter), [], "over 280 nothing is sent")
    guard case .compose(let refused) = driver.state.songMenu.page else { return XCTFail() }
    XCTAssertEqual(refused.failure, .tooLong(281))
    XCTAssertEqual(refused.message.text, full.message.text, "the text stays")
    XCTAssertEqual(driver.state.songMenu.unsavedWork, LocalizedText(SongMenuL10n.songMenuUnsavedMessage))
    driver.press(.backspace)
    guard case .compose(let fits) = driver.state.songMenu.page else { return XCTFail() }
    XCTAssertNil(fits.failure, "back at 280 the refusal goes")
    let effects = driver.press(.enter).compactMap(\.songMenuEffect)
    guard case .share(_, let request)? = effects.first else { return XCTFail("Enter sends") }
    XCTAssertNil(request.recipientID)
    XCTAssertEqual(request.message.map(ShareMessageRule.count), 280)
    XCTAssertNil(request.draftID)
  }

  func testASentShareConfirmsAndAnnouncesANewBadge() {
    var driver = opened()
    driver.press(.enter)
    driver.type("so good")
    driver.press(.enter)
    guard case .compose(let composer) = driver.state.songMenu.page, let id = composer.sending else { return XCTFail() }
    driver.send(.songMenu(.shareFinished(requestID: id, draftID: "D1", .sent(streak: 1, badges: [.firstShare]))))
    XCTAssertEqual(driver.state.songMenu.page, .menu)
    guard case .localized(let text, false)? = driver.state.notice else { return XCTFail("a confirmation") }
    XCTAssertEqual(text.resolved(.en), "Shared “Take On Me” with your followers. New badge: First share!")
  }

  func testOfflineTheShareWaitsAndAFailedAttemptIsRetriedWithTheSameID() {
    var driver = opened()
    driver.press(.enter)
    driver.type("hi")
    driver.press(.enter)
    guard case .compose(let first) = driver.state.songMenu.page, let id = first.sending else { return XCTFail() }
    driver.send(.songMenu(.shareFinished(requestID: id, draftID: "D1", .failed(.failed))))
    let retry = driver.press(.enter).compactMap(\.songMenuEffect)
    guard case .share(let second, let request)? = retry.first else { return XCTFail("Enter tries again") }
    XCTAssertEqual(request.draftID, "D1", "the same document id: never a duplicate")
    driver.send(.songMenu(.shareFinished(requestID: second, draftID: "D1", .queued)))
    XCTAssertEqual(driver.state.songMenu.queued, 1)
    guard case .localized(let text, true)? = driver.state.notice else { return XCTFail("waiting to sync") }
    XCTAssertTrue(text.resolved(.en).contains("waiting to sync"))
  }

  func testARulesRefusalSaysWhyAndTheNextAttemptIsANewShare() {
    var driver = opened()
    driver.press(.enter)
    driver.press(.enter)
    guard case .compose(let first) = driver.state.songMenu.page, let id = first.sending else { return XCTFail() }
    driver.send(.songMenu(.shareFinished(requestID: id, draftID: "D1", .failed(.refused))))
    guard case .compose(let refused) = driver.state.songMenu.page else { return XCTFail() }
    XCTAssertEqual(refused.failure, .refused)
    XCTAssertNil(refused.pending)
    XCTAssertNil(driver.state.songMenu.queued.flatMap { $0 > 0 ? $0 : nil }, "nothing waits")
  }

  func testSignedOutSharingExplainsAndOffersPeoplesSignIn() {
    var driver = opened()
    driver.press(.enter)
    driver.press(.enter)
    guard case .compose(let first) = driver.state.songMenu.page, let id = first.sending else { return XCTFail() }
    driver.send(.songMenu(.shareFinished(requestID: id, draftID: "D1", .failed(.notSignedIn))))
    XCTAssertEqual(driver.state.songMenu.page, .needsAccount(.notSignedIn))
    driver.press(.enter)
    XCTAssertEqual(driver.state.selectedTab, .people)
  }

  // MARK: Send to one

  func testThePickerListsMostTalkedToFirstAndFilters() {
    XCTAssertEqual(SongMenuPerson.sorted([Self.cleo, Self.ada, Self.bob]), [Self.bob, Self.ada, Self.cleo])
    XCTAssertEqual(SongMenuPerson.filtered([Self.bob, Self.ada, Self.cleo], by: "CLEO"), [Self.cleo])
    XCTAssertEqual(SongMenuPerson.filtered([Self.bob, Self.ada, Self.cleo], by: " "), [Self.bob, Self.ada, Self.cleo])

    var driver = opened()
    driver.press(.down)
    let effects = driver.press(.enter).compactMap(\.songMenuEffect)
    guard case .loadPeople(let id)? = effects.first else { return XCTFail("the people load") }
    driver.send(.songMenu(.peopleLoaded(requestID: id, .success([Self.cleo, Self.ada, Self.bob]))))
    guard case .people(let picker) = driver.state.songMenu.page else { return XCTFail() }
    XCTAssertEqual(picker.shown, [Self.bob, Self.ada, Self.cleo])
    driver.type("cl")
    guard case .people(let filtered) = driver.state.songMenu.page else { return XCTFail() }
    XCTAssertEqual(filtered.shown, [Self.cleo])
    driver.press(.enter)
    guard case .compose(let composer) = driver.state.songMenu.page else { return XCTFail("then the message") }
    XCTAssertEqual(composer.recipient, .person(Self.cleo))
    let send = driver.press(.enter).compactMap(\.songMenuEffect)
    guard case .share(let sendID, let request)? = send.first else { return XCTFail() }
    XCTAssertEqual(request.recipientID, "cleo")
    driver.send(.songMenu(.shareFinished(requestID: sendID, draftID: "D2", .sent(streak: 2, badges: []))))
    XCTAssertEqual(
      driver.state.notice,
      .localized(
        LocalizedText(SongMenuL10n.songMenuSentTo, ["title": "Take On Me", "name": "@Cléo"]), isWarning: false))
  }

  // MARK: Reply with a song

  func testReplyWithASongSearchesThenOffersTheReplyFirstIntoTheSameThread() {
    var driver = driver()
    driver.arrange { driver in
      driver.state.context.navigationRequest = .replyWithSong(thread: "ada_me", to: "ada", name: "@ada")
      driver.send(.songMenu(.outboxFlushed(requestID: 0, sent: 0, refused: 0, waiting: 0, badges: [])))
    }
    XCTAssertEqual(driver.state.selectedTab, .songMenu)
    guard case .findReply = driver.state.songMenu.page else { return XCTFail("the reply's search field") }
    driver.type("take on me")
    driver.press(.enter)
    XCTAssertEqual(driver.state.selectedTab, .explore, "Explore searches")
    XCTAssertEqual(driver.state.explore.query.text, "take on me")
    driver.arrange { driver in
      driver.state.context.navigationRequest = .openSongMenu(Self.song)
      driver.send(.songMenu(.outboxFlushed(requestID: 0, sent: 0, refused: 0, waiting: 0, badges: [])))
    }
    XCTAssertEqual(driver.state.songMenu.items.first, .replyTo)
    driver.press(.enter)
    guard case .compose(let composer) = driver.state.songMenu.page else { return XCTFail() }
    XCTAssertEqual(composer.recipient, .reply(SongReplyTarget(threadID: "ada_me", personID: "ada", name: "@ada")))
    let effects = driver.press(.enter).compactMap(\.songMenuEffect)
    guard case .share(let id, let request)? = effects.first else { return XCTFail() }
    XCTAssertEqual(request.recipientID, "ada", "back to the sender: ThreadID.between puts it in the same thread")
    driver.send(.songMenu(.shareFinished(requestID: id, draftID: "D3", .sent(streak: nil, badges: []))))
    XCTAssertNil(driver.state.songMenu.reply, "the reply is done")
    XCTAssertFalse(driver.state.songMenu.items.contains(.replyTo))
  }

  func testTheInboxOffersReplyWithASongOnlyOnASongSomeoneSent() {
    var driver = driver()
    driver.arrange { driver in
      var screen = InboxThreadScreen(
        thread: InboxThread(id: "ada_me", otherId: "ada", otherName: "@ada", lastMessageAt: nil, isUnread: false))
      screen.messages = [
        InboxMessage(
          id: "m1", senderId: "ada", senderName: "@ada", isMine: false, song: Self.song, text: nil, createdAt: nil),
        InboxMessage(
          id: "m2", senderId: "me", senderName: "", isMine: true, song: Self.song, text: nil, createdAt: nil),
      ]
      screen.list = ListState(selected: 1)
      driver.state.inbox.path = [.thread(screen)]
      driver.state.selectedTab = .inbox
    }
    driver.press(.character("R"))
    XCTAssertEqual(driver.state.selectedTab, .inbox, "not on your own song")
    driver.press(.up)
    driver.press(.character("R"))
    XCTAssertEqual(driver.state.selectedTab, .songMenu)
    XCTAssertEqual(driver.state.songMenu.reply, SongReplyTarget(threadID: "ada_me", personID: "ada", name: "@ada"))
  }

  // MARK: Outbox

  func testTheOutboxIsSentOnTheClockWhileSharesWaitAndSaysSo() {
    var driver = opened()
    driver.arrange { $0.state.songMenu.queued = 2 }
    let effects = driver.send(.clockTicked(Date())).compactMap(\.songMenuEffect)
    guard case .flushOutbox(let id)? = effects.first else { return XCTFail("a tick sends what waits") }
    driver.send(.songMenu(.outboxFlushed(requestID: id, sent: 2, refused: 0, waiting: 0, badges: [.firstShare])))
    XCTAssertEqual(driver.state.songMenu.queued, 0)
    guard case .localized(let text, false)? = driver.state.notice else { return XCTFail() }
    XCTAssertEqual(text.resolved(.en), "2 waiting share(s) sent. New badge: First share!")
    XCTAssertEqual(driver.send(.clockTicked(Date())).compactMap(\.songMenuEffect), [], "nothing waits: no flush")
  }
}
