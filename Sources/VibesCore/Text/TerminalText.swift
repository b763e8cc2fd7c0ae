/// Makes untrusted text (network answers, pastes, feed items) safe to draw: a string must never be
/// able to move the cursor, recolour the screen, set the window title, write the clipboard or
/// reorder text. Escape sequences (CSI, OSC, DCS, SOS, PM, APC, and two-byte ESC forms) are removed
/// whole; other C0 and C1 controls, DEL and bidirectional overrides are dropped; a tab becomes a space.
public enum TerminalText {
  public static func sanitize(_ text: String, keepNewlines: Bool = false) -> String {
    var output = String.UnicodeScalarView()
    var scalars = text.unicodeScalars.makeIterator()
    var pending: Unicode.Scalar? = nil

    func next() -> Unicode.Scalar? {
      if let scalar = pending {
        pending = nil
        return scalar
      }
      return scalars.next()
    }

    while let scalar = next() {
      switch scalar.value {
      case 0x1B:  // ESC
        guard let introducer = next() else { break }
        switch introducer {
        case "[": skipCSI(&scalars)
        case "]", "P", "X", "^", "_": skipString(&scalars)
        default:
          // Two-byte forms (ESC 7, ESC c, ...). A control after ESC is handled on its own.
          if introducer.value < 0x20 { pending = introducer }
        }
      case 0x9B: skipCSI(&scalars)
      case 0x9D, 0x90, 0x98, 0x9E, 0x9F: skipString(&scalars)
      case 0x0A:
        if keepNewlines { output.append(scalar) } else { output.append(" ") }
      case 0x0D:
        // CR LF and lone CR both become one line break.
        if let following = next(), following.value != 0x0A { pending = following }
        if keepNewlines { output.append("\n") } else { output.append(" ") }
      case 0x09:
        output.append(" ")
      case 0x00...0x1F, 0x7F, 0x80...0x9F:
        continue
      case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
        continue
      default:
        output.append(scalar)
      }
    }
    return String(output)
  }

  /// CSI: parameter and intermediate bytes, then one final byte in 0x40...0x7E.
  private static func skipCSI(_ scalars: inout String.UnicodeScalarView.Iterator) {
    while let scalar = scalars.next() {
      if (0x40...0x7E).contains(scalar.value) { return }
      if scalar.value < 0x20 || scalar.value > 0x7E { return }
    }
  }

  /// OSC/DCS/SOS/PM/APC: everything up to BEL, ST (ESC \) or C1 ST (0x9C).
  private static func skipString(_ scalars: inout String.UnicodeScalarView.Iterator) {
    var sawEscape = false
    while let scalar = scalars.next() {
      if scalar.value == 0x07 || scalar.value == 0x9C { return }
      if sawEscape && scalar == "\\" { return }
      sawEscape = scalar.value == 0x1B
    }
  }
}
