import Foundation
import VibesCore
import VibesStorage

#if canImport(Glibc)
  import Glibc
#endif

extension Localizer {
  /// Why vibes' data could not be opened at start, and what to do, in the user's language (the storage layer's
  /// own descriptions are English, for logs). Paths and system messages only, never a secret.
  func storageFailure(_ error: any Error, dataDirectory: String) -> String {
    if case .readOnly(_, let reason)? = error as? AppDatabaseError {
      return format(.errorStorageReadOnly, ["path": dataDirectory, "reason": TerminalText.sanitize(reason)])
    }
    if let error = error as? StorageFileError, [EROFS, EACCES, EPERM].contains(error.code) {
      return format(
        .errorStorageReadOnly, ["path": dataDirectory, "reason": String(cString: strerror(error.code))])
    }
    // A database that cannot be created or grown on a full disk fails as "cannot open": say why.
    if DiskSpace.isFull(dataDirectory) {
      return format(.errorStorageDiskFull, ["path": dataDirectory])
    }
    if let error = error as? AppDatabaseError {
      switch error {
      case .readOnly(_, let reason):
        return format(.errorStorageReadOnly, ["path": dataDirectory, "reason": TerminalText.sanitize(reason)])
      case .busy(let path):
        return format(.errorStorageBusy, ["path": path])
      case .cannotMoveAside(let path, let reason):
        return format(.errorStorageCannotMoveAside, ["path": path, "reason": TerminalText.sanitize(reason)])
      case .cannotOpen(let path, let reason):
        return format(.errorStorageCannotOpen, ["path": path, "reason": TerminalText.sanitize(reason)])
      }
    }
    return format(.errorStorage, ["path": dataDirectory, "reason": String(describing: error)])
  }
}
