import Foundation
import VibesServices
import XCTest

final class GeminiModelSettingTests: XCTestCase {
  private var file: URL!

  override func setUpWithError() throws {
    file = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-gemini-config-\(UUID().uuidString)")
  }

  override func tearDown() { try? FileManager.default.removeItem(at: file) }

  private func load(env: [String: String] = [:], config: String?) throws -> GeminiModelSetting {
    if let config { try config.write(to: file, atomically: true, encoding: .utf8) }
    return GeminiModelSetting.load(environment: env, configFile: file)
  }

  func testDefaultWhenNothingIsSet() throws {
    XCTAssertEqual(try load(config: nil), GeminiModelSetting(model: "gemini-flash-latest"))
    XCTAssertEqual(try load(config: "# gemini-model = gemini-2.5-pro\n"), GeminiModelSetting())
  }

  func testConfigFileLineAndEnvironmentWins() throws {
    let config = "spotify-client-id = abcdef0123456789\ngemini-model = \"gemini-2.5-pro\"\n"
    XCTAssertEqual(try load(config: config).model, "gemini-2.5-pro")
    XCTAssertEqual(
      try load(env: ["VIBES_GEMINI_MODEL": " gemini-flash-lite-latest "], config: config).model,
      "gemini-flash-lite-latest")
    XCTAssertEqual(try load(env: ["VIBES_GEMINI_MODEL": ""], config: config).model, "gemini-2.5-pro")
    XCTAssertEqual(try load(config: "gemini-model: models/gemini-3-flash-preview").model, "gemini-3-flash-preview")
  }

  func testInvalidNamesFallBackToTheDefaultAndAreReported() throws {
    for bad in ["gemini flash", "../../x", "gemini/flash", "a?b", "é", ".hidden", String(repeating: "a", count: 101)] {
      let setting = try load(env: ["VIBES_GEMINI_MODEL": bad], config: nil)
      XCTAssertEqual(setting.model, GeminiModelSetting.defaultModel, bad)
      XCTAssertNotNil(setting.rejectedValue, bad)
    }
    for good in ["gemini-2.5-flash", "gemini_x.1", "G3"] {
      XCTAssertEqual(GeminiModelSetting.validModelName(good), good)
    }
  }
}
