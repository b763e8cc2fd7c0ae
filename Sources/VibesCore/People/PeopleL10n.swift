/// The People area's text (your account line, find, Following / Followers, another user's profile), English and
/// German.
public enum PeopleL10n: String, LocalizedKey {
  case peopleTitle, peopleHelpPeople
  case peopleHelpFind, peopleHelpFindNow, peopleHelpToList, peopleHelpRetry
  case peopleHelpFollow, peopleHelpUnfollow, peopleHelpBlock, peopleHelpYes
  case peopleSignedInAs, peopleNoUsername, peopleNotSignedIn, peopleSignInHow
  case peopleFindLabel, peopleFindPlaceholder, peopleSearching, peopleNoMatches, peopleFound
  case peopleFollowing, peopleFollowers, peopleFollowNobody, peopleNoFollowers, peopleLoading, peopleOfflineCopy
  case peopleFailedLists, peopleFailedFind, peopleFailedProfile, peopleFailedFollow, peopleFailedUnfollow
  case peopleFailedBlock, peopleRetryHint
  case peopleReasonNotConfigured, peopleReasonNotSignedIn, peopleReasonSignInAgain, peopleReasonOffline
  case peopleReasonRefused, peopleReasonBlocked, peopleReasonNotFound, peopleReasonService
  case peopleFollowersCount, peopleFollowingCount, peopleYouFollow, peopleYouDoNotFollow
  case peopleConfirmUnfollow, peopleConfirmBlock, peopleWorking
  case peopleFollowed, peopleUnfollowed, peopleBlocked
  case peopleHelpChooseUsername, peopleHelpChangeUsername, peopleHelpClaim
  case peopleUsernameTitle, peopleUsernamePlaceholder, peopleUsernameRule
  case peopleUsernameTooShort, peopleUsernameTooLong, peopleUsernameStartLetter, peopleUsernameCharacters
  case peopleUsernameChecking, peopleUsernameFree, peopleUsernameTaken, peopleUsernameYours, peopleUsernameFailedCheck
  case peopleUsernameSaving, peopleUsernameFailedClaim, peopleUsernameRetryHint, peopleUsernameClaimed
  case peopleHelpEditProfile, peopleHelpNextField, peopleHelpPreviousField, peopleHelpSave
  case peopleProfileTitle, peopleProfileName, peopleProfileBio, peopleProfileNewline, peopleProfileSaving
  case peopleProfileFailed, peopleProfileSaved
  case peopleHelpSignIn, peopleHelpSignInCode, peopleSignInTitle, peopleSignInStarting, peopleSignInBrowser
  case peopleSignInBrowserOpened, peopleSignInDevice, peopleSignInWaiting, peopleSignInFailed, peopleSignInRetryHint
  case peopleSignedIn, peopleSignInNotConfigured, peopleSignInListener, peopleSignInTimedOut, peopleSignInDenied
  case peopleSignInCodeExpired, peopleSignInWrongClient, peopleSignInProjectMismatch, peopleSignInDisabled
  case peopleSignInRefused, peopleSignInOffline, peopleSignInSecretStore, peopleSignInService

  public static func table(for language: Language) -> [PeopleL10n: String] {
    switch language {
    case .en: return english
    case .de: return german
    }
  }

