import Foundation
import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

/// Create's lists on the shared list key map, every way out cancelling what runs, and undoing a removal in the
/// preview. Exhaustive (each step states its change and effects); reaching a generation or a resolve is the
/// premise (`arrange`), and the two list-movement tests say why they are loose.
final class CreateTabPolishTests: XCTestCase {
  static let facts = SetupFacts(storedSecrets: [.gemini, .spotify])

  func driver(_ exhaustivity: Driver.Exhaustivity = .exhaustive, width: Int = 80, height: Int = 24) -> Driver {
    var driver = Driver(exhaustivity, facts: Self.facts, size: ScreenSize(width: width, height: height))
    driver.arrange { $0.press(.tabKey(.create)) }
    return driver
  }

  /// Types a prompt and presses Enter; returns the generation's request and timer ids.
  func generate(_ driver: inout Driver) throws -> (request: Int, timer: Int) {
    // Arriving on Create puts typed text into the prompt.
    XCTAssertEqual(driver.state.create.focus, .prompt)
    driver.arrange { driver in
      driver.type("road trip")
      driver.press(.enter)
    }
    guard case .generating(let request, let timer, 0) = driver.state.create.phase else {
      XCTFail("not generating: \(driver.state.create.phase)")
      throw CancellationError()
    }
    return (request, timer)
  }

  /// Generates and answers with `songs` pending songs; returns the resolve's request id.
  func resolving(_ driver: inout Driver, songs: Int = 6) throws -> Int {
    let ids = try generate(&driver)
    driver.arrange {
      $0.send(.create(.generated(requestID: ids.request, .success(Self.playlist(songs: songs, pending: true)))))
    }
    guard case .resolving(let id, _, _)? = driver.state.create.preview?.phase else {
      XCTFail("not resolving: \(String(describing: driver.state.create.preview?.phase))")
      throw CancellationError()
    }
    return id
  }

  static func playlist(id: Int64 = 1, songs: Int, pending: Bool = false) -> GeneratedPlaylist {
    let resolved = (0..<songs).map { index -> ResolvedSong in
      let song = SuggestedSong(title: "Song \(index)", artist: "Artist \(index)")
      if pending { return ResolvedSong(song: song, resolution: .pending) }
      return ResolvedSong(
        song: song,
        resolution: .found(
          TrackCandidate(
            id: "t\(index)", uri: "spotify:track:t\(index)", name: "Song \(index)", artists: ["Artist \(index)"],
            album: "Album \(index)", durationMs: 200_000)))
    }
    return GeneratedPlaylist(
      id: id, prompt: "road trip", name: "Road Trip", description: "Songs for the road.", songs: resolved,
      createdAt: Date(timeIntervalSince1970: 0), saveState: .notSaved)
  }

  func screen(_ driver: Driver, _ language: Language = .en) -> [String] {
    AppView.render(driver.state, Localizer(language)).lines
  }

  // MARK: One list key map

  func testHistoryPreviewAndGrowAnswerToEveryListKey() throws {
    var driver = driver(.nonExhaustive(because: "checks the shared list key map and where End, g, PgDn and j land"))
    driver.send(.create(.historyLoaded((1...3).map { Self.playlist(id: Int64($0), songs: 2) }, queued: [])))
    driver.press(.tab, .tab)
    XCTAssertEqual(driver.state.create.focus, .history)
    assertListKeys(driver, count: 3) { $0.create.historyList }

    driver.press(.enter)
    XCTAssertNotNil(driver.state.create.preview)
    assertListKeys(driver, count: 2) { $0.create.preview?.list ?? ListState(selected: -1) }

    driver.press(.escape)
    let load = driver.press(.ctrl("g"))
    guard case .loadMyPlaylists(let loadID)? = load.first?.createEffect else { return XCTFail("\(load)") }
    let own = (0..<4).map { OwnPlaylist(id: "P\($0)", name: "Mine \($0)", description: "", trackCount: 1) }
    driver.send(.create(.myPlaylistsLoaded(requestID: loadID, .success(own))))
    assertListKeys(driver, count: 4) { $0.create.grow?.playlistList ?? ListState(selected: -1) }
  }

