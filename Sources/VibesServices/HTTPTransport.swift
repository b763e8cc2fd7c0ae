import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Abstraction over URLSession so clients are testable.
public protocol HTTPTransport: Sendable {
  /// Sends the request. Any HTTP status (including 4xx/5xx) is returned, not thrown; transport failures are thrown
  /// as `ServiceError` (`.network` with the kind and host, `.cancelled`, `.invalidResponse`). `repeatable`: the
  /// request may reach the server twice without harm (a read), so it may go on a reused connection, where libcurl
  /// re-sends it if that connection turns out closed; otherwise it gets a fresh connection of its own.
  func send(_ request: URLRequest, repeatable: Bool) async throws(ServiceError) -> (Data, HTTPURLResponse)
}

extension HTTPTransport {
  /// Sends the request, repeatable when its method is (GET, HEAD, PUT, DELETE, OPTIONS; never a POST or PATCH).
  public func send(_ request: URLRequest) async throws(ServiceError) -> (Data, HTTPURLResponse) {
    try await send(request, repeatable: URLSessionTransport.isIdempotent(request.httpMethod))
  }
}

/// The live transport: an ephemeral URLSession (no disk cache, no cookies, no credential storage) with a request
/// timeout and a cap on the response body. A redirect is followed only within the request's origin (`RedirectPolicy`);
/// any other fails as `.network(.redirectRefused)` naming the request's host, and nothing is sent to the new place. The calling Task's cancellation cancels the request and throws
/// `.cancelled` promptly.
///
/// `timeout` bounds the whole request (connect to last byte) and is enforced here, to the millisecond: Linux's
/// URLSession truncates its own timeouts to whole seconds (0.5 s becomes an immediate `.timedOut`), so the session's
/// own timeouts are only a whole-second backstop.
public struct URLSessionTransport: HTTPTransport {
  /// The default cap on a response body: the largest answer any client expects (a Ticketmaster events page).
  public static let defaultMaxBodyBytes = 8 * 1024 * 1024

  public let timeout: TimeInterval
  /// A body longer than this is not read to the end: the request stops and fails with `.invalidResponse`.
  public let maxBodyBytes: Int
  /// The shared session, made by the first request (`LazySession`).
  private let box: LazySession

  public init(timeout: TimeInterval = 15, maxBodyBytes: Int = defaultMaxBodyBytes) {
    let timeout = timeout.isFinite && timeout > 0 ? timeout : 15
    self.timeout = timeout
    self.maxBodyBytes = max(1, maxBodyBytes)
    self.box = LazySession { Self.makeSession(timeout: timeout) }
  }

