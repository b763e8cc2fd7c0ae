import VibesCore
import VibesTestSupport
import XCTest

@testable import VibesUI

/// Why these tests drive the app loosely (see `Driver.Exhaustivity`).
private let statusLine = Driver.Exhaustivity.nonExhaustive(
  because: "checks how the status line wraps, ends and opens in full")

/// The status line never hides what matters: a warning wraps onto up to three rows above the footer (the body
/// gives up those rows and keeps its focus in view), anything longer ends in "… ! shows all", and `!` shows the
/// whole message in a scrollable overlay that Esc closes. Information stays on one row.
final class StatusLineTests: XCTestCase {
  static let aside = "/home/someone/.local/share/vibes/vibes.sqlite.damaged-20261123T115210Z"
  static let sizes = [(60, 20), (80, 24), (120, 40)]

  func rebuilt(width: Int, height: Int) -> Driver {
    var screen = Driver.screen(statusLine, width: width, height: height)
    screen.send(.databaseRecovered(movedTo: Self.aside, reason: LocalizedText(L10n.damageEmpty)))
    return screen
  }

  /// Text without spaces: a word broken across rows reads whole again.
  func squeezed(_ text: String) -> String { text.filter { $0 != " " } }

  /// Every row the overlay shows from top to bottom, paged through as the user would (PgDn).
  func overlayText(_ screen: inout Driver, _ language: Language) -> String {
    var seen: [String] = []
    for _ in 0..<20 {
      let grid = screen.render(language)
      if let viewport = grid.viewport { screen.state.context.viewport = viewport }
      seen += grid.lines[2..<(grid.height - 1)]
      guard grid.viewport.map({ $0.offset < $0.maxOffset }) == true else { break }
      screen.press(.pageDown)
    }
    return seen.joined(separator: " ")
  }

  func testTheRebuiltDatabaseWarningIsWholeOnScreenOrBehindTheBangKey() {
    for (width, height) in Self.sizes {
      for language in Language.allCases {
        var screen = rebuilt(width: width, height: height)
        let t = Localizer(language)
        let whole = t.notice(screen.state.notice!)
        let grid = screen.render(language)
        let rows = StatusLine.rows(screen.state, width: width - 2, t)
        let context = "\(width)×\(height) \(language)"
        XCTAssertTrue((1...3).contains(rows.count), "\(context): \(rows.count) rows")
        // The status rows sit right above the footer, in the warning colour.
        let status = grid.lines[(height - 1 - rows.count)..<(height - 1)].joined(separator: " ")
        XCTAssertEqual(grid.style(of: String(rows[0].text.prefix(8)), inRow: height - 1 - rows.count), Theme.warning)
        if squeezed(status).contains(squeezed(whole)) {
          XCTAssertNil(rows.last?.hint, context)
          continue
        }
        // Cut: the last row says how to see the rest, the footer lists the key, and the overlay holds it all.
        XCTAssertTrue(status.hasSuffix("… " + t[.noticeCutHint]), "\(context): \(status)")
        XCTAssertTrue(grid.lines[height - 1].contains("!"), "\(context): \(grid.lines[height - 1])")
        screen.press(.character("!"))
        XCTAssertTrue(screen.state.isNoticeOpen, context)
        let overlay = overlayText(&screen, language)
        XCTAssertTrue(overlay.contains(t[.noticeOverlayTitle]), "\(context): \(overlay)")
        XCTAssertTrue(squeezed(overlay).contains(squeezed(whole)), "\(context): \(overlay)")
        screen.press(.escape)
        XCTAssertFalse(screen.state.isNoticeOpen, context)
        XCTAssertNotNil(screen.state.notice, "\(context): the warning stays after Esc")
      }
    }
  }

  func testThePathOfTheOldFileIsReachableAtEverySize() {
    for (width, height) in Self.sizes {
      for language in Language.allCases {
        var screen = rebuilt(width: width, height: height)
        var shown = screen.render(language).lines.joined(separator: " ")
        if !squeezed(shown).contains(Self.aside) {
          screen.press(.character("!"))
          shown = overlayText(&screen, language)
        }
        XCTAssertTrue(squeezed(shown).contains(Self.aside), "\(width)×\(height) \(language): \(shown)")
      }
    }
  }

