import VibesCore
import XCTest

/// The near-quota hint as a pure function of today's local count, the model's documented free limit and a 429.
final class GeminiQuotaTests: XCTestCase {
  func testTheFlashFreeLimitAndWhenACountIsNear() {
    XCTAssertEqual(GeminiQuota.dailyFreeLimit(model: "gemini-2.5-flash"), 20)
    XCTAssertEqual(GeminiQuota.dailyFreeLimit(model: "gemini-flash-latest"), 20)
    XCTAssertNil(GeminiQuota.dailyFreeLimit(model: "gemini-flash-lite-latest"), "Flash-Lite: no number documented")
    XCTAssertNil(GeminiQuota.dailyFreeLimit(model: "gemini-2.5-pro"))
    XCTAssertFalse(GeminiQuota.isNear(15, limit: 20))
    XCTAssertTrue(GeminiQuota.isNear(16, limit: 20), "within 20 % of the limit")
    XCTAssertTrue(GeminiQuota.isNear(25, limit: 20))
  }

  func testTheHintSaysHowManyWhenNearAndUsedUpAfterA429() {
    let far = GeminiUsage(requests: 3, exhausted: false, model: "gemini-2.5-flash")
    XCTAssertNil(far.hint)
    let near = GeminiUsage(requests: 17, exhausted: false, model: "gemini-2.5-flash")
    let en = Localizer(.en)
    let de = Localizer(.de)
    XCTAssertEqual(
      near.hint.map { en[$0] }, "Gemini: 17 of about 20 free requests used today on this computer.")
    XCTAssertEqual(
      near.hint.map { de[$0] }, "Gemini: 17 von etwa 20 freien Anfragen heute auf diesem Rechner verbraucht.")
    XCTAssertEqual(
      GeminiUsage(requests: 40, exhausted: false, model: "gemini-2.5-flash").hint.map { en[$0] },
      "Gemini: 20 of about 20 free requests used today on this computer.", "never more than the limit")
    let lite = GeminiUsage(requests: 500, exhausted: false, model: "gemini-flash-lite-latest")
    XCTAssertNil(lite.hint, "no documented limit: no near hint")
    let usedUp = GeminiUsage(requests: 1, exhausted: true, model: "gemini-flash-lite-latest")
    XCTAssertEqual(usedUp.hint, LocalizedText(GamifyL10n.geminiQuotaUsedUp))
  }

  func testKeysAreCountedApartWithoutKeepingTheKey() {
    let key = "AIzaSyFAKE-0123456789abcdefghijklmnopq"
    let id = GeminiQuota.keyID(key)
    XCTAssertEqual(id, GeminiQuota.keyID(key))
    XCTAssertNotEqual(id, GeminiQuota.keyID(key + "x"))
    XCTAssertFalse(id.contains("AIza"))
    XCTAssertLessThanOrEqual(id.count, 16)
  }
}
