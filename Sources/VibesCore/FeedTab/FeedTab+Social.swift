import Foundation

/// The social Feed's polling as the Feed knows it: Firestore has no push, so friends' songs are fetched on start,
/// on `r` and on `SocialPolling`'s gentle interval (driven by the clock ticks the Feed already gets), with every
/// refresh's reads counted against the daily budget. Pure: the clock comes in as actions and with each key
/// (`AppContext.inputAt`).
public struct SocialFeedState: Sendable, Hashable {
  /// True once the runner said a vibes account is signed in (`socialStatusLoaded`): only then does the Feed poll.
  public var isActive = false
  public var poll = SocialPollState()
  public var policy = SocialPollingPolicy()
  /// The social refresh running, if one does.
  public var requestID: Int?
  /// People you follow as of the last refresh (what a refresh costs grows with it).
  public var following = 0
  /// How the last social refresh ended (nil: none yet).
  public var outcome: SocialRefreshOutcome?
  /// When friends' songs were last fetched (nil: never); shown as the cache's age when offline.
  public var fetchedAt: Date?
  /// Set while the day's read budget is spent: no refresh until then.
  public var pausedUntil: Date?
  /// `r` came while a poll ran: one more poll runs as soon as it ends (at most one waits).
  public var pollAgain = false

  public init() {}

  /// Reads one refresh is planned at: one per query when nothing new came (the runner counts the real ones).
  public var readsPerRefresh: Int { SocialPollingPolicy.quietReads(following: following) + 6 }
}

/// How a social refresh ended.
public enum SocialRefreshOutcome: Sendable, Hashable {
  case updated
  /// No vibes account is signed in (or none is configured): the Feed shows its other cards only.
  case signedOut
  /// Firebase could not be reached: the cached cards show with their age.
  case offline
  case failed
}

/// What the runner reports after a social refresh.
public struct SocialRefreshReport: Sendable, Hashable {
  public var outcome: SocialRefreshOutcome
  /// Documents read (billed by Firestore), counted against the daily budget.
  public var reads: Int
  public var following: Int
  /// The senders (already sanitised names) of songs sent to you that were not in the cache before, newest first.
  public var newDirectSenders: [String]
  public var fetchedAt: Date?
  public var now: Date
  /// The cards of the window the poll was asked with, taken from the order just written (nil: read the cache).
  public var window: FeedWindowSlice?

  public init(
    outcome: SocialRefreshOutcome, reads: Int, following: Int = 0, newDirectSenders: [String] = [],
    fetchedAt: Date? = nil, now: Date, window: FeedWindowSlice? = nil
  ) {
    self.window = window
    self.outcome = outcome
    self.reads = reads
    self.following = following
    self.newDirectSenders = newDirectSenders
    self.fetchedAt = fetchedAt
    self.now = now
  }
}

/// Some of the cached cards in their order: those `request` names, and how many there are in all.
public struct FeedWindowSlice: Sendable, Hashable {
  public var request: FeedWindowRequest
  public var total: Int
  public var items: [FeedCard?]
  public init(request: FeedWindowRequest, total: Int, items: [FeedCard?]) {
    self.request = request
    self.total = total
    self.items = items
  }
}

/// One desktop notification (the runner shows it as OSC 9/777 or with notify-send).
public struct SongNotification: Sendable, Hashable {
  public var title: String
  public var body: String
  public init(title: String, body: String) {
    self.title = title
    self.body = body
  }
}

extension FeedTab {
  /// The runner read whether an account is signed in (at start and on every return to the Feed) and when friends'
  /// songs were last fetched: the first time, friends' songs refresh; later, only when the interval has passed.
  mutating func socialStatusLoaded(signedIn: Bool, fetchedAt: Date?, now: Date, _ context: inout AppContext)
    -> [AppEffect]
  {
    let wasActive = social.isActive
    social.isActive = signedIn
    social.fetchedAt = fetchedAt
    guard signedIn else {
      guard wasActive else { return [] }
      // Signed out while the Feed ran: the runner dropped the social cards.
      social.outcome = .signedOut
      return cacheChanged(context)
    }
    return pollSocial(social.poll.lastRefresh == nil ? .start : .timer, now: now, &context)
  }

