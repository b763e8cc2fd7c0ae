import Foundation
import VibesCore

/// A list of keys with pauses, replayed into the app for a hands-free recording (`vibes demo --script`).
///
/// One command per line; `#` starts a comment; blank lines are ignored:
/// - `key NAME…`: presses keys (`enter esc tab backtab up down left right home end pgup pgdn backspace
///   delete space f1`…`f12`, `ctrl-x`, `alt-x`, or a single character), `pace` seconds apart.
/// - `type TEXT`: types TEXT character by character, `pace` seconds apart.
/// - `paste TEXT`: one bracketed paste.
/// - `sleep SECONDS`: waits.
/// - `pace SECONDS`: the pause after each key from here on (default 0.25).
public struct KeyScript: Sendable, Equatable {
  /// One thing to do: wait, or send an input event.
  public enum Step: Sendable, Equatable {
    case pause(Double)
    case input(InputEvent)
  }

  /// A line the parser did not understand.
  public struct ParseError: Error, Equatable, CustomStringConvertible {
    public var line: Int
    public var reason: String
    public var description: String { "line \(line): \(reason)" }
  }

  public var steps: [Step]
  /// Called once as the script starts playing, before its first step (`vibes demo` starts its timeline then).
  public var onStart: (@Sendable () -> Void)?

  public init(steps: [Step]) { self.steps = steps }

  /// Scripts are equal when their steps are.
  public static func == (lhs: KeyScript, rhs: KeyScript) -> Bool { lhs.steps == rhs.steps }

  /// Parses the script text.
  public init(parsing text: String) throws(ParseError) {
    var steps: [Step] = []
    var pace = 0.25
    for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("#") { continue }
      let command = line.prefix { $0 != " " }
      let argument = line.dropFirst(command.count).drop { $0 == " " }
      func seconds() throws(ParseError) -> Double {
        guard let value = Double(argument), value >= 0, value <= 600 else {
          throw ParseError(line: number + 1, reason: "\(command) needs a number of seconds (0–600)")
        }
        return value
      }
      switch command {
      case "sleep": steps.append(.pause(try seconds()))
      case "pace": pace = try seconds()
      case "type":
        for character in argument { steps += [.input(.key(.character(character))), .pause(pace)] }
      case "paste": steps += [.input(.paste(String(argument))), .pause(pace)]
      case "key":
        for name in argument.split(separator: " ") {
          guard let key = Self.key(named: String(name)) else {
            throw ParseError(line: number + 1, reason: "unknown key \"\(name)\"")
          }
          steps += [.input(.key(key)), .pause(pace)]
        }
      default:
        throw ParseError(line: number + 1, reason: "unknown command \"\(command)\" (key, type, paste, sleep, pace)")
      }
    }
    self.steps = steps
  }

  /// The key a name in a script stands for.
  public static func key(named name: String) -> Key? {
    let named: [String: Key] = [
      "enter": .enter, "esc": .escape, "escape": .escape, "tab": .tab, "backtab": .backTab, "up": .up,
      "down": .down, "left": .left, "right": .right, "home": .home, "end": .end, "pgup": .pageUp,
      "pgdn": .pageDown, "backspace": .backspace, "delete": .delete, "space": .character(" "),
    ]
    if let key = named[name.lowercased()] { return key }
    if name.count == 1, let character = name.first { return .character(character) }
    let lower = name.lowercased()
    if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...12).contains(number) { return .function(number) }
    if lower.hasPrefix("ctrl-"), name.count == 6, let character = lower.last { return .ctrl(character) }
    if lower.hasPrefix("alt-"), name.count == 5, let character = name.last { return .alt(character) }
    return nil
  }

  /// The same script played `speed` times as fast: every pause divided by `speed` (`vibes demo --speed`, to check a
  /// script before recording it at 1). `speed` must be positive.
  public func atSpeed(_ speed: Double) -> KeyScript {
    precondition(speed > 0, "a script's speed must be positive")
    var script = self
    script.steps = steps.map { step in
      if case .pause(let seconds) = step { return .pause(seconds / speed) }
      return step
    }
    return script
  }

  /// Sends the steps to `send` in order, waiting as the script says; stops when the task is cancelled.
  public func play(_ send: @Sendable (InputEvent) async -> Void) async {
    onStart?()
    for step in steps {
      switch step {
      case .pause(let seconds):
        try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
      case .input(let event):
        await send(event)
      }
      if Task.isCancelled { return }
    }
  }
}
