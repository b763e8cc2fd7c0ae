/// Every user-facing text of the App Store Connect tab and `vibes widget`, by key.
public enum AppStoreConnectL10n: String, LocalizedKey {
  case ascLoading
  case ascSetupTitle
  case ascSetupIntro
  case ascSetupLocalOnly
  case ascSetupDelay
  case ascLinkLabel
  case ascLinkKeys
  case ascFieldIssuerID
  case ascFieldKeyID
  case ascFieldPrivateKey
  case ascPlaceholderIssuerID
  case ascPlaceholderKeyID
  case ascPlaceholderPrivateKey
  case ascHelperIssuerID
  case ascHelperKeyID
  case ascHelperPrivateKey
  case ascKeyLoaded
  case ascKeyReading
  case ascKeyEntered
  case ascKeyFromFile
  case ascButtonConnect
  case ascButtonRetry
  case ascVerifying
  case ascErrorRequired
  case ascErrorIssuerFormat
  case ascErrorKeyIDFormat
  case ascFailureMalformedKey
  case ascFailureKeyFileUnreadable
  case ascFailureNotAuthorized
  case ascFailureRoleTooLow
  case ascFailureAgreement
  case ascFailureRateLimited
  case ascFailureRateLimitedFor
  case ascFailureServer
  case ascFailureUnexpected
  case ascFailureStorage
  case ascFailureNotConfigured
  case ascNothingSaved
  case ascRetryHint
  case ascDashboardTitle
  case ascAppsCount
  case ascAppsCountOne
  case ascLastSync
  case ascNeverSynced
  case ascSyncing
  case ascSyncFailed
  case ascDelayNote
  case ascColumnName
  case ascColumnBundleID
  case ascColumnSKU
  case ascNoApps
  case ascSettingsTitle
  case ascRemoveButton
  case ascRemoveExplain
  case ascConfirmRemoval
  case ascRemoving
  case ascRemovalFailed
  case ascBannerRemoved
  case ascBannerLinkCopied
  case ascHelpSync
  case ascHelpSettings
  case ascHelpRemove
  case ascHelpConnect
  case ascHelpNewline
  case ascHelpPath
  case ascWidgetNotConfigured
  case ascWidgetSynced
  case ascWidgetNotSynced
  case ascWidgetSyncFailed
}

extension AppStoreConnectL10n {
  public static func table(for language: Language) -> [AppStoreConnectL10n: String] {
    switch language {
    case .en: return AppStoreConnectStrings.english
    case .de: return AppStoreConnectStrings.german
    }
  }
}

enum AppStoreConnectStrings {}

extension Localizer {
  public subscript(_ key: AppStoreConnectL10n) -> String { text(key) }
  public func format(_ key: AppStoreConnectL10n, _ values: [String: String]) -> String {
    text(key, values)
  }

  /// "1 app" / "3 apps" in this language.
  public func appsCount(_ count: Int) -> String {
    count == 1
      ? text(AppStoreConnectL10n.ascAppsCountOne) : text(AppStoreConnectL10n.ascAppsCount, ["count": "\(count)"])
  }
}
