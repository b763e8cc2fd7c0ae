import Foundation
import VibesServices
import VibesTestSupport
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Records the device flow's waits instead of sleeping.
final class DeviceSleepLog: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [Int] = []
  var waits: [Int] { lock.withLock { values } }
  func sleep(_ seconds: Int) async throws { lock.withLock { values.append(seconds) } }
}

/// The Google OAuth, Identity Toolkit, Secure Token, Firestore and Storage clients against the loopback fake, which
/// speaks the documented wire format.
final class FirebaseClientTests: XCTestCase {
  var fake: FakeFirebaseServer!

  override func setUp() async throws {
    fake = try await FakeFirebaseServer(indexes: [], deviceInterval: 5)
  }

  override func tearDown() async throws {
    await fake?.stop()
  }

  var configuration: FirebaseConfiguration { fake.configuration }
  var google: GoogleOAuthClient {
    GoogleOAuthClient(accountsURL: configuration.accountsURL, oauth2URL: configuration.oauth2URL)
  }
  var auth: FirebaseAuthClient {
    FirebaseAuthClient(
      apiKey: FakeFirebaseServer.apiKey, authURL: configuration.authURL, tokenURL: configuration.tokenURL)
  }
  var firestore: FirestoreClient {
    FirestoreClient(projectID: FakeFirebaseServer.projectID, baseURL: configuration.firestoreURL, retryDelays: [])
  }

  func signIn(_ sub: String = "g-ada", name: String = "Ada") async throws(FirebaseError) -> FirebaseAuthGrant {
    let token = await fake.googleIDToken(sub: sub, email: "\(sub)@example.com", name: name)
    return try await auth.signInWithGoogle(idToken: token)
  }

  // MARK: Google OAuth

  func testDesktopFlowThroughTheLoopbackListenerYieldsAnIDToken() async throws {
    let verifier = PKCE.makeVerifier()
    let state = PKCE.makeState()
    let listener = try await OAuthCallbackListener(port: 0, expectedState: state, path: "/")
    let redirect = GoogleOAuthClient.redirectURI(port: listener.port)
    let url = try XCTUnwrap(
      google.authorizeURL(
        clientID: FakeFirebaseServer.clientID, redirectURI: redirect, state: state,
        challenge: PKCE.challenge(for: verifier)))
    XCTAssertTrue(url.absoluteString.contains("scope=openid%20email%20profile"), url.absoluteString)
    // The "browser": the fake answers 302 to the listener, which URLSession follows.
    _ = try? await URLSession.shared.data(from: url)
    guard case .code(let code) = await listener.outcome(timeout: 5) else { return XCTFail("no code") }
    do {
      _ = try await google.exchange(
        code: code, clientID: FakeFirebaseServer.clientID, clientSecret: "", redirectURI: redirect,
        verifier: verifier)
      XCTFail("a missing client_secret is refused")
    } catch {
      XCTAssertEqual(error, .oauth(code: "invalid_request"))
    }
    let grant = try await google.exchange(
      code: code, clientID: FakeFirebaseServer.clientID, clientSecret: FakeFirebaseServer.clientSecret,
      redirectURI: redirect, verifier: verifier)
    XCTAssertEqual(JWTClaims.payload(grant.idToken)?["aud"] as? String, FakeFirebaseServer.clientID)
    do {
      _ = try await google.exchange(
        code: code, clientID: FakeFirebaseServer.clientID, clientSecret: FakeFirebaseServer.clientSecret,
        redirectURI: redirect, verifier: verifier)
      XCTFail("codes are single-use")
    } catch {
      XCTAssertEqual(error, .invalidGrant)
    }
  }

  func testDeviceFlowWaitsPendingAddsFiveSecondsOnSlowDownThenSucceeds() async throws {
    await fake.scriptDevicePolls([.pending, .slowDown, .pending, .approve])
    let code = try await google.deviceCode(clientID: FakeFirebaseServer.deviceClientID)
    XCTAssertEqual(code.userCode, "ABCD-EFGH")
    XCTAssertEqual(code.verificationURL, "https://www.google.com/device")
    let log = DeviceSleepLog()
    let grant = try await google.waitForDevice(
      code, clientID: FakeFirebaseServer.deviceClientID, clientSecret: FakeFirebaseServer.deviceClientSecret,
      sleep: { try await log.sleep($0) })
    XCTAssertEqual(log.waits, [5, 5, 10, 10])
    XCTAssertFalse(grant.idToken.isEmpty)
  }

