import Foundation
import VibesCore
import VibesServices
import VibesStorage

extension EffectRunner {
  /// Issue 24's effects: the Blend (both taste summaries, one Gemini request and Create's resolve and save; the link
  /// sent to the friend's inbox), the achievements list with its progress (and any unlock it finds), the streak read
  /// for the late-day reminder, and the daily publication of your taste summary. Logs name steps and counts, never a
  /// key, a name or a song.
  func runGamify(_ effect: GamifyEffect, send: @escaping @Sendable (AppAction) -> Void) async {
    switch effect {
    case .mixBlend(let requestID, let person):
      let result = await mixBlend(with: person, send: send)
      guard !Task.isCancelled else { return }
      send(.gamify(.blendMixed(requestID: requestID, result)))
    case .saveBlend(let requestID, let playlistID):
      let result = await save(playlistID).flatMap { playlist -> Result<String, CreateFailure> in
        guard case .saved(_, let url) = playlist.saveState else { return .failure(.storage) }
        return .success(url)
      }
      send(.gamify(.blendSaved(requestID: requestID, result)))
    case .shareBlend(let requestID, let person, let name, let url, let track):
      let failure = await shareBlend(to: person, name: name, url: url, track: track)
      send(.gamify(.blendShared(requestID: requestID, failure)))
    case .loadAchievements(let requestID):
      let result = await achievementsReport(send: send)
      guard !Task.isCancelled else { return }
      send(.gamify(.achievementsLoaded(requestID: requestID, result)))
    case .readStreak(let requestID):
      var record: StreakRecord?
      if case .success = await peopleOwner(),
        case .success(let stored) = await people({ repository throws(SocialError) in try await repository.streak() })
      {
        record = stored
      }
      guard !Task.isCancelled else { return }
      send(.gamify(.streakRead(requestID: requestID, record, timeZone: .current, now: dependencies.now())))
    case .publishTaste:
      await publishTasteIfDue()
    case .notify(let notification):
      let method = DesktopNotifier(environment: dependencies.environment, writeTerminal: dependencies.terminal.post)
        .notify(notification)
      log.info("streak-reminder notification: \(String(describing: method))")
    }
  }

  // MARK: Blend

  /// The other side's published summary, yours from Spotify (published on the way when due), one Gemini request,
  /// Create's resolve; `firstBlend` unlocked and announced.
  func mixBlend(with person: PersonSummary, send: @escaping @Sendable (AppAction) -> Void) async
    -> Result<BlendResult, BlendProblem>
  {
    if case .failure(let failure) = await peopleOwner() { return .failure(.social(failure)) }
    let theirs: TasteSummary
    switch await people({ repository throws(SocialError) in try await repository.tasteSummary(of: person.uid) }) {
    case .failure(let failure): return .failure(.social(failure))
    case .success(nil): return .failure(.noTasteSummary)
    case .success(let summary?): theirs = summary
    }
    guard let key = geminiKey() else { return .failure(.create(.geminiKeyMissing)) }
    guard let web = spotifyWeb else { return .failure(.create(.spotifyNotConnected)) }
    let searcher: any TrackSearching = dependencies.create.searcher ?? SpotifyTrackSearch(web)
    let mine: TasteSummary
    do {
      mine = try await myTasteSummary(web)
    } catch {
      return .failure(.create(Self.createFailure(error, now: dependencies.now())))
    }
    switch BlendPreview.problem(mine: mine, theirs: theirs) {
    case .noTasteSummary?: return .failure(.noTasteSummary)
    case .noOwnTaste?: return .failure(.noOwnTaste)
    case nil: break
    }
    await publishTasteIfDue(mine)
    do {
      let label = "Blend · " + SocialTextLimits.clean(person.shortName, limit: 60)
      let (generated, preview) = try await workflow.generateBlend(
        mine: mine, theirs: theirs, label: label, apiKey: key)
      guard !Task.isCancelled else { return .failure(.create(.offline)) }
      let resolved = try await workflow.resolve(
        generated.id, using: SongResolver(searcher: searcher, cache: dependencies.database))
      log.info("blend: \(resolved.songs.filter { $0.uri != nil }.count)/\(resolved.songs.count) found")
      let found = preview.tracks.indices.map { resolved.songs.indices.contains($0) && resolved.songs[$0].uri != nil }
      let first = resolved.songs.lazy.compactMap { song -> TrackCandidate? in
        if case .found(let track) = song.resolution { return track }
        return nil
      }.first
      await announceUnlocks(AchievementFacts(blends: 1), send: send)
      return .success(
        BlendResult(
          playlistID: generated.id, preview: preview, found: found,
          firstTrack: first.map {
            SharedTrack(
              trackId: $0.id, trackName: $0.name, artistName: $0.artists.first ?? "", albumName: $0.album,
              trackUri: $0.uri)
          }))
    } catch {
      return .failure(.create(Self.createFailure(error, now: dependencies.now())))
    }
  }

  /// Your summary from your Spotify top artists and their genres (`TasteSummary.from`).
  func myTasteSummary(_ web: SpotifyWebClient) async throws -> TasteSummary {
    let artists = try await web.topArtists(limit: TasteSummary.maxArtists).items
    return TasteSummary.from(topArtists: artists.map { (name: $0.name, genres: $0.genres) })
  }

