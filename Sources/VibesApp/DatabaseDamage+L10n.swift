import VibesCore
import VibesStorage

extension DatabaseDamage {
  /// The reason in the user's words, in every language (the English `description` stays for the log).
  var localized: LocalizedText {
    let key: L10n =
      switch self {
      case .empty: .damageEmpty
      case .notSQLite: .damageNotSQLite
      case .invalidHeader: .damageInvalidHeader
      case .truncated: .damageTruncated
      case .foreignDatabase: .damageForeignDatabase
      case .orphanLog: .damageOrphanLog
      case .unreadable: .damageUnreadable
      }
    return LocalizedText(key)
  }
}
