import Foundation
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Signing in from the People area against the loopback Google and Firebase fake: the device flow (the code and
/// address shown first), declined, expired, a disabled account, no configuration; the refresh token only in the
/// secret store (not in SQLite, not in any action).
extension PeopleRunnerTests {
  /// A fake whose device flow polls every second (the client's minimum).
  func quickDeviceFake() async throws {
    await fake.stop()
    fake = try await FakeFirebaseServer(deviceInterval: 1)
  }

  func testSignInWithACodeShowsTheCodeStoresTheSessionOnlyInTheSecretStoreAndLoadsTheLists() async throws {
    try await quickDeviceFake()
    await fake.setGoogleUser(sub: "g-new", email: "new@example.com", name: "New Person")
    await fake.scriptDevicePolls([.pending, .approve])
    let actions = await run(.signIn(requestID: 7, device: true))
    XCTAssertEqual(actions.count, 2, "\(actions)")
    guard case .signInPrompted(7, .device(let url, let code))? = actions.first else { return XCTFail("\(actions)") }
    XCTAssertFalse(url.isEmpty)
    XCTAssertFalse(code.isEmpty)
    XCTAssertEqual(actions.last, .signedIn(requestID: 7, .success(nil)), "a new account has no @username yet")
    let stored = try XCTUnwrap(try secrets.read(.firebaseSession))
    let session = try JSONDecoder().decode(FirebaseStoredSession.self, from: Data(stored.utf8))
    XCTAssertFalse(session.refreshToken.isEmpty)
    XCTAssertFalse("\(actions)".contains(session.refreshToken), "no token in what the screen gets")
    let loaded = await run(.loadLists(requestID: 8))
    XCTAssertNotNil(lists(loaded), "signed in: the lists load")
    let documents = await fake.documents()
    XCTAssertNotNil(documents["users/\(session.uid)"], "the profile was created")
    let issued = await fake.issuedSecrets()
    for path in [databasePath, databasePath + "-wal"] {
      guard let bytes = FileManager.default.contents(atPath: path) else { continue }
      for secret in issued {
        XCTAssertNil(bytes.range(of: Data(secret.utf8)), "a token reached \(path)")
      }
    }
  }

  func testEverySignInFailureHasItsOwnProblem() async throws {
    try await quickDeviceFake()
    await fake.setGoogleUser(sub: "g-new", email: "new@example.com", name: "New")
    await fake.scriptDevicePolls([.deny])
    var actions = await run(.signIn(requestID: 1, device: true))
    XCTAssertEqual(actions.last, .signedIn(requestID: 1, .failure(.denied)))
    await fake.scriptDevicePolls([.expire])
    actions = await run(.signIn(requestID: 2, device: true))
    XCTAssertEqual(actions.last, .signedIn(requestID: 2, .failure(.codeExpired)))
    await fake.disable(sub: "g-new")
    await fake.scriptDevicePolls([.approve])
    actions = await run(.signIn(requestID: 3, device: true))
    XCTAssertEqual(actions.last, .signedIn(requestID: 3, .failure(.disabled)))
    XCTAssertNil(try secrets.read(.firebaseSession), "nothing stored after a failure")
    actions = await run(.signIn(requestID: 4, device: true), runner(environment: [:]))
    XCTAssertEqual(actions, [.signedIn(requestID: 4, .failure(.notConfigured))])
  }

  /// Starts the browser sign-in and waits for its prompt (the authorize address).
  func startBrowserSignIn(_ box: SignInActions) async throws -> (task: Task<Void, Never>, url: URL) {
    let runner = runner()
    let task = Task { await runner.run(.people(.signIn(requestID: 1, device: false))) { box.append($0) } }
    for _ in 0..<250 {
      if case .signInPrompted(1, .browser(let url, _))? = box.actions.first, let address = URL(string: url) {
        return (task, address)
      }
      try await Task.sleep(nanoseconds: 20_000_000)
    }
    task.cancel()
    throw XCTSkip("no browser prompt: \(box.actions)")
  }

  func testSignInInTheBrowserFinishesWhenGoogleRedirectsToTheLoopbackListener() async throws {
    await fake.setGoogleUser(sub: "g-web", email: "web@example.com", name: "Web")
    let box = SignInActions()
    let (task, url) = try await startBrowserSignIn(box)
    // The "browser": the fake's consent page redirects to vibes' listener on 127.0.0.1.
    _ = try? await URLSession.shared.data(from: url)
    await task.value
    XCTAssertEqual(box.actions.last, .signedIn(requestID: 1, .success(nil)), "\(box.actions)")
    XCTAssertNotNil(try secrets.read(.firebaseSession))
  }

  func testEscDuringTheBrowserSignInClosesTheListenerAndSendsNothingMore() async throws {
    let box = SignInActions()
    let (task, url) = try await startBrowserSignIn(box)
    let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    let redirect = try XCTUnwrap(components?.queryItems?.first { $0.name == "redirect_uri" }?.value)
    let started = Date()
    task.cancel()  // what Esc's `.cancel(requestID:)` does to the effect
    await task.value
    XCTAssertLessThan(Date().timeIntervalSince(started), 5, "the wait ends at once, not after 10 minutes")
    XCTAssertEqual(box.actions.count, 1, "only the prompt: \(box.actions)")
    let answered = try? await URLSession.shared.data(from: try XCTUnwrap(URL(string: redirect + "?code=x&state=y")))
    XCTAssertNil(answered, "nobody listens on \(redirect) any more")
    XCTAssertNil(try secrets.read(.firebaseSession))
  }
}

/// The People actions an effect sent, readable while it runs.
final class SignInActions: @unchecked Sendable {
  // @unchecked: every access holds the lock.
  private let lock = NSLock()
  private var stored: [PeopleAction] = []

  func append(_ action: AppAction) {
    guard let people = action.peopleAction else { return }
    lock.withLock { stored.append(people) }
  }

  var actions: [PeopleAction] { lock.withLock { stored } }
}