  /// `r` on the Feed, at the key's own time (`AppContext.inputAt`; the clock tick when none was given). One poll at
  /// a time: while one runs, the status line says so, and if this press is not key repeat (no `r` started or
  /// queued a poll within `minManualGap`), one more poll runs right after the running one ends, because that one
  /// may have asked before what the user expects to see was shared. Never two at once, never more than one
  /// queued. Two `r` within the gap make one poll.
  mutating func refreshSocialByKey(_ context: inout AppContext) -> [AppEffect] {
    guard social.isActive, let now = context.inputAt ?? refresh.now else { return [] }
    let due =
      SocialPolling.decide(
        .manual, state: social.poll, policy: social.policy, now: now, readsPerRefresh: social.readsPerRefresh)
    guard social.requestID == nil else {
      if due == .refresh, !social.pollAgain {
        social.pollAgain = true
        social.poll = SocialPolling.askedManually(social.poll, now: now)
      }
      let text: SocialFeedL10n = social.pollAgain ? .alreadyRefreshingAgain : .alreadyRefreshing
      context.notice = .localized(LocalizedText(text), isWarning: false)
      return []
    }
    if case .wait = due {
      context.notice = .localized(LocalizedText(SocialFeedL10n.justRefreshed), isWarning: false)
      return []
    }
    return pollSocial(.manual, now: now, &context)
  }

  /// Asks for a social refresh if the polling policy says so now (`trigger` at `now`); `queued`: an `r` that came
  /// while the last poll ran (its gap was checked then; only the budget is checked now).
  mutating func pollSocial(
    _ trigger: SocialPollTrigger, now: Date?, queued: Bool = false, _ context: inout AppContext
  ) -> [AppEffect] {
    guard social.isActive, social.requestID == nil, let now else { return [] }
    switch SocialPolling.decide(
      queued ? .start : trigger, state: social.poll, policy: social.policy, now: now,
      readsPerRefresh: social.readsPerRefresh)
    {
    case .refresh:
      social.pausedUntil = nil
      if trigger == .manual, !queued { social.poll = SocialPolling.askedManually(social.poll, now: now) }
      let id = context.makeRequestID()
      social.requestID = id
      return [Self.run(.refreshSocial(requestID: id, trigger: trigger, window: windowRequest(context)))]
    case .wait:
      return []
    case .overBudget(let until):
      social.pausedUntil = until
      return []
    }
  }

  /// A key was pressed on the Feed: the user is back, the idle backoff ends.
  mutating func socialInput(_ context: AppContext) {
    guard social.isActive, let now = context.inputAt ?? refresh.now else { return }
    social.poll = SocialPolling.input(social.poll, now: now)
  }

  /// A social refresh ended: count its reads, back off on errors, show the new cards, and say once (status line and
  /// one desktop notification, however many arrived) that songs were sent to you.
  mutating func socialRefreshed(
    requestID: Int, trigger: SocialPollTrigger, _ report: SocialRefreshReport, _ context: inout AppContext
  ) -> [AppEffect] {
    guard social.requestID == requestID else { return [] }
    social.requestID = nil
    let succeeded = report.outcome == .updated || report.outcome == .signedOut
    social.poll = SocialPolling.record(
      social.poll, trigger: trigger, reads: report.reads, succeeded: succeeded, policy: social.policy, now: report.now)
    social.outcome = report.outcome
    social.following = max(0, report.following)
    if let fetchedAt = report.fetchedAt { social.fetchedAt = fetchedAt }
    refresh.now = max(refresh.now ?? report.now, report.now)
    var effects: [AppEffect] = []
    if let text = Self.newSongsText(report.newDirectSenders) {
      // News: it waits behind the user's own confirmation instead of replacing it.
      context.announce(.localized(text, isWarning: false))
      // Songs that waited while vibes was closed are in the status line; a desktop notification is for songs
      // arriving while it runs.
      if trigger != .start {
        effects.append(
          Self.run(.notify(SongNotification(title: "vibes", body: Localizer(context.language)[text]))))
      }
    }
    if report.outcome == .updated || report.outcome == .signedOut {
      if !refresh.isUpdating { list.followCardID = list.selectedCard?.id }
      if let window = report.window, window.request == windowRequest(context) {
        // The new order's cards came with the answer: drawn now, no read of the cache and no second frame.
        windowArrived(total: window.total, offset: window.request.offset, items: window.items, context)
      } else {
        effects += cacheChanged(context)
      }
    }
    if social.pollAgain {
      social.pollAgain = false
      effects += pollSocial(.manual, now: report.now, queued: true, &context)
    }
    return effects
  }

