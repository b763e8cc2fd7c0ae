import Foundation
import Logging
import VibesApp
import VibesCore
import VibesServices
import VibesStorage
import VibesTestSupport
import XCTest

/// Issue 24's effects against the loopback Firebase (rules enforced), Spotify Web API and Gemini fakes, a real
/// SQLite file and a vault: a Blend with a friend who published a taste summary saves one playlist however often
/// the save is retried and reaches the friend's inbox thread; without their summary it says so; a follow that
/// makes ten announces "Following 10 people" once; the achievements list counts what it can.
final class GamifyRunnerTests: XCTestCase {
  static let token = "access-blend-good"
  let key = "AIzaSyFAKE-blendrunner_0123456789abcdefgh"

  var firebase: FakeFirebaseServer!
  var sandbox: SpotifyAccountSandbox!
  var gemini: FakeGeminiServer!

  /// Finds every Gemini-fake catalog song as a valid Spotify track URI.
  private struct Searcher: TrackSearching {
    func searchTracks(query: String, limit: Int) async throws -> [TrackCandidate] {
      let title = query.split(separator: "\"").map(String.init)[1]
      guard let index = FakeGeminiServer.catalog.firstIndex(where: { $0.title == title }) else { return [] }
      let id = FakeSpotifyWebCatalog.id("blend\(index)")
      return [
        TrackCandidate(
          id: id, uri: "spotify:track:\(id)", name: title, artists: [FakeGeminiServer.catalog[index].artist],
          album: "A", durationMs: 1)
      ]
    }
  }

  override func setUp() async throws {
    firebase = try await FakeFirebaseServer.withProjectIndexes()
    sandbox = try await SpotifyAccountSandbox.make(name: "blend", token: Self.token)
    gemini = try await FakeGeminiServer(validKeys: [key])
    try sandbox.secrets.write(key, for: .geminiAPIKey)
  }

  override func tearDown() async throws {
    await firebase?.stop()
    await gemini?.stop()
    await sandbox?.remove()
  }

