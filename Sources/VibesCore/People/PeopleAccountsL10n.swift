/// The People area's text for the blocked list and the profile photo, English and German (its own table so the
/// People table stays as it was).
public enum PeopleAccountsL10n: String, LocalizedKey {
  case peopleHelpBlockedList, peopleHelpUnblock, peopleBlockedTitle, peopleBlockedNobody, peopleBlockedExplain
  case peopleConfirmUnblock, peopleUnblocked, peopleFailedBlocked, peopleFailedUnblock, peopleUnblocking
  case peoplePhotoLabel, peoplePhotoHint, peoplePhotoSaved, peoplePhotoRemoved
  case peopleHelpRemovePhoto, peopleRemovePhoto, peopleConfirmRemovePhoto, peoplePhotoSet, peoplePhotoUploading
  case peopleQueuedFollow, peopleQueuedUnfollow, peopleQueuedBlock, peopleChangeDropped, peopleDroppedFollow
  case peopleDroppedUnfollow, peopleDroppedBlock, peopleWaitingFollow, peopleWaitingUnfollow, peopleWaitingBlock
  case peopleWaitingCount
  case peoplePhotoNotFound, peoplePhotoUnreadable, peoplePhotoTooLarge, peoplePhotoNotImage, peoplePhotoFailed

  public static func table(for language: Language) -> [PeopleAccountsL10n: String] {
    switch language {
    case .en: return english
    case .de: return german
    }
  }

  static let english: [PeopleAccountsL10n: String] = [
    .peopleHelpBlockedList: "blocked people",
    .peopleHelpUnblock: "unblock",
    .peopleBlockedTitle: "Blocked people ({count})",
    .peopleBlockedNobody: "You have not blocked anyone.",
    .peopleBlockedExplain: "You and the people you blocked do not see each other anywhere in vibes.",
    .peopleConfirmUnblock: "Unblock {name}? You can see each other again; follows are not restored.",
    .peopleUnblocked: "Unblocked {name}.",
    .peopleFailedBlocked: "Could not load the people you blocked: {reason}.",
    .peopleFailedUnblock: "Could not unblock: {reason}.",
    .peopleUnblocking: "Unblocking…",
    .peopleQueuedFollow: "No connection: you follow {name} here; it waits to sync.",
    .peopleQueuedUnfollow: "No connection: you unfollowed {name} here; it waits to sync.",
    .peopleQueuedBlock: "No connection: {name} is blocked here; it waits to sync.",
    .peopleChangeDropped: "{change} was not synced: {reason}. It was dropped.",
    .peopleDroppedFollow: "Following {name}",
    .peopleDroppedUnfollow: "Unfollowing {name}",
    .peopleDroppedBlock: "Blocking {name}",
    .peopleWaitingFollow: "Follow waiting to sync",
    .peopleWaitingUnfollow: "Unfollow waiting to sync",
    .peopleWaitingBlock: "Block waiting to sync",
    .peopleWaitingCount: "{count} change(s) waiting to sync",
    .peoplePhotoLabel: "Photo",
    .peopleHelpRemovePhoto: "remove photo",
    .peopleRemovePhoto: "Remove photo",
    .peopleConfirmRemovePhoto: "Remove your profile photo?",
    .peoplePhotoSet: "You have a profile photo; a path here replaces it.",
    .peoplePhotoUploading: "Uploading the photo…",
    .peoplePhotoHint: "Photo: the path of a JPEG, PNG, GIF or WebP file under 5 MB, e.g. ~/me.jpg.",
    .peoplePhotoSaved: "Profile photo uploaded.",
    .peoplePhotoRemoved: "Profile photo removed.",
    .peoplePhotoNotFound: "There is no file at {path}.",
    .peoplePhotoUnreadable: "The file {path} could not be read.",
    .peoplePhotoTooLarge: "The photo is {size}; at most 5 MB can be uploaded.",
    .peoplePhotoNotImage: "The file is not a JPEG, PNG, GIF or WebP image.",
    .peoplePhotoFailed: "The photo was not saved: {reason}.",
  ]

  static let german: [PeopleAccountsL10n: String] = [
    .peopleHelpBlockedList: "blockierte Leute",
    .peopleHelpUnblock: "Blockierung aufheben",
    .peopleBlockedTitle: "Blockierte Leute ({count})",
    .peopleBlockedNobody: "Du hast niemanden blockiert.",
    .peopleBlockedExplain: "Du und die Leute, die du blockiert hast, seht einander nirgends in vibes.",
    .peopleConfirmUnblock:
      "Blockierung von {name} aufheben? Ihr seht einander wieder; gegenseitiges Folgen kommt nicht zurück.",
    .peopleUnblocked: "Blockierung von {name} aufgehoben.",
    .peopleFailedBlocked: "Die Leute, die du blockiert hast, konnten nicht geladen werden: {reason}.",
    .peopleFailedUnblock: "Die Blockierung konnte nicht aufgehoben werden: {reason}.",
    .peopleUnblocking: "Blockierung wird aufgehoben…",
    .peopleQueuedFollow: "Keine Verbindung: du folgst {name} hier; es wird später synchronisiert.",
    .peopleQueuedUnfollow: "Keine Verbindung: du folgst {name} hier nicht mehr; es wird später synchronisiert.",
    .peopleQueuedBlock: "Keine Verbindung: {name} ist hier blockiert; es wird später synchronisiert.",
    .peopleChangeDropped: "{change} wurde nicht synchronisiert: {reason}. Die Änderung wurde verworfen.",
    .peopleDroppedFollow: "Folgen von {name}",
    .peopleDroppedUnfollow: "Entfolgen von {name}",
    .peopleDroppedBlock: "Blockieren von {name}",
    .peopleWaitingFollow: "Folgen wartet auf Synchronisierung",
    .peopleWaitingUnfollow: "Entfolgen wartet auf Synchronisierung",
    .peopleWaitingBlock: "Blockieren wartet auf Synchronisierung",
    .peopleWaitingCount: "{count} Änderung(en) warten auf Synchronisierung",
    .peoplePhotoLabel: "Foto",
    .peopleHelpRemovePhoto: "Foto entfernen",
    .peopleRemovePhoto: "Foto entfernen",
    .peopleConfirmRemovePhoto: "Dein Profilfoto entfernen?",
    .peoplePhotoSet: "Du hast ein Profilfoto; ein Pfad hier ersetzt es.",
    .peoplePhotoUploading: "Das Foto wird hochgeladen…",
    .peoplePhotoHint:
      "Foto: der Pfad einer JPEG-, PNG-, GIF- oder WebP-Datei unter 5 MB, z. B. ~/ich.jpg.",
    .peoplePhotoSaved: "Profilfoto hochgeladen.",
    .peoplePhotoRemoved: "Profilfoto entfernt.",
    .peoplePhotoNotFound: "Unter {path} gibt es keine Datei.",
    .peoplePhotoUnreadable: "Die Datei {path} konnte nicht gelesen werden.",
    .peoplePhotoTooLarge: "Das Foto ist {size} groß; höchstens 5 MB können hochgeladen werden.",
    .peoplePhotoNotImage: "Die Datei ist kein JPEG-, PNG-, GIF- oder WebP-Bild.",
    .peoplePhotoFailed: "Das Foto wurde nicht gespeichert: {reason}.",
  ]
}

extension Localizer {
  /// A People text (blocked list, photo).
  public subscript(_ key: PeopleAccountsL10n) -> String { text(key) }
  /// A People text (blocked list, photo) with its `{placeholders}` filled.
  public func format(_ key: PeopleAccountsL10n, _ values: [String: String]) -> String { text(key, values) }
}
