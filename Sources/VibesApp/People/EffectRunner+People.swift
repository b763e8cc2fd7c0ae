import Foundation
import VibesCore
import VibesServices
import VibesStorage

extension EffectRunner {
  /// Runs the People area's effects over `SocialRepository`: the lists (the SQLite copy first, then Firebase, cached
  /// again), find, a person's profile (cached when viewed), follow, unfollow and block. Failures come back as
  /// `PeopleFailure`; logs name what failed, never a token or another person's text.
  func runPeople(_ effect: PeopleEffect, send: @escaping @Sendable (AppAction) -> Void) async {
    switch effect {
    case .scheduleFind(let timerID, let seconds):
      do {
        try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
      } catch {
        return
      }
      send(.people(.findDue(timerID: timerID)))
    case .loadLists(let requestID):
      await loadPeopleLists(requestID, send: send)
    case .preloadLists:
      if let copy = await peopleListsCopy() { send(.people(.listsPreloaded(copy))) }
    case .loadSuggestions(let requestID, let following, let force):
      await loadPeopleSuggestions(requestID, following: following, force: force, send: send)
    case .find(let requestID, let query):
      let result = await people { repository throws(SocialError) in
        try await repository.findUsers(prefix: query, limit: PeopleFeature.findLimit).map(PersonSummary.init)
      }
      guard !Task.isCancelled else { return }
      send(.people(.found(requestID: requestID, query: query, result)))
    case .loadProfile(let requestID, let person):
      let result = await personProfile(person)
      guard !Task.isCancelled else { return }
      send(.people(.profileLoaded(requestID: requestID, uid: person.uid, result)))
      // A friend's profile offers the Blend (`m`): your side of it is read now, after the profile is drawn.
      if case .success(let profile) = result, profile.isFollowing, !profile.isCached { await readMyTasteAhead() }
    case .perform(let requestID, let operation, let person):
      let result = await change(operation, person)
      if case .failure(.offline) = result, await queuePeopleChange(operation, person) {
        send(.people(.queued(requestID: requestID, person, operation)))
      } else {
        send(.people(.changed(requestID: requestID, person, operation, result)))
        if operation == .follow, case .success = result { await countFollowsForAchievements(send: send) }
      }
    case .scheduleUsernameCheck(let timerID, let seconds):
      do {
        try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
      } catch {
        return
      }
      send(.people(.usernameCheckDue(timerID: timerID)))
    case .checkUsername(let requestID, let name):
      let result = await people { repository throws(SocialError) in try await repository.isUsernameAvailable(name) }
      guard !Task.isCancelled else { return }
      send(.people(.usernameChecked(requestID: requestID, name: name, result)))
    case .claimUsername(let requestID, let name):
      send(.people(.usernameClaimed(requestID: requestID, await claimUsername(name))))
    case .signIn(let requestID, let device):
      await signInFromPeople(requestID: requestID, device: device, send: send)
    case .uploadPhoto(let requestID, let path):
      send(.people(.photoUploaded(requestID: requestID, await uploadPhoto(path: path))))
    case .removePhoto(let requestID):
      send(.people(.photoRemoved(requestID: requestID, await removePhoto())))
    case .loadBlocked(let requestID):
      let result = await people { repository throws(SocialError) in
        try await repository.profiles(Array(repository.blockSets().blocked)).map(PersonSummary.init)
      }
      guard !Task.isCancelled else { return }
      send(.people(.blockedLoaded(requestID: requestID, result)))
    case .unblock(let requestID, let person):
      let result = await people { repository throws(SocialError) in try await repository.unblock(person.uid) }
      switch result {
      case .success:
        log.info("people: unblock done")
        send(.people(.unblocked(requestID: requestID, person, nil)))
      case .failure(let failure):
        send(.people(.unblocked(requestID: requestID, person, failure)))
      }
    case .saveProfile(let requestID, let displayName, let bio):
      let failure = await saveProfile(displayName: displayName, bio: bio)
      send(.people(.profileSaved(requestID: requestID, displayName: displayName, bio: bio, failure: failure)))
    }
  }

