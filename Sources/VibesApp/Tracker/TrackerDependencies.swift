import Foundation
import VibesCore
import VibesServices
import VibesStorage

/// The live parts the Tracker feature's effects need; tests build one against loopback fakes.
public struct TrackerDependencies: Sendable {
  /// Where the configuration and the queue live; nil only in builds that never use the tab.
  public var store: TrackerConfigurationStore?
  /// `VIBES_TRACKER_QC_URL` / `VIBES_TRACKER_PRODUCTION_URL` overrides.
  public var urlOverrides: [String: String]
  public var transport: any HTTPTransport
  public var now: @Sendable () -> Date
  public var sleep: @Sendable (Double) async -> Void
  /// Serializes flushes so two of them never send the same queued event.
  let flushLock = AsyncLock()

  public init(
    store: TrackerConfigurationStore? = nil, urlOverrides: [String: String] = [:],
    transport: any HTTPTransport = URLSessionTransport(timeout: 10),
    now: @escaping @Sendable () -> Date = Date.init,
    sleep: @escaping @Sendable (Double) async -> Void = { seconds in
      try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
    }
  ) {
    self.store = store
    self.urlOverrides = urlOverrides
    self.transport = transport
    self.now = now
    self.sleep = sleep
  }

  /// Built from the environment at start-up (URL overrides) with the app's database and secret store.
  public static func live(
    environment: [String: String], paths: AppPaths, database: AppDatabase, secrets: any SecretStore
  ) -> TrackerDependencies {
    let overrides = environment.filter {
      $0.key == TrackerEnvironment.qcVariable || $0.key == TrackerEnvironment.productionVariable
    }
    return TrackerDependencies(
      store: TrackerConfigurationStore(database: database, secrets: secrets),
      urlOverrides: overrides)
  }

  /// The API URL for `environment`, as shown on the demo screen.
  public func apiURL(_ environment: TrackerEnvironment) -> String {
    environment.apiURL(overrides: urlOverrides)
  }

  public func client(_ environment: TrackerEnvironment) -> TrackerClient? {
    guard let url = URL(string: apiURL(environment)), url.scheme != nil, url.host != nil else {
      return nil
    }
    return TrackerClient(apiURL: url, transport: transport)
  }

  public var sender: TrackerSender? {
    store.map { TrackerSender(database: $0.database, dependencies: self) }
  }
}

/// A first-come, first-served lock for async code (an actor alone would let awaits interleave).
final class AsyncLock: Sendable {
  private let state = LockState()

  func run<T: Sendable>(_ body: @Sendable () async -> T) async -> T {
    await state.acquire()
    let result = await body()
    await state.release()
    return result
  }

  private actor LockState {
    var isHeld = false
    var waiters: [CheckedContinuation<Void, Never>] = []

    func acquire() async {
      if !isHeld {
        isHeld = true
        return
      }
      await withCheckedContinuation { waiters.append($0) }
    }

    func release() {
      if waiters.isEmpty {
        isHeld = false
      } else {
        waiters.removeFirst().resume()
      }
    }
  }
}