  /// Issue 21 item 5: Spotify's renewed tokens refused by a full disk. The warning names the disk's folder and is
  /// whole on screen or behind `!` at every size, in both languages.
  func testTheUnsavedSpotifyTokensWarningIsWholeAtEverySize() {
    let folder = "/home/someone/.local/share/vibes"
    for (width, height) in Self.sizes {
      for language in Language.allCases {
        var screen = Driver.screen(statusLine, width: width, height: height)
        screen.send(.storageProblemFound(LocalizedText(SpotifyL10n.tokensNotSavedDiskFull, ["path": folder])))
        let t = Localizer(language)
        let whole = t.notice(screen.state.notice!)
        XCTAssertTrue(whole.contains(folder))
        var shown = screen.render(language).lines.joined(separator: " ")
        if !squeezed(shown).contains(squeezed(whole)) {
          screen.press(.character("!"))
          XCTAssertTrue(screen.state.isNoticeOpen, "\(width)×\(height) \(language)")
          shown = overlayText(&screen, language)
        }
        XCTAssertTrue(squeezed(shown).contains(squeezed(whole)), "\(width)×\(height) \(language): \(shown)")
      }
    }
  }

  func testTheReasonIsInTheUsersLanguage() {
    let screen = rebuilt(width: 120, height: 40)
    XCTAssertTrue(screen.render(.de).lines.joined().contains("die Datei ist leer"))
    XCTAssertFalse(screen.render(.de).lines.joined().contains("the file is empty"))
    XCTAssertTrue(screen.render(.en).lines.joined().contains("the file is empty"))
  }

  func testAt60ColumnsTheWarningIsCutWithTheKeyInFooterAndHelp() {
    for language in Language.allCases {
      var screen = rebuilt(width: 60, height: 20)
      let t = Localizer(language)
      let rows = StatusLine.rows(screen.state, width: 58, t)
      XCTAssertEqual(rows.count, 3)
      XCTAssertEqual(rows.last?.hint, t[.noticeCutHint])
      XCTAssertTrue(screen.state.keyHints.contains { $0.label == "!" }, "\(screen.state.keyHints)")
      // F1 opens the help over the warning, and it lists the key.
      screen.press(.function(1))
      XCTAssertTrue(screen.render(language).lines.contains { $0.contains("! ") && $0.contains(t[.helpFullMessage]) })
    }
  }

  func testTheBodyGivesUpTheRowsAndKeepsTheFocusedFieldInView() {
    var screen = Driver.screen(statusLine, width: 60, height: 20)
    screen.state.selectedTab = .tracker
    screen.send(.tracker(.configurationLoaded(nil, apiURLs: [.qc: "http://qc.test/api"])))
    // The load leaves the focus off the fields (as arriving does); the premise: the user went into the first one.
    screen.state.tracker.setupForm.focus = TrackerForm().focus
    screen.press(.tab, .tab)  // the User ID field, low on the form
    screen.send(.databaseRecovered(movedTo: Self.aside, reason: LocalizedText(L10n.damageEmpty)))
    let grid = screen.render()
    let statusRows = StatusLine.rows(screen.state, width: 58, Localizer(.en)).count
    XCTAssertEqual(statusRows, 3)
    guard let cursor = grid.cursor else { return XCTFail("the focused field is off screen:\n\(grid.lines)") }
    XCTAssertGreaterThanOrEqual(cursor.row, 2)
    XCTAssertLessThan(cursor.row, grid.height - 1 - statusRows, "the cursor is not under the status rows")
    XCTAssertEqual(grid.viewport?.viewportHeight, 20 - 2 - 1 - statusRows)
  }

  func testInformationStaysOnOneRowAndOffersNoKey() {
    var screen = Driver.screen(statusLine, width: 60, height: 20)
    screen.send(.linkHandled(opened: true))
    XCTAssertEqual(StatusLine.rows(screen.state, width: 58, Localizer(.en)).count, 1)
    XCTAssertFalse(screen.state.keyHints.contains { $0.label == "!" })
    XCTAssertEqual(screen.render().viewport?.viewportHeight, 20 - 2 - 2)
    screen.press(.character("!"))
    XCTAssertFalse(screen.state.isNoticeOpen)
  }

