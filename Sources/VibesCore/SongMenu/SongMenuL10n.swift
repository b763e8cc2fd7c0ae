/// The song menu's text (the menu, Share to all, Send to one, Reply with a song), English and German.
public enum SongMenuL10n: String, LocalizedKey {
  case songMenuTitle, songMenuHelpKey, songMenuHelpReplyWithSong
  case songMenuItemReplyTo, songMenuItemShareToAll, songMenuItemSendToOne, songMenuItemAddToLibrary
  case songMenuItemAddToPlaylist, songMenuItemPlayPreview, songMenuItemOpenInSpotify, songMenuItemCopyLink
  case songMenuHelpChoose, songMenuHelpSearch, songMenuHelpPick, songMenuHelpSend, songMenuHelpSignIn
  case songMenuHelpSetUpSpotify
  case songMenuFilterHint, songMenuMessageHint, songMenuUnsavedMessage, songMenuReplySearchHint
  case songMenuSharedAll, songMenuSharedAllBadge, songMenuSentTo, songMenuSentToBadge, songMenuRepliedTo
  case songMenuRepliedToBadge, songMenuQueued, songMenuSaved, songMenuSavedQueued, songMenuOutboxRefused
  case songMenuOutboxSent, songMenuOutboxSentBadge, songMenuOpened
  case songMenuComposeAll, songMenuComposeTo, songMenuComposeReply, songMenuCount, songMenuMessageLabel
  case songMenuSending, songMenuPeopleTitle, songMenuFilterLabel, songMenuLoading, songMenuNoPeople, songMenuNoMatch
  case songMenuReplyTitle, songMenuReplySearchLabel, songMenuReplyPending, songMenuWaiting
  case songMenuNeedsAccount, songMenuNeedsUsername, songMenuNotConfigured, songMenuNeedsSpotify
  case songMenuFailTooLong, songMenuFailRefused, songMenuFailOffline, songMenuFailFailed, songMenuPeopleFailed

  public static func table(for language: Language) -> [SongMenuL10n: String] {
    switch language {
    case .en: return english
    case .de: return german
    }
  }

