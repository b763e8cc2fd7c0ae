import Foundation

extension TabID {
  public static let gamify = TabID("gamify")
}

/// A Blend with one person (FR-6.2) as it runs and shows: "Mixing…", then the preview with save, share and refresh.
public struct BlendPage: Sendable, Hashable {
  public var person: PersonSummary
  /// The generation (Gemini, then Spotify's search) in flight.
  public var mixing: Int?
  public var result: BlendResult?
  public var problem: BlendProblem?
  public var list = ListState()
  public var saving: Int?
  /// The saved playlist's web address.
  public var savedURL: String?
  public var saveFailure: CreateFailure?
  /// Saved, but Spotify would not make it collaborative (only the owner can add songs).
  public var collaborativeRefused = false
  public var sharing: Int?
  public var shared = false
  public var shareFailure: PeopleFailure?

  public init(person: PersonSummary) { self.person = person }

  var isBusy: Bool { mixing != nil || saving != nil || sharing != nil }
}

/// Issue 24's screens besides For You and the account block: the achievements list (the area's root) and the Blend
/// with a followed user on top; and, off screen, the late-day streak reminder in the status line (FR-9.2) and the
/// daily publication of your taste summary. An area of Profile: it opens through `NavigationRequest.openBlend` or
/// `.openAchievements` (People's `m` and `a`), and Esc goes back to where it was opened from.
public struct GamifyFeature: Sendable, Hashable {
  /// The achievements list's load in flight.
  public var loading: Int?
  public var report: AchievementsReport?
  public var failure: PeopleFailure?
  public var list = ListState()
  /// The Blend, over the list while open.
  public var blend: BlendPage?
  /// Your streak as last read for the reminder (nil before the first read or signed out), in the time zone the edge
  /// works days out in.
  public var streak: StreakRecord?
  public var timeZone = TimeZone(identifier: "UTC")!
  /// The re-read of the streak in flight (the reminder is said only after a fresh read).
  public var standingRequest: Int?
  /// The local day the reminder was last said (once a day).
  public var remindedDay: LocalDay?

  public init() {}

  static func visibleRows(_ context: AppContext) -> Int { max(1, context.size.height - 8) }
}

public enum GamifyAction: Sendable, Hashable {
  /// Opens the Blend with `person` and starts mixing.
  case openBlend(PersonSummary)
  /// Opens the achievements list and loads it.
  case openAchievements
  case blendMixed(requestID: Int, Result<BlendResult, BlendProblem>)
  /// The save finished: the playlist's web address, or why not.
  case blendSaved(requestID: Int, Result<String, CreateFailure>)
  case blendShared(requestID: Int, PeopleFailure?)
  /// Today's Gemini count as just read (after a generation, and at start).
  case geminiUsageRead(GeminiUsage?)
  /// Sent before `blendSaved` when the playlist was saved but Spotify refused to make it collaborative.
  case blendCollaborativeRefused(requestID: Int)
  case achievementsLoaded(requestID: Int, Result<AchievementsReport, PeopleFailure>)
  /// Achievements newly stored (by any step): announced once in the status line.
  case unlocked([Achievement])
  /// Your streak as read now (nil: signed out or no profile), with the user's time zone and the time of the read.
  case streakRead(requestID: Int?, StreakRecord?, timeZone: TimeZone, now: Date)
}

public enum GamifyEffect: CancellableEffect {
  /// Both taste summaries, one Gemini request (`CreateWorkflow.generateBlend`), Create's resolve; `firstBlend` is
  /// unlocked. Cancelled by Esc.
  case mixBlend(requestID: Int, PersonSummary)
  /// Create's save (one playlist however often it is retried), then the playlist is marked collaborative where
  /// Spotify allows it. Not cancelled half-way.
  case saveBlend(requestID: Int, playlistID: Int64)
  /// Sends the first found song to `person` with the playlist's link as the message (their inbox thread).
  case shareBlend(requestID: Int, PersonSummary, name: String, url: String, track: SharedTrack)
  case loadAchievements(requestID: Int)
  /// Reads your streak for the reminder (`requestID` nil at start-up).
  case readStreak(requestID: Int?)
  /// The evening streak reminder as a desktop notification (`DesktopNotifier`), once a day.
  case notify(SongNotification)
  /// Publishes your taste summary when signed in, Spotify connected and it changed (at most once a day).
  case publishTaste
  /// Reads today's Gemini count (at start, so the hint shows before the first request).
  case readGeminiUsage

  public var cancellationID: Int? {
    switch self {
    case .mixBlend(let id, _), .loadAchievements(let id): id
    case .readStreak(let id): id
    case .saveBlend, .shareBlend, .publishTaste, .notify, .readGeminiUsage: nil
    }
  }
}

public enum GamifyCommand: Sendable, Hashable {
  case move(ListState.Move)
  case save
  case share
  case refresh
  case setup
  case retry
}

