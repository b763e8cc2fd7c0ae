import VibesCore
import VibesStorage

extension Localizer {
  /// Why the Secret Service is not in use, in the user's language (the storage layer's own text is
  /// English, for logs).
  public func fallbackReason(_ reason: SecretServiceUnavailability) -> String {
    switch reason {
    case .secretToolMissing: return self[.fallbackSecretToolMissing]
    case .noSessionBus: return self[.fallbackNoSessionBus]
    case .collectionLocked: return self[.fallbackCollectionLocked]
    case .noAnswer(let seconds): return format(.fallbackNoAnswer, ["seconds": "\(seconds)"])
    case .probeNotReadBack: return self[.fallbackProbe]
    case .vaultAlreadyInUse: return self[.fallbackVaultInUse]
    case .other(let text): return TerminalText.sanitize(text)
    }
  }
}
