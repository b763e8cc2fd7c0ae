import XCTest

@testable import VibesTerminal

/// The hidden crash trigger is inert unless the environment asks for it twice (VIBES_TEST_HOOKS=1 and a moment).
final class TestCrashTriggerTests: XCTestCase {
  func testNothingIsArmedWithoutTheHooksVariable() {
    XCTAssertNil(TestCrashTrigger.requested(in: [:]))
    XCTAssertNil(TestCrashTrigger.requested(in: ["VIBES_TEST_CRASH_AFTER_MS": "10"]))
    XCTAssertNil(TestCrashTrigger.requested(in: ["VIBES_TEST_CRASH_ON_SIGNAL": "USR2"]))
    XCTAssertNil(TestCrashTrigger.requested(in: ["VIBES_TEST_HOOKS": "0", "VIBES_TEST_CRASH_AFTER_MS": "10"]))
    XCTAssertNil(TestCrashTrigger.requested(in: ["VIBES_TEST_HOOKS": "1"]))
  }

  func testTheMomentAndKindAreRead() throws {
    let after = try XCTUnwrap(
      TestCrashTrigger.requested(in: ["VIBES_TEST_HOOKS": "1", "VIBES_TEST_CRASH_AFTER_MS": "250"]))
    XCTAssertEqual(after.moment, .afterMilliseconds(250))
    XCTAssertEqual(after.kind, .trap)
    let signal = try XCTUnwrap(
      TestCrashTrigger.requested(in: [
        "VIBES_TEST_HOOKS": "1", "VIBES_TEST_CRASH_ON_SIGNAL": "USR2", "VIBES_TEST_CRASH_KIND": "overflow",
      ]))
    XCTAssertEqual(signal.moment, .onSIGUSR2)
    XCTAssertEqual(signal.kind, .overflow)
    XCTAssertEqual(signal.place, .main)
    let input = try XCTUnwrap(
      TestCrashTrigger.requested(in: [
        "VIBES_TEST_HOOKS": "1", "VIBES_TEST_CRASH_ON_SIGNAL": "USR2", "VIBES_TEST_CRASH_THREAD": "input",
      ]))
    XCTAssertEqual(input.place, .input)
    XCTAssertEqual(input.kind, .trap)
  }

  func testMalformedValuesArmNothing() {
    for extra in [
      ["VIBES_TEST_CRASH_AFTER_MS": "-5"], ["VIBES_TEST_CRASH_AFTER_MS": "soon"],
      ["VIBES_TEST_CRASH_ON_SIGNAL": "TERM"],
      ["VIBES_TEST_CRASH_ON_SIGNAL": "USR2", "VIBES_TEST_CRASH_KIND": "segfault"],
      ["VIBES_TEST_CRASH_ON_SIGNAL": "USR2", "VIBES_TEST_CRASH_THREAD": "worker"],
    ] {
      XCTAssertNil(TestCrashTrigger.requested(in: extra.merging(["VIBES_TEST_HOOKS": "1"]) { $1 }), "\(extra)")
    }
  }
}