  /// Runs `body` over the repository, or says why there is none.
  func people<T: Sendable>(_ body: (SocialRepository) async throws(SocialError) -> T) async -> Result<T, PeopleFailure>
  {
    guard let repository = FirebaseDependencies.shared(dependencies).repository() else {
      return .failure(.notConfigured)
    }
    do {
      return .success(try await body(repository))
    } catch {
      let failure = PeopleFailure(error)
      log.warning("people: request failed (\(failure))")
      return .failure(failure)
    }
  }

  /// The signed-in uid from the secret store (no network), or why there is none.
  func peopleOwner() async -> Result<String, PeopleFailure> {
    let firebase = FirebaseDependencies.shared(dependencies)
    guard let session = firebase.session, firebase.repository() != nil else { return .failure(.notConfigured) }
    do {
      guard let account = try await session.account() else { return .failure(.notSignedIn) }
      return .success(account.uid)
    } catch {
      return .failure(PeopleFailure(.firebase(error)))
    }
  }

  static let peopleListsKey = "lists"
  static func peopleProfileKey(_ uid: String) -> String { "profile:\(uid)" }

  /// The SQLite copy of your lists with its age, or nil (signed out, none kept, unreadable). Reads nothing else.
  func peopleListsCopy() async -> PeopleLists? {
    guard case .success(let owner) = await peopleOwner() else { return nil }
    return peopleListsCopy(owner: owner)
  }

  func peopleListsCopy(owner: String) -> PeopleLists? {
    guard let entry = try? dependencies.database.peopleCache(owner: owner, key: Self.peopleListsKey),
      var cached = try? JSONDecoder().decode(PeopleLists.self, from: entry.payload)
    else { return nil }
    cached.fetchedAt = entry.fetchedAt
    cached.isCached = true
    cached.standing?.refresh(now: dependencies.now(), timeZone: .current)
    cached.waiting = waitingPeopleChanges(owner: owner).nilIfEmpty
    return cached
  }

  func loadPeopleLists(_ requestID: Int, send: @escaping @Sendable (AppAction) -> Void) async {
    let owner: String
    switch await peopleOwner() {
    case .failure(let failure):
      if failure == .notSignedIn {
        // Signed out: the names of the people you followed do not stay behind on this computer.
        try? dependencies.database.clearPeopleCache()
        try? dependencies.database.clearPeopleChanges()
      }
      send(.people(.listsFailed(requestID: requestID, failure)))
      return
    case .success(let uid): owner = uid
    }
    let database = dependencies.database
    if let cached = peopleListsCopy(owner: owner) {
      // The copy shows at once (with its age); Firebase's answer replaces it.
      send(.people(.listsLoaded(requestID: requestID, cached, final: false)))
    }
    // What was followed, unfollowed or blocked offline is sent first (once), so the lists below include it.
    let dropped = await flushPeopleChanges(owner: owner)
    if !dropped.isEmpty { send(.people(.changesDropped(dropped))) }
    let now = dependencies.now()
    let result = await people { repository throws(SocialError) in
      let mine = try await repository.profileWithStanding(uid: owner)
      let me = mine?.profile
      let following = try await repository.following().map(PersonSummary.init)
      let followers = try await repository.followers().map(PersonSummary.init)
      let standing = mine.map {
        ProfileStanding(streak: $0.streak, achievements: $0.achievements, now: now, timeZone: .current)
      }
      return PeopleLists(
        username: me?.username.map { TerminalText.sanitize($0) }, following: following, followers: followers,
        fetchedAt: now, me: me.map(PersonSummary.init), standing: standing, photoURL: me?.photoURL)
    }
    guard !Task.isCancelled else { return }
    switch result {
    case .success(var lists):
      lists.waiting = waitingPeopleChanges(owner: owner).nilIfEmpty
      if let payload = try? JSONEncoder().encode(lists) {
        do {
          try database.savePeopleCache(owner: owner, key: Self.peopleListsKey, payload: payload, at: now)
        } catch {
          log.warning("people: caching the lists failed: \(String(describing: error))")
        }
      }
      send(.people(.listsLoaded(requestID: requestID, lists, final: true)))
    case .failure(let failure):
      send(.people(.listsFailed(requestID: requestID, failure)))
    }
  }

