import Foundation
import VibesGraphics
import VibesServices
import VibesStorage

/// Why a picture cannot be shown (the screen then shows none; the layout stays the same).
public enum ArtworkLoadError: Error, Equatable, Sendable {
  case fetch(ArtworkFetchError)
  case decode(ImageDecodeError)
}

/// Cover art and photos for a cell box: the disk cache first, else one bounded fetch (stored on success), then
/// decoding (stb_image, refused above `maxPixels` before any pixel memory) and scaling to the box. Run it off the
/// main actor: it never blocks a key press or a frame.
public struct ArtworkLoader: Sendable {
  public var fetcher: ArtworkFetcher
  public var cache: ArtworkDiskCache?
  public var maxPixels: Int

  public init(
    fetcher: ArtworkFetcher = ArtworkFetcher(), cache: ArtworkDiskCache?,
    maxPixels: Int = ImageDecoder.defaultMaxPixels
  ) {
    self.fetcher = fetcher
    self.cache = cache
    self.maxPixels = maxPixels
  }

  /// The encoded file (JPEG/PNG), from the cache or the network.
  public func file(_ url: String) async throws(ArtworkLoadError) -> Data {
    if let cached = cache?.data(for: url) { return cached }
    let data: Data
    do {
      data = try await fetcher.fetch(url)
    } catch {
      throw .fetch(error)
    }
    // Only bytes that decode are kept, so a broken answer is fetched again next time rather than cached.
    guard ImageDecoder.size(of: data) != nil else { throw .decode(.unreadable) }
    try? cache?.store(data, for: url)
    return data
  }

  /// The picture scaled to fit `columns` × `rows` cells of `cellWidth` × `cellHeight` pixels (half-blocks: 1 × 2).
  public func image(
    _ url: String, columns: Int, rows: Int, cellWidth: Int = 1, cellHeight: Int = 2
  ) async throws(ArtworkLoadError) -> RGBImage {
    let data = try await file(url)
    let decoded: RGBImage
    do {
      decoded = try ImageDecoder.decode(data, maxPixels: maxPixels)
    } catch {
      throw .decode(error)
    }
    let fit = CellFit.fit(
      width: decoded.width, height: decoded.height, columns: columns, rows: rows, cellWidth: cellWidth,
      cellHeight: cellHeight)
    return decoded.resized(width: fit.pixelWidth, height: fit.pixelHeight)
  }
}
