import Foundation
import VibesTestSupport
import XCTest

/// libcurl loaded on first use (bench/lazycurl.c, ADR 0015): `make release` links these C stubs into vibes and
/// removes libcurl from what the loader maps at start. The suite builds debug, where FoundationNetworking is a shared
/// library with its own libcurl, so nothing else here runs the stubs: these tests compile them with a C driver
/// (Fixtures/lazycurl-driver.c, linked without -lcurl) that calls libcurl the way URLSession does, check that every
/// curl function the toolchain's static FoundationNetworking calls has a stub, and check the failure path. The
/// release binary itself is checked end to end by `make bench` (bench/http_check.py), not here: CI builds no release.
final class LazyCurlTests: XCTestCase {
  static var root: URL { BenchSmokeTests.repositoryRoot }
  static var stubs: String { root.appendingPathComponent("bench/lazycurl.c").path }
  static var driver: String { root.appendingPathComponent("Tests/EndToEndTests/Fixtures/lazycurl-driver.c").path }
  static var path: String {
    (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin") + ":/opt/swift/usr/bin"
  }

  private var scratch: URL!

  override func setUpWithError() throws {
    scratch = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-lazycurl-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: scratch)
  }

  /// The driver fetches a cover and a 40 MB body capped at 1,000 bytes from a loopback host, concurrently on one
  /// multi handle driven by socket and timer callbacks: the body, status, sizes (a `curl_off_t` read back) and the
  /// cap (a `curl_off_t` option) must all come through the stubs intact, and libcurl must be mapped only after the
  /// first call.
  func testDriverTalksHTTPThroughTheStubsWithLibcurlMappedOnlyAfterTheFirstCall() async throws {
    let binary = try compileDriver(defines: [])
    let needed = try Self.shell("readelf -d '\(binary)'")
    XCTAssertEqual(needed.status, 0, needed.output)
    XCTAssertTrue(needed.output.contains("(NEEDED)"), needed.output)
    XCTAssertFalse(needed.output.contains("libcurl"), "the driver must not link libcurl:\n\(needed.output)")

    let cover = "lazy-cover-\(UUID().uuidString)"
    let host = try await FakeImageHost(cover: Data(cover.utf8))
    let base = host.baseURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
    let run = try await offThePool { try Self.shell("'\(binary)' '\(base)' 2>&1") }
    await host.stop()

    XCTAssertEqual(run.status, 0, run.output)
    let lines = Set(run.output.split(separator: "\n").map(String.init))
    XCTAssertTrue(lines.contains("mapped before: no"), run.output)
    XCTAssertTrue(lines.contains("url host: 127.0.0.1"), run.output)
    XCTAssertTrue(lines.contains("strerror: Maximum file size exceeded"), run.output)
    XCTAssertTrue(lines.contains("cover: result 0 status 200 downloaded \(cover.utf8.count)"), run.output)
    XCTAssertTrue(lines.contains("cover body: \(cover)"), run.output)
    // CURLE_FILESIZE_EXCEEDED: the 1,000-byte curl_off_t cap reached libcurl as a 64-bit value.
    XCTAssertTrue(lines.contains { $0.hasPrefix("huge: result 63 ") }, run.output)
    XCTAssertTrue(lines.contains("mapped after: yes"), run.output)
    let callbacks = try XCTUnwrap(lines.first { $0.hasPrefix("callbacks: ") }, run.output)
    let counts = callbacks.split(separator: " ").compactMap { Int($0) }
    XCTAssertEqual(counts.count, 3, callbacks)
    XCTAssertTrue(counts.allSatisfy { $0 > 0 }, "socket, timer and assigned-pointer callbacks ran: \(callbacks)")
    let coverRequests = await host.count("/cover.jpg")
    let hugeRequests = await host.count("/huge.jpg")
    XCTAssertEqual(coverRequests, 1)
    XCTAssertEqual(hugeRequests, 1)
  }