  func runner(
    _ sandbox: SpotifyAccountSandbox? = nil, searcher: any TrackSearching = Searcher(),
    now: @escaping @Sendable () -> Date = { Date() }
  ) -> EffectRunner {
    let sandbox = sandbox ?? self.sandbox!
    let configuration = SpotifyConfiguration(
      clientID: "blend-client", accountsURL: URL(string: "http://127.0.0.1:9")!, apiURL: sandbox.web.baseURL)
    let spotify = SpotifyDependencies(
      configuration: configuration, database: sandbox.database, secrets: sandbox.secrets,
      configFilePath: sandbox.home.path, isRemoteSession: false, hostName: "test")
    let create = CreateDependencies(
      gemini: GeminiClient(baseURL: gemini.baseURL, transport: URLSessionTransport(timeout: 5)),
      spotifyWeb: spotify.tokens.map { SpotifyWebClient(configuration: configuration, tokens: $0) },
      searcher: searcher)
    var dependencies = AppDependencies(
      database: sandbox.database, secrets: sandbox.secrets,
      secretStoreInfo: SecretStoreInfo(kind: .vault, location: sandbox.home.path), gemini: GeminiClient(),
      ticketmaster: TicketmasterClient(), browser: BrowserLauncher(environment: [:]), spotify: spotify,
      create: create, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }, now: now)
    dependencies.environment = firebase.environment.merging(["HOME": sandbox.home.path]) { $1 }
    return EffectRunner(dependencies: dependencies)
  }

  /// Signs "me" in where the app reads it (the secret store's `firebase.session`).
  func signInMe() async throws -> SocialTestPerson {
    let me = try await SocialTestPerson.signIn("g-me", name: "Mira", on: firebase)
    let account = try await me.session.account()
    try sandbox.secrets.write(
      String(decoding: try JSONEncoder().encode(try XCTUnwrap(account)), as: UTF8.self), for: .firebaseSession)
    return me
  }

  /// Every Gamify action the effect sends, in order.
  func run(_ effect: GamifyEffect, _ runner: EffectRunner? = nil) async -> [GamifyAction] {
    let box = GamifyCollected()
    await (runner ?? self.runner()).run(.gamify(effect)) { box.append($0) }
    return box.values.compactMap(\.gamifyAction)
  }

  /// The Blend's answer among a mix's actions (the first Blend's announcement comes after it).
  func blendMixed(_ actions: [GamifyAction]) -> GamifyAction? {
    actions.first { if case .blendMixed = $0 { true } else { false } }
  }

  func summary(of person: SocialTestPerson) -> PersonSummary {
    PersonSummary(uid: person.uid, displayName: person.profile.displayName, username: person.profile.username)
  }

  func testABlendSavesOnePlaylistDespiteARetryAndReachesTheFriendsInbox() async throws {
    let me = try await signInMe()
    let sam = try await SocialTestPerson.signIn("g-sam", name: "Samira", on: firebase)
    try await me.social.follow(sam.uid)
    try await sam.social.publishTasteSummary(
      TasteSummary(
        artists: [.init(name: "Basalt", weight: 1), .init(name: "Delta Nine", weight: 0.6)],
        genres: [.init(name: "techno", weight: 1)]))

    // You agreed to share your taste summary (Profile's setting; off until turned on).
    await runner().run(ProfileState.run(.setTasteSharing(true))) { _ in }
    let mixed = await run(.mixBlend(requestID: 1, summary(of: sam)))
    guard case .blendMixed(1, .success(let result))? = blendMixed(mixed) else { return XCTFail("\(mixed)") }
    XCTAssertTrue(result.mineShared)
    XCTAssertTrue(BlendPreview.songRange.contains(result.preview.tracks.count), "\(result.preview.tracks.count)")
    XCTAssertEqual(result.found.count, result.preview.tracks.count)
    XCTAssertGreaterThan(result.foundCount, 0)
    XCTAssertNotNil(result.firstTrack)
    XCTAssertEqual(mixed.last, .unlocked([.firstBlend]), "the first Blend is announced, right after its preview")
    let bodies = await gemini.recordedGenerationBodies()
    XCTAssertEqual(bodies.count, 1, "one Gemini request")
    let prompt = String(decoding: bodies[0], as: UTF8.self)
    for artist in ["Aurora Lines", "Delta Nine"] { XCTAssertTrue(prompt.contains(artist), "\(artist) in the prompt") }
    // Your own summary is public (Sam can Blend with you too).
    let mine = try await sam.social.tasteSummary(of: me.uid)
    XCTAssertEqual(mine?.artists.first?.name, "Aurora Lines")

    // The first write fails (Spotify 500, its answer maybe lost): the retry never makes a second playlist.
    await sandbox.web.enqueue(.status(500))
    let failed = await run(.saveBlend(requestID: 2, playlistID: result.playlistID))
    guard case .blendSaved(2, .failure)? = failed.last else { return XCTFail("\(failed)") }
    let saved = await run(.saveBlend(requestID: 3, playlistID: result.playlistID))
    guard case .blendSaved(3, .success(let url))? = saved.last else { return XCTFail("\(saved)") }
    let again = await run(.saveBlend(requestID: 4, playlistID: result.playlistID))
    XCTAssertEqual(again.last, .blendSaved(requestID: 4, .success(url)), "saved already: nothing new")
    let playlists = await sandbox.web.catalog().playlists.filter { $0.name == result.preview.name }
    XCTAssertEqual(playlists.count, 1, "one playlist")
    XCTAssertEqual(playlists.first?.items.count, result.foundCount)
    XCTAssertEqual(playlists.first?.isCollaborative, true, "made collaborative for the owner")
    XCTAssertEqual(playlists.first?.isPublic, false, "a collaborative playlist is private")
    XCTAssertFalse(saved.contains(.blendCollaborativeRefused(requestID: 3)), "\(saved)")
    let detailChanges = await sandbox.web.recordedRequests().filter {
      $0.method == "PUT" && $0.path.hasPrefix("/v1/playlists/") && !$0.path.hasSuffix("/items")
    }
    XCTAssertEqual(detailChanges.count, 2, "asked once per successful save (idempotent)")

    // Share: the first found song with the link, in Sam's inbox thread.
    let track = try XCTUnwrap(result.firstTrack)
    let shared = await run(
      .shareBlend(requestID: 5, summary(of: sam), name: result.preview.name, url: url, track: track))
    XCTAssertEqual(shared, [.blendShared(requestID: 5, nil)])
    let threads = try await sam.shares.inbox()
    XCTAssertEqual(threads.count, 1)
    let messages = try await sam.shares.sentToMe()
    XCTAssertEqual(messages.first?.senderId, me.uid)
    XCTAssertEqual(messages.first?.track.trackUri, track.trackUri)
    XCTAssertTrue(messages.first?.message?.contains(url) == true, "\(String(describing: messages.first?.message))")

    // The second Blend is not announced again.
    let second = await run(.mixBlend(requestID: 6, summary(of: sam)))
    XCTAssertFalse(second.contains { if case .unlocked = $0 { true } else { false } }, "\(second)")
  }

  /// Counts the searches and the most in flight together (each takes 20 ms), answering as `Searcher`.
  private struct SearchProbe: TrackSearching {
    actor Counter {
      var total = 0
      var inFlight = 0
      var maxInFlight = 0
      func begin() {
        total += 1
        inFlight += 1
        maxInFlight = max(maxInFlight, inFlight)
      }
      func end() { inFlight -= 1 }
    }
    let counter = Counter()

    func searchTracks(query: String, limit: Int) async throws -> [TrackCandidate] {
      await counter.begin()
      try? await Task.sleep(for: .milliseconds(20))
      await counter.end()
      return try await Searcher().searchTracks(query: query, limit: limit)
    }
  }

  /// The Blend resolves its songs through Create's resolve (`CreateWorkflow.resolve` with a `SongResolver`): each
  /// song searched once, never more than `SongResolver.maxInFlight` searches in flight — the concurrency and the
  /// 429 budget the bench's `generate_resolve_20` measures for Create.
  func testABlendResolvesWithCreatesSearchConcurrency() async throws {
    let me = try await signInMe()
    let sam = try await SocialTestPerson.signIn("g-sam", name: "Samira", on: firebase)
    try await me.social.follow(sam.uid)
    try await sam.social.publishTasteSummary(
      TasteSummary(artists: [.init(name: "Basalt", weight: 1)], genres: [.init(name: "techno", weight: 1)]))
    let probe = SearchProbe()
    let mixed = await run(.mixBlend(requestID: 1, summary(of: sam)), runner(searcher: probe))
    guard case .blendMixed(1, .success(let result))? = blendMixed(mixed) else { return XCTFail("\(mixed)") }
    let songs = Set(result.preview.tracks.map { SongNormalizer.key(title: $0.title, artist: $0.artist) })
    let total = await probe.counter.total
    XCTAssertEqual(total, songs.count, "every song searched once")
    XCTAssertGreaterThan(total, SongResolver.maxInFlight)
    let most = await probe.counter.maxInFlight
    XCTAssertEqual(most, SongResolver.maxInFlight, "Create's concurrency, no more")
  }

  /// Reads of `uid`'s profile document and of your top artists at the fakes so far.
  func summaryReads(of uid: String) async -> (theirs: Int, mine: Int) {
    let theirs = await firebase.recordedRequests().filter {
      $0.request.method == "GET" && $0.request.path.hasSuffix("/documents/users/\(uid)")
    }
    let mine = await sandbox.web.recordedRequests().filter { $0.path.hasSuffix("/me/top/artists") }
    return (theirs.count, mine.count)
  }

  /// A friend's profile brings their taste summary (the profile's own document) and reads yours right after it is
  /// drawn, so `m` asks neither Firestore nor Spotify for them and starts with Gemini (the bench's
  /// `blend_resolve_30`); once they are older than `BlendTasteAhead.maxAge` the Blend reads both again.
  func testAFriendsProfileReadsBothSummariesAheadAndTheBlendUsesThemWhileFresh() async throws {
    let me = try await signInMe()
    let sam = try await SocialTestPerson.signIn("g-sam", name: "Samira", on: firebase)
    try await me.social.follow(sam.uid)
    try await sam.social.publishTasteSummary(
      TasteSummary(artists: [.init(name: "Basalt", weight: 1)], genres: [.init(name: "techno", weight: 1)]))
    let clock = BlendClock()
    let runner = runner(now: { clock.now })

    let start = await summaryReads(of: sam.uid)
    let opened = GamifyCollected()
    await runner.run(.people(.loadProfile(requestID: 1, summary(of: sam)))) { opened.append($0) }
    guard case .profileLoaded(1, _, .success(let profile))? = opened.values.compactMap(\.peopleAction).first else {
      return XCTFail("\(opened.values)")
    }
    XCTAssertTrue(profile.isFollowing)
    let afterOpen = await summaryReads(of: sam.uid)
    XCTAssertEqual(afterOpen.theirs, start.theirs + 1, "their profile, read once")
    XCTAssertEqual(afterOpen.mine, start.mine + 1, "your top artists, read ahead")

    let mixed = await run(.mixBlend(requestID: 2, summary(of: sam)), runner)
    guard case .blendMixed(2, .success)? = blendMixed(mixed) else { return XCTFail("\(mixed)") }
    let afterBlend = await summaryReads(of: sam.uid)
    XCTAssertEqual(afterBlend.theirs, afterOpen.theirs, "no read of their summary on m")
    XCTAssertEqual(afterBlend.mine, afterOpen.mine, "no read of yours on m")

    clock.advance(BlendTasteAhead.maxAge + 1)
    let stale = await run(.mixBlend(requestID: 3, summary(of: sam)), runner)
    guard case .blendMixed(3, .success)? = blendMixed(stale) else { return XCTFail("\(stale)") }
    let afterStale = await summaryReads(of: sam.uid)
    XCTAssertEqual(afterStale.theirs, afterBlend.theirs + 1, "too old: theirs read again")
    XCTAssertEqual(afterStale.mine, afterBlend.mine + 1, "too old: yours read again")
  }

  /// A profile opened before the friend published keeps no summary for them: `m` reads it as without the
  /// read-ahead and finds the one published since.
  func testAProfileOpenedBeforeTheyPublishedLetsTheBlendReadItsSummary() async throws {
    let me = try await signInMe()
    let sam = try await SocialTestPerson.signIn("g-sam", name: "Samira", on: firebase)
    try await me.social.follow(sam.uid)
    let runner = runner()
    await runner.run(.people(.loadProfile(requestID: 1, summary(of: sam)))) { _ in }
    let none = await run(.mixBlend(requestID: 2, summary(of: sam)), runner)
    XCTAssertEqual(none, [.blendMixed(requestID: 2, .failure(.noTasteSummary))])

    try await sam.social.publishTasteSummary(
      TasteSummary(artists: [.init(name: "Basalt", weight: 1)], genres: [.init(name: "techno", weight: 1)]))
    let before = await summaryReads(of: sam.uid)
    let mixed = await run(.mixBlend(requestID: 3, summary(of: sam)), runner)
    guard case .blendMixed(3, .success)? = blendMixed(mixed) else { return XCTFail("\(mixed)") }
    let after = await summaryReads(of: sam.uid)
    XCTAssertEqual(after.theirs, before.theirs + 1, "read on m")
  }

  func testARefusedCollaborationKeepsTheSavedPlaylistAndSaysSo() async throws {
    _ = try await signInMe()
    let sam = try await SocialTestPerson.signIn("g-sam", name: "Samira", on: firebase)
    try await sam.social.publishTasteSummary(
      TasteSummary(artists: [.init(name: "Basalt", weight: 1)], genres: [.init(name: "techno", weight: 1)]))
    let mixed = await run(.mixBlend(requestID: 1, summary(of: sam)))
    guard case .blendMixed(1, .success(let result))? = blendMixed(mixed) else { return XCTFail("\(mixed)") }
    await sandbox.web.setRefusesDetailChanges(true)
    let saved = await run(.saveBlend(requestID: 2, playlistID: result.playlistID))
    XCTAssertEqual(saved.count, 2, "\(saved)")
    XCTAssertEqual(saved.first, .blendCollaborativeRefused(requestID: 2))
    guard case .blendSaved(2, .success)? = saved.last else { return XCTFail("\(saved)") }
    let playlists = await sandbox.web.catalog().playlists.filter { $0.name == result.preview.name }
    XCTAssertEqual(playlists.count, 1, "the playlist stays saved")
    XCTAssertEqual(playlists.first?.isCollaborative, false)
    XCTAssertEqual(playlists.first?.items.count, result.foundCount)
  }

  func testSavesAndSharesCountGenresAndForYouSavesOnceWithBoundedRequests() async throws {
    let me = try await signInMe()
    let catalog = await sandbox.web.catalog()
    let pulse = try XCTUnwrap(catalog.tracks.first { $0.name == "Pulse" })  // Delta Nine: techno
    let hearth = try XCTUnwrap(catalog.tracks.first { $0.name == "Hearth I" })  // Cinder Vale: two folk genres
    try sandbox.database.saveForYouList(
      CachedForYou(
        entries: [ForYouEntry(title: "Hearth I", artist: "Cinder Vale", reason: "r", trackID: hearth.id)],
        fetchedAt: Date()), at: Date())
    // A song saved that is not on For You: its genre counts, no For You save.
    let box = GamifyCollected()
    await runner().run(SongMenuFeature.run(.saveToLibrary(requestID: 1, uri: "spotify:track:\(pulse.id)"))) {
      box.append($0)
    }
    XCTAssertEqual(box.values.compactMap(\.gamifyAction), [], "nothing unlocked yet")
    let first = await genreRequests()
    XCTAssertEqual(first, 2, "one track and one artist lookup")
    var stored = try await me.social.achievementProgress()
    XCTAssertEqual(stored.genres, ["techno"])
    XCTAssertEqual(stored.forYouSaves, 0)

    // The For You song saved: two more genres and the first For You save, announced once.
    let saved = GamifyCollected()
    await runner().run(SongMenuFeature.run(.saveToLibrary(requestID: 2, uri: "spotify:track:\(hearth.id)"))) {
      saved.append($0)
    }
    XCTAssertEqual(saved.values.compactMap(\.gamifyAction), [.unlocked([.firstForYouSave])])
    let again = GamifyCollected()
    await runner().run(SongMenuFeature.run(.saveToLibrary(requestID: 3, uri: "spotify:track:\(hearth.id)"))) {
      again.append($0)
    }
    XCTAssertEqual(again.values.compactMap(\.gamifyAction), [], "never announced twice")
    let afterAgain = await genreRequests()
    XCTAssertEqual(afterAgain, 4, "the second save of the same song asks Spotify nothing (cached genres)")
    stored = try await me.social.achievementProgress()
    XCTAssertEqual(stored.genres, ["techno", "indie folk", "chamber folk"])
    XCTAssertEqual(stored.forYouSaves, 1, "the same song saved twice is one For You save")

    // The list shows real progress: 3/10 genres, 1 For You save, the share count measured.
    let listed = await run(.loadAchievements(requestID: 4))
    guard case .achievementsLoaded(4, .success(let report))? = listed.last else { return XCTFail("\(listed)") }
    XCTAssertEqual(Achievement.tenGenres.progress(report.facts).count, 3)
    XCTAssertTrue(report.measured.isSuperset(of: [.tenGenres, .firstForYouSave, .firstShare, .tenShares]))
    XCTAssertEqual(report.facts.shares, 0)
    XCTAssertNotNil(report.book.unlocked[.firstForYouSave])
  }

  /// Lookups of genres (a track, then its first artist) the Spotify fake answered.
  func genreRequests() async -> Int {
    await sandbox.web.recordedRequests().filter {
      $0.method == "GET" && ($0.path.hasPrefix("/v1/tracks/") || $0.path.hasPrefix("/v1/artists/"))
    }.count
  }

  /// A share made offline waits in the social outbox as its draft (the song's track id with it); after a restart
  /// (a new runner: nothing but SQLite remembers it) the flush sends it and counts its genres, once: a second flush
  /// sends and counts nothing.
  func testAnOfflineShareSentAfterARestartRaisesTheGenresOnce() async throws {
    let me = try await signInMe()
    let catalog = await sandbox.web.catalog()
    let pulse = try XCTUnwrap(catalog.tracks.first { $0.name == "Pulse" })  // Delta Nine: techno
    let track = SharedTrack(
      trackId: pulse.id, trackName: "Pulse", artistName: "Delta Nine", albumName: "A",
      trackUri: "spotify:track:\(pulse.id)")
    let draft = ShareDraft(
      id: "OfflineGenreShare001", senderId: me.uid, senderUsername: me.profile.username ?? "",
      senderDisplayName: me.profile.displayName, recipientId: nil, track: track, message: "later")
    try SocialOutbox(database: sandbox.database, shares: me.shares).enqueue(draft, at: Date())
    var stored = try await me.social.achievementProgress()
    XCTAssertEqual(stored.genres, [], "nothing counted while it waits")

    let box = GamifyCollected()
    await runner().run(SongMenuFeature.run(.flushOutbox(requestID: 1))) { box.append($0) }
    guard
      case .outboxFlushed(1, sent: 1, refused: 0, waiting: 0, _)? = box.values.first?.action(of: SongMenuFeature.self)
    else {
      return XCTFail("\(box.values)")
    }
    let shared = await firebase.documents()["shares/OfflineGenreShare001"]
    XCTAssertEqual(shared?["message"], .string("later"))
    stored = try await me.social.achievementProgress()
    XCTAssertEqual(stored.genres, ["techno"], "the share sent from the outbox counts its genre")
    let lookups = await genreRequests()
    XCTAssertEqual(lookups, 2, "one track and one artist lookup")

    let again = GamifyCollected()
    await runner().run(SongMenuFeature.run(.flushOutbox(requestID: 2))) { again.append($0) }
    guard
      case .outboxFlushed(2, sent: 0, refused: 0, waiting: 0, _)? = again.values.first?.action(of: SongMenuFeature.self)
    else {
      return XCTFail("\(again.values)")
    }
    XCTAssertEqual(again.values.count, 1, "nothing else happens")
    stored = try await me.social.achievementProgress()
    XCTAssertEqual(stored.genres, ["techno"])
    let after = await genreRequests()
    XCTAssertEqual(after, 2, "counted once")
  }

  /// A save made offline waits in Explore's queue; when the queue is sent the saved song's genres count, once.
  func testAnOfflineSaveCountsItsGenresWhenTheQueueIsSent() async throws {
    let me = try await signInMe()
    let catalog = await sandbox.web.catalog()
    let hearth = try XCTUnwrap(catalog.tracks.first { $0.name == "Hearth I" })  // Cinder Vale: two folk genres
    let save = MusicAction.save(uris: ["spotify:track:\(hearth.id)"])
    _ = try sandbox.database.enqueueSpotifyAction(try JSONEncoder().encode(save), at: Date())

    let box = GamifyCollected()
    await runner().run(.explore(.flushQueue)) { box.append($0) }
    XCTAssertEqual(box.values.compactMap(\.exploreAction), [.queueFlushed(sent: 1, remaining: 0)])
    var stored = try await me.social.achievementProgress()
    XCTAssertEqual(stored.genres, ["indie folk", "chamber folk"])
    await runner().run(.explore(.flushQueue)) { box.append($0) }
    stored = try await me.social.achievementProgress()
    XCTAssertEqual(stored.genres, ["indie folk", "chamber folk"])
    let lookups = await genreRequests()
    XCTAssertEqual(lookups, 2, "counted once")
  }

  /// A song saved with Explore's own key (not the song menu) counts its genres too, once Spotify took it.
  func testASaveFromExploreCountsItsGenres() async throws {
    let me = try await signInMe()
    let catalog = await sandbox.web.catalog()
    let pulse = try XCTUnwrap(catalog.tracks.first { $0.name == "Pulse" })  // Delta Nine: techno
    let box = GamifyCollected()
    let save = MusicAction.save(uris: ["spotify:track:\(pulse.id)"])
    await runner().run(.explore(.perform(requestID: 1, save, checkDuplicates: false))) { box.append($0) }
    XCTAssertEqual(box.values.compactMap(\.exploreAction), [.actionFinished(save, .done, queued: 0)])
    let stored = try await me.social.achievementProgress()
    XCTAssertEqual(stored.genres, ["techno"])
  }

  func testGeminiRequestsAreCountedPerDayAndA429SaysTheQuotaIsUsedUp() async throws {
    _ = try await signInMe()
    let sam = try await SocialTestPerson.signIn("g-sam", name: "Samira", on: firebase)
    try await sam.social.publishTasteSummary(
      TasteSummary(artists: [.init(name: "Basalt", weight: 1)], genres: [.init(name: "post rock", weight: 1)]))
    let runner = runner()
    let model = runner.dependencies.create.model.model
    let limit = GeminiQuota.dailyFreeLimit(model: model)

    let start = await run(.readGeminiUsage, runner)
    XCTAssertEqual(start, [.geminiUsageRead(GeminiUsage(requests: 0, exhausted: false, model: model))])

    let first = await run(.mixBlend(requestID: 1, summary(of: sam)), runner)
    XCTAssertTrue(
      first.contains(.geminiUsageRead(GeminiUsage(requests: 1, exhausted: false, model: model))), "\(first)")
    guard case .blendMixed(1, .success)? = blendMixed(first) else { return XCTFail("\(first)") }

    // Earlier requests today (another run): near the limit the hint shows.
    let today = LocalDay(Date(), in: .current).number
    for _ in 0..<14 {
      try sandbox.database.recordGeminiRequest(keyID: GeminiQuota.keyID(key), day: today, exhausted: false)
    }
    let second = await run(.mixBlend(requestID: 2, summary(of: sam)), runner)
    let near = GeminiUsage(requests: 16, exhausted: false, model: model)
    XCTAssertTrue(second.contains(.geminiUsageRead(near)), "\(second)")
    if limit != nil { XCTAssertNotNil(near.hint) }

    // Google answers 429 RESOURCE_EXHAUSTED (per day): used up until the reset.
    await gemini.enqueueGeneration(.quotaPerDay)
    let third = await run(.mixBlend(requestID: 3, summary(of: sam)), runner)
    let usedUp = GeminiUsage(requests: 17, exhausted: true, model: model)
    XCTAssertTrue(third.contains(.geminiUsageRead(usedUp)), "\(third)")
    XCTAssertEqual(usedUp.hint, LocalizedText(GamifyL10n.geminiQuotaUsedUp))
    guard case .blendMixed(3, .failure(.create(.quotaExhaustedForToday)))? = third.last else {
      return XCTFail("\(third)")
    }
    // Another key starts from nothing.
    XCTAssertEqual(try sandbox.database.geminiUsage(keyID: GeminiQuota.keyID("other"), day: today).requests, 0)
  }

  func testYourTasteSummaryIsPublishedOnlyOnceYouAgreeAndTurningItOffDeletesIt() async throws {
    let me = try await signInMe()
    let sam = try await SocialTestPerson.signIn("g-sam", name: "Samira", on: firebase)
    try await sam.social.publishTasteSummary(
      TasteSummary(artists: [.init(name: "Basalt", weight: 1)], genres: [.init(name: "post rock", weight: 1)]))

    // Off by default: starting and blending publish nothing, and the Blend says so.
    await runner().run(GamifyFeature.run(.publishTaste)) { _ in }
    let mixed = await run(.mixBlend(requestID: 1, summary(of: sam)))
    guard case .blendMixed(1, .success(let result))? = blendMixed(mixed) else { return XCTFail("\(mixed)") }
    XCTAssertFalse(result.mineShared)
    let unpublished = try await sam.social.tasteSummary(of: me.uid)
    XCTAssertNil(unpublished, "nothing published without your agreement")
    let info = await runner().run(ProfileState.run(.loadInfo))
    guard case .infoLoaded(let profileInfo)? = info?.action(of: ProfileState.self) else {
      return XCTFail("\(String(describing: info))")
    }
    XCTAssertEqual(profileInfo.sharesTaste, false, "the setting shows, off")

    // On: published at once.
    let on = await runner().run(ProfileState.run(.setTasteSharing(true)))
    XCTAssertEqual(on, .profile(.tasteSharingSet(shares: true, failed: false)))
    let published = try await sam.social.tasteSummary(of: me.uid)
    XCTAssertEqual(published?.artists.first?.name, "Aurora Lines")

    // Off: deleted from your profile (the rules let the owner), and not published again at the next start.
    let off = await runner().run(ProfileState.run(.setTasteSharing(false)))
    XCTAssertEqual(off, .profile(.tasteSharingSet(shares: false, failed: false)))
    let deleted = try await sam.social.tasteSummary(of: me.uid)
    XCTAssertNil(deleted)
    let stored = await firebase.documents()["users/\(me.uid)"]
    XCTAssertNil(stored?["tasteKeys"], "People's taste suggestions cannot find you once you stop sharing")
    await runner().run(GamifyFeature.run(.publishTaste)) { _ in }
    let afterStart = try await sam.social.tasteSummary(of: me.uid)
    XCTAssertNil(afterStart)
    let profile = try await me.social.profile(uid: me.uid)
    XCTAssertNotNil(profile, "the rest of your profile stays")
  }

  func testWithoutTheirTasteSummaryItSaysSoWithoutAskingGemini() async throws {
    _ = try await signInMe()
    let sam = try await SocialTestPerson.signIn("g-sam", name: "Samira", on: firebase)
    let mixed = await run(.mixBlend(requestID: 1, summary(of: sam)))
    XCTAssertEqual(mixed, [.blendMixed(requestID: 1, .failure(.noTasteSummary))])
    let bodies = await gemini.recordedGenerationBodies()
    XCTAssertTrue(bodies.isEmpty)
  }

  /// "t" in a Blend preview after the share's write landed but its answer was lost: sharing again finds the first
  /// message and adds none (the id comes from the Blend, not from the press); another Blend is a message of its own.
  func testABlendSharedAgainAfterItsAnswerWasLostIsOneMessage() async throws {
    let me = try await signInMe()
    let sam = try await SocialTestPerson.signIn("g-sam", name: "Samira", on: firebase)
    try await me.social.follow(sam.uid)
    let track = SharedTrack(
      trackId: "4uLU6hMCjMI75M1A2tKUQC", trackName: "Basalt", artistName: "Delta Nine", albumName: "A",
      trackUri: "spotify:track:4uLU6hMCjMI75M1A2tKUQC")
    let url = "https://open.spotify.com/playlist/blendOne"
    func share(_ requestID: Int, _ url: String) async -> [GamifyAction] {
      await run(.shareBlend(requestID: requestID, summary(of: sam), name: "Mira + Samira", url: url, track: track))
    }

    await firebase.loseCommitAnswers(1)
    let lost = await share(1, url)
    guard case .blendShared(1, .some)? = lost.last else { return XCTFail("the lost answer is a failure: \(lost)") }
    let landed = try await sam.shares.sentToMe()
    XCTAssertEqual(landed.count, 1, "the write landed")

    let again = await share(2, url)
    XCTAssertEqual(again, [.blendShared(requestID: 2, nil)], "already sent counts as sent")
    let afterRetry = try await sam.shares.sentToMe()
    XCTAssertEqual(afterRetry.map(\.id), landed.map(\.id), "no second message")
    let thread = try XCTUnwrap(afterRetry.first?.threadId)
    let inThread = try await sam.shares.messages(in: thread)
    XCTAssertEqual(inThread.count, 1, "one message in the conversation")

    let other = await share(3, "https://open.spotify.com/playlist/blendTwo")
    XCTAssertEqual(other, [.blendShared(requestID: 3, nil)])
    let both = try await sam.shares.sentToMe()
    XCTAssertEqual(both.count, 2, "another Blend is another message")
  }

  func testSignedOutAndWithoutAGeminiKeySayWhatIsMissing() async throws {
    let signedOut = await run(.mixBlend(requestID: 1, PersonSummary(uid: "uid-x", displayName: "X")))
    XCTAssertEqual(signedOut, [.blendMixed(requestID: 1, .failure(.social(.notSignedIn)))])
    _ = try await signInMe()
    let sam = try await SocialTestPerson.signIn("g-sam", name: "Samira", on: firebase)
    try await sam.social.publishTasteSummary(TasteSummary(artists: [.init(name: "Basalt", weight: 1)], genres: []))
    try sandbox.secrets.delete(.geminiAPIKey)
    let noKey = await run(.mixBlend(requestID: 2, summary(of: sam)))
    XCTAssertEqual(noKey, [.blendMixed(requestID: 2, .failure(.create(.geminiKeyMissing)))])
  }

  func testTheTenthFollowAnnouncesOnceAndTheListCountsIt() async throws {
    let me = try await signInMe()
    var people: [SocialTestPerson] = []
    for index in 0..<10 {
      people.append(try await SocialTestPerson.signIn("g-p\(index)", name: "Person\(index)", on: firebase))
    }
    for person in people.prefix(9) { try await me.social.follow(person.uid) }
    let ninth = await run(.loadAchievements(requestID: 1))
    guard case .achievementsLoaded(1, .success(let before))? = ninth.last else { return XCTFail("\(ninth)") }
    XCTAssertEqual(before.facts.following, 9)
    XCTAssertNil(before.book.unlocked[.tenFollows])
    XCTAssertFalse(ninth.contains { if case .unlocked = $0 { true } else { false } })

    let box = GamifyCollected()
    let tenth = summary(of: people[9])
    await runner().run(.people(.perform(requestID: 2, .follow, tenth))) { box.append($0) }
    XCTAssertEqual(box.values.compactMap(\.gamifyAction), [.unlocked([.tenFollows])])
    XCTAssertNotNil(box.values.compactMap(\.peopleAction).first, "People's own answer still comes")

    // Counted again (the list, another follow): never announced twice.
    let listed = await run(.loadAchievements(requestID: 3))
    XCTAssertEqual(listed.count, 1, "\(listed)")
    guard case .achievementsLoaded(3, .success(let after))? = listed.last else { return XCTFail("\(listed)") }
    XCTAssertNotNil(after.book.unlocked[.tenFollows])
    XCTAssertEqual(after.facts.following, 10)
  }

  func testADismissedForYouSongStaysDismissedOnASecondDevice() async throws {
    _ = try await signInMe()
    let (title, artist) = FakeGeminiServer.catalog[0]
    let entry = ForYouEntry(title: title, artist: artist, reason: "Heavy like Basalt.", trackID: "fy0")
    _ = await runner().run(.explore(.dismissForYou(entry)))
    XCTAssertFalse(
      try sandbox.database.forYouMemory().dismissedSongs.contains(entry.song.key),
      "signed in, the computer's own (signed-out) memory is not the account's")

    // A second data folder, the same account.
    let second = try await SpotifyAccountSandbox.make(name: "blend2", token: Self.token)
    defer { Task { await second.remove() } }
    try second.secrets.write(key, for: .geminiAPIKey)
    let session = try sandbox.secrets.read(.firebaseSession)
    try second.secrets.write(try XCTUnwrap(session), for: .firebaseSession)
    let songs = (0..<16).map { index -> [String: String] in
      let (title, artist) = FakeGeminiServer.catalog[index]
      return ["title": title, "artist": artist, "reason": "Heavy and slow like Basalt.", "because_of": "Basalt"]
    }
    let answer = String(decoding: try JSONSerialization.data(withJSONObject: ["songs": songs]), as: UTF8.self)
    await gemini.enqueueGeneration(.answerText(answer))
    let action = await runner(second).run(.explore(.loadForYou(requestID: 9, refresh: true)))
    guard case .forYouFinished(9, .success(let list))? = action?.exploreAction else {
      return XCTFail("\(String(describing: action))")
    }
    XCTAssertFalse(list.entries.isEmpty)
    XCTAssertFalse(list.entries.contains { $0.song.key == entry.song.key }, "dismissed on the first device")
    let body = await gemini.recordedGenerationBodies().last.map { String(decoding: $0, as: UTF8.self) } ?? ""
    XCTAssertTrue(body.contains(title), "sent as excluded")
  }

  func testTheStreakReadForTheReminder() async throws {
    let signedOut = await run(.readStreak(requestID: 4))
    guard case .streakRead(4, nil, _, _)? = signedOut.first else { return XCTFail("\(signedOut)") }
    let me = try await signInMe()
    try await me.social.recordShareForStreak()
    let read = await run(.readStreak(requestID: nil))
    guard case .streakRead(nil, let record?, _, _)? = read.first else { return XCTFail("\(read)") }
    XCTAssertEqual(record.count, 1)
  }
}

/// What an effect sent, collected across its task.
/// A clock the test moves.
private final class BlendClock: @unchecked Sendable {
  // @unchecked: `current` is only touched under `lock`.
  private let lock = NSLock()
  private var current = Date()
  var now: Date { lock.withLock { current } }
  func advance(_ seconds: TimeInterval) { lock.withLock { current += seconds } }
}

private final class GamifyCollected: @unchecked Sendable {
  // @unchecked: `values` is only touched under `lock`.
  private let lock = NSLock()
  private var stored: [AppAction] = []
  func append(_ action: AppAction) { lock.withLock { stored.append(action) } }
  var values: [AppAction] { lock.withLock { stored } }
}
