import VibesApp
import VibesTestSupport
import XCTest

@testable import VibesCore

/// The global keys are built once per tab bar (`GlobalKeyTable`) instead of on every key: whatever the situation,
/// the table must give what the key map (`GlobalKeys.declared`) gives for that situation — the same bindings in
/// the same order, the same command for every key, the same hints.
final class GlobalKeyTableTests: XCTestCase {
  /// Keys that any global binding takes, and neighbours that none does.
  static let keys: [Key] =
    (32...126).map { .character(Character(UnicodeScalar($0)!)) }
    + "0123456789aqz?".map { .alt($0) } + (1...12).map { .function($0) }
    + [.escape, .enter, .tab, .backspace, .up, .down, .pageUp, .pageDown, .home, .end, .ctrl("c"), .ctrl("q")]

  func testTheTableGivesTheDeclaredMapInEverySituation() {
    let tabBars: [[TabID]] = [[], [.feed], [.feed, .explore, .create], AppState().tabs.tabBarIDs]
    for ids in tabBars {
      let table = GlobalKeyTable(tabBarIDs: ids)
      for editing in [false, true] {
        for isAtRoot in [false, true] {
          for scrollable in [false, true] {
            let declared = GlobalKeys.declared(ids, editing: editing, isAtRoot: isAtRoot, scrollable: scrollable)
            let entry = table.entry(editing: editing, isAtRoot: isAtRoot, scrollable: scrollable)
            let situation = "tabs \(ids), editing \(editing), at root \(isAtRoot), scrollable \(scrollable)"
            XCTAssertEqual(entry.bindings, declared, situation)
            XCTAssertEqual(entry.hints, GlobalKeys.hints(declared), situation)
            for key in Self.keys {
              XCTAssertEqual(entry.bindings.command(for: key), declared.command(for: key), "\(key), \(situation)")
              XCTAssertEqual(
                entry.neverText.command(for: key), declared.filter { $0.neverText }.command(for: key),
                "\(key), \(situation)")
            }
          }
        }
      }
    }
  }

  /// Through the app's state: at a tab's root, on a pushed screen, in a text field of an area, each on a screen
  /// that scrolls and one that does not.
  func testTheStateReadsTheEntryOfItsOwnSituation() {
    let root = Driver(.nonExhaustive(because: "only walks to screens whose global keys are compared"))
    var pushed = root
    pushed.press(.enter)
    var field = Driver.inPeople(PeopleLists(username: "me", following: [], followers: [], fetchedAt: Date()))
    field.exhaustivity = .nonExhaustive(because: "only opens a text field whose global keys are compared")
    field.press(.character("e"))
    let states = [root.state, pushed.state, field.state]
    XCTAssertEqual(states.map(\.isAtRoot), [true, false, false])
    XCTAssertEqual(states.map(\.isEditingText), [false, false, true])
    for var state in states {
      for scrollable in [false, true] {
        state.context.viewport = ViewportMetrics(contentHeight: scrollable ? 40 : 10, viewportHeight: 20)
        let editing = state.isEditingText
        let declared = GlobalKeys.declared(
          state.tabs.tabBarIDs, editing: editing, isAtRoot: state.isAtRoot, scrollable: scrollable)
        let situation = "\(state.selectedTab), editing \(editing), at root \(state.isAtRoot), scrollable \(scrollable)"
        XCTAssertEqual(GlobalKeys.bindings(state, editing: editing), declared, situation)
        XCTAssertEqual(GlobalKeys.hints(state), GlobalKeys.hints(declared), situation)
        for key in Self.keys {
          XCTAssertEqual(
            GlobalKeys.entry(state, editing: editing).neverText.command(for: key),
            declared.filter { $0.neverText }.command(for: key), "\(key), \(situation)")
        }
      }
    }
  }
}
