import Foundation
import VibesStorage
import XCTest

/// SecretServiceStore against a real gnome-keyring-daemon on a private bus (see KeyringFixture).
final class SecretServiceKeyringTests: XCTestCase {
  private var fixture: KeyringFixture!
  private var testStarted = Date()
  private let secret = "ss-VALUE-\(UUID().uuidString)"

  override func setUpWithError() throws {
    testStarted = Date()
    fixture = try KeyringFixture()
  }

  override func tearDown() {
    fixture?.shutDown()
    if let fixture {
      let total = Date().timeIntervalSince(testStarted)
      print(
        String(
          format: "[keyring] %@: startup %.2f s, total %.2f s", name, fixture.startupSeconds, total)
      )
    }
    fixture = nil
  }

  func testRoundTrip() throws {
    let store = SecretServiceStore(environment: fixture.environment)
    XCTAssertEqual(store.kind, .secretService)
    XCTAssertNil(try store.read(.geminiAPIKey))
    XCTAssertFalse(try store.contains(.geminiAPIKey))

    try store.write(secret, for: .geminiAPIKey)
    XCTAssertEqual(try store.read(.geminiAPIKey), secret)
    XCTAssertTrue(try store.contains(.geminiAPIKey))
    XCTAssertNil(try store.read(.ticketmasterAPIKey), "keys are independent")

    let awkward = "tøken with spaces ✓\nsecond line\n"
    try store.write(awkward, for: .spotifyRefreshToken)
    XCTAssertEqual(
      try SecretServiceStore(environment: fixture.environment).read(.spotifyRefreshToken), awkward)

    try store.write("overwritten", for: .geminiAPIKey)
    XCTAssertEqual(try store.read(.geminiAPIKey), "overwritten")

    try store.delete(.geminiAPIKey)
    XCTAssertNil(try store.read(.geminiAPIKey))
    XCTAssertFalse(try store.contains(.geminiAPIKey))
    try store.delete(.geminiAPIKey)  // missing: not an error
    XCTAssertEqual(try store.read(.spotifyRefreshToken), awkward, "other items survive a delete")
  }

  /// Labels and attributes, as any Secret Service browser shows them, hold the name only.
  func testLabelsAndAttributesHoldNamesNotValues() throws {
    let store = SecretServiceStore(environment: fixture.environment)
    try store.write(secret, for: .ticketmasterAPIKey)
    let listing = try KeyringFixture.runToEnd(
      which("secret-tool")!, ["search", "--all", "service", "vibes"],
      environment: fixture.environment)
    let metadata = listing.split(whereSeparator: \.isNewline).filter { !$0.hasPrefix("secret = ") }
    XCTAssertTrue(metadata.contains { $0.contains("vibes: ticketmaster.apiKey") }, listing)
    XCTAssertTrue(metadata.contains { $0.contains("attribute.key = ticketmaster.apiKey") }, listing)
    XCTAssertFalse(metadata.contains { $0.contains(secret) }, "value in a label or attribute")
  }

  func testAvailabilityProbeLeavesNothingBehind() throws {
    XCTAssertTrue(SecretServiceStore.isAvailable(environment: fixture.environment))
    let listing = try KeyringFixture.runToEnd(
      which("secret-tool")!, ["search", "--all", "service", "vibes"],
      environment: fixture.environment)
    XCTAssertFalse(listing.contains("availabilityProbe"), listing)
  }

  func testFactoryPrefersTheSecretService() throws {
    let paths = AppPaths(environment: fixture.environment)
    let auto = try SecretStoreFactory.make(environment: fixture.environment, paths: paths)
    XCTAssertEqual(auto.store.kind, .secretService)
    XCTAssertNil(auto.fallbackReason)

    var forced = fixture.environment
    forced["VIBES_SECRET_STORE"] = "secret-service"
    XCTAssertEqual(
      try SecretStoreFactory.make(environment: forced, paths: paths).store.kind, .secretService)
  }
}