  /// An ephemeral session (no disk cache, no cookies, no credential storage) with its own body-capping delegate.
  private static func makeSession(timeout: TimeInterval) -> SessionBox {
    let backstop = (timeout + 1).rounded(.up)
    // Foundation makes a cookie folder and a cache folder in the home for any configuration; they go again.
    let configuration = FoundationStrayFolders.removingThoseMadeBy { URLSessionConfiguration.ephemeral }
    configuration.timeoutIntervalForRequest = backstop
    configuration.timeoutIntervalForResource = backstop
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.httpCookieAcceptPolicy = .never
    configuration.urlCredentialStorage = nil
    // Reads that go together share this session (the social Feed's poll sends up to 16 queries at once); the
    // default of 6 connections per host would queue the rest behind them.
    configuration.httpMaximumConnectionsPerHost = maxConnectionsPerHost
    let delegate = CappedBodyDelegate()
    return SessionBox(
      session: URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil), delegate: delegate)
  }

  /// Connections the shared session opens to one host at most.
  static let maxConnectionsPerHost = 16

  /// Whether a request may be sent twice without harm. libcurl re-sends a request whose reused keep-alive
  /// connection turns out closed before any answer byte, so a POST on a pooled connection could reach the
  /// server twice (a second playlist, every track added twice).
  static func isIdempotent(_ method: String?) -> Bool {
    ["GET", "HEAD", "PUT", "DELETE", "OPTIONS"].contains((method ?? "GET").uppercased())
  }

  public func send(_ request: URLRequest, repeatable: Bool) async throws(ServiceError) -> (Data, HTTPURLResponse) {
    if Task.isCancelled { throw .cancelled }
    var request = request
    request.timeoutInterval = (timeout + 1).rounded(.up)
    request.cachePolicy = .reloadIgnoringLocalCacheData
    request.httpShouldHandleCookies = false

    // A request that must not arrive twice goes on a fresh connection of its own (a one-request session) and asks
    // the server to close it: never a reused connection, so never an automatic re-send. A repeatable one (a GET, or
    // a read sent as a POST such as Firestore's `:runQuery`) shares the pooled connections.
    let box = repeatable ? self.box.value : Self.makeSession(timeout: timeout)
    if !repeatable { request.setValue("close", forHTTPHeaderField: "Connection") }
    let session = box.session
    let delegate = box.delegate
    let limit = maxBodyBytes
    let host = request.url?.host
    let handle = DataTaskHandle()
    let result: Result<(Data, HTTPURLResponse), ServiceError> = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let task = session.dataTask(with: request)
        delegate.register(task, limit: limit) { data, response, error, tooLarge, redirectRefused in
          if redirectRefused {
            continuation.resume(returning: .failure(.network(TransportFailure(.redirectRefused, host: host))))
          } else if tooLarge {
            continuation.resume(returning: .failure(.invalidResponse))
          } else if let error {
            let mapped =
              handle.timedOut
              ? ServiceError.network(TransportFailure(.timedOut, host: host)) : ServiceError.from(error, host: host)
            continuation.resume(returning: .failure(mapped))
          } else if let response {
            continuation.resume(returning: .success((data, response)))
          } else {
            continuation.resume(returning: .failure(.invalidResponse))
          }
        }
        handle.start(task, deadline: timeout)
      }
    } onCancel: {
      handle.cancel()
    }
    withExtendedLifetime(box) {}  // a one-request session is invalidated when its box goes
    if case .failure(let error) = result, !error.isTimeout, Task.isCancelled { throw .cancelled }
    return try result.get()
  }
}

/// Owns the session and invalidates it (letting running tasks finish) when the last transport copy goes away.
/// A transport's shared session, made on the first request instead of when the client is built: vibes builds every
/// service's client at launch, and on Linux the first URLSession initialises libcurl and its TLS library (reads
/// openssl.cnf, seeds from /dev/urandom) before the first frame, for requests most launches never send
/// (Docs/performance.md, "URL sessions on first use").
private final class LazySession: @unchecked Sendable {
  // @unchecked: `made` is read and written only under `lock`; `make` is immutable.
  private let lock = NSLock()
  private let make: @Sendable () -> SessionBox
  private var made: SessionBox?

  init(_ make: @escaping @Sendable () -> SessionBox) { self.make = make }

  var value: SessionBox {
    lock.withLock {
      if let made { return made }
      let box = make()
      made = box
      return box
    }
  }
}

private final class SessionBox: Sendable {
  let session: URLSession
  let delegate: CappedBodyDelegate
  init(session: URLSession, delegate: CappedBodyDelegate) {
    self.session = session
    self.delegate = delegate
  }
  deinit { session.finishTasksAndInvalidate() }
}

