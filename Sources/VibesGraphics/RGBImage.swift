import CStbImage
import Foundation

/// An 8-bit RGB picture, rows top to bottom, 3 bytes per pixel.
public struct RGBImage: Sendable, Hashable {
  public let width: Int
  public let height: Int
  public let pixels: [UInt8]

  public init?(width: Int, height: Int, pixels: [UInt8]) {
    guard width > 0, height > 0, pixels.count == width * height * 3 else { return nil }
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// The pixel at (x, y).
  public func pixel(_ x: Int, _ y: Int) -> RGB {
    let index = (y * width + x) * 3
    return RGB(pixels[index], pixels[index + 1], pixels[index + 2])
  }
}

/// One colour.
public struct RGB: Sendable, Hashable {
  public var r: UInt8
  public var g: UInt8
  public var b: UInt8
  public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
    self.r = r
    self.g = g
    self.b = b
  }
}

/// Why bytes did not become a picture.
public enum ImageDecodeError: Error, Equatable, Sendable {
  /// Not a JPEG or PNG stb_image can read (corrupt, truncated, another format).
  case unreadable
  /// The header announces more pixels than `maxPixels` (refused before any pixel memory is taken).
  case tooLarge(width: Int, height: Int)
}

/// JPEG and PNG decoding with stb_image compiled into vibes (no shared library loaded at start-up).
public enum ImageDecoder {
  /// 4096 × 4096: a 48 MB RGB buffer at most. Spotify's largest cover is 640 × 640, iTunes' 1200 × 1200.
  public static let defaultMaxPixels = 4_096 * 4_096

  /// The width and height from the header, without decoding.
  public static func size(of data: Data) -> (width: Int, height: Int)? {
    var width: Int32 = 0
    var height: Int32 = 0
    let ok = data.withUnsafeBytes { raw -> Int32 in
      guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return 0 }
      return vibes_image_info(base, raw.count, &width, &height)
    }
    return ok == 1 ? (Int(width), Int(height)) : nil
  }

  public static func decode(_ data: Data, maxPixels: Int = defaultMaxPixels) throws(ImageDecodeError) -> RGBImage {
    guard let (width, height) = size(of: data) else { throw .unreadable }
    guard width > 0, height > 0, width * height <= maxPixels else { throw .tooLarge(width: width, height: height) }
    var w: Int32 = 0
    var h: Int32 = 0
    let pixels: [UInt8]? = data.withUnsafeBytes { raw in
      guard let base = raw.bindMemory(to: UInt8.self).baseAddress,
        let decoded = vibes_image_decode_rgb(base, raw.count, maxPixels, &w, &h)
      else { return nil }
      defer { vibes_image_free(decoded) }
      return Array(UnsafeBufferPointer(start: decoded, count: Int(w) * Int(h) * 3))
    }
    guard let pixels, let image = RGBImage(width: Int(w), height: Int(h), pixels: pixels) else { throw .unreadable }
    return image
  }
}

extension RGBImage {
  /// Scaled to exactly `width` × `height` by averaging each target pixel's source area (a box filter; sharp enough for
  /// covers, no aliasing when shrinking 640 px to 40).
  public func resized(width targetWidth: Int, height targetHeight: Int) -> RGBImage {
    let tw = max(1, targetWidth)
    let th = max(1, targetHeight)
    var output = [UInt8](repeating: 0, count: tw * th * 3)
    for ty in 0..<th {
      let y0 = ty * height / th
      let y1 = max(y0 + 1, (ty + 1) * height / th)
      for tx in 0..<tw {
        let x0 = tx * width / tw
        let x1 = max(x0 + 1, (tx + 1) * width / tw)
        var r = 0
        var g = 0
        var b = 0
        for y in y0..<min(y1, height) {
          var index = (y * width + x0) * 3
          for _ in x0..<min(x1, width) {
            r += Int(pixels[index])
            g += Int(pixels[index + 1])
            b += Int(pixels[index + 2])
            index += 3
          }
        }
        let count = max(1, (min(y1, height) - y0) * (min(x1, width) - x0))
        let out = (ty * tw + tx) * 3
        output[out] = UInt8(r / count)
        output[out + 1] = UInt8(g / count)
        output[out + 2] = UInt8(b / count)
      }
    }
    return RGBImage(width: tw, height: th, pixels: output)!
  }
}

/// Fitting a picture into a box of terminal cells, keeping its aspect ratio.
public enum CellFit {
  /// The pixel size and the cells a `width` × `height` picture takes in a `columns` × `rows` box whose cells are
  /// `cellWidth` × `cellHeight` pixels (half-blocks: 1 × 2).
  public static func fit(
    width: Int, height: Int, columns: Int, rows: Int, cellWidth: Int, cellHeight: Int
  ) -> (pixelWidth: Int, pixelHeight: Int, columns: Int, rows: Int) {
    let boxW = max(1, columns) * max(1, cellWidth)
    let boxH = max(1, rows) * max(1, cellHeight)
    let scale = min(Double(boxW) / Double(max(1, width)), Double(boxH) / Double(max(1, height)))
    let pw = max(1, min(boxW, Int((Double(width) * scale).rounded())))
    let ph = max(1, min(boxH, Int((Double(height) * scale).rounded())))
    let usedColumns = (pw + cellWidth - 1) / max(1, cellWidth)
    let usedRows = (ph + cellHeight - 1) / max(1, cellHeight)
    return (pw, ph, usedColumns, usedRows)
  }
}
