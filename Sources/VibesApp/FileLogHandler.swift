import Foundation
import Logging

/// A swift-log handler appending lines to `$XDG_STATE_HOME/vibes/vibes.log` (mode 0600).
/// Callers log what happened, never values: no keys, tokens or URLs that carry them.
public struct FileLogHandler: LogHandler {
  final class Sink: @unchecked Sendable {
    // A FileHandle guarded by a lock; log calls may come from any thread.
    let lock = NSLock()
    let handle: FileHandle?

    init(url: URL) {
      let fd = open(url.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
      handle = fd >= 0 ? FileHandle(fileDescriptor: fd, closeOnDealloc: true) : nil
    }

    func write(_ line: String) {
      lock.lock()
      defer { lock.unlock() }
      handle?.write(Data(line.utf8))
    }
  }

  let sink: Sink
  let label: String
  public var metadata: Logger.Metadata = [:]
  public var logLevel: Logger.Level = .info

  public init(label: String, url: URL) {
    self.label = label
    self.sink = Sink(url: url)
  }

  public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  public func log(event: LogEvent) {
    let timestamp = Date().formatted(.iso8601)
    sink.write("\(timestamp) \(event.level) \(label): \(event.message)\n")
  }
}