  /// The refresh's cards were drawn from its answer but not written: it counts as failed (the status line says how
  /// old the cache is) and the Feed reads back what the cache holds.
  mutating func socialCardsNotSaved(fetchedAt: Date?, _ context: AppContext) -> [AppEffect] {
    guard social.isActive else { return [] }
    social.outcome = .failed
    social.fetchedAt = fetchedAt
    return cacheChanged(context)
  }

  /// "New song from @ana" or "3 new songs, from @ana, @bo, …"; nil when none.
  static func newSongsText(_ senders: [String]) -> LocalizedText? {
    guard let first = senders.first else { return nil }
    if senders.count == 1 { return LocalizedText(SocialFeedL10n.newSongOne, ["name": first]) }
    return LocalizedText(SocialFeedL10n.newSongsMany, ["count": "\(senders.count)", "names": names(senders)])
  }

  /// Distinct names, at most three, then "…".
  static func names(_ senders: [String]) -> String {
    var seen = Set<String>()
    let distinct = senders.filter { seen.insert($0).inserted }
    return distinct.prefix(3).joined(separator: ", ") + (distinct.count > 3 ? ", …" : "")
  }

  // MARK: Song Detail and social cards

  /// Enter on a social card: a song opens Song Detail; a new follow opens the person's profile in People (and
  /// counts as read).
  mutating func openSocialCard(_ card: FeedCard, _ context: inout AppContext) -> [AppEffect] {
    switch card.payload {
    case .songShare(let share):
      path.append(.song(share))
      return []
    case .newFollow(let follow):
      var effects: [AppEffect] = []
      if follow.isUnread { effects = markRead(card) }
      if context.tabs.contains(.people) { context.navigationRequest = .openPerson(follow.person) }
      return effects
    default:
      return []
    }
  }

  func songBindings(_ share: SongShareCard, _ context: AppContext) -> [KeyBinding<FeedCommand>] {
    var bindings: [KeyBinding<FeedCommand>] = []
    if share.spotifyURL != nil {
      bindings.append(
        KeyBinding([.character("o"), .enter], "o", .key(SocialFeedL10n.helpOpenSong), .detail(.openLink)))
      bindings.append(KeyBinding([.character("c")], "c", Self.help(.helpCopyLink), .detail(.copyLink)))
    }
    if context.tabs.contains(.people) {
      bindings.append(KeyBinding([.character("p")], "p", .key(SocialFeedL10n.helpProfile), .detail(.openSender)))
    }
    if share.isUnread {
      bindings.append(KeyBinding([.character("m")], "m", .key(SocialFeedL10n.helpMarkRead), .detail(.markRead)))
    }
    bindings.append(SongMenuKey.binding(.detail(.songMenu)))
    if share.replyTarget != nil {
      bindings.append(
        KeyBinding(
          [.character("R")], "R", .key(SongMenuL10n.songMenuHelpReplyWithSong), footer: false, .detail(.replyWithSong)))
    }
    return bindings
  }

  /// Song Detail's own commands; nil when `command` is not one of them.
  mutating func performSong(_ command: FeedDetailCommand, _ context: inout AppContext) -> [AppEffect]? {
    guard case .song(let share)? = path.last else { return nil }
    switch command {
    case .songMenu:
      return SongMenuKey.open(share.track, &context)
    case .replyWithSong:
      guard let target = share.replyTarget else { return [] }
      context.navigationRequest = .replyWithSong(thread: target.threadID, to: target.personID, name: target.name)
      return []
    case .openSender:
      context.navigationRequest = .openPerson(share.sender)
      return []
    case .markRead:
      guard share.isUnread else { return [] }
      var read = share
      read.isUnread = false
      path[path.count - 1] = .song(read)
      context.notice = .localized(LocalizedText(SocialFeedL10n.markedRead), isWarning: false)
      return markRead(FeedCard(.songShare(share)))
    case .openLink, .copyLink:
      guard let link = share.spotifyURL else { return [] }
      guard command == .copyLink else { return [.openURL(link)] }
      context.notice = .linkCopied
      return [.copyToClipboard(link)]
    default:
      return nil
    }
  }

  /// Marks a social card read: in the loaded window at once, in the cache by an effect.
  mutating func markRead(_ card: FeedCard) -> [AppEffect] {
    if let index = list.window.firstIndex(where: { $0?.id == card.id }) {
      list.window[index] = card.markedRead
    }
    return [Self.run(.markSocialRead(key: card.id))]
  }
}