  /// The screen's bindings hold the shared list map (same keys, labels and help) and End/Home/↓ move `list`.
  func assertListKeys(
    _ driver: Driver, count: Int, file: StaticString = #filePath, line: UInt = #line,
    _ list: (AppState) -> ListState
  ) {
    let bindings = driver.state.create.bindings(driver.state.context)
    let shared = ListState.bindings { CreateCommand.move($0) }
    XCTAssertEqual(
      bindings.filter { if case .move = $0.command { return true } else { return false } }, shared,
      "the one list key map", file: file, line: line)
    var driver = driver
    driver.press(.end)
    XCTAssertEqual(list(driver.state).selected, count - 1, "End", file: file, line: line)
    driver.press(.character("g"))
    XCTAssertEqual(list(driver.state).selected, 0, "g (Home)", file: file, line: line)
    driver.press(.pageDown)
    XCTAssertEqual(list(driver.state).selected, count - 1, "PgDn stops at the end", file: file, line: line)
    driver.press(.home, .character("j"))
    XCTAssertEqual(list(driver.state).selected, 1, "j", file: file, line: line)
  }

  func testTheFocusedTrackStaysInViewInAPreviewTallerThanTheScreen() throws {
    var driver = driver(
      .nonExhaustive(because: "checks that the drawn preview keeps the focused track in view"), width: 60, height: 20)
    let resolve = try resolving(&driver, songs: 30)
    driver.send(.create(.resolved(requestID: resolve, .success(Self.playlist(songs: 30)))))
    driver.press(.end)
    XCTAssertEqual(driver.state.create.preview?.list.selected, 29)
    var lines = screen(driver)
    XCTAssertTrue(lines.contains { $0.contains("› 30. Song 29") }, lines.joined(separator: "\n"))
    XCTAssertFalse(lines.contains { $0.contains(" 1. Song 0") }, "scrolled: the top is out of view")

    driver.press(.pageUp)
    let selected = try XCTUnwrap(driver.state.create.preview?.list.selected)
    XCTAssertLessThan(selected, 29 - 5, "PgUp moves the selection by a page, not the view by a page")
    lines = screen(driver)
    XCTAssertTrue(lines.contains { $0.contains("› \(selected + 1). Song \(selected)") }, lines.joined(separator: "\n"))

    driver.press(.home)
    lines = screen(driver)
    XCTAssertTrue(lines.contains { $0.contains("›  1. Song 0") }, lines.joined(separator: "\n"))
    XCTAssertTrue(lines.contains { $0.contains("Road Trip") }, "back at the top the name shows again")
  }

  // MARK: Every way out cancels what runs

  func testEscQuitCtrlCAndTerminationCancelARunningGeneration() throws {
    for exit in ["q", "ctrl-c", "signal"] {
      var driver = driver()
      let ids = try generate(&driver)
      if exit == "q" {
        // Gemini still works: q asks first.
        let lost = try XCTUnwrap(QuitKeys.unsavedWork(driver.state))
        driver.press(.character("q"), expecting: []) { state in
          state.isConfirmingQuit = true
          state.notice = .localized(LocalizedText(L10n.quitQuestion) { t in ["what": t[lost]] }, isWarning: true)
        }
      }
      let action: AppAction =
        switch exit {
        case "q": .input(.key(.character("y")))
        case "ctrl-c": .input(.key(.ctrl("c")))
        default: .terminationRequested
        }
      driver.send(action, expecting: [.cancel(requestID: ids.request), .cancel(requestID: ids.timer), .quit]) {
        $0.isQuitting = true
        $0.isConfirmingQuit = false
      }
    }
    var driver = driver()
    let ids = try generate(&driver)
    driver.press(.escape, expecting: [.cancel(requestID: ids.request), .cancel(requestID: ids.timer)]) {
      $0.create.phase = .idle
    }
    // The late answer and the timer's last tick change nothing.
    driver.send(.create(.generated(requestID: ids.request, .success(Self.playlist(songs: 4)))), expecting: [])
    driver.send(.create(.tick(requestID: ids.timer)), expecting: [])
  }

