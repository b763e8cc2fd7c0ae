import Foundation
import VibesCore
import VibesServices

extension SocialRepository {
  /// Removes your photo: the Storage object (a missing one is fine), then `photoUrl` from your profile with a mask
  /// naming only it (nothing else changes).
  public func removePhoto() async throws(SocialError) {
    let uid = try await me()
    if let storage {
      let path = Self.photoPath(uid: uid)
      try await run { token throws(FirebaseError) in try await storage.delete(path: path, idToken: token) }
    }
    let firestore = self.firestore
    _ = try await run { token throws(FirebaseError) in
      try await firestore.patch("users/\(uid)", fields: [:], mask: ["photoUrl"], exists: true, idToken: token)
    }
  }
}
