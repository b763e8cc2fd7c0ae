import Foundation
import VibesTestSupport
import XCTest

/// Issue 21, item 12: `vibes auth login gemini --with-token` with a 1 MiB key reported "Could not reach the
/// service" (the key went out as a header curl would not send). The built binary now refuses it before any
/// request: exit 1, a sentence that says why, nothing saved, and the fake sees nothing.
final class LongKeyEndToEndTests: EndToEndTestCase {
  override class var needsTmux: Bool { false }

  func testAMegabyteKeyIsRefusedBeforeAnythingIsSent() async throws {
    let gemini = try await serve(FakeGeminiServer(validKeys: ["AIzaGoodKey_0123456789abcdefghijklmn"]))
    var environment = harness.environment()
    environment.merge(gemini.environment) { $1 }
    let key = "AIza" + String(repeating: "k", count: (1 << 20) - 4)
    let login = try CLIRun.run(
      ["auth", "login", "gemini", "--with-token"], environment: environment, stdin: key + "\n")
    let requests = await gemini.recordedRequests()
    XCTAssertEqual(login.status, 1)
    XCTAssertEqual(
      login.stderr,
      "vibes: the key on standard input is 1048576 bytes long (a key is at most 1024); it was not sent; "
        + "nothing was saved\n")
    XCTAssertFalse(login.all.contains("kkkkkkkk"), "the key is not echoed")
    XCTAssertEqual(requests.count, 0, "nothing was sent")
    XCTAssertFalse(FileManager.default.fileExists(atPath: harness.vaultFile.path))
  }
}