  func testSignOutCancelsARunningGenerationBeforeEverythingStartsAgain() throws {
    var driver = driver()
    let ids = try generate(&driver)
    let signedOut = AppAction.profile(.signedOut(success: true))
    // The same sign-out with nothing running gives the fresh start; the running one adds exactly the cancels.
    var quiet = driver.state
    quiet.create.phase = .idle
    let restart = AppReducer.reduce(&quiet, signedOut)
    XCTAssertFalse(restart.contains { if case .cancel = $0 { return true } else { return false } })
    driver.send(signedOut, expecting: [.cancel(requestID: ids.request), .cancel(requestID: ids.timer)] + restart) {
      $0 = quiet
    }
    // A late answer from before the sign-out is dropped.
    driver.send(.create(.generated(requestID: ids.request, .success(Self.playlist(songs: 4)))), expecting: [])
  }

  func testLeavingOrQuittingCancelsARunningResolve() throws {
    var driver = driver()
    let resolve = try resolving(&driver)
    var quitting = driver
    quitting.press(.ctrl("c"), expecting: [.cancel(requestID: resolve), .quit]) { $0.isQuitting = true }

    // q in a pushed screen is Esc: the resolve stops, the preview stays with its songs pending.
    driver.press(.character("q"), expecting: [.cancel(requestID: resolve)]) {
      $0.create.path = [.preview(CreatePreview(Self.playlist(songs: 6, pending: true)))]
      // The key also clears the note that Gemini gave 6 of the 20 songs asked for.
      $0.context.notice = nil
    }
    driver.send(
      .create(.resolved(requestID: resolve, .success(Self.playlist(songs: 6)))), expecting: [],
      { _ in })
    driver.send(.create(.resolveProgress(requestID: resolve, resolved: 3, total: 6)), expecting: [])
  }

  func testQuittingCancelsGrowWhileItAsksForSongs() throws {
    var driver = driver()
    var load: [AppEffect] = []
    driver.arrange { load = $0.press(.ctrl("g")) }
    guard case .loadMyPlaylists(let loadID)? = load.first?.createEffect else { return XCTFail("\(load)") }
    driver.press(.character("q"), expecting: [.cancel(requestID: loadID)]) { $0.create.path = [] }

    var suggest: [AppEffect] = []
    driver.arrange { driver in
      driver.press(.ctrl("g"))
      guard case .grow(let grow)? = driver.state.create.path.last, case .loadingPlaylists(let second) = grow.phase
      else { return XCTFail("\(driver.state.create.path)") }
      let own = OwnPlaylist(id: "P", name: "Mine", description: "", trackCount: 1)
      driver.send(.create(.myPlaylistsLoaded(requestID: second, .success([own]))))
      suggest = driver.press(.enter)
    }
    guard case .grow(let growID, _, _, _)? = suggest.first?.createEffect else { return XCTFail("\(suggest)") }
    driver.send(.terminationRequested, expecting: [.cancel(requestID: growID), .quit]) { $0.isQuitting = true }
  }

  // MARK: Undo a removal

