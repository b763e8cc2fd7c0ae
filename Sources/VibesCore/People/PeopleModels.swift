import Foundation

/// Another vibes user as the People lists show them. Built at the edge from the profile document with every string
/// already through `TerminalText.sanitize` and capped (`SocialTextLimits.clean`); the core never sees raw text.
public struct PersonSummary: Sendable, Hashable, Codable, Identifiable {
  public var id: String { uid }
  public var uid: String
  public var displayName: String
  public var username: String?
  public var bio: String

  public init(uid: String, displayName: String, username: String? = nil, bio: String = "") {
    self.uid = uid
    self.displayName = displayName
    self.username = username
    self.bio = bio
  }

  /// "Ada (@ada)", or the one of the two there is.
  public var label: String {
    let name = displayName.isEmpty ? nil : displayName
    switch (name, username) {
    case (let name?, let username?): return "\(name) (@\(username))"
    case (let name?, nil): return name
    case (nil, let username?): return "@\(username)"
    case (nil, nil): return "?"
    }
  }

  /// "@ada", else the display name: how a confirmation or a notice names them.
  public var shortName: String { username.map { "@\($0)" } ?? (displayName.isEmpty ? "?" : displayName) }
}

/// Another user's profile screen: their counts (counted, never a stored counter) and whether you follow them.
public struct PersonProfile: Sendable, Hashable, Codable {
  public var person: PersonSummary
  public var followers: Int
  public var following: Int
  public var isFollowing: Bool
  public var fetchedAt: Date
  /// True when this is the SQLite copy shown because Firebase could not be reached.
  public var isCached: Bool
  /// The profile photo's https address (already checked and capped), drawn as artwork.
  public var photoURL: String?

  public init(
    person: PersonSummary, followers: Int, following: Int, isFollowing: Bool, fetchedAt: Date, isCached: Bool = false,
    photoURL: String? = nil
  ) {
    self.photoURL = photoURL
    self.person = person
    self.followers = followers
    self.following = following
    self.isFollowing = isFollowing
    self.fetchedAt = fetchedAt
    self.isCached = isCached
  }
}

/// Your account line and your two lists, as fetched (or read from the SQLite copy, then `isCached`).
public struct PeopleLists: Sendable, Hashable, Codable {
  /// Your @username, nil before you chose one.
  public var username: String?
  /// Your own display name and bio as last loaded (nil in a copy saved before they were kept).
  public var me: PersonSummary?
  public var following: [PersonSummary]
  public var followers: [PersonSummary]
  public var fetchedAt: Date
  public var isCached: Bool
  /// Your streak and badges (nil in a copy saved before they were kept).
  public var standing: ProfileStanding?
  /// Your profile photo's download URL (already checked at the edge), nil without one.
  public var photoURL: String?
  /// Follows, unfollows and blocks made offline, waiting to sync (nil in a copy saved before they were kept).
  public var waiting: [WaitingChange]?

  public init(
    username: String?, following: [PersonSummary], followers: [PersonSummary], fetchedAt: Date, isCached: Bool = false,
    me: PersonSummary? = nil, standing: ProfileStanding? = nil, photoURL: String? = nil
  ) {
    self.username = username
    self.photoURL = photoURL
    self.me = me
    self.standing = standing
    self.following = following
    self.followers = followers
    self.fetchedAt = fetchedAt
    self.isCached = isCached
  }
}

/// Why a People request did not work, in the user's terms (nothing changed then).
public enum PeopleFailure: Error, Sendable, Hashable {
  /// No Firebase project in the configuration.
  case notConfigured
  /// No vibes account on this computer.
  case notSignedIn
  /// The stored sign-in no longer works.
  case signInAgain
  /// No answer from Firebase (offline, DNS, timeout).
  case offline
  /// The security rules refused it.
  case refused
  /// A block stands between the two users.
  case blocked
  /// The account is gone.
  case notFound
  /// Any other answer (5xx, unreadable, quota).
  case service

  /// The reason as a sentence part.
  public var reason: PeopleL10n {
    switch self {
    case .notConfigured: return .peopleReasonNotConfigured
    case .notSignedIn: return .peopleReasonNotSignedIn
    case .signInAgain: return .peopleReasonSignInAgain
    case .offline: return .peopleReasonOffline
    case .refused: return .peopleReasonRefused
    case .blocked: return .peopleReasonBlocked
    case .notFound: return .peopleReasonNotFound
    case .service: return .peopleReasonService
    }
  }

  /// True when nothing can be shown without signing in (no cached copy applies).
  public var needsAccount: Bool { self == .notConfigured || self == .notSignedIn || self == .signInAgain }
}

/// What a person's screen does against Firebase.
public enum PersonOperation: Sendable, Hashable, Codable {
  case load, follow, unfollow, block

  /// "Could not … : {reason}".
  public var failureText: PeopleL10n {
    switch self {
    case .load: return .peopleFailedProfile
    case .follow: return .peopleFailedFollow
    case .unfollow: return .peopleFailedUnfollow
    case .block: return .peopleFailedBlock
    }
  }
}
