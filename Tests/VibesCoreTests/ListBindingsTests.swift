import VibesCore
import VibesTestSupport
import XCTest

/// Every list answers to the same keys with the same help: Explore's results, its detail screens and its
/// playlist picker, and Profile's list use `ListState.bindings` like the Feed and App Store Connect.
final class ListBindingsTests: XCTestCase {
  var context: AppContext {
    var context = AppContext(size: ScreenSize(width: 80, height: 24))
    context.facts = SetupFacts(storedSecrets: [.spotify])
    return context
  }

  /// The move bindings of `bindings`, as the footer and the help show them.
  func moves<Command>(_ bindings: [KeyBinding<Command>], _ isMove: (Command) -> Bool) -> [KeyHint] {
    bindings.filter { isMove($0.command) }.map(\.hint)
  }

  func isExploreMove(_ command: ExploreCommand) -> Bool {
    if case .move = command { return true }
    return false
  }

  func testExploreResultsDetailAndPickerUseTheSharedListKeys() {
    let shared = ListState.bindings { ExploreCommand.move($0) }
    XCTAssertEqual(shared.count, 6)
    var explore = ExploreState()
    XCTAssertEqual(moves(explore.bindings(context), isExploreMove), shared.map(\.hint), "the result list")
    XCTAssertEqual(explore.bindings(context).command(for: .pageDown), ExploreCommand.move(.pageDown))
    XCTAssertEqual(explore.bindings(context).command(for: .character("G")), ExploreCommand.move(.end))

    explore.path = [DetailScreen(link: MusicFixtures.tide.link, phase: .loading(requestID: 1))]
    XCTAssertEqual(moves(explore.bindings(context), isExploreMove), shared.map(\.hint), "a detail screen")

    explore.picker = PlaylistPicker(uris: ["spotify:track:1"], title: "Tide", phase: .choosing)
    let picker = explore.bindings(context)
    XCTAssertEqual(moves(picker, isExploreMove), shared.map(\.hint), "the playlist picker")
    XCTAssertEqual(picker.command(for: .enter), ExploreCommand.choosePlaylist, "Enter adds, it does not open")
  }

  func testProfileListUsesTheSharedListKeys() {
    let shared = ListState.bindings(paging: false) { ProfileCommand.move($0) }
    let bindings = ProfileState().bindings(context)
    let hints = bindings.filter {
      if case .move = $0.command { return true }
      return false
    }.map(\.hint)
    XCTAssertEqual(hints, shared.map(\.hint))
    // The Profile scrolls as a whole: PgUp/PgDn are the screen's scroll keys, not the list's.
    XCTAssertNil(bindings.command(for: .pageUp), "PgUp is left to the screen's scroll")
  }

  func testTheHelpOfListKeysIsTheSameInEveryListFeature() {
    var explore = ExploreState()
    explore.path = [DetailScreen(link: MusicFixtures.tide.link, phase: .loading(requestID: 1))]
    let exploreHelp = Set(moves(explore.bindings(context), isExploreMove).map(\.help))
    let profileHelp = Set(
      ProfileState().bindings(context).filter {
        if case .move = $0.command { return true }
        return false
      }.map(\.help))
    XCTAssertEqual(exploreHelp, [.common(.helpMove), .common(.helpPage), .common(.helpTop)])
    XCTAssertEqual(profileHelp, [.common(.helpMove), .common(.helpTop)], "PgUp/PgDn are the screen's there")
  }
}