  func testUndoPutsRemovedSongsBackAtTheirPlaceLastFirst() throws {
    var driver = driver()
    let resolve = try resolving(&driver, songs: 5)
    driver.arrange { $0.send(.create(.resolved(requestID: resolve, .success(Self.playlist(songs: 5))))) }
    XCTAssertFalse(screen(driver).last?.contains("undo") ?? true, "nothing to undo yet")
    XCTAssertNil(driver.state.create.bindings(driver.state.context).command(for: .character("u")))

    let all = Self.playlist(songs: 5).songs
    driver.press(.down, expecting: []) { state in
      state.create.updatePreviewForTest { $0.list.selected = 1 }
      state.notice = nil  // the key clears the note that Gemini gave 5 of the 20 songs asked for
    }
    driver.press(.character("x"), expecting: [.create(.removeSong(playlistID: 1, index: 1))]) {
      $0.create.updatePreviewForTest {
        $0.playlist.songs.remove(at: 1)
        $0.removed = [RemovedSong(index: 1, song: all[1])]
      }
      $0.create.history = [$0.create.preview!.playlist]
    }
    driver.press(.end, expecting: []) { $0.create.updatePreviewForTest { $0.list.selected = 3 } }
    driver.press(.character("x"), expecting: [.create(.removeSong(playlistID: 1, index: 3))]) {
      $0.create.updatePreviewForTest {
        $0.playlist.songs.remove(at: 3)
        $0.removed.append(RemovedSong(index: 3, song: all[4]))
        $0.list.selected = 2
      }
      $0.create.history = [$0.create.preview!.playlist]
    }
    XCTAssertEqual(driver.state.create.preview?.playlist.songs.map(\.song.title), ["Song 0", "Song 2", "Song 3"])
    XCTAssertTrue(screen(driver).last?.contains("· u undo") ?? false, screen(driver).last ?? "")
    for (language, text) in [(Language.en, "undo remove"), (.de, "Entfernen rückgängig")] {
      var help = driver
      help.arrange { $0.press(.character("?")) }
      XCTAssertTrue(
        screen(help, language).contains { $0.contains(text) }, screen(help, language).joined(separator: "\n"))
    }

    driver.press(.character("u"), expecting: [.create(.restoreSong(playlistID: 1, index: 3, song: all[4]))]) {
      $0.create.updatePreviewForTest {
        $0.playlist.songs.insert(all[4], at: 3)
        $0.removed.removeLast()
        $0.list.selected = 3
      }
      $0.create.history = [$0.create.preview!.playlist]
    }
    driver.press(.character("u"), expecting: [.create(.restoreSong(playlistID: 1, index: 1, song: all[1]))]) {
      $0.create.updatePreviewForTest {
        $0.playlist.songs.insert(all[1], at: 1)
        $0.removed = []
        $0.list.selected = 1
      }
      $0.create.history = [$0.create.preview!.playlist]
    }
    XCTAssertEqual(driver.state.create.preview?.playlist.songs, all)
    XCTAssertNil(driver.state.create.bindings(driver.state.context).command(for: .character("u")))
    driver.press(.character("u"), expecting: [])  // nothing left to undo
  }

  func testTheUndoStackIsSmall() throws {
    var driver = driver(.nonExhaustive(because: "checks the undo stack's limit after 25 removals and 25 undos"))
    let resolve = try resolving(&driver, songs: 30)
    driver.send(.create(.resolved(requestID: resolve, .success(Self.playlist(songs: 30)))))
    for _ in 0..<25 { driver.press(.character("x")) }
    XCTAssertEqual(driver.state.create.preview?.removed.count, CreatePreview.undoLimit)
    for _ in 0..<25 { driver.press(.character("u")) }
    XCTAssertEqual(driver.state.create.preview?.playlist.songs.count, 5 + CreatePreview.undoLimit)
    XCTAssertEqual(
      driver.state.create.preview?.playlist.songs.map(\.song.title),
      (5..<30).map { "Song \($0)" }, "the newest removals come back, at the top where they were")
  }
}

extension CreateState {
  /// Changes the preview on top, as the reducer does (for expected states in tests).
  mutating func updatePreviewForTest(_ body: (inout CreatePreview) -> Void) {
    guard case .preview(var preview)? = path.last else { return }
    body(&preview)
    path[path.count - 1] = .preview(preview)
  }
}
