import Foundation
import VibesCore
import VibesServices
import VibesStorage

/// For You's memory (dismissed songs, seeds, songs shown) per account: signed in, it is the account's — kept in
/// Firestore (`users/{uid}/private/forYou`, the owner's alone) so another device agrees, with a copy beside the
/// account's People copy for offline use (both merged on every read, so a dismissal made offline is not lost);
/// signed out, the computer's own copy in SQLite as before. Signing out never shows one account's memory to the next.
extension EffectRunner {
  static let forYouMemoryKey = "forYouMemory"

  /// The memory to use now.
  func loadForYouMemory() async -> ForYouMemory {
    let database = dependencies.database
    guard case .success(let owner) = await peopleOwner() else {
      return (try? database.forYouMemory()) ?? ForYouMemory()
    }
    var memory = ForYouMemory()
    if let entry = try? database.peopleCache(owner: owner, key: Self.forYouMemoryKey),
      let copy = try? JSONDecoder().decode(ForYouMemory.self, from: entry.payload)
    {
      memory = copy
    }
    if case .success(let stored) = await people({ repository throws(SocialError) in
      try await repository.forYouMemory()
    }) {
      memory = memory.merged(with: stored)
    }
    return memory
  }

  /// Keeps `memory`: the account's copy and Firestore when signed in (a failed upload is merged in next time), the
  /// computer's copy when signed out.
  func storeForYouMemory(_ memory: ForYouMemory) async {
    let database = dependencies.database
    let now = dependencies.now()
    guard case .success(let owner) = await peopleOwner() else {
      do {
        try database.saveForYouMemory(memory, at: now)
      } catch {
        log.error("for you: the memory could not be written: \(String(describing: error))")
      }
      return
    }
    if let payload = try? JSONEncoder().encode(memory) {
      try? database.savePeopleCache(owner: owner, key: Self.forYouMemoryKey, payload: payload, at: now)
    }
    if case .failure(let failure) = await people({ repository throws(SocialError) in
      try await repository.saveForYouMemory(memory)
    }) {
      log.notice("for you: the memory stays on this computer for now (\(failure))")
    }
  }
}
