import Foundation
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

/// People's suggestions through the runner (extends `PeopleRunnerTests`: the loopback fake with the rules, a real
/// SQLite file): ranked and cached per account, a young copy answers without a request, `force` asks again, offline
/// the copy shows with its age, and a follow from a suggestion leaves the copy.
extension PeopleRunnerTests {
  func suggestions(_ actions: [PeopleAction]) -> Result<PeopleSuggestions, PeopleFailure>? {
    for case .suggestionsLoaded(_, let result) in actions { return result }
    return nil
  }

  func testSuggestionsAreCachedAnsweredFromTheCopyWhileYoungAndShownOfflineWithTheirAge() async throws {
    _ = try await signInMe()
    let ada = try await user("g-ada", name: "Ada", username: "ada")
    let noor = try await user("g-noor", name: "Noor", username: "noor")
    try await ada.repository.follow(noor.uid)
    let adaSummary = PersonSummary(uid: ada.uid, displayName: "Ada", username: "ada")
    _ = await run(.perform(requestID: 1, .follow, adaSummary))

    let before = await fake.queryStats().count
    guard
      case .success(let fresh)? = suggestions(
        await run(.loadSuggestions(requestID: 2, following: [adaSummary], force: false)))
    else { return XCTFail("no suggestions") }
    XCTAssertEqual(fresh.items.map(\.person.uid), [noor.uid])
    XCTAssertEqual(fresh.items.first?.reason.text(Localizer(.en)), "followed by @ada")
    XCTAssertFalse(fresh.isCached)
    let afterFresh = await fake.queryStats().count
    XCTAssertEqual(afterFresh - before, 4, "two block queries, the follows, one profile batch (no taste published)")

    // Younger than the refresh interval: the copy, no request.
    guard
      case .success(let young)? = suggestions(
        await run(.loadSuggestions(requestID: 3, following: [adaSummary], force: false)))
    else { return XCTFail("no copy") }
    XCTAssertEqual(young, fresh)
    let afterCopy = await fake.queryStats().count
    XCTAssertEqual(afterCopy, afterFresh, "the young copy costs no read")

    // `r` (force) with no network: the copy, marked with its age.
    let offline = runner(environment: FakeFirebaseServer.environment(baseURL: URL(string: "http://127.0.0.1:1")!))
    guard
      case .success(let copy)? = suggestions(
        await run(.loadSuggestions(requestID: 4, following: [adaSummary], force: true), offline))
    else { return XCTFail("no offline copy") }
    XCTAssertTrue(copy.isCached)
    XCTAssertEqual(copy.fetchedAt, Self.now)
    XCTAssertEqual(copy.items, fresh.items)

    // Following Noor (from the suggestion) takes her out of the copy at once.
    let noorSummary = PersonSummary(uid: noor.uid, displayName: "Noor", username: "noor")
    _ = await run(.perform(requestID: 5, .follow, noorSummary))
    guard
      case .success(let after)? = suggestions(
        await run(.loadSuggestions(requestID: 6, following: [adaSummary], force: false)))
    else { return XCTFail("no copy after the follow") }
    XCTAssertEqual(after.items, [])
  }

  /// Whether your taste summary is shared goes with every answer, read from your consent at that moment (the copy
  /// does not keep it): off, the list says taste matches need it; on, it does not.
  func testSuggestionsSayWhetherYourTasteSummaryIsShared() async throws {
    let me = try await signInMe()
    let ada = try await user("g-ada", name: "Ada", username: "ada")
    let adaSummary = PersonSummary(uid: ada.uid, displayName: "Ada", username: "ada")
    guard
      case .success(let off)? = suggestions(
        await run(.loadSuggestions(requestID: 1, following: [adaSummary], force: false)))
    else { return XCTFail("no suggestions") }
    XCTAssertFalse(off.tasteShared, "off until you agree")
    // Profile's setting turned on (stored as the runner stores it): the young copy now says it is shared.
    try database.savePeopleCache(owner: me.uid, key: "gamify.shareTaste", payload: Data("1".utf8), at: Self.now)
    guard
      case .success(let on)? = suggestions(
        await run(.loadSuggestions(requestID: 2, following: [adaSummary], force: false)))
    else { return XCTFail("no copy") }
    XCTAssertTrue(on.tasteShared)
    XCTAssertEqual(on.items, off.items)
  }

  func testSignedOutSuggestionsSayWhyWithoutARequest() async throws {
    let before = await fake.queryStats().count
    let result = suggestions(await run(.loadSuggestions(requestID: 1, following: [], force: true)))
    XCTAssertEqual(result, .failure(.notSignedIn))
    let after = await fake.queryStats().count
    XCTAssertEqual(after, before)
  }
}