  static let english: [PeopleL10n: String] = [
    .peopleTitle: "People",
    .peopleHelpPeople: "people",
    .peopleHelpFind: "find",
    .peopleHelpFindNow: "find now",
    .peopleHelpToList: "to the list",
    .peopleHelpRetry: "retry",
    .peopleHelpFollow: "follow",
    .peopleHelpUnfollow: "unfollow",
    .peopleHelpBlock: "block",
    .peopleHelpYes: "yes",
    .peopleSignedInAs: "Signed in as @{username}",
    .peopleNoUsername: "Signed in, no @username yet: press n to choose one",
    .peopleNotSignedIn: "Not signed in.",
    .peopleSignInHow:
      "To find and follow people, sign in with Google: press s (or d to use a code on another device). On the command line: vibes auth login google",
    .peopleFindLabel: "Find",
    .peopleFindPlaceholder: "@username or name",
    .peopleSearching: "Searching…",
    .peopleNoMatches: "Nobody found for “{query}”.",
    .peopleFound: "Found",
    .peopleFollowing: "Following ({count})",
    .peopleFollowers: "Followers ({count})",
    .peopleFollowNobody: "You follow nobody yet: press / to find people.",
    .peopleNoFollowers: "No followers yet.",
    .peopleLoading: "Loading…",
    .peopleOfflineCopy: "Offline copy from {date}",
    .peopleFailedLists: "Could not load your people: {reason}.",
    .peopleFailedFind: "Could not search: {reason}.",
    .peopleFailedProfile: "Could not load this profile: {reason}.",
    .peopleFailedFollow: "Could not follow: {reason}.",
    .peopleFailedUnfollow: "Could not unfollow: {reason}.",
    .peopleFailedBlock: "Could not block: {reason}.",
    .peopleRetryHint: "Press r to try again.",
    .peopleReasonNotConfigured: "no Firebase project is set up (see Docs/firebase-setup.md)",
    .peopleReasonNotSignedIn: "you are not signed in (vibes auth login google)",
    .peopleReasonSignInAgain: "your sign-in has ended; sign in again with vibes auth login google",
    .peopleReasonOffline: "no connection to Firebase",
    .peopleReasonRefused: "Firebase refused it",
    .peopleReasonBlocked: "a block stands between you",
    .peopleReasonNotFound: "this account no longer exists",
    .peopleReasonService: "Firebase did not answer properly",
    .peopleFollowersCount: "{count} followers",
    .peopleFollowingCount: "{count} following",
    .peopleYouFollow: "You follow them.",
    .peopleYouDoNotFollow: "You do not follow them.",
    .peopleConfirmUnfollow: "Unfollow {name}?",
    .peopleConfirmBlock: "Block {name}? Follows both ways end and you no longer see each other.",
    .peopleWorking: "Working…",
    .peopleFollowed: "You now follow {name}.",
    .peopleUnfollowed: "You no longer follow {name}.",
    .peopleBlocked: "Blocked {name}: you no longer see each other.",
    .peopleHelpChooseUsername: "choose your @username",
    .peopleHelpChangeUsername: "change @username",
    .peopleHelpClaim: "claim",
    .peopleUsernameTitle: "Choose your @username",
    .peopleUsernamePlaceholder: "name",
    .peopleUsernameRule: "3 to 20 characters: a–z, 0–9 and _, starting with a letter.",
    .peopleUsernameTooShort: "Too short: at least 3 characters.",
    .peopleUsernameTooLong: "Too long: at most 20 characters.",
    .peopleUsernameStartLetter: "It must start with a letter a–z.",
    .peopleUsernameCharacters: "Only a–z, 0–9 and _ are allowed.",
    .peopleUsernameChecking: "Checking @{name}…",
    .peopleUsernameFree: "@{name} is free: Enter claims it.",
    .peopleUsernameTaken: "@{name} is taken.",
    .peopleUsernameYours: "@{name} is yours already.",
    .peopleUsernameFailedCheck: "Could not check @{name}: {reason}.",
    .peopleUsernameSaving: "Saving @{name}…",
    .peopleUsernameFailedClaim: "Could not save @{name}: {reason}.",
    .peopleUsernameRetryHint: "Press Enter to try again.",
    .peopleUsernameClaimed: "You are now @{name}.",
    .peopleHelpEditProfile: "edit profile",
    .peopleHelpNextField: "next field",
    .peopleHelpPreviousField: "previous field",
    .peopleHelpSave: "save",
    .peopleProfileTitle: "Edit your profile",
    .peopleProfileName: "Name",
    .peopleProfileBio: "Bio",
    .peopleProfileNewline: "Alt-Enter starts a new line in the bio.",
    .peopleProfileSaving: "Saving your profile…",
    .peopleProfileFailed: "Could not save your profile: {reason}.",
    .peopleProfileSaved: "Profile saved.",
    .peopleHelpSignIn: "sign in",
    .peopleHelpSignInCode: "sign in with a code",
    .peopleSignInTitle: "Signing in with Google",
    .peopleSignInStarting: "Starting…",
    .peopleSignInBrowser: "Finish signing in in your browser at:",
    .peopleSignInBrowserOpened: "Finish signing in in your browser (it was opened). If it did not open, visit:",
    .peopleSignInDevice: "On any device, open {url} and enter the code {code}",
    .peopleSignInWaiting: "Waiting for Google… Esc cancels.",
    .peopleSignInFailed: "Could not sign in: {reason}.",
    .peopleSignInRetryHint: "Press s to try again, d to use a code instead.",
    .peopleSignedIn: "Signed in.",
    .peopleSignInNotConfigured: "no Firebase project or Google client is set up (see Docs/firebase-setup.md)",
    .peopleSignInListener: "vibes could not listen for the browser's answer; use a code (d)",
    .peopleSignInTimedOut: "no answer from Google in time",
    .peopleSignInDenied: "sign-in was declined at Google",
    .peopleSignInCodeExpired: "the code expired before it was entered",
    .peopleSignInWrongClient: "Google refused the OAuth client (check VIBES_GOOGLE_CLIENT_ID and its secret)",
    .peopleSignInProjectMismatch: "the Google client belongs to another Firebase project",
    .peopleSignInDisabled: "this vibes account has been disabled",
    .peopleSignInRefused: "Google refused the sign-in code (used, expired or from another attempt)",
    .peopleSignInOffline: "no connection to Google or Firebase",
    .peopleSignInSecretStore: "the secret store could not keep the session",
    .peopleSignInService: "Google or Firebase did not answer properly",
  ]

