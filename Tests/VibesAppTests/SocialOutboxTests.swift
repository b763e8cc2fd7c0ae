import Foundation
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// The offline queue of shares, sends and replies: real SQLite files, the loopback Firebase fake, and a real child
/// process killed with SIGKILL in the middle of a send.
final class SocialOutboxTests: XCTestCase {
  static let childVariable = "VIBES_OUTBOX_CHILD_DIR"
  var fake: FakeFirebaseServer!
  var folder: URL!

  override func setUp() async throws {
    fake = try await FakeFirebaseServer.withProjectIndexes()
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-outbox-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDown() async throws {
    await fake?.stop()
    if let folder { try? FileManager.default.removeItem(at: folder) }
  }

  static let song = SharedTrack(
    trackId: "4uLU6hMCjMI75M1A2tKUQC", trackName: "Never Gonna Give You Up", artistName: "Rick Astley",
    albumName: "Whenever You Need Somebody", trackUri: "spotify:track:4uLU6hMCjMI75M1A2tKUQC")

  static func signIn(
    configuration: FirebaseConfiguration, googleIDToken: String
  ) async throws -> (uid: String, social: SocialRepository) {
    let auth = FirebaseAuthClient(
      apiKey: FakeFirebaseServer.apiKey, authURL: configuration.authURL, tokenURL: configuration.tokenURL)
    let session = FirebaseSession(auth: auth, storage: MemoryFirebaseSessionStorage())
    let grant = try await session.signIn(googleIDToken: googleIDToken)
    let firestore = FirestoreClient(
      projectID: FakeFirebaseServer.projectID, baseURL: configuration.firestoreURL, retryDelays: [])
    return (grant.uid, SocialRepository(session: session, auth: auth, firestore: firestore, storage: nil))
  }

  func person(_ sub: String, name: String) async throws -> (profile: SocialProfile, social: SocialRepository) {
    let token = await fake.googleIDToken(sub: sub, email: "\(sub)@example.com", name: name)
    let (_, social) = try await Self.signIn(configuration: fake.configuration, googleIDToken: token)
    let profile = try await social.ensureProfile(displayName: name)
    return (profile, social)
  }

  var databasePath: String { folder.appendingPathComponent("vibes.sqlite").path }

  func shareDocuments() async -> [String] {
    await fake.documents().keys.filter { $0.hasPrefix("shares/") }.sorted()
  }

  // MARK: The child: flushes the queue; the parent kills it while the commit's answer is held

  func testOutboxChild() async throws {
    guard let directory = ProcessInfo.processInfo.environment[Self.childVariable] else {
      throw XCTSkip("runs only as the child process of testKillNineMidSendThenAFlushLeavesExactlyOneDocument")
    }
    let folder = URL(fileURLWithPath: directory)
    // The fake's address and a Google ID token come in files, never in the child's environment or arguments.
    let base = try String(contentsOf: folder.appendingPathComponent("fake-url"), encoding: .utf8)
    let token = try String(contentsOf: folder.appendingPathComponent("google-token"), encoding: .utf8)
    let configuration = FirebaseConfiguration.load(
      environment: FakeFirebaseServer.environment(baseURL: try XCTUnwrap(URL(string: base))), configFile: nil)
    let (_, social) = try await Self.signIn(configuration: configuration, googleIDToken: token)
    let database = try AppDatabase(path: folder.appendingPathComponent("vibes.sqlite").path)
    let outbox = SocialOutbox(database: database, shares: ShareRepository(social: social))
    _ = try await outbox.flush()
    XCTFail("the parent kills this process before the commit's answer arrives")
  }

  func testKillNineMidSendThenAFlushLeavesExactlyOneDocument() async throws {
    let ada = try await person("g-ada", name: "Ada")
    let bob = try await person("g-bob", name: "Bob")
    let database = try AppDatabase(path: databasePath)
    let outbox = SocialOutbox(database: database, shares: ShareRepository(social: ada.social))
    let draft = ShareRepository.draft(from: ada.profile, to: bob.profile.uid, track: Self.song, message: "offline")
    try outbox.enqueue(draft, at: Date())
    XCTAssertEqual(try outbox.waiting(), [draft], "shown as waiting to sync")

    try fake.baseURL.absoluteString.write(
      to: folder.appendingPathComponent("fake-url"), atomically: true, encoding: .utf8)
    let childToken = await fake.googleIDToken(sub: "g-ada", email: "g-ada@example.com", name: "Ada")
    try childToken.write(to: folder.appendingPathComponent("google-token"), atomically: true, encoding: .utf8)
    await fake.holdCommitAnswers(30)

    let process = Process()
    process.executableURL = URL(
      fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
    process.arguments = ["VibesAppTests.SocialOutboxTests/testOutboxChild"]
    var environment = ProcessInfo.processInfo.environment
    environment[Self.childVariable] = folder.path
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Wait until the child's commit is applied at the fake (its answer is held), then SIGKILL the child.
    let deadline = Date().addingTimeInterval(60)
    while await shareDocuments().isEmpty, Date() < deadline, process.isRunning {
      try await Task.sleep(nanoseconds: 50_000_000)
    }
    let shared1 = await shareDocuments()
    XCTAssertEqual(shared1, ["shares/\(draft.id)"], "the child's send reached the fake")
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationReason, .uncaughtSignal, "the child died by SIGKILL mid-send")
    await fake.holdCommitAnswers(0)

    // The dead child's claim still holds: a flush now sends nothing (never twice at once).
    let early = try await outbox.flush(now: Date())
    XCTAssertEqual(early, SocialFlushReport())
    XCTAssertEqual(try database.queuedSocialWrites().map(\.id), [draft.id])
    // Once the lease has run out the row is sent again with its kept id: 409 = already sent, then removed.
    let late = try await outbox.flush(now: Date().addingTimeInterval(SocialOutbox.lease + 1))
    XCTAssertEqual(late.sent, [draft.id])
    XCTAssertEqual(try database.queuedSocialWrites(), [])
    let documents = await fake.documents()
    XCTAssertEqual(documents.keys.filter { $0.hasPrefix("shares/") }, ["shares/\(draft.id)"])
    XCTAssertEqual(documents.keys.filter { $0.contains("/messages/") }.count, 1)
  }

  func testALostAnswerThenAFlushSendsExactlyOnce() async throws {
    let ada = try await person("g-ada", name: "Ada")
    let database = try AppDatabase(path: databasePath)
    let outbox = SocialOutbox(database: database, shares: ShareRepository(social: ada.social))
    let draft = ShareRepository.draft(from: ada.profile, to: nil, track: Self.song, message: nil)
    try outbox.enqueue(draft, at: Date())
    try outbox.enqueue(draft, at: Date())
    XCTAssertEqual(try database.queuedSocialWrites().count, 1, "queued once")
    await fake.loseCommitAnswers(1)
    let first = try await outbox.flush()
    XCTAssertEqual(first.waiting, [draft.id], "a lost answer keeps it queued")
    XCTAssertEqual(try database.queuedSocialWrites().first?.attempts, 1)
    let second = try await outbox.flush()
    XCTAssertEqual(second.sent, [draft.id])
    XCTAssertEqual(try database.queuedSocialWrites(), [])
    let shared2 = await shareDocuments()
    XCTAssertEqual(shared2, ["shares/\(draft.id)"])
  }

  func testTwoProcessesFlushingTogetherSendEachRowOnce() async throws {
    let ada = try await person("g-ada", name: "Ada")
    let first = SocialOutbox(database: try AppDatabase(path: databasePath), shares: ShareRepository(social: ada.social))
    let second = SocialOutbox(
      database: try AppDatabase(path: databasePath), shares: ShareRepository(social: ada.social))
    var ids: [String] = []
    for index in 0..<8 {
      let draft = ShareRepository.draft(from: ada.profile, to: nil, track: Self.song, message: "n\(index)")
      ids.append(draft.id)
      try first.enqueue(draft, at: Date(timeIntervalSince1970: 1_800_000_000 + Double(index)))
    }
    let commitsBefore = await fake.recordedRequests().filter { $0.request.path.hasSuffix(":commit") }.count
    async let a = first.flush(owner: "process-a")
    async let b = second.flush(owner: "process-b")
    let (ra, rb) = try await (a, b)
    XCTAssertEqual(Set(ra.sent).intersection(rb.sent), [])
    XCTAssertEqual(Set(ra.sent + rb.sent), Set(ids))
    let commits = await fake.recordedRequests().filter { $0.request.path.hasSuffix(":commit") }.count - commitsBefore
    XCTAssertEqual(commits, 8, "one commit per row, none twice")
    let shared3 = await shareDocuments()
    XCTAssertEqual(shared3.count, 8)
  }

  func testARefusedShareLeavesTheQueueAndSaysWhy() async throws {
    let ada = try await person("g-ada", name: "Ada")
    let bob = try await person("g-bob", name: "Bob")
    try await bob.social.block(ada.profile.uid)
    let outbox = SocialOutbox(
      database: try AppDatabase(path: databasePath), shares: ShareRepository(social: ada.social))
    let draft = ShareRepository.draft(from: ada.profile, to: bob.profile.uid, track: Self.song, message: nil)
    try outbox.enqueue(draft, at: Date())
    let report = try await outbox.flush()
    XCTAssertEqual(report.refused.map(\.id), [draft.id])
    XCTAssertEqual(report.refused.map(\.error), [.blocked])
    XCTAssertEqual(try outbox.waiting(), [])
    let shared4 = await shareDocuments()
    XCTAssertEqual(shared4, [])
    XCTAssertThrowsError(
      try outbox.enqueue(
        ShareRepository.draft(
          from: ada.profile, to: nil, track: Self.song, message: String(repeating: "x", count: 281)), at: Date()))
  }
}
