import Foundation

/// The social Feed's text (song shares, songs sent to you, new follows, Song Detail, the quick actions bar, the
/// empty state and new-song notices), English and German.
public enum SocialFeedL10n: String, LocalizedKey {
  case kindShared, kindSentToYou, kindFollow
  case sharedASong, fromName, followedYou, unread, quotedMessage
  case emptyNoActivity, emptyFindPeople
  case quickBar, quickBarShort
  case helpSearch, helpSendSong, helpFindPeople, helpProfile, helpMarkRead, helpOpenSong
  case songBy, songAlbum, songFromWhen, songFrom, songStored, songKeys, songKeysNoLink, songRead
  case newSongOne, newSongsMany, markedRead
  case friendsOffline, friendsPaused, friendsSignedOut, ago
  case alreadyRefreshing, alreadyRefreshingAgain, justRefreshed

  public static func table(for language: Language) -> [SocialFeedL10n: String] {
    switch language {
    case .en: return english
    case .de: return german
    }
  }

  static let english: [SocialFeedL10n: String] = [
    .kindShared: "♫ Shared", .kindSentToYou: "✉ For you", .kindFollow: "☺ Follow",
    .sharedASong: "{name} shared a song", .fromName: "From {name}", .followedYou: "{name} followed you",
    .unread: "new", .quotedMessage: "“{message}”",
    .emptyNoActivity: "No activity yet — follow people and share songs!",
    .emptyFindPeople: "Find people to follow: press f",
    .quickBar: "Quick: / Search · s Send a song", .quickBarShort: "/ Search · s Send",
    .helpSearch: "search in Explore", .helpSendSong: "send a song", .helpFindPeople: "find people to follow",
    .helpProfile: "sender's profile", .helpMarkRead: "mark read", .helpOpenSong: "open in Spotify",
    .songBy: "by {artist}", .songAlbum: "on {album}", .songFromWhen: "From {name} · {when}", .songFrom: "From {name}",
    .songStored: "As it was shared: Spotify may no longer have this song.",
    .songKeys: "o open in Spotify · c copy link · p profile · m mark read · Esc back",
    .songKeysNoLink: "p profile · m mark read · Esc back",
    .songRead: "read",
    .newSongOne: "New song from {name}", .newSongsMany: "{count} new songs, from {names}",
    .markedRead: "Marked as read.",
    .friendsOffline: "Offline · friends' songs from {ago} ago",
    .friendsPaused: "friends' songs paused until tomorrow (daily budget)",
    .friendsSignedOut: "sign in to see friends' songs", .ago: "{ago} ago",
    .alreadyRefreshing: "Already refreshing friends' songs…",
    .alreadyRefreshingAgain: "Already refreshing friends' songs… once more when it ends.",
    .justRefreshed: "Friends' songs were just refreshed.",
  ]

  static let german: [SocialFeedL10n: String] = [
    .kindShared: "♫ Geteilt", .kindSentToYou: "✉ Für dich", .kindFollow: "☺ Folgt dir",
    .sharedASong: "{name} hat einen Song geteilt", .fromName: "Von {name}", .followedYou: "{name} folgt dir jetzt",
    .unread: "neu", .quotedMessage: "„{message}“",
    .emptyNoActivity: "Noch nichts los — folge Leuten und teile Songs!",
    .emptyFindPeople: "Leute zum Folgen finden: f drücken",
    .quickBar: "Schnell: / Suchen · s Song senden", .quickBarShort: "/ Suchen · s Senden",
    .helpSearch: "in Entdecken suchen", .helpSendSong: "Song senden", .helpFindPeople: "Leute zum Folgen finden",
    .helpProfile: "Profil des Absenders", .helpMarkRead: "als gelesen markieren", .helpOpenSong: "in Spotify öffnen",
    .songBy: "von {artist}", .songAlbum: "auf {album}", .songFromWhen: "Von {name} · {when}", .songFrom: "Von {name}",
    .songStored: "So wie geteilt: Spotify hat diesen Song vielleicht nicht mehr.",
    .songKeys: "o in Spotify öffnen · c Link kopieren · p Profil · m gelesen · Esc zurück",
    .songKeysNoLink: "p Profil · m gelesen · Esc zurück",
    .songRead: "gelesen",
    .newSongOne: "Neuer Song von {name}", .newSongsMany: "{count} neue Songs, von {names}",
    .markedRead: "Als gelesen markiert.",
    .friendsOffline: "Offline · Songs von Freunden von vor {ago}",
    .friendsPaused: "Songs von Freunden pausiert bis morgen (Tagesbudget)",
    .friendsSignedOut: "anmelden, um Songs von Freunden zu sehen", .ago: "vor {ago}",
    .alreadyRefreshing: "Songs von Freunden werden schon aktualisiert…",
    .alreadyRefreshingAgain: "Songs von Freunden werden schon aktualisiert… danach noch einmal.",
    .justRefreshed: "Songs von Freunden wurden gerade aktualisiert.",
  ]
}

extension Localizer {
  /// What the status line adds about friends' songs: offline with the cache's age, or paused for the day's budget;
  /// nil when there is nothing to say (updated, signed out, or never active).
  public func socialStatus(_ social: SocialFeedState, now: Date?) -> String? {
    guard social.isActive else { return nil }
    if social.pausedUntil != nil { return self[SocialFeedL10n.friendsPaused] }
    guard social.outcome == .offline || social.outcome == .failed, let fetched = social.fetchedAt else { return nil }
    let seconds = max(60, (now ?? fetched).timeIntervalSince(fetched))
    return format(SocialFeedL10n.friendsOffline, ["ago": feedAgo(seconds)])
  }

  public subscript(_ key: SocialFeedL10n) -> String { text(key) }
  public func format(_ key: SocialFeedL10n, _ values: [String: String]) -> String { text(key, values) }
}
