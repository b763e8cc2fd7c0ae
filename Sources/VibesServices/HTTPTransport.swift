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
/// timeout. The calling Task's cancellation cancels the request and throws `.cancelled` promptly.
///
/// `timeout` bounds the whole request (connect to last byte) and is enforced here, to the millisecond: Linux's
/// URLSession truncates its own timeouts to whole seconds (0.5 s becomes an immediate `.timedOut`), so the session's
/// own timeouts are only a whole-second backstop.
public struct URLSessionTransport: HTTPTransport {
  public let timeout: TimeInterval
  private let box: SessionBox

  public init(timeout: TimeInterval = 15) {
    let timeout = timeout.isFinite && timeout > 0 ? timeout : 15
    self.timeout = timeout
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
    self.box = SessionBox(session: URLSession(configuration: configuration))
  }

  public func send(_ request: URLRequest) async throws(ServiceError) -> (Data, HTTPURLResponse) {
    if Task.isCancelled { throw .cancelled }
    var request = request
    request.timeoutInterval = (timeout + 1).rounded(.up)
    request.cachePolicy = .reloadIgnoringLocalCacheData
    request.httpShouldHandleCookies = false

    let session = box.session
    let host = request.url?.host
    let handle = DataTaskHandle()
    let result: Result<(Data, HTTPURLResponse), ServiceError> = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let task = session.dataTask(with: request) { data, response, error in
          if let error {
            let mapped =
              handle.timedOut
              ? ServiceError.network(NetworkProblem(.timedOut, host: host)) : ServiceError.from(error, host: host)
            continuation.resume(returning: .failure(mapped))
          } else if let response = response as? HTTPURLResponse {
            continuation.resume(returning: .success((data ?? Data(), response)))
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
  init(session: URLSession) { self.session = session }
  deinit { session.finishTasksAndInvalidate() }
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
