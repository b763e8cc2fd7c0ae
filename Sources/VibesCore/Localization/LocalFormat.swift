import Foundation

/// Dates and numbers the way each language writes them, by hand: no ICU formatter on the start-up or drawing path.
/// English keeps the ISO order (2026-12-05) and a decimal point; German writes 05.12.2026 and a decimal comma.
extension Localizer {
  /// A Spotify/Ticketmaster date ("2026-12-05", "2026-12" or "2026") in this language's order; anything else as is.
  public func date(iso text: String) -> String {
    guard language == .de else { return text }
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else {
      return text
    }
    switch parts.count {
    case 3 where parts[0].count == 4: return "\(parts[2]).\(parts[1]).\(parts[0])"
    case 2 where parts[0].count == 4: return "\(parts[1]).\(parts[0])"
    default: return text
    }
  }

  /// `value` with `fractionDigits` decimals and the language's decimal mark (a comma in German; no grouping).
  public func decimal(_ value: Double, fractionDigits: Int = 2) -> String {
    let text = String(format: "%.\(max(0, fractionDigits))f", value)
    switch language {
    case .en: return text
    case .de: return text.replacingOccurrences(of: ".", with: ",")
    }
  }

  /// A whole number with the language's thousands separator ("100,000"; German "100.000"), by hand: the Feed's
  /// heading draws its count on every frame, and ICU's number formatter cost a locale lookup each time.
  public func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    let separator: Character
    switch language {
    case .en: separator = ","
    case .de: separator = "."
    }
    var text = value < 0 ? "-" : ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { text.append(separator) }
      text.append(digit)
    }
    return text
  }

  /// `count` with the singular key for exactly one and the plural key (with `{count}`) for every other number.
  public func counted<Key: LocalizedKey>(_ count: Int, one: Key, other: Key) -> String {
    count == 1 ? text(one, ["count": "1"]) : text(other, ["count": "\(count)"])
  }
}
