import Foundation
import VibesCore
import VibesServices
import VibesStorage

/// The song menu's live side: share to all, send to one and reply through `ShareRepository` (checked and written
/// once, with the draft's document id kept for a retry); offline or a transient failure puts the draft into the
/// `SocialOutbox` ("waiting to sync"), which sends it once later; a refusal by the rules changes nothing locally.
/// After a share is written the streak counts today (`recordShareForStreak`) and achievements that became true
/// are unlocked and announced. `shares` is nil when the Firebase project is not configured.
public struct SongMenuService: Sendable {
  /// The SQLite key (in `peopleCache`, per account) of your own names, so a share made offline can still be queued.
  static let myNamesKey = "songMenu.me"

  public let shares: ShareRepository?
  public let database: AppDatabase
  public let now: @Sendable () -> Date
  public let timeZone: TimeZone
  /// Saves to the Spotify library (Explore's action path: offline it waits in Explore's queue, whose flush counts the
  /// save's genres when it is sent and announces through the `send` passed here).
  public let saveToLibrary:
    @Sendable (MusicAction, _ send: @escaping @Sendable (AppAction) -> Void) async -> MusicActionOutcome
  /// After a share was sent (`saved` false) or a song saved to the library (`saved` true): counts it toward the
  /// achievements only the app can count (genres explored, For You saves), announcing what it unlocks.
  public let counted:
    @Sendable (_ trackID: String, _ saved: Bool, _ send: @escaping @Sendable (AppAction) -> Void)
      async -> Void

  public init(
    shares: ShareRepository?, database: AppDatabase, now: @escaping @Sendable () -> Date = Date.init,
    timeZone: TimeZone = .current,
    saveToLibrary:
      @escaping @Sendable (MusicAction, @escaping @Sendable (AppAction) -> Void) async
      -> MusicActionOutcome = { _, _ in .failed(.notConnected) },
    counted: @escaping @Sendable (String, Bool, @escaping @Sendable (AppAction) -> Void) async -> Void = { _, _, _ in }
  ) {
    self.shares = shares
    self.database = database
    self.now = now
    self.timeZone = timeZone
    self.saveToLibrary = saveToLibrary
    self.counted = counted
  }

  /// On the app's one set of Firebase clients (`FirebaseDependencies.shared`) and Explore's library action.
  static func live(_ runner: EffectRunner) -> SongMenuService {
    let dependencies = runner.dependencies
    let firebase = FirebaseDependencies.shared(dependencies)
    return SongMenuService(
      shares: firebase.repository().map(ShareRepository.init(social:)), database: dependencies.database,
      now: dependencies.now, saveToLibrary: { action, send in await runner.performMusicAction(action, counting: send) },
      counted: { trackID, saved, send in await runner.countExplored(trackID: trackID, saved: saved, send: send) })
  }

  /// What a social failure means on the menu.
  static func failure(_ error: SocialError) -> SongMenuFailure {
    switch error {
    case .firebase(.notSignedIn), .firebase(.signInAgain), .firebase(.unauthenticated), .firebase(.invalidGrant):
      return .notSignedIn
    case .noProfile: return .noUsername
    case .messageTooLong(let count): return .tooLong(count)
    case .firebase(.service): return .offline
    case .blocked, .firebase(.permissionDenied), .firebase(.notFound), .cannotFollowYourself: return .refused
    default: return .failed
    }
  }

  /// Runs one of the song menu's effects, sending back what happened.
  public func run(_ effect: SongMenuEffect, send: @escaping @Sendable (AppAction) -> Void) async {
    switch effect {
    case .loadPeople(let requestID):
      send(.songMenu(.peopleLoaded(requestID: requestID, await loadPeople())))
    case .share(let requestID, let request):
      var generator = SystemRandomNumberGenerator()
      let id = request.draftID ?? ShareDraft.newID(using: &generator)
      let outcome = await share(request, id: id)
      send(.songMenu(.shareFinished(requestID: requestID, draftID: id, outcome)))
      if case .sent = outcome { await counted(request.track.trackId, false, send) }
    case .saveToLibrary(let requestID, let uri):
      let action = MusicAction.save(uris: [uri])
      let outcome = await saveToLibrary(action, send)
      send(.songMenu(.libraryFinished(requestID: requestID, outcome)))
      if outcome == .done {
        for trackID in action.savedTrackIDs { await counted(trackID, true, send) }
      }
    case .flushOutbox(let requestID):
      let report = await flush()
      send(
        .songMenu(
          .outboxFlushed(
            requestID: requestID, sent: report.sent, refused: report.refused, waiting: report.waiting,
            badges: report.badges)))
      // A share sent from the outbox counts its genres like one sent at once (once: the row is gone now).
      for trackID in report.sentTracks { await counted(trackID, false, send) }
    }
  }

  // MARK: People