  /// A toolchain update whose FoundationNetworking calls a curl function lazycurl.c does not define must fail here,
  /// not at a user's start-up (the release link would fail, or worse, bind it to nothing).
  func testEveryCurlFunctionTheStaticFoundationNetworkingCallsHasAStub() throws {
    let info = try Self.shell("swift -print-target-info")
    XCTAssertEqual(info.status, 0, info.output)
    let json = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(info.output.utf8)) as? [String: Any], info.output)
    let paths = try XCTUnwrap(json["paths"] as? [String: Any], info.output)
    let target = try XCTUnwrap(json["target"] as? [String: Any], info.output)
    let resources = try XCTUnwrap(paths["runtimeResourcePath"] as? String, info.output)
    let platform = (target["platform"] as? String) ?? "linux"
    // …/usr/lib/swift → …/usr/lib/swift_static/linux, where -static-stdlib takes the archives from.
    let staticDirectory = URL(fileURLWithPath: resources).deletingLastPathComponent()
      .appendingPathComponent("swift_static").appendingPathComponent(platform)
    let archives = try FileManager.default.contentsOfDirectory(atPath: staticDirectory.path)
      .filter { $0.hasSuffix(".a") }.sorted()
    XCTAssertTrue(archives.contains("libFoundationNetworking.a"), "\(staticDirectory.path): \(archives)")

    var undefined = Set<String>()
    var defined = Set<String>()
    for archive in archives {
      let listing = try Self.shell("nm '\(staticDirectory.appendingPathComponent(archive).path)' 2>/dev/null")
      for line in listing.output.split(separator: "\n") {
        let fields = line.split(separator: " ")
        guard let name = fields.last, name.hasPrefix("curl_"), fields.count >= 2 else { continue }
        if fields[fields.count - 2] == "U" { undefined.insert(String(name)) } else { defined.insert(String(name)) }
      }
    }
    let called = undefined.subtracting(defined)
    // The check must be able to fail: it has to have found URLSession's calls into libcurl at all.
    XCTAssertTrue(called.isSuperset(of: ["curl_easy_init", "curl_multi_socket_action"]), "\(called.sorted())")

    let source = try String(contentsOfFile: Self.stubs, encoding: .utf8)
    let stubs = Set(
      source.split(separator: "\n").compactMap { line -> String? in
        guard line.hasPrefix("STUB("), let close = line.firstIndex(of: ")") else { return nil }
        return String(line[line.index(line.startIndex, offsetBy: 5)..<close])
      })
    XCTAssertFalse(stubs.isEmpty)
    XCTAssertEqual(
      called.subtracting(stubs).sorted(), [],
      "curl functions the static FoundationNetworking calls without a stub in bench/lazycurl.c")
  }

  /// libcurl missing: the first network call prints one line with the library, the loader's reason and the remedy
  /// on stderr and aborts (vibes' crash handler restores the terminal on SIGABRT). A library without the function
  /// (an older libcurl) is reported by name the same way.
  func testMissingLibcurlAbortsWithOneClearLineAtTheFirstCall() throws {
    let missing = try compileDriver(defines: ["-DLAZY_CURL_LIBRARY='\"libvibes-no-such-curl.so.4\"'"])
    let run = try Self.shell("'\(missing)' http://127.0.0.1:9 2>&1")
    XCTAssertEqual(run.status, 128 + SIGABRT, run.output)
    XCTAssertTrue(run.output.hasPrefix("mapped before: no\n"), "it starts without libcurl:\n\(run.output)")
    XCTAssertTrue(
      run.output.contains(
        "vibes: cannot load libcurl for the network (libvibes-no-such-curl.so.4: cannot open shared object file"),
      run.output)
    XCTAssertTrue(run.output.contains("apt-get install libcurl4"), run.output)
    XCTAssertFalse(run.output.contains("version:"), "nothing after the failed call runs:\n\(run.output)")

    let wrong = try compileDriver(defines: ["-DLAZY_CURL_LIBRARY='\"libm.so.6\"'"])
    let wrongRun = try Self.shell("'\(wrong)' http://127.0.0.1:9 2>&1")
    XCTAssertEqual(wrongRun.status, 128 + SIGABRT, wrongRun.output)
    XCTAssertTrue(wrongRun.output.contains("vibes: libm.so.6 has no curl_version_info"), wrongRun.output)
  }

  // MARK: - Helpers

  private func compileDriver(defines: [String]) throws -> String {
    let environment = ProcessInfo.processInfo.environment
    let cc = environment["CC"] ?? "cc"
    guard BenchSmokeTests.which(cc, path: Self.path) != nil || cc.hasPrefix("/") else {
      if environment["VIBES_REQUIRE_TMUX"] == "1" {
        XCTFail("a C compiler is required for the lazy libcurl tests (make test installs gcc)")
      }
      throw XCTSkip("no C compiler")
    }
    let output = scratch.appendingPathComponent("driver-\(UUID().uuidString)").path
    let command =
      "\(cc) -O2 -Wall -Wextra -Werror \(defines.joined(separator: " ")) -o '\(output)' '\(Self.driver)' "
      + "'\(Self.stubs)' -ldl -lpthread 2>&1"
    let result = try Self.shell(command)
    guard result.status == 0 else { throw CompileFailure(message: "\(command)\n\(result.output)") }
    return output
  }

  private struct CompileFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { "the driver did not compile and link against the stubs alone:\n\(message)" }
  }

  private static func shell(_ command: String) throws -> Spawn.Result {
    try Spawn.run(["/bin/sh", "-c", command], environment: ["PATH": Self.path], timeout: 120)
  }

  /// Runs a blocking child on its own thread, so the loopback host's tasks keep the cooperative pool.
  private func offThePool(_ body: @escaping @Sendable () throws -> Spawn.Result) async throws -> Spawn.Result {
    try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
    }
  }
}
