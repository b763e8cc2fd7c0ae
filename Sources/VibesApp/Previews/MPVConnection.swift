import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A JSON scalar as mpv sends or takes it.
enum MPVValue: Sendable, Equatable {
  case number(Double)
  case flag(Bool)
  case text(String)
  case none

  init(_ any: Any?) {
    // Booleans and numbers both arrive as NSNumber on Linux; the caller knows which property it asked for.
    switch any {
    case let value as String: self = .text(value)
    case let value as NSNumber: self = .number(value.doubleValue)
    case let value as Bool: self = .flag(value)
    case let value as [String: Any]:
      // loadfile's reply: {"playlist_entry_id": N}.
      self = (value["playlist_entry_id"] as? NSNumber).map { .number($0.doubleValue) } ?? .none
    default: self = .none
    }
  }

  var json: Any {
    switch self {
    case .number(let value): return value == value.rounded() && abs(value) < 1e15 ? Int(value) as Any : value as Any
    case .flag(let value): return value
    case .text(let value): return value
    case .none: return NSNull()
    }
  }

  var number: Double? { if case .number(let value) = self { return value } else { return nil } }
  var flag: Bool? {
    switch self {
    case .flag(let value): return value
    case .number(let value): return value != 0
    default: return nil
    }
  }
}

/// One event line from mpv, reduced to the fields the player reads.
struct MPVEvent: Sendable, Equatable {
  var name: String
  /// `end-file`: eof, stop, quit, error, redirect.
  var reason: String?
  /// `end-file` with reason error: e.g. "audio output initialization failed", "loading failed".
  var fileError: String?
  /// `end-file`, `start-file`: which playlist entry.
  var entryID: Int?
  /// `property-change`: the property and its value (`.none` while unavailable).
  var property: String?
  var value: MPVValue = .none

  init?(_ object: [String: Any]) {
    guard let name = object["event"] as? String else { return nil }
    self.name = name
    reason = object["reason"] as? String
    fileError = object["file_error"] as? String
    entryID = (object["playlist_entry_id"] as? NSNumber)?.intValue
    property = object["name"] as? String
    value = MPVValue(object["data"])
  }
}

/// One connection to mpv's JSON IPC socket: a line per JSON object, replies matched by integer `request_id`,
/// events passed to `onEvent`. A reader thread blocks in `read`; `close()` wakes it with `shutdown`.
final class MPVConnection: @unchecked Sendable {
  // @unchecked: every mutable field is guarded by `lock`.
  private let fd: Int32
  private let lock = NSLock()
  private var nextID = 1
  private var pending: [Int: CheckedContinuation<Result<MPVValue, MPVCommandError>, Never>] = [:]
  private var closed = false
  private let onEvent: @Sendable (MPVEvent) -> Void
  private let onClose: @Sendable () -> Void

  enum MPVCommandError: Error, Equatable {
    /// mpv answered with an error string other than "success".
    case failed(String)
    case timedOut
    case disconnected
  }

  private init(fd: Int32, onEvent: @escaping @Sendable (MPVEvent) -> Void, onClose: @escaping @Sendable () -> Void) {
    self.fd = fd
    self.onEvent = onEvent
    self.onClose = onClose
  }

  /// Connects to `path`, retrying every 20 ms until `deadline` (mpv creates the socket ~0.1 s after starting).
  static func connect(
    path: String, deadline: Date, isAlive: () -> Bool, onEvent: @escaping @Sendable (MPVEvent) -> Void,
    onClose: @escaping @Sendable () -> Void
  ) -> MPVConnection? {
    while Date() < deadline && isAlive() {
      if let fd = openSocket(path) {
        let connection = MPVConnection(fd: fd, onEvent: onEvent, onClose: onClose)
        let thread = Thread { connection.readLoop() }
        thread.name = "vibes-mpv-ipc"
        thread.start()
        return connection
      }
      usleep(20_000)
    }
    return nil
  }

  static func openSocket(_ path: String) -> Int32? {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { return nil }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count <= PreviewPlayerSetup.maxSocketPathBytes else {
      Glibc.close(fd)
      return nil
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in bytes.enumerated() { raw[index] = byte }
      raw[bytes.count] = 0
    }
    let length = socklen_t(MemoryLayout<sockaddr_un>.size)
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, length) }
    }
    guard result == 0 else {
      Glibc.close(fd)
      return nil
    }
    return fd
  }

  /// Sends a command and waits at most `timeout` for its reply's `data`.
  @discardableResult
  func command(_ arguments: [MPVValue], timeout: TimeInterval = 2) async -> Result<MPVValue, MPVCommandError> {
    let id: Int? = lock.withLock {
      guard !closed else { return nil }
      defer { nextID += 1 }
      return nextID
    }
    guard let id else { return .failure(.disconnected) }
    guard
      let data = try? JSONSerialization.data(
        withJSONObject: ["command": arguments.map(\.json), "request_id": id] as [String: Any]),
      var line = String(data: data, encoding: .utf8)
    else { return .failure(.failed("unencodable")) }
    line += "\n"
    let result = await withCheckedContinuation {
      (continuation: CheckedContinuation<Result<MPVValue, MPVCommandError>, Never>) in
      let alive: Bool = lock.withLock {
        guard !closed else { return false }
        pending[id] = continuation
        return true
      }
      guard alive else { return continuation.resume(returning: .failure(.disconnected)) }
      if !writeAll(Array(line.utf8)) {
        resolve(id, .failure(.disconnected))
        return
      }
      DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [weak self] in
        self?.resolve(id, .failure(.timedOut))
      }
    }
    return result
  }

  /// Sends a command without waiting for its reply (for `quit` on the way out).
  func post(_ arguments: [MPVValue]) {
    guard
      let data = try? JSONSerialization.data(withJSONObject: ["command": arguments.map(\.json)] as [String: Any])
    else { return }
    _ = writeAll(Array(data) + [0x0A])
  }

  /// Closes the socket; waiting commands fail with `.disconnected`. Safe to call more than once.
  func close() {
    let waiting: [CheckedContinuation<Result<MPVValue, MPVCommandError>, Never>] = lock.withLock {
      guard !closed else { return [] }
      closed = true
      Glibc.shutdown(fd, Int32(SHUT_RDWR))
      defer { pending = [:] }
      return Array(pending.values)
    }
    for continuation in waiting { continuation.resume(returning: .failure(.disconnected)) }
  }

  private func resolve(_ id: Int, _ result: Result<MPVValue, MPVCommandError>) {
    let continuation = lock.withLock { pending.removeValue(forKey: id) }
    continuation?.resume(returning: result)
  }

  private func writeAll(_ bytes: [UInt8]) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    guard !closed else { return false }
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      if written < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += written
    }
    return true
  }

  /// Reads lines until the socket closes; a line over 1 MiB (mpv never sends one) drops the connection.
  private func readLoop() {
    var buffer = [UInt8]()
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      buffer.append(contentsOf: chunk[0..<count])
      while let newline = buffer.firstIndex(of: 0x0A) {
        let line = Array(buffer[..<newline])
        buffer.removeSubrange(...newline)
        handle(line)
      }
      if buffer.count > 1 << 20 { break }
    }
    close()
    Glibc.close(fd)
    onClose()
  }

  private func handle(_ line: [UInt8]) {
    guard let object = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any] else { return }
    if let id = object["request_id"] as? Int, object["event"] == nil {
      let error = object["error"] as? String ?? "success"
      resolve(id, error == "success" ? .success(MPVValue(object["data"])) : .failure(.failed(error)))
    } else if let event = MPVEvent(object) {
      onEvent(event)
    }
  }
}
