/// Every user-facing text of vibes, by key. Each key must exist in every language (a test checks).
public enum L10n: String, LocalizedKey {
  case resetVaultNothing
  case resetVaultNeedsYes
  case resetVaultDone
  case statusSeeReason
  case fallbackSecretToolMissing
  case fallbackNoSessionBus
  case fallbackCollectionLocked
  case fallbackNoAnswer
  case fallbackProbe
  case fallbackVaultInUse
  case noticeSpotifyConnected
  case statusFlowNotConfigured
  case statusAppStoreConnect
  case statusNeverSynced
  case statusTracker
  case appName
  case tabFeed
  case tabAppStoreConnect
  case tabTracker
  case setupCardProgress
  case setupCardComplete
  case setupCardLoading
  case setupCardHint
  case feedHeading
  case feedCount
  case feedEmpty
  case feedLoading
  case checklistTitle
  case checklistProgress
  case stepSpotifyTitle
  case stepSpotifySubtitle
  case stepGeminiTitle
  case stepGeminiSubtitle
  case stepTicketmasterTitle
  case stepTicketmasterSubtitle
  case statusNotConfigured
  case statusConfigured
  case statusConnected
  case secretsInSecretService
  case secretsInVault
  case secretsFallback
  case geminiIntro
  case ticketmasterIntro
  case linkLabel
  case linkKeys
  case fieldAPIKey
  case fieldCity
  case fieldStoredHint
  case buttonSave
  case buttonRetry
  case buttonRemove
  case errorRequired
  case errorWhitespace
  case errorTooShort
  case errorTooLong
  case errorInvalidCharacters
  case checkingGemini
  case checkingTicketmaster
  case savingCredential
  case removingCredential
  case failureInvalidGemini
  case failureInvalidTicketmaster
  case failureForbidden
  case failureForbiddenNoReason
  case failureQuota
  case failureQuotaRetryAfter
  case failureServer
  case failureUnexpected
  case failureInvalidResponse
  case failureStorage
  case retryHint
  case nothingSaved
  case confirmRemoval
  case removalFailed
  case noticeSaved
  case noticeSavedCityNoEvents
  case noticeSavedCityEvents
  case noticeRemoved
  case noticeLinkOpened
  case noticeLinkCopied
  case noticeNoBrowser
  case noticeStorageUnavailable
  case tooSmall
  case helpTitle
  case helpClose
  case helpMove
  case helpOpen
  case helpBack
  case helpQuit
  case helpQuitAnywhere
  case helpTabs
  case helpHelp
  case helpNextField
  case helpSubmit
  case helpClear
  case helpNewline
  case helpOpenLink
  case helpCopyLink
  case helpRetry
  case helpEditing
  case helpTop
  case helpTabsAnywhere
  case helpLeaveField
  case helpScroll
  case helpPage
  case helpCancel
  case noticeFieldFull
  case helpConfirm
  case helpKeep
  case helpActivate
  case helpDeleteWord
  case quitQuestion
  case helpQuitAnyway
  case helpStay
  case helpEnterSave
  case helpEnterNext
  case errorNotATerminal
  case errorTermUnset
  case errorTermDumb
  case errorTermUnknown
  case errorNoCursor
  case errorTerminalInit
  case errorStorage
  case errorSecretStore
  case errorStorageReadOnly
  case errorStorageBusy
  case errorStorageCannotMoveAside
  case errorStorageCannotOpen
  case errorStorageDiskFull
  case noticeOtherInstance
  case noticeDiskFullNotSaved
  case noticeDatabaseRebuilt
  case tabExplore
  case tabCreate
  case tabProfile
  case damageEmpty
  case damageNotSQLite
  case damageInvalidHeader
  case damageTruncated
  case damageForeignDatabase
  case damageOrphanLog
  case damageUnreadable
  case helpFullMessage
  case helpCloseMessage
  case helpScrollMessage
  case noticeCutHint
  case noticeOverlayTitle
}

extension L10n {
  public static func table(for language: Language) -> [L10n: String] {
    switch language {
    case .en: return Strings.english
    case .de: return Strings.german
    }
  }
}

enum Strings {}

extension Localizer {
  // Concrete overloads so that `t[.setupCardComplete]` resolves without naming the key type; each
  // feature's key type adds the same pair for itself.
  public subscript(_ key: L10n) -> String { text(key) }
  public func format(_ key: L10n, _ values: [String: String]) -> String { text(key, values) }
}
