import Foundation
import VibesCore
import VibesServices
import VibesStorage

extension EffectRunner {
  /// Claims `name` (one atomic commit; a rename frees the old name), creating your profile first (an empty display
  /// name) if the sign-in did not. The cached lists take the new name so the account line is right offline too.
  func claimUsername(_ name: String) async -> Result<String, UsernameClaimFailure> {
    guard let repository = PeopleLive.firebase(dependencies).repository() else {
      return .failure(.failed(.notConfigured))
    }
    do throws(SocialError) {
      try await repository.ensureProfile(displayName: "")
      let claimed = TerminalText.sanitize(try await repository.claimUsername(name))
      log.info("people: @username claimed")
      if case .success(let owner) = await peopleOwner() { updateCachedUsername(owner: owner, claimed) }
      return .success(claimed)
    } catch .usernameTaken {
      return .failure(.taken)
    } catch .invalidUsername(let problem) {
      return .failure(.invalid(problem))
    } catch {
      let failure = PeopleFailure(error)
      log.warning("people: claiming a @username failed (\(failure))")
      return .failure(.failed(failure))
    }
  }

  func updateCachedUsername(owner: String, _ name: String) {
    let database = dependencies.database
    guard let entry = try? database.peopleCache(owner: owner, key: Self.peopleListsKey),
      var lists = try? JSONDecoder().decode(PeopleLists.self, from: entry.payload)
    else { return }
    lists.username = name
    if let payload = try? JSONEncoder().encode(lists) {
      try? database.savePeopleCache(owner: owner, key: Self.peopleListsKey, payload: payload, at: entry.fetchedAt)
    }
  }
}

extension EffectRunner {
  /// Saves the changed fields with an update mask naming only them (`SocialRepository.edit`), creating your profile
  /// first if the sign-in did not; the cached account line takes them. nil when saved.
  func saveProfile(displayName: String?, bio: String?) async -> PeopleFailure? {
    let result = await people { repository throws(SocialError) in
      try await repository.ensureProfile(displayName: displayName ?? "")
      try await repository.edit(ProfileEdit(displayName: displayName, bio: bio))
    }
    if case .failure(let failure) = result { return failure }
    log.info("people: profile saved")
    if case .success(let owner) = await peopleOwner() {
      let database = dependencies.database
      if let entry = try? database.peopleCache(owner: owner, key: Self.peopleListsKey),
        var lists = try? JSONDecoder().decode(PeopleLists.self, from: entry.payload)
      {
        var me = lists.me ?? PersonSummary(uid: owner, displayName: "", username: lists.username)
        if let displayName { me.displayName = TerminalText.sanitize(displayName) }
        if let bio { me.bio = TerminalText.sanitize(bio) }
        lists.me = me
        if let payload = try? JSONEncoder().encode(lists) {
          try? database.savePeopleCache(owner: owner, key: Self.peopleListsKey, payload: payload, at: entry.fetchedAt)
        }
      }
    }
    return nil
  }
}
