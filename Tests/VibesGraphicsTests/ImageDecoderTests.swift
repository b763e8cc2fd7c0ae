import Foundation
import XCTest

@testable import VibesGraphics

/// stb_image on real JPEG/PNG files made by ffmpeg here, and on hostile bytes.
final class ImageDecoderTests: XCTestCase {
  /// A `width` × `height` picture from ffmpeg: left half red, right half blue.
  static func makeImage(_ name: String, width: Int, height: Int) throws -> Data {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else {
      throw XCTSkip("ffmpeg is needed (make test installs it)")
    }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-\(UUID().uuidString)-\(name)")
    defer { try? FileManager.default.removeItem(at: path) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
    let half = width / 2
    process.arguments = [
      "-loglevel", "error", "-f", "lavfi", "-i", "color=c=red:s=\(width)x\(height)", "-f", "lavfi", "-i",
      "color=c=blue:s=\(half)x\(height)", "-filter_complex", "[0][1]overlay=x=\(width - half)", "-frames:v", "1",
      "-y", path.path,
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0)
    return try Data(contentsOf: path)
  }

  func testAJPEGDecodesToItsColours() throws {
    let jpeg = try Self.makeImage("cover.jpg", width: 64, height: 48)
    XCTAssertEqual(jpeg.prefix(2), Data([0xFF, 0xD8]))
    let size = try XCTUnwrap(ImageDecoder.size(of: jpeg))
    XCTAssertEqual(size.width, 64)
    XCTAssertEqual(size.height, 48)
    let image = try ImageDecoder.decode(jpeg)
    XCTAssertEqual(image.width, 64)
    XCTAssertEqual(image.pixels.count, 64 * 48 * 3)
    let left = image.pixel(8, 24)
    let right = image.pixel(56, 24)
    XCTAssertGreaterThan(left.r, 200)
    XCTAssertLessThan(left.b, 60)
    XCTAssertGreaterThan(right.b, 200)
    XCTAssertLessThan(right.r, 60)
    let small = image.resized(width: 4, height: 3)
    XCTAssertGreaterThan(small.pixel(0, 1).r, 200)
    XCTAssertGreaterThan(small.pixel(3, 1).b, 200)
  }

  func testAPNGDecodes() throws {
    let png = try Self.makeImage("cover.png", width: 16, height: 8)
    let image = try ImageDecoder.decode(png)
    XCTAssertEqual(image.width, 16)
    // ffmpeg's "red" passes through YUV: 253-255.
    XCTAssertGreaterThan(image.pixel(0, 0).r, 240)
    XCTAssertLessThan(image.pixel(0, 0).g, 10)
    XCTAssertGreaterThan(image.pixel(15, 4).b, 240)
  }

  func testCorruptAndTruncatedBytesAreUnreadable() throws {
    let jpeg = try Self.makeImage("cut.jpg", width: 64, height: 48)
    XCTAssertThrowsError(try ImageDecoder.decode(Data("<html>not an image</html>".utf8))) {
      XCTAssertEqual($0 as? ImageDecodeError, .unreadable)
    }
    XCTAssertThrowsError(try ImageDecoder.decode(Data())) { XCTAssertEqual($0 as? ImageDecodeError, .unreadable) }
    XCTAssertThrowsError(try ImageDecoder.decode(jpeg.prefix(20))) {
      XCTAssertEqual($0 as? ImageDecodeError, .unreadable)
    }
    // Random bytes after a JPEG start marker.
    var generator = SystemRandomNumberGenerator()
    let noise = Data([0xFF, 0xD8, 0xFF, 0xE0] + (0..<10_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
    XCTAssertThrowsError(try ImageDecoder.decode(noise))
  }

  func testAHugeHeaderIsRefusedBeforeDecoding() throws {
    var jpeg = try Self.makeImage("big.jpg", width: 64, height: 48)
    // Patch the SOF0 frame header (FF C0, length, precision, height, width) to 20000 × 20000.
    let bytes = [UInt8](jpeg)
    let sof = try XCTUnwrap((0..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
    jpeg[sof + 5] = 0x4E
    jpeg[sof + 6] = 0x20
    jpeg[sof + 7] = 0x4E
    jpeg[sof + 8] = 0x20
    XCTAssertEqual(ImageDecoder.size(of: jpeg)?.width, 20_000)
    let started = Date()
    XCTAssertThrowsError(try ImageDecoder.decode(jpeg)) {
      XCTAssertEqual($0 as? ImageDecodeError, .tooLarge(width: 20_000, height: 20_000))
    }
    XCTAssertLessThan(Date().timeIntervalSince(started), 0.5)
  }
}