  func testDeviceFlowDeniedExpiredAndTheWrongClientEachSaySo() async throws {
    let log = DeviceSleepLog()
    for (script, expected) in [
      ([FakeFirebaseServer.DevicePoll.deny], FirebaseError.accessDenied), ([.expire], .deviceCodeExpired),
    ] {
      await fake.scriptDevicePolls(script)
      let code = try await google.deviceCode(clientID: FakeFirebaseServer.deviceClientID)
      do {
        _ = try await google.waitForDevice(
          code, clientID: FakeFirebaseServer.deviceClientID, clientSecret: FakeFirebaseServer.deviceClientSecret,
          sleep: { try await log.sleep($0) })
        XCTFail("\(script) must fail")
      } catch {
        XCTAssertEqual(error, expected)
      }
    }
    do {
      _ = try await google.deviceCode(clientID: FakeFirebaseServer.clientID)
      XCTFail("a Desktop client cannot run the device flow")
    } catch {
      XCTAssertEqual(error, .invalidClient)
    }
  }

  func testRevokeTreatsAnUnknownTokenAsDone() async throws {
    try await google.revoke(token: "never-issued")
  }

  // MARK: Identity Toolkit and Secure Token

  func testSignInWithIdpAndItsTypedErrors() async throws {
    let grant = try await signIn()
    XCTAssertTrue(grant.isNewUser)
    XCTAssertEqual(grant.expiresIn, 3600, "expiresIn arrives as a string")
    let again = try await signIn()
    XCTAssertFalse(again.isNewUser)
    XCTAssertEqual(again.uid, grant.uid)

    let foreign = await fake.googleIDToken(sub: "g-x", email: "x@example.com", name: "X", audience: "other.apps")
    do {
      _ = try await auth.signInWithGoogle(idToken: foreign)
      XCTFail("a foreign audience is refused")
    } catch {
      XCTAssertEqual(error, .auth(.invalidIdpResponse))
    }
    await fake.disable(sub: "g-ada")
    do {
      _ = try await signIn()
      XCTFail("disabled")
    } catch {
      XCTAssertEqual(error, .auth(.userDisabled))
    }
    await fake.setGoogleProviderEnabled(false)
    do {
      _ = try await signIn("g-new")
      XCTFail("provider off")
    } catch {
      XCTAssertEqual(error, .auth(.operationNotAllowed))
    }
    let wrongKey = FirebaseAuthClient(apiKey: "nope", authURL: configuration.authURL, tokenURL: configuration.tokenURL)
    do {
      _ = try await wrongKey.signInWithGoogle(idToken: foreign)
      XCTFail("wrong key")
    } catch {
      XCTAssertEqual(error, .auth(.invalidAPIKey))
    }
  }

  func testRefreshReadsTheSnakeCaseAnswerAndRefusesAnUnknownToken() async throws {
    let grant = try await signIn()
    let refreshed = try await auth.refresh(refreshToken: grant.refreshToken)
    XCTAssertEqual(refreshed.uid, grant.uid)
    XCTAssertEqual(refreshed.expiresIn, 3600)
    XCTAssertNotEqual(refreshed.idToken, grant.idToken)
    do {
      _ = try await auth.refresh(refreshToken: "bogus")
      XCTFail("unknown refresh token")
    } catch {
      XCTAssertEqual(error, .auth(.invalidRefreshToken))
      XCTAssertTrue(AuthErrorCode.invalidRefreshToken.endsSession)
    }
  }

  // MARK: Firestore