  func personProfile(_ person: PersonSummary) async -> Result<PersonProfile, PeopleFailure> {
    let owner: String
    switch await peopleOwner() {
    case .failure(let failure): return .failure(failure)
    case .success(let uid): owner = uid
    }
    let now = dependencies.now()
    let ahead = dependencies.blendAhead
    let result = await people { repository throws(SocialError) -> PersonProfile in
      let (blocked, blockedMe) = try await repository.blockSets()
      if blocked.contains(person.uid) || blockedMe.contains(person.uid) { throw .blocked }
      guard let (profile, taste) = try await repository.profileAndTaste(uid: person.uid) else {
        throw .firebase(.notFound)
      }
      // Their published taste summary is in the same document: kept for a Blend with them (`BlendTasteAhead`).
      ahead.keepTheirs(taste, uid: person.uid, owner: owner, at: now)
      return PersonProfile(
        person: PersonSummary(profile), followers: try await repository.followerCount(of: person.uid),
        following: try await repository.followingCount(of: person.uid),
        isFollowing: try await repository.isFollowing(person.uid), fetchedAt: now, photoURL: profile.photoURL)
    }
    let database = dependencies.database
    let key = Self.peopleProfileKey(person.uid)
    switch result {
    case .success(let profile):
      if let payload = try? JSONEncoder().encode(profile) {
        try? database.savePeopleCache(owner: owner, key: key, payload: payload, at: now)
      }
      return .success(profile)
    case .failure(.blocked), .failure(.notFound):
      try? database.removePeopleCache(owner: owner, key: key)
      return result
    case .failure(let failure):
      guard !failure.needsAccount, let entry = try? database.peopleCache(owner: owner, key: key),
        var cached = try? JSONDecoder().decode(PersonProfile.self, from: entry.payload)
      else { return result }
      cached.isCached = true
      cached.fetchedAt = entry.fetchedAt
      return .success(cached)
    }
  }

  /// Follow, unfollow or block; a follow or unfollow answers with the profile as it is now. The cached lists follow.
  func change(_ operation: PersonOperation, _ person: PersonSummary) async -> Result<PersonProfile?, PeopleFailure> {
    let write = await people { repository throws(SocialError) in
      switch operation {
      case .follow: try await repository.follow(person.uid)
      case .unfollow: try await repository.unfollow(person.uid)
      case .block: try await repository.block(person.uid)
      case .load: break
      }
    }
    if case .failure(let failure) = write { return .failure(failure) }
    log.info("people: \(operation) done")
    guard case .success(let owner) = await peopleOwner() else { return .success(nil) }
    updateCachedLists(owner: owner, operation, person)
    if operation == .follow || operation == .block { dropCachedSuggestion(owner: owner, person.uid) }
    guard operation != .block else {
      try? dependencies.database.removePeopleCache(owner: owner, key: Self.peopleProfileKey(person.uid))
      return .success(nil)
    }
    // The write is done; a failed re-read only leaves the old counts on screen.
    switch await personProfile(person) {
    case .success(let profile): return .success(profile)
    case .failure: return .success(nil)
    }
  }

  func updateCachedLists(owner: String, _ operation: PersonOperation, _ person: PersonSummary) {
    let database = dependencies.database
    guard let entry = try? database.peopleCache(owner: owner, key: Self.peopleListsKey),
      var lists = try? JSONDecoder().decode(PeopleLists.self, from: entry.payload)
    else { return }
    switch operation {
    case .follow:
      if !lists.following.contains(where: { $0.uid == person.uid }) { lists.following.append(person) }
    case .unfollow:
      lists.following.removeAll { $0.uid == person.uid }
    case .block:
      lists.following.removeAll { $0.uid == person.uid }
      lists.followers.removeAll { $0.uid == person.uid }
    case .load:
      return
    }
    if let payload = try? JSONEncoder().encode(lists) {
      try? database.savePeopleCache(owner: owner, key: Self.peopleListsKey, payload: payload, at: entry.fetchedAt)
    }
  }
}