extension GamifyFeature: TabFeature {
  public static let id = TabID.gamify
  public static var home: TabID? { .profile }
  /// The reminder rides on the clock the Feed already runs; this asks for no clock of its own (the Feed always
  /// wants it).
  public static var wantsClock: Bool { true }
  public typealias Action = GamifyAction
  public typealias Effect = GamifyEffect
  public typealias Command = GamifyCommand

  public var depth: Int { blend == nil ? 0 : 1 }
  public var isEditingText: Bool { false }

  public var runningRequestIDs: [Int] {
    [loading, blend?.mixing, standingRequest].compactMap { $0 }
  }

  /// The reminder, the taste summary and the Gemini count work whether or not Gamify is ever opened.
  public mutating func launch(_ context: inout AppContext) -> [AppEffect] {
    [Self.run(.readStreak(requestID: nil)), Self.run(.publishTaste), Self.run(.readGeminiUsage)]
  }

  public mutating func reduce(_ action: GamifyAction, _ context: inout AppContext) -> [AppEffect] {
    switch action {
    case .openBlend(let person):
      var effects: [AppEffect] = blend?.mixing.map { [.cancel(requestID: $0)] } ?? []
      blend = BlendPage(person: person)
      effects += mix(&context)
      return effects
    case .openAchievements:
      var effects: [AppEffect] = blend?.mixing.map { [.cancel(requestID: $0)] } ?? []
      blend = nil
      effects += loadAchievements(&context)
      return effects
    case .blendMixed(let requestID, let result):
      guard blend?.mixing == requestID else { return [] }
      blend?.mixing = nil
      switch result {
      case .success(let result):
        blend?.result = result
        blend?.problem = nil
        blend?.list = ListState()
      case .failure(let problem):
        blend?.problem = problem
      }
      return []
    case .blendSaved(let requestID, let result):
      guard blend?.saving == requestID else { return [] }
      blend?.saving = nil
      switch result {
      case .success(let url):
        blend?.savedURL = url
        blend?.saveFailure = nil
        context.notice = .localized(LocalizedText(GamifyL10n.blendSavedNotice), isWarning: false)
      case .failure(let failure):
        blend?.saveFailure = failure
      }
      return []
    case .geminiUsageRead(let usage):
      context.geminiUsage = usage
      return []
    case .blendCollaborativeRefused(let requestID):
      guard blend?.saving == requestID else { return [] }
      blend?.collaborativeRefused = true
      return []
    case .blendShared(let requestID, let failure):
      guard blend?.sharing == requestID else { return [] }
      blend?.sharing = nil
      blend?.shareFailure = failure
      if failure == nil {
        blend?.shared = true
        let name = blend?.person.shortName ?? ""
        context.notice = .localized(LocalizedText(GamifyL10n.blendSharedNotice, ["name": name]), isWarning: false)
      }
      return []
    case .achievementsLoaded(let requestID, let result):
      guard loading == requestID else { return [] }
      loading = nil
      switch result {
      case .success(let report):
        self.report = report
        failure = nil
      case .failure(let failure):
        self.failure = failure
      }
      list.clamp(count: Achievement.allCases.count, visibleRows: Self.visibleRows(context))
      return []
    case .unlocked(let achievements):
      if let text = AchievementAnnouncement.text(achievements) {
        context.notice = .localized(text, isWarning: false)
      }
      return []
    case .streakRead(let requestID, let record, let timeZone, let now):
      if let requestID {
        guard standingRequest == requestID else { return [] }
        standingRequest = nil
      }
      streak = record
      self.timeZone = timeZone
      return remindIfDue(now: now, &context)
    }
  }

  // MARK: The reminder

  /// After 20:00 local time with the streak at risk and no reminder today: the streak is read again (a share made
  /// since may have saved it), and the answer reminds. Nothing at all happens before the first read says there is a
  /// streak.
  public mutating func clockTicked(_ date: Date, _ context: inout AppContext) -> [AppEffect] {
    guard let streak, standingRequest == nil, remindedDay != LocalDay(date, in: timeZone),
      StreakReminder.isDue(streak, now: date, timeZone: timeZone)
    else { return [] }
    let requestID = context.makeRequestID()
    standingRequest = requestID
    return [Self.run(.readStreak(requestID: requestID))]
  }

  mutating func remindIfDue(now: Date, _ context: inout AppContext) -> [AppEffect] {
    let today = LocalDay(now, in: timeZone)
    guard let streak, remindedDay != today, StreakReminder.isDue(streak, now: now, timeZone: timeZone) else {
      return []
    }
    remindedDay = today
    let reminder = LocalizedText(GamifyL10n.gamifyStreakReminder, ["count": "\(streak.current(on: today))"])
    context.notice = .localized(reminder, isWarning: true)
    // The same once on the desktop (notify-send or the terminal's own notification), in the screen's language.
    return [Self.run(.notify(SongNotification(title: "vibes", body: Localizer(context.language)[reminder])))]
  }

  // MARK: Keys

