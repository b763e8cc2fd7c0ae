import Foundation
import XCTest

@testable import VibesApp

#if canImport(Glibc)
  import Glibc
#endif

/// `ProcessHardening.apply()` turns core dumps off, checked from outside the hardened process.
final class ProcessHardeningTests: XCTestCase {
  static let childVariable = "VIBES_HARDENING_CHILD"

  /// The child: reports its state before and after hardening, then waits to be inspected.
  func testHardeningChild() throws {
    guard ProcessInfo.processInfo.environment[Self.childVariable] == "1" else {
      throw XCTSkip("runs only as the child process of testApplyTurnsCoreDumpsOff")
    }
    let before = ProcessHardening.isDumpable().map(String.init(describing:)) ?? "unknown"
    let outcome = ProcessHardening.apply()
    let after = ProcessHardening.isDumpable().map(String.init(describing:)) ?? "unknown"
    let line = "BEFORE \(before) AFTER \(after) LIMIT \(outcome.coreLimitZero)\n"
    _ = line.withCString { write(1, $0, strlen($0)) }
    sleep(30)  // killed by the parent once it has looked
    exit(0)
  }

  func testApplyTurnsCoreDumpsOff() throws {
    let process = Process()
    process.executableURL = URL(
      fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
    process.arguments = ["VibesAppTests.ProcessHardeningTests/testHardeningChild"]
    var environment = ProcessInfo.processInfo.environment
    environment[Self.childVariable] = "1"
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    var output = ""
    let deadline = Date().addingTimeInterval(20)
    while !output.contains("LIMIT"), Date() < deadline {
      let chunk = pipe.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      output += String(decoding: chunk, as: UTF8.self)
    }
    let report = output.split(separator: "\n").first { $0.hasPrefix("BEFORE") }.map(String.init) ?? output
    XCTAssertTrue(report.hasPrefix("BEFORE true AFTER false LIMIT true"), report)
    let limits = try String(contentsOfFile: "/proc/\(process.processIdentifier)/limits", encoding: .utf8)
    let core = try XCTUnwrap(limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") })
    XCTAssertEqual(Array(core.split(separator: " ").suffix(3)), ["0", "0", "bytes"], String(core))
    let mine = try String(contentsOfFile: "/proc/self/limits", encoding: .utf8)
    let myCore = mine.split(separator: "\n").first { $0.hasPrefix("Max core file size") }
    if myCore.map({ Array($0.split(separator: " ").suffix(3)) }) != ["0", "0", "bytes"] {
      XCTAssertNotEqual(myCore, core, "this (unhardened) process differs, so the check can fail")
    }
  }
}
