import Foundation
import XCTest

/// `make install` / `make uninstall` into a temporary prefix with the already built binary (BIN=): exactly the
/// binary, its resource bundles, three completions and the man page appear, and all of them go again.
final class InstallEndToEndTests: XCTestCase {
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  func make(_ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["make", "-s", "-C", Self.packageRoot.path] + arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  func files(under root: URL) -> [String] {
    guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
    else { return [] }
    var found: [String] = []
    for case let url as URL in walker
    where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
      found.append(String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1)))
    }
    return found.sorted()
  }

  func testInstallThenUninstallLeavesNoFile() throws {
    guard FileManager.default.fileExists(atPath: "/usr/bin/make") else { throw XCTSkip("make is not installed") }
    let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-prefix-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: prefix, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: prefix) }
    let binary = VibesHarness.binary
    XCTAssertEqual(try make(["install", "PREFIX=\(prefix.path)", "BIN=\(binary.path)"]), 0)

    let bundles = try FileManager.default.contentsOfDirectory(atPath: binary.deletingLastPathComponent().path)
      .filter { $0.hasSuffix(".resources") }
    var expected = [
      "bin/vibes", "share/bash-completion/completions/vibes", "share/fish/vendor_completions.d/vibes.fish",
      "share/man/man1/vibes.1", "share/zsh/site-functions/_vibes",
    ]
    for bundle in bundles {
      let source = binary.deletingLastPathComponent().appendingPathComponent(bundle)
      expected += files(under: source).map { "share/vibes/\(bundle)/\($0)" }
    }
    XCTAssertEqual(files(under: prefix), expected.sorted())
    let installed = try Data(contentsOf: prefix.appendingPathComponent("bin/vibes"))
    XCTAssertEqual(installed, try Data(contentsOf: binary), "the given binary, unchanged")
    let manual = try String(contentsOf: prefix.appendingPathComponent("share/man/man1/vibes.1"), encoding: .utf8)
    XCTAssertTrue(manual.hasPrefix(".TH VIBES 1"))
    XCTAssertTrue(manual.contains(".SS vibes auth login"), "every command has a section")
    let bash = try String(
      contentsOf: prefix.appendingPathComponent("share/bash-completion/completions/vibes"), encoding: .utf8)
    XCTAssertTrue(bash.contains("logout"), "completions know the auth commands")

    XCTAssertEqual(try make(["uninstall", "PREFIX=\(prefix.path)"]), 0)
    XCTAssertEqual(files(under: prefix), [])
  }

  /// `make uninstall PREFIX=` used to remove `$(DESTDIR)/bin/vibes` (with no DESTDIR: /bin/vibes). A staging
  /// folder stands in for /: the file under it must stay, and make must fail. `PREFIX=/` likewise.
  func testAnEmptyPrefixRemovesNothing() throws {
    guard FileManager.default.fileExists(atPath: "/usr/bin/make") else { throw XCTSkip("make is not installed") }
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-root-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root.appendingPathComponent("bin"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let planted = root.appendingPathComponent("bin/vibes")
    for prefix in ["", "/"] {
      try Data("someone else's vibes".utf8).write(to: planted)
      XCTAssertEqual(try make(["uninstall", "PREFIX=\(prefix)", "DESTDIR=\(root.path)"]), 2, "PREFIX=\(prefix)")
      XCTAssertTrue(FileManager.default.fileExists(atPath: planted.path), "PREFIX=\(prefix) removed bin/vibes")
      XCTAssertNotEqual(try make(["install", "PREFIX=\(prefix)", "DESTDIR=\(root.path)", "BIN=/bin/true"]), 0)
      XCTAssertEqual(try Data(contentsOf: planted), Data("someone else's vibes".utf8), "install left it alone")
    }
  }
}