  func testCreatePatchWithMaskGetAndDelete() async throws {
    let grant = try await signIn()
    let token = grant.idToken
    let uid = grant.uid
    try await firestore.create(
      collection: "users", id: uid,
      fields: ["uid": .string(uid), "displayName": .string("Ada"), "followingCount": .integer(3), "bio": .string("")],
      idToken: token)
    do {
      try await firestore.create(collection: "users", id: uid, fields: ["uid": .string(uid)], idToken: token)
      XCTFail("409")
    } catch {
      XCTAssertEqual(error, .alreadyExists)
    }
    try await firestore.patch("users/\(uid)", fields: ["bio": .string("hi")], mask: ["bio"], idToken: token)
    let document = try await firestore.get("users/\(uid)", idToken: token)
    XCTAssertEqual(document?.fields["followingCount"], .integer(3), "a masked patch keeps the other fields")
    XCTAssertEqual(document?.fields["bio"], .string("hi"))
    do {
      try await firestore.patch("users/\(uid)", fields: [:], mask: [], idToken: token)
      XCTFail("a patch without a mask is refused before it is sent")
    } catch {
      XCTAssertEqual(error, .invalidArgument)
    }
    let unmasked = await fake.patchesWithoutMask()
    XCTAssertEqual(unmasked, 0)
    let missing = try await firestore.get("users/nobody", idToken: token)
    XCTAssertNil(missing)
    try await firestore.delete("users/\(uid)", idToken: token)
    let gone = try await firestore.get("users/\(uid)", idToken: token)
    XCTAssertNil(gone)
  }

  func testRulesRefuseAnotherUsersDocument() async throws {
    let ada = try await signIn()
    do {
      try await firestore.create(
        collection: "users", id: "someone-else", fields: ["uid": .string("someone-else")], idToken: ada.idToken)
      XCTFail("owner-only")
    } catch {
      XCTAssertEqual(error, .permissionDenied)
    }
  }

  func testQueriesKeepOnlyDocumentsCountAndBatchGet() async throws {
    let grant = try await signIn()
    let token = grant.idToken
    let empty = try await firestore.runQuery(
      FirestoreQuery(collection: "friendships", filters: [.init("followerId", .equal, .string("x"))]), idToken: token)
    XCTAssertEqual(empty, [], "[{\"readTime\":…}] is no result")
    for other in ["b", "c", "d"] {
      try await firestore.commit(
        [
          .update(
            path: "friendships/\(grant.uid)_\(other)",
            fields: ["followerId": .string(grant.uid), "followingId": .string(other), "status": .string("accepted")],
            mask: nil, precondition: .exists(false), transforms: [.serverTime(field: "createdAt")])
        ], idToken: token)
    }
    let query = FirestoreQuery(collection: "friendships", filters: [.init("followerId", .equal, .string(grant.uid))])
    let hits = try await firestore.runQuery(query, idToken: token)
    XCTAssertEqual(hits.count, 3)
    XCTAssertNotNil(hits.first?.fields["createdAt"]?.timestampValue, "the server time transform ran")
    let count = try await firestore.count(query, idToken: token)
    XCTAssertEqual(count, 3)
    let found = try await firestore.batchGet(
      ["friendships/\(grant.uid)_b", "friendships/\(grant.uid)_zz"], idToken: token)
    XCTAssertEqual(Array(found.keys), ["friendships/\(grant.uid)_b"])
  }

  func testStreamedErrorsMissingIndexAndTooManyInValues() async throws {
    let token = try await signIn().idToken
    let ordered = FirestoreQuery(
      collection: "friendships", filters: [.init("followerId", .equal, .string("a"))],
      orderBy: [.init("createdAt", descending: true)])
    do {
      _ = try await firestore.runQuery(ordered, idToken: token)
      XCTFail("needs a composite index")
    } catch {
      guard case .missingIndex(let link) = error else { return XCTFail("\(error)") }
      XCTAssertTrue(link?.hasPrefix("https://console.firebase.google.com/") == true, link ?? "nil")
    }
    await fake.deploy(FakeCompositeIndex(collection: "friendships", fields: ["followerId", "createdAt"]))
    _ = try await firestore.runQuery(ordered, idToken: token)
    let tooMany = FirestoreQuery(
      collection: "users", filters: [.init("uid", .in, .array((0..<31).map { .string("u\($0)") }))])
    do {
      _ = try await firestore.runQuery(tooMany, idToken: token)
      XCTFail("31 values")
    } catch {
      XCTAssertEqual(error, .invalidArgument)
    }
  }

  func testCommitPreconditionsAreAtomic() async throws {
    let grant = try await signIn()
    let token = grant.idToken
    try await firestore.commit(
      [.update(path: "usernames/ada", fields: ["uid": .string(grant.uid)], mask: nil, precondition: .exists(false))],
      idToken: token)
    do {
      try await firestore.commit(
        [
          .update(path: "usernames/ada2", fields: ["uid": .string(grant.uid)], mask: nil, precondition: .exists(false)),
          .update(path: "usernames/ada", fields: ["uid": .string(grant.uid)], mask: nil, precondition: .exists(false)),
        ], idToken: token)
      XCTFail("the second write's precondition fails")
    } catch {
      XCTAssertEqual(error, .alreadyExists)
    }
    let documents = await fake.documents()
    XCTAssertNil(documents["usernames/ada2"], "nothing of a failed commit is applied")
  }

