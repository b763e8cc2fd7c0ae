import Foundation

/// The kitty graphics protocol: RGB data in the escape (`t=d`, the only medium that works over ssh), chunked.
public enum KittyGraphics {
  /// Base64 bytes per chunk (a multiple of 4).
  public static let chunkSize = 4_096

  /// Transmits `image` and shows it at the cursor (`a=T`) scaled into `columns` × `rows` cells, with image id `id`
  /// and placement `placement`, the cursor kept still (`C=1`) and every reply suppressed (`q=2`, so nothing reaches
  /// the key decoder). Only the first chunk carries the keys; the others `m` and `q`.
  public static func transmitAndShow(
    _ image: RGBImage, id: UInt32, placement: UInt32 = 1, columns: Int, rows: Int
  ) -> [UInt8] {
    let payload = Array(Data(image.pixels).base64EncodedData())
    let first =
      "a=T,f=24,s=\(image.width),v=\(image.height),i=\(max(1, id)),p=\(max(1, placement)),c=\(max(1, columns)),"
      + "r=\(max(1, rows)),C=1,q=2"
    var output: [UInt8] = []
    output.reserveCapacity(payload.count + payload.count / chunkSize * 16 + 64)
    var offset = 0
    repeat {
      let end = min(payload.count, offset + chunkSize)
      let more = end < payload.count
      let keys = offset == 0 ? first + ",m=\(more ? 1 : 0)" : "m=\(more ? 1 : 0),q=2"
      output += Array("\u{1B}_G\(keys);".utf8)
      output += payload[offset..<end]
      output += [0x1B, 0x5C]
      offset = end
    } while offset < payload.count
    return output
  }

  /// Deletes image `id` and frees its data (`d=I`).
  public static func delete(id: UInt32) -> [UInt8] { Array("\u{1B}_Ga=d,d=I,i=\(max(1, id)),q=2\u{1B}\\".utf8) }

  /// Puts image `id`, already transmitted, at the cursor as placement `placement` (`a=p`): an existing placement
  /// with that number moves here. Scaled into `columns` × `rows` cells, the cursor kept still, replies suppressed.
  public static func place(id: UInt32, placement: UInt32, columns: Int, rows: Int) -> [UInt8] {
    Array(
      ("\u{1B}_Ga=p,i=\(max(1, id)),p=\(max(1, placement)),c=\(max(1, columns)),r=\(max(1, rows)),C=1,q=2"
        + "\u{1B}\\").utf8)
  }

  /// Deletes one placement of image `id` and keeps the data for its other places (`d=i` with `p`).
  public static func delete(id: UInt32, placement: UInt32) -> [UInt8] {
    Array("\u{1B}_Ga=d,d=i,i=\(max(1, id)),p=\(max(1, placement)),q=2\u{1B}\\".utf8)
  }

  /// Deletes every image and frees the data (on exit and suspend: kitty images outlive the process).
  public static let deleteAll: [UInt8] = Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8)
}

/// DEC sixel with a palette of at most 256 colours (a 6 × 7 × 6 cube, only the colours used are defined).
public enum SixelEncoder {
  /// The palette index of a colour: 6 levels of red, 7 of green, 6 of blue (252 colours).
  static func index(_ color: RGB) -> Int {
    let r = (Int(color.r) * 5 + 127) / 255
    let g = (Int(color.g) * 6 + 127) / 255
    let b = (Int(color.b) * 5 + 127) / 255
    return (r * 7 + g) * 6 + b
  }

  /// The palette colour of an index, in sixel's 0-100 percentages.
  static func percentages(_ index: Int) -> (Int, Int, Int) {
    let b = index % 6
    let g = (index / 6) % 7
    let r = index / 42
    return ((r * 100 + 2) / 5, (g * 100 + 3) / 6, (b * 100 + 2) / 5)
  }

