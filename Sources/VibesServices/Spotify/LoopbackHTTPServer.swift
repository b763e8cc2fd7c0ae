import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A request head as the loopback server read it: only what the OAuth redirect needs.
struct LoopbackRequest: Sendable, Equatable {
  let method: String
  /// The path exactly as sent (not percent-decoded), without the query.
  let path: String
  /// The raw query (after `?`, before `#`), percent-encoded as sent; empty when absent.
  let query: String

  /// The query's items, percent-decoded (`+` is a space); the first of a repeated name wins.
  var queryItems: [String: String] {
    var items: [String: String] = [:]
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = String(parts[0]).replacingOccurrences(of: "+", with: " ")
      let raw = parts.count > 1 ? String(parts[1]) : ""
      let value = raw.replacingOccurrences(of: "+", with: " ")
      guard let name = name.removingPercentEncoding, let value = value.removingPercentEncoding else { continue }
      if items[name] == nil { items[name] = value }
    }
    return items
  }

  /// Parses the request line of a head (the bytes before the blank line); nil when it is not HTTP/1.x.
  /// One pass over the bytes, whatever their length.
  static func parse(head: ArraySlice<UInt8>) -> LoopbackRequest? {
    let lineEnd = head.firstIndex(of: UInt8(ascii: "\r")) ?? head.endIndex
    let parts = head[head.startIndex..<lineEnd].split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
    guard parts.count == 3, parts[2].starts(with: Array("HTTP/1.".utf8)), parts[1].first == UInt8(ascii: "/")
    else { return nil }
    let method = String(decoding: parts[0], as: UTF8.self)
    var target = parts[1]
    if let hash = target.firstIndex(of: UInt8(ascii: "#")) { target = target[target.startIndex..<hash] }
    guard let mark = target.firstIndex(of: UInt8(ascii: "?")) else {
      return LoopbackRequest(method: method, path: String(decoding: target, as: UTF8.self), query: "")
    }
    return LoopbackRequest(
      method: method, path: String(decoding: target[target.startIndex..<mark], as: UTF8.self),
      query: String(decoding: target[target.index(after: mark)...], as: UTF8.self))
  }
}

/// What the loopback server sends back: a status and a small HTML page.
struct LoopbackResponse: Sendable, Equatable {
  let status: Int
  let html: String

  /// The whole HTTP/1.1 answer, `Connection: close`, never cached.
  var bytes: [UInt8] {
    let body = Array(html.utf8)
    let phrase =
      [
        200: "OK", 400: "Bad Request", 404: "Not Found", 408: "Request Timeout", 431: "Request Header Fields Too Large",
      ][
        status] ?? "Status"
    let head =
      "HTTP/1.1 \(status) \(phrase)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(body.count)\r\n"
      + "Connection: close\r\nCache-Control: no-store\r\nReferrer-Policy: no-referrer\r\n\r\n"
    return Array(head.utf8) + body
  }
}

/// A minimal HTTP/1.1 server bound to 127.0.0.1 only, for the OAuth redirect (issue 15: FlyingFox's quadratic
/// header parsing let one 64 KB header stall the real callback). One thread accepts; each connection is read on
/// its own thread with one deadline for the whole request head and a cap on its size (past it: 431 and close),
/// scanned once, so no client can hold up another. Every answer closes its connection. When every slot is taken, a
/// new connection takes the slot of the oldest one still waiting for its head (that one is closed unanswered), so
/// idle local connections cannot keep the browser's real redirect out. `stop()` wakes every
/// thread through a pipe and returns once the port is released.
final class LoopbackHTTPServer: @unchecked Sendable {
  /// Bounds on what one client may cost.
  struct Limits: Sendable {
    /// The longest request head read (request line and headers); a longer one is answered 431.
    var maxHeadBytes = 8 * 1024
    /// Time a client has to send its whole head, from accept.
    var headDeadline: TimeInterval = 5
    /// Connections served at once; past it the oldest one still reading its head is closed for the new one (when
    /// every slot is writing an answer, the new one is closed at accept).
    var maxConnections = 32
  }