  /// The people you follow (blocked users left out by `SocialRepository.following`), each with how often you talk
  /// (`InboxTalks`: the messages of your cached conversation both ways, and the songs they sent you in the Feed's
  /// cache; no extra reads).
  public func loadPeople() async -> Result<[SongMenuPerson], SongMenuFailure> {
    guard let shares else { return .failure(.notConfigured) }
    do throws(SocialError) {
      let uid = try await shares.social.me()
      let profiles = try await shares.social.following()
      // Another account's cached cards say nothing about this one.
      let feedIsMine = ((try? database.socialFeedOwner()) ?? nil) == uid
      let received =
        feedIsMine ? (try? database.cachedFeedCards(kind: .songSent, limit: SocialFeedCards.maxSocialCards)) ?? [] : []
      let talks = InboxTalks.counts(
        conversations: (try? database.inboxConversations(owner: uid)) ?? [:],
        received: SocialFeedCards.socialInputs(received).shares)
      let people = profiles.map { profile -> SongMenuPerson in
        SongMenuPerson(id: profile.uid, name: InboxService.name(profile), talks: talks[profile.uid] ?? 0)
      }
      return .success(SongMenuPerson.sorted(people))
    } catch {
      return .failure(Self.failure(error))
    }
  }

  // MARK: Sharing

  /// Your names as a share carries them: from Firebase (then kept in SQLite), or the kept copy when offline.
  func myNames(_ uid: String, _ shares: ShareRepository) async throws(SocialError) -> MyNames {
    do throws(SocialError) {
      guard let profile = try await shares.social.profile(uid: uid) else { throw SocialError.noProfile }
      let names = MyNames(username: profile.username ?? "", displayName: profile.displayName)
      if let payload = try? JSONEncoder().encode(names) {
        try? database.savePeopleCache(owner: uid, key: Self.myNamesKey, payload: payload, at: now())
      }
      return names
    } catch let error where SocialOutbox.isTransient(error) {
      guard let entry = try? database.peopleCache(owner: uid, key: Self.myNamesKey),
        let names = try? JSONDecoder().decode(MyNames.self, from: entry.payload)
      else { throw error }
      return names
    }
  }

  struct MyNames: Codable {
    var username: String
    var displayName: String
  }

  /// One share, send or reply with document id `id`.
  public func share(_ request: SongShareRequest, id: String) async -> SongShareOutcome {
    guard let shares else { return .failed(.notConfigured) }
    let draft: ShareDraft
    do throws(SocialError) {
      let uid = try await shares.social.me()
      let names = try await myNames(uid, shares)
      guard !names.username.isEmpty else { return .failed(.noUsername) }
      draft = ShareDraft(
        id: id, senderId: uid, senderUsername: names.username, senderDisplayName: names.displayName,
        recipientId: request.recipientID, track: request.track, message: request.message)
    } catch {
      return .failed(Self.failure(error))
    }
    let result: Result<ShareOutcome, SocialError>
    do throws(SocialError) {
      result = .success(try await shares.send(draft))
    } catch {
      result = .failure(error)
    }
    switch result {
    case .success:
      let (streak, badges) = await afterSent(shares)
      return .sent(streak: streak, badges: badges)
    case .failure(let error) where SocialOutbox.isTransient(error):
      do {
        try SocialOutbox(database: database, shares: shares).enqueue(draft, at: now())
        return .queued
      } catch {
        return .failed(.offline)
      }
    case .failure(let error):
      return .failed(Self.failure(error))
    }
  }

  /// After a share was written: today counts for the streak, and achievements that became true are unlocked
  /// (each returned once: `unlockAchievements` answers only the new ones, so a retry announces nothing twice).
  /// Either may fail without undoing the share.
  func afterSent(_ shares: ShareRepository) async -> (streak: Int?, badges: [Achievement]) {
    let social = shares.social
    let record = try? await social.recordShareForStreak(now: now(), timeZone: timeZone)
    guard let uid = try? await social.me() else { return (record?.count, []) }
    let mine = FirestoreQuery(collection: "shares", filters: [.init("senderId", .equal, .string(uid))])
    let firestore = social.firestore
    let count = try? await social.run { token throws(FirebaseError) in try await firestore.count(mine, idToken: token) }
    let following = try? await social.followingCount(of: uid)
    let facts = AchievementFacts(
      shares: count.map(WireNumbers.clampedCount) ?? 1, following: following ?? 0, longestStreak: record?.longest ?? 0)
    let badges = (try? await social.unlockAchievements(facts, now: now())) ?? []
    return (record?.count, badges)
  }

  /// What one flush of the outbox did, for the reducer.
  public struct FlushSummary: Sendable, Equatable {
    public var sent = 0
    public var refused = 0
    public var waiting = 0
    public var badges: [Achievement] = []
    /// The track id of each share sent (for the genres explored).
    public var sentTracks: [String] = []
  }

  /// Sends what waits in the social outbox once (claim-then-send); each share it sends counts for the streak and
  /// achievements like one sent at once.
  public func flush() async -> FlushSummary {
    var summary = FlushSummary()
    guard let shares else {
      summary.waiting = (try? database.queuedSocialWrites().count) ?? 0
      return summary
    }
    let outbox = SocialOutbox(database: database, shares: shares)
    if let report = try? await outbox.flush(now: now()) {
      summary.sent = report.sent.count
      summary.refused = report.refused.count
      summary.sentTracks = report.sentTracks
      if !report.sent.isEmpty { summary.badges = await afterSent(shares).badges }
    }
    summary.waiting = (try? outbox.waiting().count) ?? 0
    return summary
  }
}