  /// `ESC P 0;1;0 q "1;1;W;H #n;2;r;g;b … <bands> ESC \`: each 6-pixel band writes one pass per colour present
  /// (`#n`, sixel characters with `!count` runs, `$` back to the band's start), `-` to the next band.
  public static func encode(_ image: RGBImage) -> [UInt8] {
    let w = image.width
    let h = image.height
    var indices = [Int](repeating: 0, count: w * h)
    var used = Set<Int>()
    for y in 0..<h {
      for x in 0..<w {
        let i = index(image.pixel(x, y))
        indices[y * w + x] = i
        used.insert(i)
      }
    }
    var output: [UInt8] = Array("\u{1B}P0;1;0q\"1;1;\(w);\(h)".utf8)
    for color in used.sorted() {
      let (r, g, b) = percentages(color)
      output += Array("#\(color);2;\(r);\(g);\(b)".utf8)
    }
    var bandStart = 0
    while bandStart < h {
      let bandEnd = min(h, bandStart + 6)
      var colorsInBand = Set<Int>()
      for y in bandStart..<bandEnd { for x in 0..<w { colorsInBand.insert(indices[y * w + x]) } }
      var firstPass = true
      for color in colorsInBand.sorted() {
        if !firstPass { output.append(UInt8(ascii: "$")) }
        firstPass = false
        output += Array("#\(color)".utf8)
        var run: UInt8 = 0
        var runLength = 0
        func flush() {
          guard runLength > 0 else { return }
          if runLength > 3 {
            output += Array("!\(runLength)".utf8)
            output.append(run)
          } else {
            output += [UInt8](repeating: run, count: runLength)
          }
        }
        for x in 0..<w {
          var bits: UInt8 = 0
          for y in bandStart..<bandEnd where indices[y * w + x] == color { bits |= 1 << UInt8(y - bandStart) }
          let character = 0x3F + bits
          if character == run {
            runLength += 1
          } else {
            flush()
            run = character
            runLength = 1
          }
        }
        flush()
      }
      output.append(UInt8(ascii: "-"))
      bandStart = bandEnd
    }
    output += [0x1B, 0x5C]
    return output
  }
}

/// iTerm2 inline images: the encoded file itself (JPEG goes as it is), sized in cells.
public enum ITerm2Image {
  public static func encode(file: Data, columns: Int, rows: Int) -> [UInt8] {
    let header =
      "\u{1B}]1337;File=inline=1;size=\(file.count);width=\(max(1, columns));height=\(max(1, rows));"
      + "preserveAspectRatio=1:"
    return Array(header.utf8) + Array(file.base64EncodedData()) + [0x07]
  }
}

/// Half-block rendering: one cell is `▀` with the top pixel as foreground and the bottom pixel as background.
public enum HalfBlocks {
  public struct Cell: Sendable, Hashable {
    public var top: RGB
    public var bottom: RGB
  }

  /// Rows of cells for an image whose height is rounded up to even (the last half-row repeats the last pixel row).
  public static func cells(_ image: RGBImage) -> [[Cell]] {
    stride(from: 0, to: image.height, by: 2).map { y in
      (0..<image.width).map { x in
        Cell(top: image.pixel(x, y), bottom: image.pixel(x, min(y + 1, image.height - 1)))
      }
    }
  }

  /// The xterm 256-colour index nearest to `color` (the 6 × 6 × 6 cube or the 24 greys).
  public static func xterm256(_ color: RGB) -> Int {
    let levels = [0, 95, 135, 175, 215, 255]
    func nearestLevel(_ value: UInt8) -> Int {
      var best = 0
      for (index, level) in levels.enumerated() where abs(level - Int(value)) < abs(levels[best] - Int(value)) {
        best = index
      }
      return best
    }
    let (r, g, b) = (nearestLevel(color.r), nearestLevel(color.g), nearestLevel(color.b))
    let cube = 16 + 36 * r + 6 * g + b
    let cubeColor = (levels[r], levels[g], levels[b])
    let average = (Int(color.r) + Int(color.g) + Int(color.b)) / 3
    let grey = min(23, max(0, (average - 3) / 10))
    let greyLevel = 8 + grey * 10
    func distance(_ a: (Int, Int, Int)) -> Int {
      let dr = a.0 - Int(color.r)
      let dg = a.1 - Int(color.g)
      let db = a.2 - Int(color.b)
      return dr * dr + dg * dg + db * db
    }
    return distance((greyLevel, greyLevel, greyLevel)) < distance(cubeColor) ? 232 + grey : cube
  }

  /// One line of SGR-coloured `▀` per cell row, each ending in `ESC [0m` (the caller positions each line).
  public static func lines(_ image: RGBImage, trueColor: Bool) -> [[UInt8]] {
    cells(image).map { row in
      var line: [UInt8] = []
      var last: Cell?
      for cell in row {
        if cell != last {
          let sgr: String
          if trueColor {
            sgr =
              "\u{1B}[38;2;\(cell.top.r);\(cell.top.g);\(cell.top.b);48;2;\(cell.bottom.r);\(cell.bottom.g);\(cell.bottom.b)m"
          } else {
            sgr = "\u{1B}[38;5;\(xterm256(cell.top));48;5;\(xterm256(cell.bottom))m"
          }
          line += Array(sgr.utf8)
          last = cell
        }
        line += Array("▀".utf8)
      }
      line += Array("\u{1B}[0m".utf8)
      return line
    }
  }
}
