import Foundation
import VibesApp
import VibesGraphics
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

/// Artwork against a loopback image host: fetched once then from the size-capped disk cache, same-host redirects
/// only, a 40 MB body and a body that never ends bounded, a page that is not an image refused.
final class ArtworkLoaderTests: XCTestCase {
  private var host: FakeImageHost!
  private var directory: URL!
  private var cover: Data!

  override func setUp() async throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else {
      throw XCTSkip("ffmpeg is needed (make test installs it)")
    }
    cover = try Self.jpeg()
    host = try await FakeImageHost(cover: cover)
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-art-\(UUID().uuidString)")
  }

  override func tearDown() async throws {
    await host?.stop()
    if let directory { try? FileManager.default.removeItem(at: directory) }
  }

  static func jpeg() throws -> Data {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("vibes-cover-\(UUID().uuidString).jpg")
    defer { try? FileManager.default.removeItem(at: path) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
    process.arguments = [
      "-loglevel", "error", "-f", "lavfi", "-i", "color=c=green:s=300x300", "-frames:v", "1", "-y", path.path,
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return try Data(contentsOf: path)
  }

  private func loader(timeout: TimeInterval = 5, maxBytes: Int = ArtworkFetcher.defaultMaxBytes) -> ArtworkLoader {
    ArtworkLoader(
      fetcher: ArtworkFetcher(timeout: timeout, maxBytes: maxBytes),
      cache: ArtworkDiskCache(directory: directory.appendingPathComponent("artwork"), maxBytes: 1024 * 1024))
  }

  private func url(_ path: String) -> String { host.baseURL.absoluteString + path }

  func testFetchedOnceScaledAndThenServedFromDisk() async throws {
    let image = try await loader().image(url("/cover.jpg"), columns: 20, rows: 10)
    XCTAssertEqual(image.width, 20)
    XCTAssertEqual(image.height, 20)
    XCTAssertGreaterThan(image.pixel(10, 10).g, 100)
    let again = try await loader().image(url("/cover.jpg"), columns: 20, rows: 10)
    XCTAssertEqual(again, image)
    let count = await host.count("/cover.jpg")
    XCTAssertEqual(count, 1)
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("artwork").path)
    XCTAssertEqual(files, [ArtworkDiskCache.key(for: url("/cover.jpg"))])
    XCTAssertFalse(files[0].contains("127.0.0.1"))
  }

  func testRedirectsStayOnTheSameHost() async throws {
    let same = try await loader().file(url("/same-host"))
    XCTAssertEqual(same, cover)
    do {
      _ = try await loader().file(url("/other-host"))
      XCTFail("a redirect to another host must not be followed")
    } catch {
      XCTAssertEqual(error, .fetch(.redirectedElsewhere))
    }
    let count = await host.count("/cover.jpg")
    XCTAssertEqual(count, 1, "only the same-host redirect reached the cover")
  }

  func testHostileAnswersAreBounded() async throws {
    let started = Date()
    do {
      _ = try await loader().file(url("/huge.jpg"))
      XCTFail()
    } catch { XCTAssertEqual(error, .fetch(.tooLarge)) }
    let streamed = try FaultServer(.oversized(bytes: 40_000_000))
    defer { streamed.stop() }
    do {
      _ = try await loader().file(streamed.baseURL.absoluteString + "/x.jpg")
      XCTFail()
    } catch { XCTAssertEqual(error, .fetch(.tooLarge)) }
    XCTAssertLessThan(Date().timeIntervalSince(started), 5)

    let endless = try FaultServer(.trickle)
    defer { endless.stop() }
    let slow = Date()
    do {
      _ = try await loader(timeout: 1).file(endless.baseURL.absoluteString + "/x.jpg")
      XCTFail()
    } catch {
      guard case .fetch(.network(let problem)) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(problem.kind, .timedOut)
    }
    XCTAssertLessThan(Date().timeIntervalSince(slow), 3)

    do {
      _ = try await loader().file(url("/page.html"))
      XCTFail()
    } catch { XCTAssertEqual(error, .fetch(.notAnImage)) }
    do {
      _ = try await loader().file("file:///etc/passwd")
      XCTFail()
    } catch { XCTAssertEqual(error, .fetch(.invalidURL)) }
    do {
      _ = try await loader().file(url("/missing"))
      XCTFail()
    } catch { XCTAssertEqual(error, .fetch(.status(404))) }
  }

  func testTheDiskCacheStaysUnderItsCap() throws {
    let cache = ArtworkDiskCache(directory: directory.appendingPathComponent("capped"), maxBytes: 250_000)
    for index in 0..<5 {
      try cache.store(Data(repeating: UInt8(index), count: 100_000), for: "https://i.scdn.co/image/\(index)")
      Thread.sleep(forTimeInterval: 0.02)
    }
    XCTAssertLessThanOrEqual(cache.totalBytes(), 250_000)
    XCTAssertNil(cache.data(for: "https://i.scdn.co/image/0"), "the oldest went first")
    XCTAssertNotNil(cache.data(for: "https://i.scdn.co/image/4"))
    let attributes = try FileManager.default.attributesOfItem(
      atPath: directory.appendingPathComponent("capped").appendingPathComponent(
        ArtworkDiskCache.key(for: "https://i.scdn.co/image/4")
      ).path)
    XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
  }
}