  public func bindings(_ context: AppContext) -> [KeyBinding<GamifyCommand>] {
    if let blend { return blendBindings(blend) }
    var bindings = ListState.bindings { GamifyCommand.move($0) }
    bindings.append(
      KeyBinding([.character("r")], "r", .key(GamifyL10n.gamifyHelpRetry), footer: failure != nil, .retry))
    return bindings
  }

  func blendBindings(_ blend: BlendPage) -> [KeyBinding<GamifyCommand>] {
    if blend.isBusy { return [] }
    guard blend.result != nil else {
      var bindings: [KeyBinding<GamifyCommand>] = []
      if blend.problem?.setupStep != nil {
        bindings.append(KeyBinding([.enter], "Enter", .key(GamifyL10n.blendHelpSetup), .setup))
      }
      bindings.append(KeyBinding([.character("r")], "r", .key(GamifyL10n.blendHelpRefresh), .refresh))
      return bindings
    }
    var bindings = ListState.bindings { GamifyCommand.move($0) }
    if blend.savedURL == nil {
      bindings.append(KeyBinding([.character("s")], "s", .key(GamifyL10n.blendHelpSave), .save))
    } else if !blend.shared, blend.result?.firstTrack != nil {
      bindings.append(KeyBinding([.character("t")], "t", .key(GamifyL10n.blendHelpShare), .share))
    }
    bindings.append(KeyBinding([.character("r")], "r", .key(GamifyL10n.blendHelpRefresh), .refresh))
    return bindings
  }

  public mutating func perform(_ command: GamifyCommand, _ context: inout AppContext) -> [AppEffect] {
    switch command {
    case .move(let move):
      if let tracks = blend?.result?.preview.tracks {
        blend?.list.apply(move, count: tracks.count, visibleRows: Self.visibleRows(context))
      } else if blend == nil {
        list.apply(move, count: Achievement.allCases.count, visibleRows: Self.visibleRows(context))
      }
      return []
    case .save:
      guard var page = blend, !page.isBusy, let result = page.result, page.savedURL == nil else { return [] }
      let requestID = context.makeRequestID()
      page.saving = requestID
      page.saveFailure = nil
      blend = page
      return [Self.run(.saveBlend(requestID: requestID, playlistID: result.playlistID))]
    case .share:
      guard var page = blend, !page.isBusy, let result = page.result, let url = page.savedURL,
        let track = result.firstTrack
      else { return [] }
      let requestID = context.makeRequestID()
      page.sharing = requestID
      page.shareFailure = nil
      blend = page
      return [
        Self.run(.shareBlend(requestID: requestID, page.person, name: result.preview.name, url: url, track: track))
      ]
    case .refresh:
      guard let page = blend, !page.isBusy else { return [] }
      blend = BlendPage(person: page.person)
      return mix(&context)
    case .setup:
      guard let step = blend?.problem?.setupStep else { return [] }
      context.navigationRequest = .openSetupStep(step)
      return []
    case .retry:
      guard blend == nil else { return [] }
      return loadAchievements(&context)
    }
  }

  mutating func mix(_ context: inout AppContext) -> [AppEffect] {
    guard let person = blend?.person else { return [] }
    let requestID = context.makeRequestID()
    blend?.mixing = requestID
    return [Self.run(.mixBlend(requestID: requestID, person))]
  }

  mutating func loadAchievements(_ context: inout AppContext) -> [AppEffect] {
    guard loading == nil else { return [] }
    let requestID = context.makeRequestID()
    loading = requestID
    return [Self.run(.loadAchievements(requestID: requestID))]
  }

  /// Esc: stops the mixing and closes the Blend (a save or share in flight is one write: the Blend waits for it);
  /// nil at the list, which goes back to where it was opened from.
  public mutating func goBack(_ context: inout AppContext) -> [AppEffect]? {
    guard let page = blend else { return nil }
    guard page.saving == nil, page.sharing == nil else { return [] }
    blend = nil
    return page.mixing.map { [.cancel(requestID: $0)] } ?? []
  }
}

extension AppState {
  /// The Blend and achievements area's state (kept in the feature store).
  public var gamify: GamifyFeature {
    get { features[GamifyFeature.self] }
    set { features[GamifyFeature.self] = newValue }
  }
}

extension NavigationRequest {
  /// People's `m` on a followed user: the Blend with them, mixing at once.
  public static func openBlend(_ person: PersonSummary) -> NavigationRequest {
    .open(GamifyFeature.self, .openBlend(person))
  }
  /// People's `a`: every achievement with its date or progress.
  public static var openAchievements: NavigationRequest { .open(GamifyFeature.self, .openAchievements) }
}

extension AppAction {
  public static func gamify(_ action: GamifyAction) -> AppAction { .feature(GamifyFeature.self, action) }
  /// The Gamify action inside, if this is one.
  public var gamifyAction: GamifyAction? { action(of: GamifyFeature.self) }
}

extension AppEffect {
  public static func gamify(_ effect: GamifyEffect) -> AppEffect { GamifyFeature.run(effect) }
  /// The Gamify effect inside, if this is one.
  public var gamifyEffect: GamifyEffect? { effect(of: GamifyFeature.self) }
}