  typealias Handler = @Sendable (LoopbackRequest) -> LoopbackResponse

  /// The bound port (the ephemeral one when 0 was asked for).
  let port: UInt16
  private let listenFD: Int32
  private let wakeRead: Int32
  private let wakeWrite: Int32
  private let limits: Limits
  private let handler: Handler
  private let lock = NSLock()
  private var stopping = false
  private var acceptEnded = false
  /// The open connections by descriptor: the order they were accepted in, and whether the head is still awaited.
  private var slots: [Int32: Slot] = [:]
  private var accepted = 0
  private var endWaiters: [CheckedContinuation<Void, Never>] = []

  /// Binds and listens on 127.0.0.1:`port`; throws `CallbackListenerError.notListening` when it cannot.
  init(port: UInt16, limits: Limits = Limits(), handler: @escaping Handler) throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw CallbackListenerError.notListening }
    var reuse: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, $0, &length) == 0
      }
    }
    var pipeFDs: [Int32] = [-1, -1]
    guard bound, pipe(&pipeFDs) == 0 else {
      close(fd)
      throw CallbackListenerError.notListening
    }
    // Not inherited by a browser started while the listener runs (accept4/pipe2 are not in Glibc's Swift overlay).
    for descriptor in pipeFDs { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    self.listenFD = fd
    self.wakeRead = pipeFDs[0]
    self.wakeWrite = pipeFDs[1]
    self.port = UInt16(bigEndian: address.sin_port)
    self.limits = limits
    self.handler = handler
    Thread.detachNewThread { [self] in ThreadSignalStack.run { acceptLoop() } }
  }

  deinit {
    close(wakeRead)
    close(wakeWrite)
  }

  private struct Slot {
    var order: Int
    var readingHead = true
  }

  /// Connections open now (each on its own thread).
  var openConnections: Int { lock.withLock { slots.count } }

  /// True until `stop` released the port.
  var isListening: Bool { lock.withLock { !acceptEnded } }

  /// Asks every thread to end (the accept loop and connections still reading); does not wait.
  func requestStop() {
    let first: Bool = lock.withLock {
      defer { stopping = true }
      return !stopping
    }
    guard first else { return }
    var byte: UInt8 = 1
    _ = write(wakeWrite, &byte, 1)
  }

  /// Stops accepting and returns once the listening socket is closed. Answers being written still finish.
  func stop() async {
    requestStop()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ended: Bool = lock.withLock {
        if acceptEnded { return true }
        endWaiters.append(continuation)
        return false
      }
      if ended { continuation.resume() }
    }
  }

  private func acceptLoop() {
    while true {
      var fds = [
        pollfd(fd: listenFD, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&fds, 2, -1)
      if ready < 0, errno == EINTR { continue }
      if ready < 0 || fds[1].revents != 0 || lock.withLock({ stopping }) { break }
      guard fds[0].revents & Int16(POLLIN) != 0 else { continue }
      let client = accept(listenFD, nil, nil)
      if client < 0 { continue }
      _ = fcntl(client, F_SETFD, FD_CLOEXEC)
      let order: Int? = lock.withLock {
        if slots.count >= max(1, limits.maxConnections) {
          // The oldest connection still waiting for its head gives up its slot. It is shut down here (its thread
          // wakes, sees the end and closes it); the descriptor stays valid because a thread closes its
          // descriptor only after taking it out of `slots`, under this lock.
          guard
            let victim = slots.filter({ $0.value.readingHead }).min(by: { $0.value.order < $1.value.order })?.key
          else { return nil }
          slots[victim] = nil
          shutdown(victim, Int32(SHUT_RDWR))
        }
        accepted += 1
        slots[client] = Slot(order: accepted)
        return accepted
      }
      guard let order else {
        close(client)
        continue
      }
      Thread.detachNewThread { [self] in
        ThreadSignalStack.run { serve(client) }
        lock.withLock { if slots[client]?.order == order { slots[client] = nil } }
        close(client)
      }
    }
    close(listenFD)
    let waiters: [CheckedContinuation<Void, Never>] = lock.withLock {
      acceptEnded = true
      defer { endWaiters = [] }
      return endWaiters
    }
    for waiter in waiters { waiter.resume() }
  }

  private enum HeadRead {
    case head(ArraySlice<UInt8>)
    case tooLarge
    case gone
  }

  /// Reads one request and answers it; the caller closes `fd`.
  private func serve(_ fd: Int32) {
    var timeout = timeval(tv_sec: Int(limits.headDeadline.rounded(.up)), tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    let deadline = Date().addingTimeInterval(limits.headDeadline)
    let response: LoopbackResponse
    let head = readHead(fd, until: deadline)
    lock.withLock { slots[fd]?.readingHead = false }
    switch head {
    case .gone:
      return
    case .tooLarge:
      response = LoopbackResponse(status: 431, html: Self.page("The request was too large."))
    case .head(let head):
      if let request = LoopbackRequest.parse(head: head) {
        response = handler(request)
      } else {
        response = LoopbackResponse(status: 400, html: Self.page("vibes could not read this request."))
      }
    }
    send(response.bytes, on: fd)
    // Closing with unread bytes would reset the connection and could lose the answer: stop sending, then read
    // what the client still sends for a moment (bounded in time and bytes).
    shutdown(fd, Int32(SHUT_WR))
    drain(fd, until: min(deadline, Date().addingTimeInterval(1)), maxBytes: 256 * 1024)
  }

  /// Reads until the blank line that ends the head, the cap, the deadline, or a stop. Each byte is scanned once.
  private func readHead(_ fd: Int32, until deadline: Date) -> HeadRead {
    let cap = limits.maxHeadBytes
    var received = [UInt8]()
    received.reserveCapacity(cap)
    var chunk = [UInt8](repeating: 0, count: 4096)
    var scanned = 0
    while true {
      guard waitReadable(fd, until: deadline) else { return .gone }
      let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if count < 0, errno == EINTR || errno == EAGAIN { continue }
      guard count > 0 else { return .gone }
      received.append(contentsOf: chunk[0..<count])
      // A terminator may straddle two reads: resume the scan three bytes back.
      var index = max(0, scanned - 3)
      while index + 3 < received.count {
        if received[index] == 13, received[index + 1] == 10, received[index + 2] == 13, received[index + 3] == 10 {
          return index + 4 <= cap ? .head(received[0..<index]) : .tooLarge
        }
        index += 1
      }
      scanned = received.count
      if received.count >= cap { return .tooLarge }
    }
  }

  /// Waits until `fd` can be read; false at the deadline, on a stop, or on a poll error.
  private func waitReadable(_ fd: Int32, until deadline: Date) -> Bool {
    while true {
      let remaining = deadline.timeIntervalSinceNow
      guard remaining > 0 else { return false }
      var fds = [
        pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&fds, 2, Int32(min(remaining * 1000, 60_000).rounded(.up)))
      if ready < 0, errno == EINTR { continue }
      guard ready > 0, fds[1].revents == 0 else { return false }
      if fds[0].revents != 0 { return true }
    }
  }

  private func send(_ bytes: [UInt8], on fd: Int32) {
    var offset = 0
    while offset < bytes.count {
      let start = offset
      let count = bytes.withUnsafeBytes {
        Glibc.send(fd, $0.baseAddress! + start, bytes.count - start, Int32(MSG_NOSIGNAL))
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return }
      offset += count
    }
  }

  private func drain(_ fd: Int32, until deadline: Date, maxBytes: Int) {
    var chunk = [UInt8](repeating: 0, count: 4096)
    var total = 0
    while total < maxBytes, waitReadable(fd, until: deadline) {
      let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { return }
      total += count
    }
  }

  /// A tiny page that never echoes the request (no code, state or token in it).
  static func page(_ text: String) -> String {
    """
    <!doctype html><html><head><meta charset="utf-8"><title>vibes</title></head>\
    <body style="font-family:sans-serif;margin:3em"><p>\(text)</p></body></html>
    """
  }
}