  func testInATextFieldTheBangIsTextAndTheCutSaysSoWithoutTheKey() {
    var screen = Driver.screen(statusLine, width: 60, height: 20)
    screen.state.selectedTab = .tracker
    screen.send(.tracker(.configurationLoaded(nil, apiURLs: [.qc: "http://qc.test/api"])))
    // The load leaves the focus off the fields (as arriving does); the premise: the user went into the first one.
    screen.state.tracker.setupForm.focus = TrackerForm().focus
    XCTAssertTrue(screen.state.isEditingText)
    screen.send(.databaseRecovered(movedTo: Self.aside, reason: LocalizedText(L10n.damageEmpty)))
    let rows = StatusLine.rows(screen.state, width: 58, Localizer(.en))
    XCTAssertEqual(rows.count, 3)
    XCTAssertNil(rows.last?.hint)
    XCTAssertTrue(rows.last?.text.hasSuffix("…") == true)
    screen.press(.character("!"))
    XCTAssertFalse(screen.state.isNoticeOpen)
    XCTAssertEqual(screen.state.tracker.setupForm.apiKey.text, "!")
  }

  func testEscLeavingAFieldKeepsTheWarningSoBangCanOpenIt() {
    var screen = Driver.screen(statusLine, width: 60, height: 20)
    screen.state.selectedTab = .tracker
    screen.send(.tracker(.configurationLoaded(nil, apiURLs: [.qc: "http://qc.test/api"])))
    // The load leaves the focus off the fields (as arriving does); the premise: the user went into the first one.
    screen.state.tracker.setupForm.focus = TrackerForm().focus
    screen.send(.databaseRecovered(movedTo: Self.aside, reason: LocalizedText(L10n.damageEmpty)))
    XCTAssertTrue(screen.state.isEditingText)
    screen.press(.escape)
    XCTAssertFalse(screen.state.isEditingText, "Esc leaves the field")
    XCTAssertNotNil(screen.state.notice, "the warning stays")
    screen.press(.character("!"))
    XCTAssertTrue(screen.state.isNoticeOpen, "and opens whole")
    XCTAssertTrue(screen.render().lines.joined(separator: " ").contains("damaged-"), "the old file's path is shown")
  }

  func testTheOverlayScrollsByLineAndCtrlCStillQuits() {
    var screen = Driver.screen(statusLine, width: 60, height: 20)
    let long = Array(repeating: Self.aside, count: 12).joined(separator: " ")
    screen.send(.storageProblemFound(LocalizedText(L10n.noticeDiskFullNotSaved, ["path": long])))
    screen.press(.character("!"))
    var grid = screen.render()
    screen.state.context.viewport = grid.viewport!
    XCTAssertTrue(grid.viewport!.isScrollable)
    XCTAssertTrue(grid.lines[19].contains("↑↓"), grid.lines[19])
    screen.press(.down, .down)
    grid = screen.render()
    XCTAssertEqual(grid.viewport?.offset, 2)
    screen.press(.character("q"))
    XCTAssertFalse(screen.state.isQuitting, "q closes the overlay, it does not quit")
    XCTAssertFalse(screen.state.isNoticeOpen)
    screen.press(.character("!"))
    screen.press(.ctrl("c"))
    XCTAssertTrue(screen.state.isQuitting)
  }

  func testOverTheVaultRecoveryScreenTheBangShowsTheWarningAndEscGoesBack() {
    var screen = Driver.screen(statusLine, facts: nil, width: 60, height: 20)
    let damage = SecretStoreDamage(
      kind: .keyMissing, vaultPath: "/home/u/.local/share/vibes/secrets.vault",
      keyPath: "/home/u/.config/vibes/vault.key")
    screen.send(.secretStoreDamaged(damage))
    screen.send(.databaseRecovered(movedTo: Self.aside, reason: LocalizedText(L10n.damageEmpty)))
    XCTAssertTrue(screen.state.keyHints.contains { $0.label == "!" }, "\(screen.state.keyHints)")
    screen.press(.character("!"))
    XCTAssertTrue(screen.state.isNoticeOpen)
    let overlay = screen.render()
    XCTAssertTrue(overlay.lines.joined().contains("Whole message"))
    XCTAssertTrue(overlay.lines[19].contains("Esc close"), overlay.lines[19])
    screen.press(.escape)
    XCTAssertFalse(screen.state.isNoticeOpen)
    XCTAssertEqual(screen.state.vaultRecovery?.phase, .explaining, "Esc closed the message, not the recovery screen")
    XCTAssertTrue(screen.render().lines.joined().contains("The secret vault cannot be opened"))
  }

  func testTheTutorialTakesOverFromTheOverlay() {
    var screen = rebuilt(width: 80, height: 24)
    screen.press(.character("!"))
    XCTAssertTrue(screen.state.isNoticeOpen)
    screen.send(.tutorial(.replay))
    XCTAssertTrue(screen.state.tutorial.isVisible)
    XCTAssertFalse(screen.state.isNoticeOpen, "keys go to the tutorial, so it shows")
  }
}
