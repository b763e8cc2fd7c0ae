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
      let before = geminiUsage()
      let result = await mixBlend(with: person)
      guard !Task.isCancelled else { return }
      reportGeminiUsage(since: before, send: send)
      send(.gamify(.blendMixed(requestID: requestID, result)))
      // The preview first: the first Blend's achievement (a read and a write) is announced right after it.
      if case .success = result { await announceUnlocks(AchievementFacts(blends: 1), send: send) }
    case .saveBlend(let requestID, let playlistID):
      let saved = await save(playlistID)
      var result: Result<String, CreateFailure>
      switch saved {
      case .success(let playlist):
        guard case .saved(let spotifyID, let url) = playlist.saveState else {
          result = .failure(.storage)
          break
        }
        result = .success(url)
        if await !makeCollaborative(spotifyID) { send(.gamify(.blendCollaborativeRefused(requestID: requestID))) }
      case .failure(let failure):
        result = .failure(failure)
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
    case .readGeminiUsage:
      send(.gamify(.geminiUsageRead(geminiUsage())))
    case .notify(let notification):
      let method = DesktopNotifier(environment: dependencies.environment, writeTerminal: dependencies.terminal.post)
        .notify(notification)
      log.info("streak-reminder notification: \(String(describing: method))")
    }
  }

  // MARK: Blend

  /// The other side's published summary and yours from Spotify, read together (one round trip, not two; yours
  /// published on the way when due), one Gemini request, Create's resolve. Summaries read ahead when their profile
  /// opened (`BlendTasteAhead`, at most five minutes old) are not read again, so `m` usually starts with Gemini. The
  /// caller announces `firstBlend` once the preview is shown (the bench's `blend_resolve_30`).
  func mixBlend(with person: PersonSummary) async
    -> Result<BlendResult, BlendProblem>
  {
    let owner: String
    switch await peopleOwner() {
    case .failure(let failure): return .failure(.social(failure))
    case .success(let uid): owner = uid
    }
    let key = geminiKey()
    let web = spotifyWeb
    let ahead = dependencies.blendAhead
    let now = dependencies.now()
    async let myRead = readMyTaste(key == nil ? nil : web, owner: owner, known: ahead.mine(owner: owner, now: now))
    let theirs: TasteSummary
    if let known = ahead.theirs(person.uid, owner: owner, now: now) {
      theirs = known
    } else {
      switch await people({ repository throws(SocialError) in try await repository.tasteSummary(of: person.uid) }) {
      case .failure(let failure): return .failure(.social(failure))
      case .success(nil): return .failure(.noTasteSummary)
      case .success(let summary?):
        theirs = summary
        ahead.keepTheirs(summary, uid: person.uid, owner: owner, at: now)
      }
    }
    guard let key else { return .failure(.create(.geminiKeyMissing)) }
    guard let web else { return .failure(.create(.spotifyNotConnected)) }
    let searcher: any TrackSearching = dependencies.create.searcher ?? SpotifyTrackSearch(web)
    let mine: TasteSummary
    switch await myRead {
    case .success(let summary)?: mine = summary
    case .failure(let failure)?: return .failure(.create(failure))
    case nil: return .failure(.create(.spotifyNotConnected))
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
      let owner = try? (await peopleOwner()).get()
      var blend = BlendResult(
        playlistID: generated.id, preview: preview, found: found,
        firstTrack: first.map {
          SharedTrack(
            trackId: $0.id, trackName: $0.name, artistName: $0.artists.first ?? "", albumName: $0.album,
            trackUri: $0.uri)
        })
      blend.mineShared = owner.map(sharesTaste(owner:)) ?? false
      return .success(blend)
    } catch {
      return .failure(.create(Self.createFailure(error, now: dependencies.now())))
    }
  }

  /// After the retry-safe save: the Blend becomes collaborative (`PUT /v1/playlists/{id}` with
  /// `collaborative: true, public: false`; Spotify allows it for the owner and only on a private playlist). The
  /// request is idempotent, so a retried save asks again harmlessly. False when Spotify refused or could not be
  /// reached: the playlist stays saved, only not collaborative.
  func makeCollaborative(_ spotifyID: String) async -> Bool {
    guard let web = dependencies.create.spotifyWeb else { return false }
    do {
      try await web.changePlaylistDetails(id: spotifyID, collaborative: true, isPublic: false)
      return true
    } catch {
      log.notice("blend: not made collaborative: \(String(describing: error))")
      return false
    }
  }

  /// `myTasteSummary` as a result, nil without a client (the Blend reads it alongside the other side's); `known`
  /// (read ahead) instead of a request when there is one. A summary read here is kept for the next Blend.
  func readMyTaste(_ web: SpotifyWebClient?, owner: String, known: TasteSummary?) async
    -> Result<TasteSummary, CreateFailure>?
  {
    guard let web else { return nil }
    if let known { return .success(known) }
    do {
      let summary = try await myTasteSummary(web)
      dependencies.blendAhead.keepMine(summary, owner: owner, at: dependencies.now())
      return .success(summary)
    } catch {
      return .failure(Self.createFailure(error, now: dependencies.now()))
    }
  }

  /// Your summary read ahead for a Blend (a friend's profile just opened): only when a Blend could start (a
  /// Gemini key, Spotify connected, signed in) and none fresh enough is kept. A failure is left for `m` to meet.
  func readMyTasteAhead() async {
    guard case .success(let owner) = await peopleOwner(), geminiKey() != nil, let web = spotifyWeb,
      dependencies.blendAhead.mine(owner: owner, now: dependencies.now()) == nil
    else { return }
    _ = await readMyTaste(web, owner: owner, known: nil)
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

  /// Your book and the facts counted now: your shares (a Firestore count), follows, the longest streak, the
  /// playlists you saved, your Blends, and the genres explored and For You saves from the private progress
  /// document; whatever they newly earn is stored and announced.
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
      // Your shares, counted by Firestore (one aggregation read); nil when the count is not answered.
      let mine = FirestoreQuery(collection: "shares", filters: [.init("senderId", .equal, .string(owner))])
      let firestore = repository.firestore
      let shares = try? await repository.run { token throws(FirebaseError) in
        try await firestore.count(mine, idToken: token)
      }
      let progress = try? await repository.achievementProgress()
      return (standing, try await repository.followingCount(of: owner), shares, progress)
    }
    switch read {
    case .failure(let failure): return .failure(failure)
    case .success(let (standing, following, shares, progress)):
      var unlocked = standing.achievements.unlocked
      var facts = AchievementFacts(
        shares: shares ?? 0, following: following, blends: unlocked[.firstBlend] == nil ? 0 : 1,
        longestStreak: standing.streak.longest, playlistsCreated: saved.count)
      var measured: Set<Achievement> = [.tenFollows, .firstBlend, .streak7, .streak30, .firstPlaylist]
      if shares != nil { measured.formUnion([.firstShare, .tenShares, .fiftyShares]) }
      if let progress {
        facts = facts.adding(progress)
        measured.formUnion([.tenGenres, .firstForYouSave])
      }
      let new = await announceUnlocks(facts, send: send)
      for achievement in new where unlocked[achievement] == nil { unlocked[achievement] = dependencies.now() }
      return .success(AchievementsReport(book: AchievementBook(unlocked: unlocked), facts: facts, measured: measured))
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
  /// The SQLite key (in `peopleCache`, per account) of your answer to "share my taste summary": "1" yes, else no.
  static let tasteConsentKey = "gamify.shareTaste"

  /// Whether you agreed to publish your taste summary (off until you turn it on in Profile).
  func sharesTaste(owner: String) -> Bool {
    guard let entry = try? dependencies.database.peopleCache(owner: owner, key: Self.tasteConsentKey) else {
      return false
    }
    return entry.payload == Data("1".utf8)
  }

  /// Profile's setting: stored first (so publishing stops at once), then the summary is published now (on) or the
  /// published one deleted (off). False when that step failed (a removal is tried again at the next start).
  func setTasteSharing(_ shares: Bool) async -> Bool {
    guard case .success(let owner) = await peopleOwner() else { return false }
    let database = dependencies.database
    try? database.savePeopleCache(
      owner: owner, key: Self.tasteConsentKey, payload: Data((shares ? "1" : "0").utf8), at: dependencies.now())
    if shares {
      try? database.removePeopleCache(owner: owner, key: Self.tasteCacheKey)
      return await publishTasteIfDue()
    }
    return await unpublishTaste(owner: owner)
  }

  /// Deletes the published summary and forgets that it was published.
  func unpublishTaste(owner: String) async -> Bool {
    let result = await people { repository throws(SocialError) in try await repository.deleteTasteSummary() }
    guard case .success = result else {
      log.notice("taste: the published summary could not be deleted now")
      return false
    }
    try? dependencies.database.removePeopleCache(owner: owner, key: Self.tasteCacheKey)
    log.info("taste: unpublished")
    return true
  }
  /// At most one publication a day.
  static let tasteInterval: TimeInterval = 24 * 3600

  /// Publishes your summary (`users/{uid}.taste`) when signed in with Spotify connected, the summary changed since
  /// the last publication and that was a day ago or more. What was published is kept beside the People copy.
  /// Only with your consent (`sharesTaste`): without it nothing is published, and a summary published before
  /// (a removal that failed) is deleted. Returns false when a publication or removal it tried failed.
  @discardableResult
  func publishTasteIfDue(_ known: TasteSummary? = nil) async -> Bool {
    guard case .success(let owner) = await peopleOwner() else { return true }
    let database = dependencies.database
    let last = try? database.peopleCache(owner: owner, key: Self.tasteCacheKey)
    guard sharesTaste(owner: owner) else {
      return last == nil ? true : await unpublishTaste(owner: owner)
    }
    let now = dependencies.now()
    if let last, now.timeIntervalSince(last.fetchedAt) < Self.tasteInterval { return true }
    var summary = known
    if summary == nil, let web = spotifyWeb { summary = try? await myTasteSummary(web) }
    guard let summary, !summary.artists.isEmpty else { return true }
    let payload = Data(TasteSummaryCoding.encode(summary).utf8)
    if let last, last.payload == payload { return true }
    let result = await people { repository throws(SocialError) in try await repository.publishTasteSummary(summary) }
    guard case .success = result else { return false }
    try? database.savePeopleCache(owner: owner, key: Self.tasteCacheKey, payload: payload, at: now)
    log.info("taste: published")
    return true
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

// MARK: Genres explored and For You saves

extension EffectRunner {
  /// The SQLite key (in `peopleCache`, per account) of the genres already looked up per track.
  static let trackGenresKey = "gamify.trackGenres"
  /// How many tracks' genres are kept (the oldest looked up go first).
  static let maxCachedTrackGenres = 500

  /// After a share or a save: the song's genres (its first artist's, from Spotify) count as explored, and a saved
  /// song that is on the For You list counts as a For You save. Stored in the private progress document (so two
  /// devices agree), then whatever that unlocks is stored and announced once. Quiet when signed out or offline.
  func countExplored(trackID: String, saved: Bool, send: @escaping @Sendable (AppAction) -> Void) async {
    guard case .success(let owner) = await peopleOwner() else { return }
    let genres = await genres(ofTrack: trackID, owner: owner)
    let fromForYou =
      saved && ((try? dependencies.database.forYouList())?.entries.contains { $0.trackID == trackID } ?? false)
    let added = AchievementProgress(genres: genres, forYouTracks: fromForYou ? [trackID] : [])
    guard !added.genres.isEmpty || !added.forYouTracks.isEmpty else { return }
    let result = await people { repository throws(SocialError) in
      try await repository.recordAchievementProgress(added)
    }
    guard case .success(let progress) = result else { return }
    log.info("achievements: \(progress.genres.count) genres, \(progress.forYouSaves) For You saves")
    await announceUnlocks(AchievementFacts().adding(progress), send: send)
  }

  /// The genres of a track's first artist: from SQLite when looked up before (no request), else at most two
  /// requests (`GET /v1/tracks/{id}`, `GET /v1/artists/{id}`) whose answer is kept. Empty when Spotify is not
  /// connected or does not answer.
  func genres(ofTrack trackID: String, owner: String) async -> [String] {
    let database = dependencies.database
    let entry = try? database.peopleCache(owner: owner, key: Self.trackGenresKey)
    var cache = entry.flatMap { try? JSONDecoder().decode(TrackGenres.self, from: $0.payload) } ?? TrackGenres()
    if let known = cache.genres[trackID] { return known }
    guard let web = spotifyWeb, let track = try? await web.track(id: trackID),
      let artistID = track.artists.first?.id, !artistID.isEmpty,
      let artist = try? await web.artist(id: artistID)
    else { return [] }
    let genres = Array(artist.genres.prefix(20))
    cache.insert(genres, for: trackID, limit: Self.maxCachedTrackGenres)
    if let payload = try? JSONEncoder().encode(cache) {
      try? database.savePeopleCache(owner: owner, key: Self.trackGenresKey, payload: payload, at: dependencies.now())
    }
    return genres
  }
}

/// Genres per track id, with the order they were looked up in (the oldest go first past the limit).
struct TrackGenres: Codable {
  var genres: [String: [String]] = [:]
  var order: [String] = []

  mutating func insert(_ list: [String], for trackID: String, limit: Int) {
    if genres[trackID] == nil { order.append(trackID) }
    genres[trackID] = list
    while order.count > limit { genres[order.removeFirst()] = nil }
  }
}

// MARK: Gemini's daily quota

extension EffectRunner {
  /// Counts each Gemini generation request in SQLite per key (a hash) and local day; installed on the Gemini client
  /// the app generates with (`CreateDependencies.gemini`).
  static func countingGeminiRequests(
    _ client: GeminiClient, database: AppDatabase, now: @escaping @Sendable () -> Date
  ) -> GeminiClient {
    var client = client
    client.onGeneration = { _, key, exhausted in
      let day = LocalDay(now(), in: .current).number
      try? database.recordGeminiRequest(keyID: GeminiQuota.keyID(key), day: day, exhausted: exhausted)
    }
    return client
  }

  /// Sends today's count when it changed since `before` (a request was made): the hint follows at once.
  func reportGeminiUsage(since before: GeminiUsage?, send: @escaping @Sendable (AppAction) -> Void) {
    let now = geminiUsage()
    if now != before { send(.gamify(.geminiUsageRead(now))) }
  }

  /// Today's count for the stored key and the model in use; nil without a key.
  func geminiUsage() -> GeminiUsage? {
    guard let key = geminiKey() else { return nil }
    let day = LocalDay(dependencies.now(), in: .current).number
    guard let read = try? dependencies.database.geminiUsage(keyID: GeminiQuota.keyID(key), day: day) else {
      return nil
    }
    return GeminiUsage(requests: read.requests, exhausted: read.exhausted, model: dependencies.create.model.model)
  }
}
