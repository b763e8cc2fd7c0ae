import VibesCore
import VibesTestSupport
import VibesUI
import XCTest

extension Grid {
  /// The first row containing `text`, or nil.
  func row(containing text: String) -> Int? {
    lines.firstIndex { $0.contains(text) }
  }

  /// The style of the cells where `text` starts in `row` (checks every cell of the span is the same).
  func style(of text: String, inRow row: Int, file: StaticString = #filePath, line: UInt = #line) -> CellStyle? {
    var cells: [(String, CellStyle)] = []
    for column in 0..<width where !self[row, column].isContinuation {
      cells.append((self[row, column].text, self[row, column].style))
    }
    let characters = cells.map(\.0)
    let target = text.map(String.init)
    guard target.count <= characters.count else { return nil }
    for start in 0...(characters.count - target.count) where Array(characters[start..<(start + target.count)]) == target
    {
      let styles = Set(cells[start..<(start + target.count)].map(\.1))
      XCTAssertEqual(styles.count, 1, "mixed styles in span \(text)", file: file, line: line)
      return styles.first
    }
    return nil
  }
}

extension Driver {
  /// The shared driver set up for screen tests: facts loaded (none when nil) and an empty Feed window. The
  /// caller says how strictly its steps are checked (a screen test usually checks the drawn screen instead).
  static func screen(
    _ exhaustivity: Exhaustivity, facts: SetupFacts? = SetupFacts(), width: Int = 80, height: Int = 24
  ) -> Driver {
    var driver = Driver(exhaustivity, facts: facts, size: ScreenSize(width: width, height: height))
    driver.arrange { $0.send(.feedWindowLoaded(total: 0, offset: 0, items: [])) }
    return driver
  }

  /// Explore, then `track`'s screen opened by its link and loaded (fetched just now); fails the test when the
  /// screen does not start loading.
  mutating func openTrackDetail(_ track: MusicTrack, file: StaticString = #filePath, line: UInt = #line) {
    press(.tabKey(.explore))
    send(.explore(.open(track.link)))
    guard case .loading(let id)? = state.explore.path.last?.phase else {
      XCTFail("not loading", file: file, line: line)
      return
    }
    send(
      .explore(
        .detailFinished(requestID: id, track.link, .success(CachedDetail(detail: .track(track), fetchedAt: Date())))))
  }

  /// The screen as drawn in `language`.
  func render(_ language: Language = .en) -> Grid { AppView.render(state, Localizer(language)) }
}
