import Foundation
import VibesCore
import XCTest

@testable import VibesDemo

/// Issue 20: in the demo, the example prompts (the tour's own and Create's) typed right after switching to Create
/// land in the prompt field and run no command (no Grow, no song count change, no quit, no tab switch).
final class CreateTypingDemoTests: XCTestCase {
  static let setUpGemini = """
    key 3
    key enter
    type AIzaDemoKey0000000000000000000000000000
    key ctrl-s
    key esc
    """

  @MainActor
  func testTheDemosExamplePromptsTypedRightAfterSwitchingToCreateStayInTheField() async throws {
    let demo = try await HeadlessDemo()
    try await demo.play(Self.setUpGemini)
    XCTAssertEqual(demo.state.selectedTab, .create, "Esc after the Gemini step returns to Create:\n\(demo.screen)")
    let prompts = ["synthwave for a night drive", "quiet songs", "midnight"] + CreateState.examplePrompts(in: .en)
    for prompt in prompts {
      for switchKey in ["key esc\nkey 1\nkey 3", "key alt-1\nkey alt-3"] {
        try await demo.play(switchKey + "\ntype \(prompt)")
        XCTAssertEqual(demo.state.create.prompt.text, prompt, "\(switchKey)")
        XCTAssertTrue(demo.screen.contains(prompt), demo.screen)
        XCTAssertFalse(demo.state.isQuitting)
        XCTAssertTrue(demo.state.create.path.isEmpty, "no Grow opened for \(prompt)")
        XCTAssertEqual(demo.state.create.length, CreateState.defaultLength, "no count changed for \(prompt)")
        XCTAssertEqual(demo.state.create.phase, .idle, "nothing generated for \(prompt)")
        // Clear the field for the next prompt (Ctrl-U, the one text key map).
        try await demo.play("key end\nkey ctrl-u")
        XCTAssertEqual(demo.state.create.prompt.text, "")
      }
    }
    await demo.finish()
  }
}
