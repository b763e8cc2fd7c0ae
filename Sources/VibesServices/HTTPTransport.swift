import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Abstraction over URLSession so clients are testable.
public protocol HTTPTransport: Sendable {
  /// Sends the request. Any HTTP status (including 4xx/5xx) is returned, not thrown; transport failures are thrown
  /// as `ServiceError` (`.network` with the kind and host, `.cancelled`, `.invalidResponse`).
  func send(_ request: URLRequest) async throws(ServiceError) -> (Data, HTTPURLResponse)
}

/// The live transport: an ephemeral URLSession (no disk cache, no cookies, no credential storage) with a request
/// timeout and a cap on the response body. The calling Task's cancellation cancels the request and throws
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
  /// true: a redirect to another host (or scheme or port) is not followed; the 3xx itself is returned.
  public let sameHostRedirectsOnly: Bool
  private let box: SessionBox

  public init(timeout: TimeInterval = 15, maxBodyBytes: Int = defaultMaxBodyBytes, sameHostRedirectsOnly: Bool = false)
  {
    let timeout = timeout.isFinite && timeout > 0 ? timeout : 15
    self.timeout = timeout
    self.maxBodyBytes = max(1, maxBodyBytes)
    self.sameHostRedirectsOnly = sameHostRedirectsOnly
    let backstop = (timeout + 1).rounded(.up)
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = backstop
    configuration.timeoutIntervalForResource = backstop
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.httpCookieAcceptPolicy = .never
    configuration.urlCredentialStorage = nil
    let delegate = CappedBodyDelegate(sameHostRedirectsOnly: sameHostRedirectsOnly)
    self.box = SessionBox(
      session: URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil), delegate: delegate)
  }

  public func send(_ request: URLRequest) async throws(ServiceError) -> (Data, HTTPURLResponse) {
    if Task.isCancelled { throw .cancelled }
    var request = request
    request.timeoutInterval = (timeout + 1).rounded(.up)
    request.cachePolicy = .reloadIgnoringLocalCacheData
    request.httpShouldHandleCookies = false

    let session = box.session
    let delegate = box.delegate
    let limit = maxBodyBytes
    let host = request.url?.host
    let handle = DataTaskHandle()
    let result: Result<(Data, HTTPURLResponse), ServiceError> = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let task = session.dataTask(with: request)
        delegate.register(task, limit: limit) { data, response, error, tooLarge in
          if tooLarge {
            continuation.resume(returning: .failure(.invalidResponse))
          } else if let error {
            let mapped =
              handle.timedOut
              ? ServiceError.network(NetworkProblem(.timedOut, host: host)) : ServiceError.from(error, host: host)
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
    if case .failure(let error) = result, !error.isTimeout, Task.isCancelled { throw .cancelled }
    return try result.get()
  }
}

/// Owns the session and invalidates it (letting running tasks finish) when the last transport copy goes away.
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
  typealias Completion = @Sendable (Data, HTTPURLResponse?, (any Error)?, Bool) -> Void

  private struct Entry {
    var limit: Int
    var data = Data()
    var response: HTTPURLResponse?
    var tooLarge = false
    var completion: Completion
  }

  private let lock = NSLock()
  private var entries: [Int: Entry] = [:]
  private let sameHostRedirectsOnly: Bool

  init(sameHostRedirectsOnly: Bool) {
    self.sameHostRedirectsOnly = sameHostRedirectsOnly
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
  ) {
    guard sameHostRedirectsOnly else { return completionHandler(request) }
    let from = task.originalRequest?.url
    let to = request.url
    let same =
      from?.host?.lowercased() == to?.host?.lowercased() && from?.scheme?.lowercased() == to?.scheme?.lowercased()
      && from?.port == to?.port
    completionHandler(same ? request : nil)
  }

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

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let tooLarge: Bool = lock.withLock {
      guard var entry = entries[dataTask.taskIdentifier], !entry.tooLarge else { return false }
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
    entry.completion(entry.data, response, error, entry.tooLarge)
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
