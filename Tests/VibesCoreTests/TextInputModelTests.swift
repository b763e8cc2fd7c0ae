import Foundation
import Testing
import VibesCore
import VibesTestSupport

/// Random edit sequences (seeded) against a naive scalar-array model of the same rules.
@Suite struct TextInputModelTests {
  /// A deliberately simple model: scalars in an array, the cursor as a scalar offset on a cluster boundary.
  struct Model {
    var scalars: [Unicode.Scalar] = []
    var cursorScalar = 0

    var text: String {
      var view = String.UnicodeScalarView()
      view.append(contentsOf: scalars)
      return String(view)
    }
    /// Scalar offsets of every cluster boundary, 0 and the end included.
    var boundaries: [Int] {
      var result = [0]
      for character in text { result.append(result.last! + character.unicodeScalars.count) }
      return result
    }
    var cursor: Int { boundaries.firstIndex(of: cursorScalar)! }

    mutating func snapUp() { cursorScalar = boundaries.first { $0 >= cursorScalar }! }
    mutating func insert(_ string: String) {
      let kept = string.unicodeScalars.filter { $0 == "\n" || $0.properties.generalCategory != .control }
      scalars.insert(contentsOf: kept, at: cursorScalar)
      cursorScalar += kept.count
      snapUp()
    }
    mutating func removeCluster(at index: Int) {
      let bounds = boundaries
      scalars.removeSubrange(bounds[index]..<bounds[index + 1])
      cursorScalar = bounds[index]
      snapUp()
    }
    mutating func deleteBackward() { if cursor > 0 { removeCluster(at: cursor - 1) } }
    mutating func deleteForward() { if cursor < boundaries.count - 1 { removeCluster(at: cursor) } }
    mutating func moveLeft() { cursorScalar = boundaries[max(0, cursor - 1)] }
    mutating func moveRight() { cursorScalar = boundaries[min(boundaries.count - 1, cursor + 1)] }
  }

  /// Scalars that stress segmentation: marks, joiners, selectors, regional indicators, Hangul jamo, controls.
  static let tricky: [UInt32] = [
    0x0301, 0x0308, 0x20DD, 0x200D, 0xFE0F, 0x1F3FD, 0x1F1E9, 0x1F1EA, 0x1100, 0x1161, 0x11A8, 0x0915, 0x094D,
    0x0937, 0x05D0, 0x0627, 0x6771, 0x1F469, 0x1F466, 0x0000, 0x001B, 0x000A, 0x000D, 0x0085, 0x00AD, 0x200B,
  ]

  static func randomScalar(_ rng: inout SeededGenerator) -> Unicode.Scalar {
    if Bool.random(using: &rng) {
      return Unicode.Scalar(tricky.randomElement(using: &rng)!)!
    }
    while true {
      let value = UInt32.random(in: 0...0x10FFFF, using: &rng)
      if let scalar = Unicode.Scalar(value) { return scalar }
    }
  }

  static func randomString(_ rng: inout SeededGenerator, length: ClosedRange<Int>) -> String {
    var view = String.UnicodeScalarView()
    for _ in 0..<Int.random(in: length, using: &rng) { view.append(randomScalar(&rng)) }
    return String(view)
  }

  @Test(arguments: 0..<300)
  func randomEditsMatchTheModel(seed: Int) {
    var rng = SeededGenerator(seed: UInt64(seed))
    var input = TextInput()
    var model = Model()
    for _ in 0..<60 {
      switch Int.random(in: 0..<8, using: &rng) {
      case 0, 1, 2:
        let scalar = String(Self.randomScalar(&rng))
        input.insert(scalar)
        model.insert(scalar)
      case 3:
        let paste = Self.randomString(&rng, length: 0...6)
        input.insert(paste)
        model.insert(paste)
      case 4:
        input.deleteBackward()
        model.deleteBackward()
      case 5:
        input.deleteForward()
        model.deleteForward()
      case 6:
        input.moveLeft()
        model.moveLeft()
      default:
        input.moveRight()
        model.moveRight()
      }
      #expect(input.cursor >= 0 && input.cursor <= input.graphemeCount, "seed \(seed)")
      #expect(input.graphemeCount == input.text.count, "seed \(seed)")
      #expect(input.text.unicodeScalars.elementsEqual(model.scalars), "seed \(seed)")
      #expect(input.cursor == model.cursor, "seed \(seed)")
      // The cursor index must be usable on the text.
      _ = input.text[..<input.cursorIndex]
      if input.text.unicodeScalars.elementsEqual(model.scalars) == false || input.cursor != model.cursor { return }
    }
  }
}