/// Collects each task's body and stops the task as soon as the body passes its cap (or announces a longer one).
private final class CappedBodyDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  /// Body, response, error, body too large, redirect refused.
  typealias Completion = @Sendable (Data, HTTPURLResponse?, (any Error)?, Bool, Bool) -> Void

  private struct Entry {
    var limit: Int
    var data = Data()
    var response: HTTPURLResponse?
    var tooLarge = false
    var redirectRefused = false
    var completion: Completion
  }

  private let lock = NSLock()
  private var entries: [Int: Entry] = [:]

  func register(_ task: URLSessionTask, limit: Int, completion: @escaping Completion) {
    lock.withLock { entries[task.taskIdentifier] = Entry(limit: limit, completion: completion) }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    let tooLarge: Bool = lock.withLock {
      guard var entry = entries[dataTask.taskIdentifier] else { return false }
      entry.response = response as? HTTPURLResponse
      entry.tooLarge = response.expectedContentLength > Int64(entry.limit)
      entries[dataTask.taskIdentifier] = entry
      return entry.tooLarge
    }
    completionHandler(tooLarge ? .cancel : .allow)
  }

  /// Follows a redirect only to the origin of the task's first request (`RedirectPolicy`); otherwise the task stops
  /// here: the new request is never made, so no header (Authorization, a key, a JWT) or body goes anywhere else.
  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
  ) {
    let origin = task.originalRequest?.url
    if let origin, let target = request.url, RedirectPolicy.allows(from: origin, to: target) {
      completionHandler(request)
      return
    }
    lock.withLock {
      entries[task.taskIdentifier]?.redirectRefused = true
      entries[task.taskIdentifier]?.data = Data()
    }
    completionHandler(nil)
    task.cancel()
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let tooLarge: Bool = lock.withLock {
      guard var entry = entries[dataTask.taskIdentifier], !entry.tooLarge, !entry.redirectRefused else { return false }
      if entry.data.count + data.count > entry.limit {
        entry.tooLarge = true
        entry.data = Data()
      } else {
        entry.data.append(data)
      }
      entries[dataTask.taskIdentifier] = entry
      return entry.tooLarge
    }
    if tooLarge { dataTask.cancel() }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    guard let entry = lock.withLock({ entries.removeValue(forKey: task.taskIdentifier) }) else { return }
    let response = entry.response ?? (task.response as? HTTPURLResponse)
    entry.completion(entry.data, response, error, entry.tooLarge, entry.redirectRefused)
  }
}

/// Where a redirect may lead: to the same scheme, host and port as the request it answers (default ports made
/// explicit, host names compared without case), so never from https to http and never to another host or port.
/// Credentials travel in headers, query items and bodies, so no redirect that leaves the origin is followed at all.
public enum RedirectPolicy {
  public static func allows(from origin: URL, to target: URL) -> Bool {
    guard let originScheme = origin.scheme?.lowercased(), let targetScheme = target.scheme?.lowercased(),
      originScheme == targetScheme, ["http", "https"].contains(originScheme),
      let originHost = origin.host?.lowercased(), let targetHost = target.host?.lowercased(),
      !originHost.isEmpty, originHost == targetHost
    else { return false }
    return port(of: origin, scheme: originScheme) == port(of: target, scheme: targetScheme)
  }

  private static func port(of url: URL, scheme: String) -> Int {
    url.port ?? (scheme == "https" ? 443 : 80)
  }
}

/// Bridges Task cancellation (which may arrive before the data task exists) and the deadline to a data task.
private final class DataTaskHandle: @unchecked Sendable {
  private let lock = NSLock()
  private var task: URLSessionDataTask?
  private var isCancelled = false
  private var didTimeOut = false

  var timedOut: Bool {
    lock.lock()
    defer { lock.unlock() }
    return didTimeOut
  }

  func start(_ task: URLSessionDataTask, deadline: TimeInterval) {
    lock.lock()
    self.task = task
    let cancelled = isCancelled
    lock.unlock()
    task.resume()
    if cancelled {
      task.cancel()
      return
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + deadline) { [weak self] in
      self?.expire()
    }
  }

  func cancel() {
    lock.lock()
    isCancelled = true
    let task = self.task
    lock.unlock()
    task?.cancel()
  }

  private func expire() {
    lock.lock()
    guard let task, task.state == .running, !isCancelled else {
      lock.unlock()
      return
    }
    didTimeOut = true
    lock.unlock()
    task.cancel()
  }
}