  static let english: [SongMenuL10n: String] = [
    .songMenuTitle: "Song",
    .songMenuHelpKey: "song menu",
    .songMenuHelpReplyWithSong: "reply with a song",
    .songMenuItemReplyTo: "Reply to {name} with this song",
    .songMenuItemShareToAll: "Share to all",
    .songMenuItemSendToOne: "Send to one",
    .songMenuItemAddToLibrary: "Add to library",
    .songMenuItemAddToPlaylist: "Add to playlist",
    .songMenuItemPlayPreview: "Play preview",
    .songMenuItemOpenInSpotify: "Open in Spotify",
    .songMenuItemCopyLink: "Copy link",
    .songMenuHelpChoose: "choose",
    .songMenuHelpSearch: "search",
    .songMenuHelpPick: "pick",
    .songMenuHelpSend: "send",
    .songMenuHelpSignIn: "sign in",
    .songMenuHelpSetUpSpotify: "set up Spotify",
    .songMenuFilterHint: "type to filter",
    .songMenuMessageHint: "an optional message",
    .songMenuUnsavedMessage: "a song message not sent yet",
    .songMenuReplySearchHint: "song or artist",
    .songMenuSharedAll: "Shared “{title}” with your followers.",
    .songMenuSharedAllBadge: "Shared “{title}” with your followers. New badge: {badge}!",
    .songMenuSentTo: "Sent “{title}” to {name}.",
    .songMenuSentToBadge: "Sent “{title}” to {name}. New badge: {badge}!",
    .songMenuRepliedTo: "Replied to {name} with “{title}”.",
    .songMenuRepliedToBadge: "Replied to {name} with “{title}”. New badge: {badge}!",
    .songMenuQueued: "Offline: waiting to sync ({waiting} waiting). It is sent once the network is back.",
    .songMenuSaved: "Added “{title}” to your library.",
    .songMenuSavedQueued: "Offline: “{title}” is added to your library once the network is back.",
    .songMenuOutboxRefused: "{count} waiting share(s) were refused by vibes and dropped (a block, or not allowed).",
    .songMenuOutboxSent: "{count} waiting share(s) sent.",
    .songMenuOutboxSentBadge: "{count} waiting share(s) sent. New badge: {badge}!",
    .songMenuOpened: "Opening “{title}” in Spotify.",
    .songMenuComposeAll: "Share to all your followers",
    .songMenuComposeTo: "Send to {name}",
    .songMenuComposeReply: "Reply to {name}",
    .songMenuCount: "{count}/{max}",
    .songMenuMessageLabel: "Message:",
    .songMenuSending: "Sending…",
    .songMenuPeopleTitle: "Send to one of the people you follow",
    .songMenuFilterLabel: "Filter:",
    .songMenuLoading: "Loading…",
    .songMenuNoPeople: "You follow no one yet. Follow people in People (p on Profile) to send them songs.",
    .songMenuNoMatch: "No one you follow matches.",
    .songMenuReplyTitle: "Reply to {name} with a song",
    .songMenuReplySearchLabel: "Search:",
    .songMenuReplyPending: "Replying to {name}: choose a song, then . on it.",
    .songMenuWaiting: "{waiting} waiting to sync",
    .songMenuNeedsAccount: "Sharing needs a vibes account. Press Enter to sign in.",
    .songMenuNeedsUsername: "Choose your @username first: press Enter to open People.",
    .songMenuNotConfigured: "The vibes account service is not set up here: see Docs/firebase-setup.md.",
    .songMenuNeedsSpotify: "Your library and playlists need Spotify. Press Enter to connect it.",
    .songMenuFailTooLong: "The message is {count} characters; at most {max} fit. Shorten it, then press Enter.",
    .songMenuFailRefused: "vibes refused it (a block, or not allowed). Nothing was sent.",
    .songMenuFailOffline: "It could not be sent or queued: the network or storage failed. Press Enter to try again.",
    .songMenuFailFailed: "Firebase answered with an error. Press Enter to try again.",
    .songMenuPeopleFailed: "The people you follow could not be loaded: the network or Firebase failed.",
  ]