  func testResourceExhaustedAndAbortedAreRetriedWithBackoffThenSurfaceTyped() async throws {
    let token = try await signIn().idToken
    let patient = FirestoreClient(
      projectID: FakeFirebaseServer.projectID, baseURL: configuration.firestoreURL, retryDelays: [0.01, 0.01])
    let query = FirestoreQuery(collection: "users", filters: [.init("uid", .equal, .string("x"))])
    await fake.scriptFirestoreErrors([
      (429, "RESOURCE_EXHAUSTED", "Quota exceeded."), (409, "ABORTED", "Too much contention on these documents."),
    ])
    let hits = try await patient.runQuery(query, idToken: token)
    XCTAssertEqual(hits, [], "two retries, then the answer")
    await fake.scriptFirestoreErrors([(429, "RESOURCE_EXHAUSTED", "Quota exceeded.")])
    do {
      _ = try await firestore.runQuery(query, idToken: token)
      XCTFail("no retries configured")
    } catch {
      XCTAssertEqual(error, .resourceExhausted(retryAfterSeconds: nil))
    }
    await fake.scriptFirestoreErrors([(409, "ABORTED", "Too much contention on these documents.")])
    do {
      try await firestore.commit([.delete(path: "users/x", precondition: nil)], idToken: token)
      XCTFail("aborted")
    } catch {
      XCTAssertEqual(error, .aborted)
    }
  }

  func testAnExpiredIDTokenIsUnauthenticated() async throws {
    let token = try await signIn().idToken
    await fake.expireIDTokens()
    do {
      _ = try await firestore.get("users/x", idToken: token)
      XCTFail("401")
    } catch {
      XCTAssertEqual(error, .unauthenticated)
    }
  }

  // MARK: Session

  func testSessionRefreshesOnceAndRetriesOnceAfterA401MidSession() async throws {
    let storage = MemoryFirebaseSessionStorage()
    let session = FirebaseSession(auth: auth, storage: storage)
    let google = await fake.googleIDToken(sub: "g-ada", email: "a@example.com", name: "Ada")
    let grant = try await session.signIn(googleIDToken: google)
    XCTAssertEqual(try storage.load()?.refreshToken, grant.refreshToken)
    let firestore = self.firestore
    _ = try await session.authorized { token throws(FirebaseError) in try await firestore.get("users/x", idToken: token)
    }
    await fake.expireIDTokens()
    let before = await fake.recordedRequests().count
    _ = try await session.authorized { token throws(FirebaseError) in try await firestore.get("users/x", idToken: token)
    }
    let after = await fake.recordedRequests().dropFirst(before).map(\.request.path)
    XCTAssertEqual(after.filter { $0.hasPrefix("/securetoken") }.count, 1, "\(after)")
    XCTAssertEqual(after.filter { $0.hasPrefix("/firestore") }.count, 2, "one failed call, one retry: \(after)")
  }

  func testConcurrentCallersShareOneRefresh() async throws {
    let storage = MemoryFirebaseSessionStorage()
    let session = FirebaseSession(auth: auth, storage: storage)
    let google = await fake.googleIDToken(sub: "g-ada", email: "a@example.com", name: "Ada")
    let grant = try await session.signIn(googleIDToken: google)
    // A new process: the refresh token is stored, no ID token in memory.
    let restarted = FirebaseSession(auth: auth, storage: storage)
    let before = await fake.recordedRequests().count
    let tokens = try await withThrowingTaskGroup(of: String.self) { group in
      for _ in 0..<8 { group.addTask { try await restarted.validIDToken() } }
      return try await group.reduce(into: [String]()) { $0.append($1) }
    }
    XCTAssertEqual(Set(tokens).count, 1)
    XCTAssertNotEqual(tokens.first, grant.idToken)
    let refreshes = await fake.recordedRequests().dropFirst(before).filter { $0.request.path.hasPrefix("/securetoken") }
    XCTAssertEqual(refreshes.count, 1, "single flight")
  }

