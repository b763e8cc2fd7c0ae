import VibesCore
import VibesUI
import XCTest

@testable import VibesTerminal

final class TerminalStartTests: XCTestCase {
  private func check(
    stdin: Bool = true, stdout: Bool = true, term: String?, probe: TerminfoProbe = .usable
  ) -> Result<String, TerminalStartError> {
    TerminalPreflight.check(stdinIsTerminal: stdin, stdoutIsTerminal: stdout, term: term) { _ in
      probe
    }
  }

  func testNoTerminalIsCheckedFirst() {
    var probed = false
    let result = TerminalPreflight.check(stdinIsTerminal: true, stdoutIsTerminal: false, term: nil) { _ in
      probed = true
      return .usable
    }
    XCTAssertEqual(result, .failure(.notATerminal))
    XCTAssertEqual(check(stdin: false, term: "xterm"), .failure(.notATerminal))
    XCTAssertFalse(probed)
  }

  func testTermUnsetOrEmpty() {
    XCTAssertEqual(check(term: nil), .failure(.termUnset))
    XCTAssertEqual(check(term: ""), .failure(.termUnset))
  }

  func testTermDumbIsRefusedBeforeTerminfo() {
    var probed = false
    let result = TerminalPreflight.check(
      stdinIsTerminal: true, stdoutIsTerminal: true, term: "dumb"
    ) { _ in
      probed = true
      return .noCursorAddressing
    }
    XCTAssertEqual(result, .failure(.termDumb))
    XCTAssertFalse(probed)
  }

  func testTerminfoAnswers() {
    XCTAssertEqual(
      check(term: "xterm-kitty", probe: .unknown), .failure(.termUnknown("xterm-kitty")))
    XCTAssertEqual(
      check(term: "glass", probe: .noCursorAddressing), .failure(.noCursorAddressing("glass")))
    XCTAssertEqual(check(term: "xterm-256color"), .success("xterm-256color"))
  }

  func testRealTerminfoLookups() {
    XCTAssertEqual(TerminfoProbe.lookUp("xterm-256color"), .usable)
    XCTAssertEqual(TerminfoProbe.lookUp("vt100"), .usable)
    XCTAssertEqual(TerminfoProbe.lookUp("dumb"), .noCursorAddressing)
    XCTAssertEqual(TerminfoProbe.lookUp("no-such-terminal-vibes"), .unknown)
    XCTAssertEqual(TerminfoProbe.lookUp(""), .unknown)
  }

  func testColorsFollowNoColor() {
    XCTAssertTrue(
      TerminalCapabilities.detect(environment: [:], term: "xterm", hasColors: true).colors)
    XCTAssertTrue(
      TerminalCapabilities.detect(environment: ["NO_COLOR": ""], term: "xterm", hasColors: true)
        .colors)
    XCTAssertFalse(
      TerminalCapabilities.detect(environment: ["NO_COLOR": "1"], term: "xterm", hasColors: true)
        .colors)
    XCTAssertFalse(
      TerminalCapabilities.detect(environment: [:], term: "vt100", hasColors: false).colors)
  }

  func testHyperlinksByTerminal() {
    func links(_ term: String, _ environment: [String: String] = [:]) -> Bool {
      TerminalCapabilities.detect(environment: environment, term: term, hasColors: true).hyperlinks
    }
    XCTAssertTrue(links("xterm-256color"))
    XCTAssertTrue(links("tmux-256color"))
    XCTAssertFalse(links("linux"))
    XCTAssertFalse(links("vt100"))
    XCTAssertFalse(links("screen-256color"))
    XCTAssertTrue(links("screen-256color", ["TMUX": "/tmp/tmux-0/default,1,0"]))
    XCTAssertFalse(links("xterm-256color", ["VIBES_HYPERLINKS": "0"]))
    XCTAssertTrue(links("linux", ["VIBES_HYPERLINKS": "1"]))
  }
}

final class ColorPairTableTests: XCTestCase {
  func testDefaultOnDefaultIsPairZero() {
    var table = ColorPairTable(limit: 256, defaultColors: true)
    let result = table.pair(foreground: .default, background: .default)
    XCTAssertEqual(result.pair, 0)
    XCTAssertNil(result.define)
  }

  func testPairsAreCreatedOnDemandOnce() {
    var table = ColorPairTable(limit: 256, defaultColors: true)
    let red = table.pair(foreground: .red, background: .default)
    XCTAssertEqual(red.pair, 1)
    XCTAssertEqual(red.define, .init(pair: 1, foreground: 1, background: -1))
    let again = table.pair(foreground: .red, background: .default)
    XCTAssertEqual(again.pair, 1)
    XCTAssertNil(again.define)
    let blackOnCyan = table.pair(foreground: .black, background: .cyan)
    XCTAssertEqual(blackOnCyan.define, .init(pair: 2, foreground: 0, background: 6))
  }

  func testBrightStatesUseBrightRedAndGreenOnly() {
    var table = ColorPairTable(limit: 256, defaultColors: true, brightStates: true)
    XCTAssertEqual(table.pair(foreground: .red, background: .default).define?.foreground, 9)
    XCTAssertEqual(table.pair(foreground: .green, background: .default).define?.foreground, 10)
    XCTAssertEqual(table.pair(foreground: .yellow, background: .default).define?.foreground, 3)
    var plain = ColorPairTable(limit: 256, defaultColors: true)
    XCTAssertEqual(plain.pair(foreground: .green, background: .default).define?.foreground, 2)
  }

  func testAllCombinationsAreDistinct() {
    var table = ColorPairTable(limit: 256, defaultColors: true)
    var seen = Set<Int16>()
    for foreground in TerminalColor.allCases {
      for background in TerminalColor.allCases
      where !(foreground == .default && background == .default) {
        seen.insert(table.pair(foreground: foreground, background: background).pair)
      }
    }
    XCTAssertEqual(seen, Set(1...80))
  }

  func testColorNumbers() {
    let numbers = TerminalColor.allCases.map {
      ColorPairTable.number($0, foreground: true, defaultColors: true)
    }
    XCTAssertEqual(numbers, [-1, 0, 1, 2, 3, 4, 5, 6, 7])
    XCTAssertEqual(ColorPairTable.number(.default, foreground: true, defaultColors: false), 7)
    XCTAssertEqual(ColorPairTable.number(.default, foreground: false, defaultColors: false), 0)
  }

  func testPairLimitFallsBackToPairZero() {
    var table = ColorPairTable(limit: 3, defaultColors: true)
    XCTAssertEqual(table.pair(foreground: .red, background: .default).pair, 1)
    XCTAssertEqual(table.pair(foreground: .green, background: .default).pair, 2)
    let overflow = table.pair(foreground: .blue, background: .default)
    XCTAssertEqual(overflow.pair, 0)
    XCTAssertNil(overflow.define)
  }

  func testNoColorsMeansNoPairs() {
    var table = ColorPairTable(limit: 0, defaultColors: false)
    XCTAssertEqual(table.pair(foreground: .red, background: .blue).pair, 0)
  }
}