  static let german: [SongMenuL10n: String] = [
    .songMenuTitle: "Song",
    .songMenuHelpKey: "Song-Menü",
    .songMenuHelpReplyWithSong: "mit einem Song antworten",
    .songMenuItemReplyTo: "{name} mit diesem Song antworten",
    .songMenuItemShareToAll: "Mit allen teilen",
    .songMenuItemSendToOne: "An eine Person senden",
    .songMenuItemAddToLibrary: "Zur Bibliothek hinzufügen",
    .songMenuItemAddToPlaylist: "Zu Playlist hinzufügen",
    .songMenuItemPlayPreview: "Vorschau abspielen",
    .songMenuItemOpenInSpotify: "In Spotify öffnen",
    .songMenuItemCopyLink: "Link kopieren",
    .songMenuHelpChoose: "wählen",
    .songMenuHelpSearch: "suchen",
    .songMenuHelpPick: "auswählen",
    .songMenuHelpSend: "senden",
    .songMenuHelpSignIn: "anmelden",
    .songMenuHelpSetUpSpotify: "Spotify einrichten",
    .songMenuFilterHint: "tippen zum Filtern",
    .songMenuMessageHint: "eine Nachricht (optional)",
    .songMenuUnsavedMessage: "eine noch nicht gesendete Song-Nachricht",
    .songMenuReplySearchHint: "Song oder Künstler",
    .songMenuSharedAll: "„{title}“ mit deinen Followern geteilt.",
    .songMenuSharedAllBadge: "„{title}“ mit deinen Followern geteilt. Neues Abzeichen: {badge}!",
    .songMenuSentTo: "„{title}“ an {name} gesendet.",
    .songMenuSentToBadge: "„{title}“ an {name} gesendet. Neues Abzeichen: {badge}!",
    .songMenuRepliedTo: "{name} mit „{title}“ geantwortet.",
    .songMenuRepliedToBadge: "{name} mit „{title}“ geantwortet. Neues Abzeichen: {badge}!",
    .songMenuQueued:
      "Offline: wartet auf Synchronisierung ({waiting} wartend). Es wird gesendet, sobald das Netz da ist.",
    .songMenuSaved: "„{title}“ zu deiner Bibliothek hinzugefügt.",
    .songMenuSavedQueued: "Offline: „{title}“ wird zu deiner Bibliothek hinzugefügt, sobald das Netz da ist.",
    .songMenuOutboxRefused:
      "{count} wartende Freigabe(n) hat vibes abgelehnt und verworfen (eine Blockierung oder nicht erlaubt).",
    .songMenuOutboxSent: "{count} wartende Freigabe(n) gesendet.",
    .songMenuOutboxSentBadge: "{count} wartende Freigabe(n) gesendet. Neues Abzeichen: {badge}!",
    .songMenuOpened: "„{title}“ wird in Spotify geöffnet.",
    .songMenuComposeAll: "Mit allen deinen Followern teilen",
    .songMenuComposeTo: "An {name} senden",
    .songMenuComposeReply: "{name} antworten",
    .songMenuCount: "{count}/{max}",
    .songMenuMessageLabel: "Nachricht:",
    .songMenuSending: "Wird gesendet…",
    .songMenuPeopleTitle: "An eine Person senden, der du folgst",
    .songMenuFilterLabel: "Filter:",
    .songMenuLoading: "Wird geladen…",
    .songMenuNoPeople: "Du folgst noch niemandem. Folge Leuten unter Personen (p im Profil), um ihnen Songs zu senden.",
    .songMenuNoMatch: "Niemand, dem du folgst, passt.",
    .songMenuReplyTitle: "{name} mit einem Song antworten",
    .songMenuReplySearchLabel: "Suche:",
    .songMenuReplyPending: "Antwort an {name}: wähle einen Song, dann . darauf.",
    .songMenuWaiting: "{waiting} warten auf Synchronisierung",
    .songMenuNeedsAccount: "Teilen braucht ein vibes-Konto. Drücke Enter, um dich anzumelden.",
    .songMenuNeedsUsername: "Wähle zuerst deinen @Benutzernamen: Enter öffnet Personen.",
    .songMenuNotConfigured: "Der vibes-Kontodienst ist hier nicht eingerichtet: siehe Docs/firebase-setup.md.",
    .songMenuNeedsSpotify: "Bibliothek und Playlists brauchen Spotify. Drücke Enter, um es zu verbinden.",
    .songMenuFailTooLong:
      "Die Nachricht hat {count} Zeichen; höchstens {max} passen. Kürze sie, dann drücke Enter.",
    .songMenuFailRefused: "vibes hat es abgelehnt (eine Blockierung oder nicht erlaubt). Nichts wurde gesendet.",
    .songMenuFailOffline:
      "Es konnte weder gesendet noch vorgemerkt werden: Netz oder Speicher fehlgeschlagen. Enter versucht es erneut.",
    .songMenuFailFailed: "Firebase hat mit einem Fehler geantwortet. Drücke Enter, um es erneut zu versuchen.",
    .songMenuPeopleFailed:
      "Die Leute, denen du folgst, konnten nicht geladen werden: Netz oder Firebase fehlgeschlagen.",
  ]
}

extension Localizer {
  /// A song menu text.
  public subscript(_ key: SongMenuL10n) -> String { text(key) }
  /// A song menu text with its `{placeholders}` filled.
  public func format(_ key: SongMenuL10n, _ values: [String: String]) -> String { text(key, values) }
}

extension SongMenuFailure {
  /// The sentence that explains the failure on the composer.
  public func text(_ t: Localizer) -> String {
    switch self {
    case .notSignedIn: return t[.songMenuNeedsAccount]
    case .notConfigured: return t[.songMenuNotConfigured]
    case .noUsername: return t[.songMenuNeedsUsername]
    case .refused: return t[.songMenuFailRefused]
    case .tooLong(let count):
      return t.format(.songMenuFailTooLong, ["count": "\(count)", "max": "\(ShareMessageRule.maxLength)"])
    case .offline: return t[.songMenuFailOffline]
    case .failed: return t[.songMenuFailFailed]
    }
  }
}