  func testSessionRefreshesBeforeExpiryAndEndsOnARefusedRefreshToken() async throws {
    let storage = MemoryFirebaseSessionStorage()
    let clock = TestClock()
    let session = FirebaseSession(auth: auth, storage: storage, margin: 300, now: { clock.now })
    let google = await fake.googleIDToken(sub: "g-ada", email: "a@example.com", name: "Ada")
    let grant = try await session.signIn(googleIDToken: google)
    let first = try await session.validIDToken()
    XCTAssertEqual(first, grant.idToken, "fresh: no refresh")
    clock.now = Date().addingTimeInterval(3600 - 200)
    let second = try await session.validIDToken()
    XCTAssertNotEqual(second, grant.idToken, "within 5 minutes of exp: refreshed")
    try storage.save(FirebaseStoredSession(refreshToken: "revoked", uid: grant.uid))
    let fresh = FirebaseSession(auth: auth, storage: storage)
    do {
      _ = try await fresh.validIDToken()
      XCTFail("refused refresh token")
    } catch {
      XCTAssertEqual(error, .signInAgain)
    }
    XCTAssertNil(try storage.load(), "the dead session is dropped")
  }

  // MARK: Storage

  func testPhotoIsCheckedBeforeUploadAndGetsADownloadURL() async throws {
    let grant = try await signIn()
    let storage = FirebaseStorageClient(bucket: FakeFirebaseServer.bucket, baseURL: configuration.storageURL)
    let before = await fake.recordedRequests().count
    do {
      _ = try await storage.uploadPhoto(Data("not an image".utf8), path: "users/\(grant.uid)/p", idToken: grant.idToken)
      XCTFail("not an image")
    } catch {
      XCTAssertEqual(error, .photoNotAnImage)
    }
    let big = Data([0xFF, 0xD8, 0xFF]) + Data(count: 5 * 1024 * 1024)
    do {
      _ = try await storage.uploadPhoto(big, path: "users/\(grant.uid)/p", idToken: grant.idToken)
      XCTFail("too large")
    } catch {
      XCTAssertEqual(error, .photoTooLarge(bytes: big.count))
    }
    let requests = await fake.recordedRequests().count
    XCTAssertEqual(requests, before, "nothing was sent")
    let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(count: 100)
    let object = try await storage.uploadPhoto(png, path: "users/\(grant.uid)/p", idToken: grant.idToken)
    XCTAssertEqual(object.size, png.count)
    let url = try XCTUnwrap(object.downloadURL.flatMap(URL.init(string:)))
    let (data, _) = try await URLSession.shared.data(from: url)
    XCTAssertEqual(data, png)
    do {
      _ = try await storage.uploadPhoto(png, path: "users/someone-else/p", idToken: grant.idToken)
      XCTFail("not the owner")
    } catch {
      XCTAssertEqual(error, .permissionDenied)
    }
    try await storage.delete(path: "users/\(grant.uid)/p", idToken: grant.idToken)
    let left = await fake.storedObjects()
    XCTAssertEqual(left, [])
  }

  func testConfigurationNamesEveryMissingKey() {
    let empty = FirebaseConfiguration.load(environment: [:], configFile: nil)
    let message = empty.missingMessage(for: .browserSignIn) ?? ""
    for name in [
      "VIBES_FIREBASE_PROJECT_ID", "VIBES_FIREBASE_API_KEY", "VIBES_GOOGLE_CLIENT_ID", "VIBES_GOOGLE_CLIENT_SECRET",
    ] {
      XCTAssertTrue(message.contains(name), message)
    }
    XCTAssertNil(configuration.missingMessage(for: .deviceSignIn))
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-fb-\(UUID().uuidString)")
    try? "firebase-project-id = p1\nfirebase-api-key = k\n".write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let fromFile = FirebaseConfiguration.load(environment: [:], configFile: file)
    XCTAssertEqual(fromFile.projectID, "p1")
    XCTAssertEqual(fromFile.storageBucket, "p1.firebasestorage.app")
    XCTAssertNil(fromFile.missingMessage(for: .project))
  }
}

final class TestClock: @unchecked Sendable {
  private let lock = NSLock()
  private var value = Date()
  var now: Date {
    get { lock.withLock { value } }
    set { lock.withLock { value = newValue } }
  }
}
