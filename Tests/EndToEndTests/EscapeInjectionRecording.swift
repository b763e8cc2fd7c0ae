import Foundation
import XCTest

/// A `vibes` session in tmux for the escape-injection tests: every byte vibes writes to the terminal is recorded
/// (tmux `pipe-pane`), the pane title is noted at start, and `finish` checks that nothing from the data got through.
final class EscapeInjectionRecording {
  let tmux: Tmux
  let raw: URL
  let width: Int
  private(set) var title = ""

  /// Starts vibes with `environment` as one of `test`'s sessions (killed after it) and begins recording its output.
  init(test: EndToEndTestCase, environment: [String: String], width: Int = 100, height: Int = 40) throws {
    tmux = try test.startVibes(environment, width: width, height: height)
    self.width = width
    raw = test.harness.home.appendingPathComponent("pane-\(UUID().uuidString.prefix(6)).raw")
    _ = try tmux.run(["pipe-pane", "-t", tmux.target, "-o", "cat >> " + Tmux.quote(raw.path)])
  }

  /// A bracketed paste of exactly these bytes: loaded from a file, since a NUL cannot travel in an argument (which
  /// `Tmux.paste` uses).
  func paste(_ text: String) throws {
    let file = raw.deletingLastPathComponent().appendingPathComponent("paste-\(UUID().uuidString.prefix(6))")
    try Data(text.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let buffer = "e\(UUID().uuidString.prefix(6))"
    try tmux.run(["load-buffer", "-b", buffer, file.path])
    try tmux.run(["paste-buffer", "-p", "-d", "-b", buffer, "-t", tmux.target])
  }

  /// Notes the pane title (call once vibes has drawn its first screen).
  func noteTitle() { title = tmux.format("#{pane_title}") }

  /// Fails unless the pane title is still the one noted at start.
  func assertTitleUnchanged(file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(tmux.format("#{pane_title}"), title, "a payload set the terminal title", file: file, line: line)
  }

  /// Fails unless every one of `markers` was seen on some screen (its row was drawn).
  func assertSeen(_ markers: [String], file: StaticString = #filePath, line: UInt = #line) {
    let screens = tmux.captures.joined(separator: "\n")
    for marker in markers where !screens.contains(marker) {
      XCTFail("\(marker) never reached the screen; last:\n\(tmux.captures.last ?? "")", file: file, line: line)
    }
  }

  /// Fails unless the row holding `long` (the 10,000-character payload) is clipped to the pane, the row below it is
  /// not a spill of it, and `next` (another row of the same list) is drawn with the same border character.
  func assertLongRowClipped(
    _ long: String, next: String, in screen: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    let lines = screen.components(separatedBy: "\n")
    guard let longIndex = lines.firstIndex(where: { $0.contains(long) }),
      let nextLine = lines.first(where: { $0.contains(next) })
    else {
      return XCTFail("\(long) or \(next) is not on the screen:\n\(screen)", file: file, line: line)
    }
    let longLine = lines[longIndex]
    if longIndex + 1 < lines.count {
      XCTAssertFalse(lines[longIndex + 1].contains("WWW"), "the long line spilled:\n\(screen)", file: file, line: line)
    }
    XCTAssertTrue(longLine.contains("…"), "the long line is clipped:\n\(screen)", file: file, line: line)
    XCTAssertLessThanOrEqual(longLine.count, width, screen, file: file, line: line)
    let border: (String) -> Character? = { $0.trimmingCharacters(in: .whitespaces).last }
    if let end = border(nextLine), "│┃║|".contains(end) {
      XCTAssertEqual(border(longLine), end, "the long row broke its border:\n\(screen)", file: file, line: line)
    }
  }

  /// Fails if the 10,000-character payload spilled over rows: every line of Ws holds its marker or ends with the
  /// "…" of a cut (a field wrapped once, then clipped), and none is wider than the pane.
  func assertNoSpill(_ screen: String, file: StaticString = #filePath, line: UInt = #line) {
    for text in screen.components(separatedBy: "\n") where text.contains("WWWW") {
      let end = text.trimmingCharacters(in: CharacterSet(charactersIn: " │┃║|"))
      XCTAssertTrue(
        text.contains("LONG") || end.hasSuffix("…"), "the long line spilled:\n\(screen)", file: file, line: line)
      XCTAssertLessThanOrEqual(text.count, width, screen, file: file, line: line)
    }
  }

  /// Quits vibes (`quit` keys), stops recording and checks the whole session: the title is unchanged, none of
  /// `residues` on any screen (text only an unsanitised sequence leaves; empty for typed or pasted text, whose
  /// printable rest the input keeps), and no OSC (but vibes' own links to `links`), DCS, C1 or bidi override in the raw bytes.
  func finish(
    quit: [String] = ["C-c"], links: [String] = EscapePayloads.serviceLinks,
    residues: [String] = EscapePayloads.residues, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    assertTitleUnchanged(file: file, line: line)
    let screens = tmux.captures.joined(separator: "\n")
    if let folder = ProcessInfo.processInfo.environment["ESCAPE_E2E_CAPTURES"] {
      // Every screen seen, de-duplicated, for a person to read.
      var seen = Set<String>()
      let unique = tmux.captures.filter { seen.insert($0).inserted }
      let name = "\(file)".split(separator: "/").last.map(String.init) ?? "captures"
      try? unique.joined(separator: "\n=====\n").write(
        toFile: folder + "/" + name + ".txt", atomically: true, encoding: .utf8)
    }
    for residue in residues where screens.contains(residue) {
      let shown = screens.components(separatedBy: "\n").first { $0.contains(residue) } ?? ""
      XCTFail("a payload was drawn unsanitised (\(residue)): \(shown)", file: file, line: line)
    }
    XCTAssertFalse(screens.contains("\u{1b}"), "an escape byte on screen", file: file, line: line)
    for key in quit { tmux.send(key) }
    tmux.waitForExit(file: file, line: line)
    _ = try tmux.run(["pipe-pane", "-t", tmux.target])
    let bytes = try Data(contentsOf: raw)
    XCTAssertGreaterThan(bytes.count, 1000, "the raw output was captured", file: file, line: line)
    let found = EscapePayloads.injected(bytes, links: links)
    XCTAssertEqual(found, [], "control strings from the data reached the terminal", file: file, line: line)
    if !found.isEmpty { print("around the first:", EscapePayloads.context(of: found, in: bytes)) }
  }
}