  static let german: [PeopleL10n: String] = [
    .peopleTitle: "Leute",
    .peopleHelpPeople: "Leute",
    .peopleHelpFind: "suchen",
    .peopleHelpFindNow: "jetzt suchen",
    .peopleHelpToList: "zur Liste",
    .peopleHelpRetry: "erneut",
    .peopleHelpFollow: "folgen",
    .peopleHelpUnfollow: "entfolgen",
    .peopleHelpBlock: "blockieren",
    .peopleHelpYes: "ja",
    .peopleSignedInAs: "Angemeldet als @{username}",
    .peopleNoUsername: "Angemeldet, noch kein @Nutzername: n wählt einen",
    .peopleNotSignedIn: "Nicht angemeldet.",
    .peopleSignInHow:
      "Um Leute zu finden und ihnen zu folgen, mit Google anmelden: s drücken (oder d für einen Code auf einem anderen Gerät). In der Kommandozeile: vibes auth login google",
    .peopleFindLabel: "Suchen",
    .peopleFindPlaceholder: "@Nutzername oder Name",
    .peopleSearching: "Suche läuft…",
    .peopleNoMatches: "Niemand gefunden für „{query}“.",
    .peopleFound: "Gefunden",
    .peopleFollowing: "Du folgst ({count})",
    .peopleFollowers: "Folgen dir ({count})",
    .peopleFollowNobody: "Du folgst noch niemandem: mit / Leute suchen.",
    .peopleNoFollowers: "Noch niemand folgt dir.",
    .peopleLoading: "Wird geladen…",
    .peopleOfflineCopy: "Offline-Kopie vom {date}",
    .peopleFailedLists: "Deine Leute konnten nicht geladen werden: {reason}.",
    .peopleFailedFind: "Suche fehlgeschlagen: {reason}.",
    .peopleFailedProfile: "Profil konnte nicht geladen werden: {reason}.",
    .peopleFailedFollow: "Folgen fehlgeschlagen: {reason}.",
    .peopleFailedUnfollow: "Entfolgen fehlgeschlagen: {reason}.",
    .peopleFailedBlock: "Blockieren fehlgeschlagen: {reason}.",
    .peopleRetryHint: "r versucht es erneut.",
    .peopleReasonNotConfigured: "kein Firebase-Projekt eingerichtet (siehe Docs/firebase-setup.md)",
    .peopleReasonNotSignedIn: "du bist nicht angemeldet (vibes auth login google)",
    .peopleReasonSignInAgain: "deine Anmeldung ist abgelaufen; neu anmelden mit vibes auth login google",
    .peopleReasonOffline: "keine Verbindung zu Firebase",
    .peopleReasonRefused: "Firebase hat es abgelehnt",
    .peopleReasonBlocked: "eine Blockierung steht zwischen euch",
    .peopleReasonNotFound: "dieses Konto gibt es nicht mehr",
    .peopleReasonService: "Firebase hat nicht richtig geantwortet",
    .peopleFollowersCount: "{count} Follower",
    .peopleFollowingCount: "folgt {count}",
    .peopleYouFollow: "Du folgst dieser Person.",
    .peopleYouDoNotFollow: "Du folgst dieser Person nicht.",
    .peopleConfirmUnfollow: "{name} entfolgen?",
    .peopleConfirmBlock: "{name} blockieren? Gegenseitiges Folgen endet und ihr seht einander nicht mehr.",
    .peopleWorking: "Wird ausgeführt…",
    .peopleFollowed: "Du folgst jetzt {name}.",
    .peopleUnfollowed: "Du folgst {name} nicht mehr.",
    .peopleBlocked: "{name} blockiert: ihr seht einander nicht mehr.",
    .peopleHelpChooseUsername: "@Nutzername wählen",
    .peopleHelpChangeUsername: "@Nutzername ändern",
    .peopleHelpClaim: "sichern",
    .peopleUsernameTitle: "Wähle deinen @Nutzernamen",
    .peopleUsernamePlaceholder: "Name",
    .peopleUsernameRule: "3 bis 20 Zeichen: a–z, 0–9 und _, am Anfang ein Buchstabe.",
    .peopleUsernameTooShort: "Zu kurz: mindestens 3 Zeichen.",
    .peopleUsernameTooLong: "Zu lang: höchstens 20 Zeichen.",
    .peopleUsernameStartLetter: "Er muss mit einem Buchstaben a–z beginnen.",
    .peopleUsernameCharacters: "Nur a–z, 0–9 und _ sind erlaubt.",
    .peopleUsernameChecking: "Prüfe @{name}…",
    .peopleUsernameFree: "@{name} ist frei: Enter sichert ihn.",
    .peopleUsernameTaken: "@{name} ist vergeben.",
    .peopleUsernameYours: "@{name} gehört dir schon.",
    .peopleUsernameFailedCheck: "@{name} konnte nicht geprüft werden: {reason}.",
    .peopleUsernameSaving: "Speichere @{name}…",
    .peopleUsernameFailedClaim: "@{name} konnte nicht gespeichert werden: {reason}.",
    .peopleUsernameRetryHint: "Enter versucht es erneut.",
    .peopleUsernameClaimed: "Du bist jetzt @{name}.",
    .peopleHelpEditProfile: "Profil bearbeiten",
    .peopleHelpNextField: "nächstes Feld",
    .peopleHelpPreviousField: "voriges Feld",
    .peopleHelpSave: "speichern",
    .peopleProfileTitle: "Dein Profil bearbeiten",
    .peopleProfileName: "Name",
    .peopleProfileBio: "Über dich",
    .peopleProfileNewline: "Alt-Enter beginnt in „Über dich“ eine neue Zeile.",
    .peopleProfileSaving: "Dein Profil wird gespeichert…",
    .peopleProfileFailed: "Dein Profil konnte nicht gespeichert werden: {reason}.",
    .peopleProfileSaved: "Profil gespeichert.",
    .peopleHelpSignIn: "anmelden",
    .peopleHelpSignInCode: "mit Code anmelden",
    .peopleSignInTitle: "Anmeldung mit Google",
    .peopleSignInStarting: "Wird gestartet…",
    .peopleSignInBrowser: "Schließe die Anmeldung im Browser ab:",
    .peopleSignInBrowserOpened: "Schließe die Anmeldung im Browser ab (er wurde geöffnet). Falls nicht, öffne:",
    .peopleSignInDevice: "Öffne auf einem beliebigen Gerät {url} und gib den Code {code} ein",
    .peopleSignInWaiting: "Warte auf Google… Esc bricht ab.",
    .peopleSignInFailed: "Anmeldung fehlgeschlagen: {reason}.",
    .peopleSignInRetryHint: "s versucht es erneut, d nutzt stattdessen einen Code.",
    .peopleSignedIn: "Angemeldet.",
    .peopleSignInNotConfigured: "kein Firebase-Projekt oder Google-Client eingerichtet (siehe Docs/firebase-setup.md)",
    .peopleSignInListener: "vibes kann nicht auf die Antwort des Browsers warten; nutze einen Code (d)",
    .peopleSignInTimedOut: "keine Antwort von Google in der Zeit",
    .peopleSignInDenied: "die Anmeldung wurde bei Google abgelehnt",
    .peopleSignInCodeExpired: "der Code ist abgelaufen, bevor er eingegeben wurde",
    .peopleSignInWrongClient: "Google lehnt den OAuth-Client ab (VIBES_GOOGLE_CLIENT_ID und Secret prüfen)",
    .peopleSignInProjectMismatch: "der Google-Client gehört zu einem anderen Firebase-Projekt",
    .peopleSignInDisabled: "dieses vibes-Konto wurde deaktiviert",
    .peopleSignInRefused: "Google hat den Anmeldecode abgelehnt (benutzt, abgelaufen oder von einem anderen Versuch)",
    .peopleSignInOffline: "keine Verbindung zu Google oder Firebase",
    .peopleSignInSecretStore: "der Geheimnisspeicher konnte die Sitzung nicht aufbewahren",
    .peopleSignInService: "Google oder Firebase hat nicht richtig geantwortet",
  ]
}

extension Localizer {
  /// A People text.
  public subscript(_ key: PeopleL10n) -> String { text(key) }
  /// A People text with its `{placeholders}` filled.
  public func format(_ key: PeopleL10n, _ values: [String: String]) -> String { text(key, values) }
}
