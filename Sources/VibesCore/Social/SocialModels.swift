import Foundation

/// The @username rule, identical in `firestore.rules`: 3–20 characters of `a-z`, `0-9` and `_`, starting with a
/// letter. Input is lower-cased (and a leading `@` dropped) before it is checked.
public enum UsernameRule {
  public static let minLength = 3
  public static let maxLength = 20

  public enum Problem: Equatable, Sendable {
    case tooShort
    case tooLong
    case mustStartWithLetter
    case invalidCharacter
  }

  /// The canonical form: trimmed, without a leading `@`, lower-cased.
  public static func normalize(_ raw: String) -> String {
    var text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    if text.hasPrefix("@") { text.removeFirst() }
    return text.lowercased()
  }

  /// nil when `name` (already normalised) is a valid username.
  public static func problem(_ name: String) -> Problem? {
    if name.count < minLength { return .tooShort }
    if name.count > maxLength { return .tooLong }
    guard let first = name.first, first.isASCII, first.isLowercase else { return .mustStartWithLetter }
    let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789_")
    return name.allSatisfy { allowed.contains($0) } ? nil : .invalidCharacter
  }

  public static func isValid(_ name: String) -> Bool { problem(name) == nil }
}

/// Caps on what is drawn of other people's text (the rules cap what is stored).
public enum SocialTextLimits {
  public static let displayName = 100
  public static let bio = 500
  public static let username = UsernameRule.maxLength
  public static let message = 280

  /// Sanitised for the terminal and cut to `limit` characters.
  public static func clean(_ text: String, limit: Int) -> String {
    String(TerminalText.sanitize(String(text.prefix(limit * 4))).prefix(limit))
  }
}

/// A profile as the social screens show it (`users/{uid}`); every string already sanitised and capped.
public struct SocialProfile: Sendable, Equatable, Identifiable {
  public var id: String { uid }
  public var uid: String
  public var displayName: String
  public var username: String?
  public var bio: String
  public var photoURL: String?
  public var followingCount: Int
  public var streak: Int
  public var achievements: [String]
  public var createdAt: Date?

  public init(
    uid: String, displayName: String, username: String? = nil, bio: String = "", photoURL: String? = nil,
    followingCount: Int = 0, streak: Int = 0, achievements: [String] = [], createdAt: Date? = nil
  ) {
    self.uid = uid
    self.displayName = displayName
    self.username = username
    self.bio = bio
    self.photoURL = photoURL
    self.followingCount = followingCount
    self.streak = streak
    self.achievements = achievements
    self.createdAt = createdAt
  }
}

/// What the user may change on their profile; nil leaves a field as it is.
public struct ProfileEdit: Sendable, Equatable {
  public var displayName: String?
  public var bio: String?

  public init(displayName: String? = nil, bio: String? = nil) {
    self.displayName = displayName
    self.bio = bio
  }
}

/// What deleting an account removed, for the closing message.
public struct AccountDeletionReport: Sendable, Equatable {
  public var profile = false
  public var username: String?
  public var follows = 0
  public var followers = 0
  public var shares = 0
  public var blocks = 0
  public var photo = false
  public var account = false

  public init() {}

  /// One English line per item ("profile", "@name", "3 follows", …).
  public var summary: [String] {
    var lines: [String] = []
    if profile { lines.append("your profile") }
    if let username { lines.append("the username @\(username)") }
    lines.append("\(follows) people you followed")
    lines.append("\(followers) follows of you")
    lines.append("\(shares) shared songs")
    lines.append("\(blocks) blocks")
    if photo { lines.append("your profile photo") }
    if account { lines.append("your vibes account") }
    return lines
  }
}
