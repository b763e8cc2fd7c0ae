import Crypto
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A running demo: every service vibes talks to as a loopback fake, and a temporary home that holds the
/// demo's database, vault and log. `environment` is all the app sees: nothing of the user's home, secret
/// store or real services. `finish()` stops the fakes and deletes the home.
public final class DemoSession: Sendable {
  /// The temporary home (deleted by `finish()`).
  public let home: URL
  /// The environment to run vibes in: HOME and XDG_* inside `home`, the vault forced, every service URL
  /// pointing at a fake on 127.0.0.1.
  public let environment: [String: String]
  /// Where the demo App Store Connect key was written, as the user would type it.
  public static let appStoreConnectKeyPath = "~/AuthKey_DEMO000001.p8"
  private let servers: [DemoServer]
  /// The descriptor holding an flock on the home's `lockName` for the session's life: a home whose lock
  /// can be taken belongs to a demo that is gone (SIGKILL skips `finish()`), and the next demo removes it.
  private let lockDescriptor: Int32
  static let lockName = ".vibes-demo.lock"
  static let homePrefix = "vibes-demo-"
  /// The demo Spotify's state (what the tour saved), for tests.
  let spotify: DemoSpotify
  /// The demo Firebase (its data, for tests).
  let firebase: DemoFirebase
  /// The signed-in demo account, for the demo's secret store (`AppDependencies.signInDemoAccount`).
  public let firebaseAccount: DemoFirebaseAccount

  /// The variables copied from the user's environment: the terminal and the language, nothing else.
  static let passedThrough = [
    "TERM", "COLORTERM", "LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LC_CTYPE", "NO_COLOR", "COLUMNS", "LINES",
    "TMUX", "VIBES_HYPERLINKS",
  ]