  /// The Blend's link goes to the friend as a song share in your thread with them: its first found song, with the
  /// playlist's name and address as the message. The share's id comes from you, the friend and the playlist, so
  /// sharing again after a lost answer finds the first message ("already sent") instead of writing a second.
  func shareBlend(to person: PersonSummary, name: String, url: String, track: SharedTrack) async -> PeopleFailure? {
    guard case .success(let owner) = await peopleOwner() else { return .notSignedIn }
    let result = await people { repository throws(SocialError) in
      guard let me = try await repository.profile(uid: owner) else { throw .noProfile }
      let message = String("Blend \u{201C}\(name)\u{201D}: \(url)".prefix(ShareMessageRule.maxLength))
      var draft = ShareRepository.draft(from: me, to: person.uid, track: track, message: message)
      draft.id = ShareDraft.stableID(for: "blend\u{0}\(owner)\u{0}\(person.uid)\u{0}\(url)")
      return try await ShareRepository(social: repository).send(draft)
    }
    if case .failure(let failure) = result { return failure }
    log.info("blend: shared")
    return nil
  }

  // MARK: Achievements

  /// Your book and the facts this computer can count (follows, the longest streak, the playlists you saved, your
  /// Blends); whatever they newly earn is stored and announced.
  func achievementsReport(send: @escaping @Sendable (AppAction) -> Void) async
    -> Result<AchievementsReport, PeopleFailure>
  {
    let owner: String
    switch await peopleOwner() {
    case .failure(let failure): return .failure(failure)
    case .success(let uid): owner = uid
    }
    let playlists = (try? dependencies.database.generatedPlaylists(offset: 0, limit: 500)) ?? []
    let saved = playlists.filter { if case .saved = $0.saveState { true } else { false } }
    let read = await people { repository throws(SocialError) in
      guard let standing = try await repository.profileWithStanding(uid: owner) else { throw .noProfile }
      return (standing, try await repository.followingCount(of: owner))
    }
    switch read {
    case .failure(let failure): return .failure(failure)
    case .success(let (standing, following)):
      var unlocked = standing.achievements.unlocked
      let facts = AchievementFacts(
        following: following, blends: unlocked[.firstBlend] == nil ? 0 : 1,
        longestStreak: standing.streak.longest, playlistsCreated: saved.count)
      let new = await announceUnlocks(facts, send: send)
      for achievement in new where unlocked[achievement] == nil { unlocked[achievement] = dependencies.now() }
      return .success(
        AchievementsReport(
          book: AchievementBook(unlocked: unlocked), facts: facts,
          measured: [.tenFollows, .firstBlend, .streak7, .streak30, .firstPlaylist]))
    }
  }

  /// Stores what `facts` newly earn and announces it once (`unlockAchievements` returns only what it added, so a
  /// second device or a second call finds nothing new). A failure only logs: the next count tries again.
  @discardableResult
  func announceUnlocks(_ facts: AchievementFacts, send: @escaping @Sendable (AppAction) -> Void) async
    -> [Achievement]
  {
    let now = dependencies.now()
    let result = await people { repository throws(SocialError) in
      try await repository.unlockAchievements(facts, now: now)
    }
    guard case .success(let new) = result, !new.isEmpty else { return [] }
    log.info("achievements: \(new.count) unlocked")
    send(.gamify(.unlocked(new)))
    return new
  }

  /// After a follow: the people you follow now, for "Following 10 people".
  func countFollowsForAchievements(send: @escaping @Sendable (AppAction) -> Void) async {
    guard case .success(let owner) = await peopleOwner(),
      case .success(let following) = await people({ repository throws(SocialError) in
        try await repository.followingCount(of: owner)
      })
    else { return }
    await announceUnlocks(AchievementFacts(following: following), send: send)
  }

  // MARK: Publishing your taste summary

  static let tasteCacheKey = "taste"
  /// At most one publication a day.
  static let tasteInterval: TimeInterval = 24 * 3600

  /// Publishes your summary (`users/{uid}.taste`) when signed in with Spotify connected, the summary changed since
  /// the last publication and that was a day ago or more. What was published is kept beside the People copy.
  func publishTasteIfDue(_ known: TasteSummary? = nil) async {
    guard case .success(let owner) = await peopleOwner() else { return }
    let database = dependencies.database
    let now = dependencies.now()
    let last = try? database.peopleCache(owner: owner, key: Self.tasteCacheKey)
    if let last, now.timeIntervalSince(last.fetchedAt) < Self.tasteInterval { return }
    var summary = known
    if summary == nil, let web = spotifyWeb { summary = try? await myTasteSummary(web) }
    guard let summary, !summary.artists.isEmpty else { return }
    let payload = Data(TasteSummaryCoding.encode(summary).utf8)
    if let last, last.payload == payload { return }
    let result = await people { repository throws(SocialError) in try await repository.publishTasteSummary(summary) }
    guard case .success = result else { return }
    try? database.savePeopleCache(owner: owner, key: Self.tasteCacheKey, payload: payload, at: now)
    log.info("taste: published")
  }
}

/// A stable text form of a summary, to tell whether it changed since the last publication.
enum TasteSummaryCoding {
  static func encode(_ summary: TasteSummary) -> String {
    func line(_ entries: [TasteSummary.Entry]) -> String {
      entries.map { "\($0.name)=\(($0.weight * 1000).rounded() / 1000)" }.joined(separator: "\n")
    }
    // "keys": publications since `tasteKeys` was added differ from older ones, so each account publishes its keys
    // once even when its taste did not change.
    return "keys\n" + line(summary.artists) + "\n--\n" + line(summary.genres)
  }
}
