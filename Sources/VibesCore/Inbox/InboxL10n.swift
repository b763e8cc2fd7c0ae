import Foundation

/// The Inbox area's text (conversations, a thread, the text reply), English and German.
public enum InboxL10n: String, LocalizedKey {
  case inboxTitle, inboxHelpOpenInbox, inboxHelpRefresh, inboxHelpReply, inboxHelpSend, inboxHelpReload
  case inboxUnsavedReply, inboxReplySent, inboxReplyPlaceholder, inboxSending, inboxLoading
  case inboxEmpty, inboxNotSignedIn, inboxNotConfigured, inboxNoMessages
  case inboxCachedAgo, inboxUnread, inboxYou, inboxReplyLabel
  case inboxFailedLoadInbox, inboxFailedLoadThread, inboxFailedSend
  case inboxReasonOffline, inboxReasonRefused, inboxReasonFailed, inboxReasonNotSignedIn, inboxReasonNotConfigured

  public static func table(for language: Language) -> [InboxL10n: String] {
    switch language {
    case .en: return english
    case .de: return german
    }
  }

  static let english: [InboxL10n: String] = [
    .inboxTitle: "Inbox",
    .inboxHelpOpenInbox: "inbox",
    .inboxHelpRefresh: "refresh",
    .inboxHelpReply: "reply",
    .inboxHelpSend: "send",
    .inboxHelpReload: "reload",
    .inboxUnsavedReply: "a reply not sent yet",
    .inboxReplySent: "Reply sent.",
    .inboxReplyPlaceholder: "a short reply",
    .inboxSending: "Sending…",
    .inboxLoading: "Loading…",
    .inboxEmpty: "No conversations yet. Songs sent to you and your replies show here.",
    .inboxNotSignedIn: "You are not signed in to vibes. Sign in from a terminal with this command, then press r here:",
    .inboxNotConfigured:
      "The vibes account service is not set up here: see Docs/firebase-setup.md, then press r here.",
    .inboxNoMessages: "No messages in this conversation yet.",
    .inboxCachedAgo: "Showing what was cached {ago} ago",
    .inboxUnread: "new",
    .inboxYou: "you",
    .inboxReplyLabel: "Reply:",
    .inboxFailedLoadInbox: "Your conversations could not be loaded: {reason} Press r to try again.",
    .inboxFailedLoadThread: "This conversation could not be loaded: {reason} Press u to try again.",
    .inboxFailedSend: "Your reply was not sent: {reason} Press Enter to try again.",
    .inboxReasonOffline: "the network or Firebase could not be reached.",
    .inboxReasonRefused: "Firebase refused it (a block, or the conversation is gone).",
    .inboxReasonFailed: "Firebase answered with an error.",
    .inboxReasonNotSignedIn: "you are not signed in (vibes auth login google).",
    .inboxReasonNotConfigured: "the vibes account service is not set up.",
  ]

  static let german: [InboxL10n: String] = [
    .inboxTitle: "Posteingang",
    .inboxHelpOpenInbox: "Posteingang",
    .inboxHelpRefresh: "aktualisieren",
    .inboxHelpReply: "antworten",
    .inboxHelpSend: "senden",
    .inboxHelpReload: "neu laden",
    .inboxUnsavedReply: "eine noch nicht gesendete Antwort",
    .inboxReplySent: "Antwort gesendet.",
    .inboxReplyPlaceholder: "eine kurze Antwort",
    .inboxSending: "Wird gesendet…",
    .inboxLoading: "Wird geladen…",
    .inboxEmpty: "Noch keine Unterhaltungen. Songs, die dir geschickt werden, und deine Antworten erscheinen hier.",
    .inboxNotSignedIn:
      "Du bist nicht bei vibes angemeldet. Melde dich in einem Terminal mit diesem Befehl an, dann hier r drücken:",
    .inboxNotConfigured:
      "Der vibes-Kontodienst ist hier nicht eingerichtet: siehe Docs/firebase-setup.md, dann hier r drücken.",
    .inboxNoMessages: "Noch keine Nachrichten in dieser Unterhaltung.",
    .inboxCachedAgo: "Zeige den Stand von vor {ago}",
    .inboxUnread: "neu",
    .inboxYou: "du",
    .inboxReplyLabel: "Antwort:",
    .inboxFailedLoadInbox: "Deine Unterhaltungen konnten nicht geladen werden: {reason} r versucht es erneut.",
    .inboxFailedLoadThread: "Diese Unterhaltung konnte nicht geladen werden: {reason} u versucht es erneut.",
    .inboxFailedSend: "Deine Antwort wurde nicht gesendet: {reason} Enter versucht es erneut.",
    .inboxReasonOffline: "das Netz oder Firebase war nicht erreichbar.",
    .inboxReasonRefused: "Firebase hat abgelehnt (eine Sperre, oder die Unterhaltung gibt es nicht mehr).",
    .inboxReasonFailed: "Firebase hat mit einem Fehler geantwortet.",
    .inboxReasonNotSignedIn: "du bist nicht angemeldet (vibes auth login google).",
    .inboxReasonNotConfigured: "der vibes-Kontodienst ist nicht eingerichtet.",
  ]
}

extension Localizer {
  /// An Inbox text.
  public subscript(_ key: InboxL10n) -> String { text(key) }
  /// An Inbox text with its `{placeholders}` filled.
  public func format(_ key: InboxL10n, _ values: [String: String]) -> String { text(key, values) }
}

extension Localizer {
  /// The line about what the inbox shows, in the Feed's words: "Updated just now" / "Updated 5 min ago" for a fresh
  /// copy; the cache after the network failed: "Offline · showing what was cached 2 h ago" (or, when Firebase
  /// answered but refused, "Showing what was cached 2 h ago"). `now` nil: the moment of the copy.
  public func inboxCacheAge(fetchedAt: Date, now: Date?, isStale: Bool, failure: InboxFailure?) -> String {
    let seconds = max(0, (now ?? fetchedAt).timeIntervalSince(fetchedAt))
    guard isStale else {
      return seconds < 60 ? self[FeedL10n.updatedJustNow] : format(FeedL10n.updatedAgo, ["ago": feedAgo(seconds)])
    }
    let ago = feedAgo(max(60, seconds))
    switch failure {
    case .offline?, nil: return format(FeedL10n.offlineAgo, ["ago": ago])
    default: return format(InboxL10n.inboxCachedAgo, ["ago": ago])
    }
  }

  /// A message's or a conversation's age in the Feed's words ("5 min ago", "vor 3 Std."); nil for a date ahead of
  /// `now` by more than a minute (another clock: the screen shows the date instead).
  public func inboxAge(_ date: Date, now: Date) -> String? {
    let seconds = now.timeIntervalSince(date)
    guard seconds > -60 else { return nil }
    return format(SocialFeedL10n.ago, ["ago": feedAgo(max(0, seconds))])
  }
}

extension InboxFailure {
  /// Why, in words (the end of a "… failed: {reason}" sentence).
  public var reason: InboxL10n {
    switch self {
    case .notSignedIn: return .inboxReasonNotSignedIn
    case .notConfigured: return .inboxReasonNotConfigured
    case .offline: return .inboxReasonOffline
    case .refused: return .inboxReasonRefused
    case .failed: return .inboxReasonFailed
    }
  }
}
