import Foundation
import XCTest

/// A fresh folder under the system temp dir, removed by `remove()` (call it from tearDown).
struct TemporaryDirectory {
  let url: URL

  init(_ name: String = "vibes-storage-tests") throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8))", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  var path: String { url.path }

  func appending(_ component: String) -> URL { url.appendingPathComponent(component) }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}

/// Permission bits of a file or folder (following symlinks).
func posixMode(_ url: URL, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
  let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
  let mode = try XCTUnwrap(attributes[.posixPermissions] as? NSNumber, file: file, line: line)
  return mode.intValue & 0o777
}

/// An environment holding only what the process needs to find programs.
func minimalEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
  var environment = [
    "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
  ]
  environment.merge(extra) { _, new in new }
  return environment
}
