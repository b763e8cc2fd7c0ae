import Foundation
import Testing
import VibesCore

/// Grapheme-safety of `TextInput`: marks arriving on their own, emoji sequences, controls, the cap.
@Suite struct TextInputUnicodeTests {
  @Test func aCombiningMarkTypedOnItsOwnMergesAndTypingGoesOn() {
    var input = TextInput()
    input.insert("Zu")
    input.insert("\u{0308}")
    input.insert("rich")
    #expect(input.text == "Zu\u{0308}rich")
    #expect(input.text == "Zürich")
    #expect(input.cursor == 6)
    #expect(input.graphemeCount == 6)
  }

  @Test func anAcuteBetweenTwoLettersAndDeletingIt() {
    var input = TextInput()
    input.insert("a")
    input.insert("\u{0301}")
    input.insert("b")
    #expect(input.text == "a\u{0301}b")
    #expect(input.cursor == 2)
    input.moveLeft()
    input.deleteBackward()
    #expect(input.text == "b")
    #expect(input.cursor == 0)
  }

  @Test func aZWJFamilyBuiltScalarByScalarIsOneCluster() {
    var input = TextInput("x")
    for scalar in "👩‍👩‍👧‍👦".unicodeScalars { input.insert(String(scalar)) }
    input.insert("y")
    #expect(input.graphemeCount == 3)
    #expect(input.cursor == 3)
    input.moveLeft()
    input.deleteBackward()
    #expect(input.text == "xy")
  }

  @Test func wideCJKAndRTLTextAreOrdinaryClusters() {
    var input = TextInput("東京")
    input.moveToStart()
    input.insert("שלום ")
    #expect(input.text == "שלום 東京")
    #expect(input.cursor == 5)
    #expect(input.textBeforeCursor == "שלום ")
    input.deleteForward()
    #expect(input.text == "שלום 京")
  }

  @Test func controlsAreDroppedButLineFeedsStay() {
    var input = TextInput()
    input.insert("a\u{0}b\u{1B}[31mc\u{7F}\u{85}d\r\ne\te")
    #expect(input.text == "ab[31mcd\nee")
    #expect(input.cursor == input.graphemeCount)
    input.insert("\u{0}")
    #expect(input.text == "ab[31mcd\nee")
  }

  @Test func aFullFieldCutsTheInsertAndSaysSo() {
    var input = TextInput(String(repeating: "a", count: 8), maxLength: 10)
    let fittedFirst = input.insert("bcd")
    #expect(fittedFirst == false)
    #expect(input.wasTruncated)
    #expect(input.text == "aaaaaaaabc")
    let fittedSecond = input.insert("e")
    #expect(fittedSecond == false)
    #expect(input.text == "aaaaaaaabc")
    // A combining mark fits in a full field: it adds no cluster.
    let fittedMark = input.insert("\u{0301}")
    #expect(fittedMark)
    #expect(!input.wasTruncated)
    #expect(input.graphemeCount == 10)
    #expect(input.text.hasSuffix("c\u{0301}"))
  }

  @Test func endlessCombiningMarksAreBoundedByTheScalarCap() {
    var input = TextInput("a", maxLength: 4)
    let zalgo = String(repeating: "\u{0301}", count: 10_000)
    let fitted = input.insert(zalgo)
    #expect(fitted == false)
    #expect(input.text.unicodeScalars.count == input.maxScalars)
    #expect(input.graphemeCount == 1)
  }

  @Test func aOneMegabytePasteIsCappedQuickly() {
    var input = TextInput("start ")
    let paste = String(repeating: "ab👍🏽e\u{0301}", count: 200_000)
    #expect(paste.utf8.count > 1_000_000)
    let clock = ContinuousClock()
    var fitted = true
    let elapsed = clock.measure {
      fitted = input.insert(paste)
      input.insert("x")
      input.deleteBackward()
      input.moveToStart()
      input.deleteForward()
    }
    #expect(input.graphemeCount == TextInput.defaultMaxLength - 2)
    #expect(fitted == false)
    #expect(input.wasTruncated)
    // Generous bound (debug build, shared 2-core machine); quadratic work on 1 MB would take minutes.
    #expect(elapsed < .seconds(2))
  }

  @Test func initialTextIsSanitisedAndCapped() {
    let input = TextInput("ab\u{0}" + String(repeating: "z", count: 20), maxLength: 5)
    #expect(input.text == "abzzz")
    #expect(input.wasTruncated)
    #expect(input.cursor == 5)
  }
}