  /// Starts the fakes and prepares the home. `browser` is the command line `$BROWSER` gets (the demo
  /// browser that follows the Spotify sign-in on loopback only).
  /// `timeline` is when the demo's friends act (`DemoFriends.timeline`): real time since the start unless a test
  /// moves it by hand.
  public init(userEnvironment: [String: String], browser: String, timeline: DemoTimeline = .realTime()) async throws {
    let spotify = DemoSpotify()
    self.spotify = spotify
    let firebase = DemoFirebase(timeline: timeline)
    self.firebase = firebase
    firebaseAccount = firebase.account
    let trackerCounter = DemoCounter()
    // Fixed ports when free, so the URLs the screens show are the same in every recording.
    let ports = Self.preferredPorts
    let accounts = try await DemoServer(port: try Self.loopbackPort(preferring: ports[0])) {
      await spotify.accounts($0)
    }
    let web = try await DemoServer(port: try Self.loopbackPort(preferring: ports[1])) { await spotify.web($0) }
    let gemini = try await DemoServer(port: try Self.loopbackPort(preferring: ports[2])) {
      DemoServices.gemini($0)
    }
    let ticketmaster = try await DemoServer(port: try Self.loopbackPort(preferring: ports[3])) {
      DemoServices.ticketmaster($0)
    }
    let appStoreConnect = try await DemoServer(port: try Self.loopbackPort(preferring: ports[4])) {
      DemoServices.appStoreConnect($0)
    }
    let tracker = try await DemoServer(port: try Self.loopbackPort(preferring: ports[5])) {
      DemoServices.tracker($0, sequence: await trackerCounter.next())
    }
    let itunes = try await DemoServer(port: try Self.loopbackPort(preferring: DemoITunes.preferredPort)) {
      DemoITunes.handle($0)
    }
    // Google sign-in, Identity Toolkit, Secure Token, Firestore and Storage: one server (their paths differ).
    let google = try await DemoServer(port: try Self.loopbackPort(preferring: Self.firebasePort)) {
      await firebase.handle($0)
    }
    servers = [accounts, web, gemini, ticketmaster, appStoreConnect, tracker, itunes, google]

    Self.sweepStaleHomes(in: FileManager.default.temporaryDirectory)
    home = FileManager.default.temporaryDirectory.appendingPathComponent(Self.homePrefix + UUID().uuidString)
    try FileManager.default.createDirectory(
      at: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    lockDescriptor = Self.lock(home)
    try Self.writeAppStoreConnectKey(into: home)

    var environment: [String: String] = [:]
    for name in Self.passedThrough { environment[name] = userEnvironment[name] }
    environment.merge([
      "HOME": home.path,
      "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
      "XDG_DATA_HOME": home.appendingPathComponent(".local/share").path,
      "XDG_STATE_HOME": home.appendingPathComponent(".local/state").path,
      "XDG_CACHE_HOME": home.appendingPathComponent(".cache").path,
      "PATH": "/usr/local/bin:/usr/bin:/bin",
      "VIBES_SECRET_STORE": "vault",
      "BROWSER": browser,
      "VIBES_SPOTIFY_CLIENT_ID": DemoSpotify.clientID,
      "VIBES_SPOTIFY_ACCOUNTS_URL": accounts.baseURL.absoluteString,
      "VIBES_SPOTIFY_API_URL": web.baseURL.absoluteString,
      "VIBES_SPOTIFY_REDIRECT_PORT": String(try Self.loopbackPort(preferring: ports[6])),
      "VIBES_GEMINI_API_URL": gemini.baseURL.absoluteString,
      "VIBES_TICKETMASTER_API_URL": ticketmaster.baseURL.absoluteString,
      "VIBES_ASC_API_URL": appStoreConnect.baseURL.absoluteString,
      "VIBES_TRACKER_QC_URL": tracker.baseURL.absoluteString,
      "VIBES_TRACKER_PRODUCTION_URL": tracker.baseURL.absoluteString,
      "VIBES_ITUNES_API_URL": itunes.baseURL.absoluteString,
    ]) { $1 }
    environment.merge(Self.firebaseEnvironment(google.baseURL.absoluteString)) { $1 }
    self.environment = environment
  }

  /// Makes `environment` this process's own (clearing everything else), so nothing in the process, such as
  /// Foundation's URL cache under XDG_CACHE_HOME, can reach the user's folders.
  public func adoptEnvironment() {
    clearenv()
    for (name, value) in environment { setenv(name, value, 1) }
  }

  /// Stops the fakes and deletes the temporary home. The removal is tried again for up to two seconds: an effect
  /// still ending after quit (the signed-in demo reads and caches its friends at start) can write a file into the
  /// home while it is being deleted, which made the removal fail and left the home behind.
  public func finish() async {
    for server in servers { await server.stop() }
    for _ in 0..<40 {
      try? FileManager.default.removeItem(at: home)
      if !FileManager.default.fileExists(atPath: home.path) { break }
      try? await Task.sleep(nanoseconds: 50_000_000)
    }
    if lockDescriptor >= 0 { close(lockDescriptor) }
  }

  /// Creates the home's lock file and holds an flock on it (-1 when that fails: the home is then swept
  /// only by age).
  static func lock(_ home: URL) -> Int32 {
    let descriptor = open(home.appendingPathComponent(lockName).path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else { return -1 }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      close(descriptor)
      return -1
    }
    return descriptor
  }

  /// Removes the homes of demos that died without `finish()` (kill -9): this user's `vibes-demo-*` folders
  /// (not links) in `directory` whose lock nobody holds, or, without a lock file, last changed over an
  /// hour ago. A running demo's home is locked and stays.
  static func sweepStaleHomes(in directory: URL, now: Date = Date()) {
    let manager = FileManager.default
    guard let names = try? manager.contentsOfDirectory(atPath: directory.path) else { return }
    for name in names where name.hasPrefix(homePrefix) {
      let folder = directory.appendingPathComponent(name)
      var info = stat()
      guard lstat(folder.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == getuid() else {
        continue
      }
      let descriptor = open(folder.appendingPathComponent(lockName).path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
      if descriptor >= 0 {
        defer { close(descriptor) }
        // Removed while holding the lock, so a demo starting now cannot be taken for a dead one.
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { try? manager.removeItem(at: folder) }
      } else if errno == ENOENT, now.timeIntervalSince1970 - TimeInterval(info.st_mtim.tv_sec) > 3600 {
        try? manager.removeItem(at: folder)
      }
    }
  }

  /// A fresh App Store Connect-style key (`.p8`, PKCS#8 PEM) for the setup form to read.
  static func writeAppStoreConnectKey(into home: URL) throws {
    let file = home.appendingPathComponent(String(appStoreConnectKeyPath.dropFirst(2)))
    try Data(P256.Signing.PrivateKey().pemRepresentation.utf8).write(to: file)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
  }

  /// The demo's usual ports: the six fakes, then the Spotify sign-in's callback.
  static let preferredPorts: [UInt16] = Array(47_801...47_807)
  /// The demo Google and Firebase's usual port (next to iTunes's).
  static let firebasePort: UInt16 = 47_809

  /// The Firebase project and Google OAuth clients of the demo, every Google and Firebase address on `base`.
  static func firebaseEnvironment(_ base: String) -> [String: String] {
    [
      "VIBES_FIREBASE_PROJECT_ID": DemoFirebase.projectID, "VIBES_FIREBASE_API_KEY": DemoFirebase.apiKey,
      "VIBES_FIREBASE_STORAGE_BUCKET": DemoFirebase.bucket, "VIBES_GOOGLE_CLIENT_ID": DemoFirebase.clientID,
      "VIBES_GOOGLE_CLIENT_SECRET": DemoFirebase.clientSecret,
      "VIBES_GOOGLE_DEVICE_CLIENT_ID": DemoFirebase.deviceClientID,
      "VIBES_GOOGLE_DEVICE_CLIENT_SECRET": DemoFirebase.deviceClientSecret,
      "VIBES_GOOGLE_ACCOUNTS_URL": base, "VIBES_GOOGLE_OAUTH2_URL": base, "VIBES_FIREBASE_AUTH_URL": base,
      "VIBES_FIREBASE_TOKEN_URL": base, "VIBES_FIRESTORE_URL": base, "VIBES_FIREBASE_STORAGE_URL": base,
    ]
  }

  /// `preferred` when nothing listens on it right now (so recordings show the same URLs), else any free port.
  static func loopbackPort(preferring preferred: UInt16) throws -> UInt16 {
    if preferred != 0, let port = try? bindLoopback(preferred) { return port }
    return try bindLoopback(0)
  }

  /// Binds (and releases) 127.0.0.1:`port` the way a server does (address reuse on); the port it got.
  static func bindLoopback(_ port: UInt16) throws -> UInt16 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw URLError(.cannotConnectToHost) }
    defer { close(fd) }
    var reuse: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = port.bigEndian
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
      }
    }
    guard bound else { throw URLError(.cannotConnectToHost) }
    return UInt16(bigEndian: address.sin_port)
  }
}

/// Numbers the tracker's accepted events.
actor DemoCounter {
  private var value = 0
  func next() -> Int {
    value += 1
    return value
  }
}
