import Foundation

extension TabID {
  public static let inbox = TabID("inbox")
}

/// One conversation opened from the inbox: its messages in order, and the text reply being typed.
public struct InboxThreadScreen: Sendable, Hashable {
  public var thread: InboxThread
  public var messages: [InboxMessage] = []
  /// When the messages shown were fetched; nil until the first answer.
  public var fetchedAt: Date?
  /// The messages come from the cache (the network failed).
  public var isStale = false
  public var loading: Int?
  public var failure: InboxFailure?
  /// Selection over the messages (the selected one is shown whole below the list).
  public var list = ListState()
  /// The text reply being typed; nil while not replying.
  public var reply: TextField?
  public var sending: Int?
  public var sendFailure: InboxFailure?
  /// The message id and text of a send that failed: sending the same text again reuses the id, so an attempt
  /// whose answer was lost is not sent a second time.
  public var pendingReply: PendingReply?

  public init(thread: InboxThread) { self.thread = thread }

  public var isReplying: Bool { reply != nil }
}

/// A reply whose send failed: its message id, kept for a retry of the same text.
public struct PendingReply: Sendable, Hashable {
  public var id: String
  public var text: String

  public init(id: String, text: String) {
    self.id = id
    self.text = text
  }
}

/// The screens above the inbox's list.
public enum InboxDestination: Sendable, Hashable {
  case thread(InboxThreadScreen)
}

/// The Inbox area of the Feed: your conversations newest first (unread marked), a thread's songs and messages in
/// order, and a short text reply. It has no number key: the Feed's `i` opens it (`NavigationRequest.openInbox`)
/// and Esc at its root goes back to the Feed.
public struct InboxFeature: Sendable, Hashable {
  /// Rows the screen keeps for its title, status and footer around the list.
  static let chromeRows = 8

  public var threads: [InboxThread] = []
  public var list = ListState()
  /// When the list shown was fetched; nil until the first answer.
  public var fetchedAt: Date?
  /// The list comes from the cache (the network failed).
  public var isStale = false
  public var loading: Int?
  public var failure: InboxFailure?
  public var path: [InboxDestination] = []
  /// The latest time the runner or the clock told (ages on screen count from it); nil until something was shown.
  public var now: Date?

  public init() {}

  /// The moment ages are counted from: the clock, or the copy shown when it is newer.
  public func clock(_ fetchedAt: Date?) -> Date? {
    switch (now, fetchedAt) {
    case (let now?, let fetched?): return max(now, fetched)
    case (let now, let fetched): return now ?? fetched
    }
  }

  mutating func saw(_ date: Date?) {
    guard let date else { return }
    now = max(now ?? date, date)
  }

  /// The thread screen on top, if one is.
  public var thread: InboxThreadScreen? {
    guard case .thread(let screen)? = path.last else { return nil }
    return screen
  }

  /// Changes the thread screen on top, if one is.
  mutating func updateThread(_ change: (inout InboxThreadScreen) -> Void) {
    guard let last = path.indices.last, case .thread(var screen) = path[last] else { return }
    change(&screen)
    path[last] = .thread(screen)
  }

  static func visibleRows(_ context: AppContext) -> Int { max(1, context.size.height - chromeRows) }
}

public enum InboxAction: Sendable, Hashable {
  /// Show the inbox's list (the Feed's `i`), loading it afresh.
  case show
  case inboxLoaded(requestID: Int, InboxLoad<InboxThread>)
  case threadLoaded(requestID: Int, threadID: String, InboxLoad<InboxMessage>)
  /// A reply was sent (the thread as read afterwards) or failed (nothing was sent; the text stays).
  /// `id` is the message id the send used (kept after a failure for a retry of the same text).
  case replyFinished(
    requestID: Int, threadID: String, id: String, text: String, Result<InboxSnapshot<InboxMessage>, InboxFailure>)
}

extension InboxFailure: Error {}

public enum InboxEffect: CancellableEffect {
  /// Your conversations, newest first (from the cache with its age when offline).
  case loadInbox(requestID: Int)
  /// One thread's messages in order; marks it read.
  case loadThread(requestID: Int, InboxThread)
  /// A short text message into the thread, sent once: `id` is the id of an earlier failed attempt of the same
  /// text (nil: the runner chooses a fresh one before the first attempt).
  case sendReply(requestID: Int, InboxThread, text: String, id: String?)

  public var cancellationID: Int? {
    switch self {
    case .loadInbox(let id), .loadThread(let id, _), .sendReply(let id, _, _, _): return id
    }
  }
}

/// What the Inbox's bindings do.
public enum InboxCommand: Sendable, Hashable {
  case move(ListState.Move)
  case open
  case refresh
  case reply
  case send
  /// `.` on a message with a song: the one song menu.
  case songMenu
  /// `R` on a song someone sent you: search for a song to send back into this thread.
  case replyWithSong
}

extension InboxFeature: TabFeature {
  public static let id = TabID.inbox
  public static var home: TabID? { .feed }
  /// The ages on screen ("5 min ago") move with the clock.
  public static var wantsClock: Bool { true }
  public typealias Action = InboxAction
  public typealias Effect = InboxEffect
  public typealias Command = InboxCommand

  public var depth: Int { path.count }
  public var isEditingText: Bool { thread.map { $0.isReplying && $0.sending == nil } ?? false }
  public var unsavedWork: LocalizedText? {
    guard let reply = thread?.reply, !reply.isEmpty else { return nil }
    return LocalizedText(InboxL10n.inboxUnsavedReply)
  }
  public var runningRequestIDs: [Int] {
    [loading, thread?.loading, thread?.sending].compactMap { $0 }
  }

  public mutating func reduce(_ action: InboxAction, _ context: inout AppContext) -> [AppEffect] {
    switch action {
    case .show:
      let cancels = runningRequestIDs.filter { $0 != loading }.map { AppEffect.cancel(requestID: $0) }
      path = []
      return cancels + load(&context)

    case .inboxLoaded(let requestID, let load):
      guard loading == requestID else { return [] }
      loading = nil
      failure = load.failure
      saw(load.now)
      if let snapshot = load.snapshot {
        let previous = threads.indices.contains(list.selected) ? threads[list.selected].id : nil
        threads = snapshot.items
        fetchedAt = snapshot.fetchedAt
        isStale = snapshot.isStale
        list.keep(previous, in: threads.map(\.id), visibleRows: Self.visibleRows(context))
      }
      return []

    case .threadLoaded(let requestID, let threadID, let load):
      guard thread?.loading == requestID, thread?.thread.id == threadID else { return [] }
      let rows = Self.visibleRows(context)
      saw(load.now)
      updateThread { screen in
        screen.loading = nil
        screen.failure = load.failure
        guard let snapshot = load.snapshot else { return }
        screen.messages = snapshot.items
        screen.fetchedAt = snapshot.fetchedAt
        screen.isStale = snapshot.isStale
        // The newest message is the one to read first.
        screen.list = ListState(selected: snapshot.items.count - 1)
        screen.list.clamp(count: snapshot.items.count, visibleRows: rows)
      }
      return []

    case .replyFinished(let requestID, let threadID, let id, let text, let result):
      guard thread?.sending == requestID, thread?.thread.id == threadID else { return [] }
      let rows = Self.visibleRows(context)
      switch result {
      case .success(let snapshot):
        updateThread { screen in
          screen.sending = nil
          screen.sendFailure = nil
          screen.pendingReply = nil
          screen.reply = nil
          screen.messages = snapshot.items
          screen.fetchedAt = snapshot.fetchedAt
          screen.isStale = snapshot.isStale
          screen.list = ListState(selected: snapshot.items.count - 1)
          screen.list.clamp(count: snapshot.items.count, visibleRows: rows)
        }
        context.notice = .localized(LocalizedText(InboxL10n.inboxReplySent), isWarning: false)
      case .failure(let failure):
        updateThread { screen in
          screen.sending = nil
          screen.sendFailure = failure
          screen.pendingReply = PendingReply(id: id, text: text)
        }
      }
      return []
    }
  }

  public func bindings(_ context: AppContext) -> [KeyBinding<InboxCommand>] {
    let refresh = KeyBinding([.character("r")], "r", .key(InboxL10n.inboxHelpRefresh), InboxCommand.refresh)
    guard let screen = thread else {
      if threads.isEmpty { return [refresh] }
      return ListState.bindings { InboxCommand.move($0) } + [
        KeyBinding([.enter, .right, .character("l")], "Enter", .common(.helpOpen), .open), refresh,
      ]
    }
    if screen.sending != nil { return [] }
    if screen.isReplying {
      return [KeyBinding([.enter], "Enter", .key(InboxL10n.inboxHelpSend), .send)]
    }
    return [KeyBinding([.character("r")], "r", .key(InboxL10n.inboxHelpReply), .reply)]
      + ListState.bindings { InboxCommand.move($0) }
      + [KeyBinding([.character("u")], "u", .key(InboxL10n.inboxHelpReload), .refresh)]
      + (screen.selectedSong == nil ? [] : [SongMenuKey.binding(.songMenu)])
      + (screen.replyTarget == nil
        ? []
        : [
          KeyBinding(
            [.character("R")], "R", .key(SongMenuL10n.songMenuHelpReplyWithSong), footer: false, .replyWithSong)
        ])
  }

  public mutating func perform(_ command: InboxCommand, _ context: inout AppContext) -> [AppEffect] {
    let rows = Self.visibleRows(context)
    switch command {
    case .move(let move):
      if thread != nil {
        updateThread { $0.list.apply(move, count: $0.messages.count, visibleRows: rows) }
      } else {
        list.apply(move, count: threads.count, visibleRows: rows)
      }
      return []
    case .open:
      guard thread == nil, threads.indices.contains(list.selected) else { return [] }
      threads[list.selected].isUnread = false
      var screen = InboxThreadScreen(thread: threads[list.selected])
      let requestID = context.makeRequestID()
      screen.loading = requestID
      path.append(.thread(screen))
      return [Self.run(.loadThread(requestID: requestID, screen.thread))]
    case .refresh:
      guard let screen = thread else { return load(&context) }
      guard screen.loading == nil else { return [] }
      let requestID = context.makeRequestID()
      updateThread {
        $0.loading = requestID
        $0.failure = nil
      }
      return [Self.run(.loadThread(requestID: requestID, screen.thread))]
    case .reply:
      updateThread {
        $0.reply = TextField(
          TextInput("", maxLength: InboxReplyRule.maxLength),
          placeholder: LocalizedText(InboxL10n.inboxReplyPlaceholder))
        $0.sendFailure = nil
      }
      return []
    case .songMenu:
      return SongMenuKey.open(thread?.selectedSong, &context)
    case .replyWithSong:
      guard let target = thread?.replyTarget else { return [] }
      context.navigationRequest = .replyWithSong(thread: target.threadID, to: target.personID, name: target.name)
      return []
    case .send:
      guard let screen = thread, let reply = screen.reply, screen.sending == nil else { return [] }
      let text = reply.text.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !text.isEmpty else { return [] }
      let requestID = context.makeRequestID()
      updateThread {
        $0.sending = requestID
        $0.sendFailure = nil
      }
      let id = screen.pendingReply.flatMap { $0.text == text ? $0.id : nil }
      return [Self.run(.sendReply(requestID: requestID, screen.thread, text: text, id: id))]
    }
  }

  /// Only once something is shown: the ages on screen count from the clock (an inbox never opened keeps no time).
  public mutating func clockTicked(_ date: Date, _ context: inout AppContext) -> [AppEffect] {
    if fetchedAt != nil || thread?.fetchedAt != nil { saw(date) }
    return []
  }

  /// Typing and pasting into the reply.
  public mutating func handleUnbound(_ event: InputEvent, _ context: inout AppContext) -> [AppEffect]? {
    guard let screen = thread, screen.isReplying, screen.sending == nil else { return nil }
    var handled = false
    updateThread { handled = $0.reply?.edit(event) != nil }
    return handled ? [] : nil
  }

  /// Esc: stop the reply (cancelling a send in flight), else close the thread. At the root: nil (the root goes back
  /// to the Feed).
  public mutating func goBack(_ context: inout AppContext) -> [AppEffect]? {
    guard let screen = thread else { return nil }
    if screen.isReplying {
      updateThread {
        $0.reply = nil
        $0.sending = nil
        $0.sendFailure = nil
      }
      return screen.sending.map { [.cancel(requestID: $0)] } ?? []
    }
    path.removeLast()
    return screen.loading.map { [.cancel(requestID: $0)] } ?? []
  }

  /// Loads the list unless it is loading.
  mutating func load(_ context: inout AppContext) -> [AppEffect] {
    guard loading == nil else { return [] }
    let requestID = context.makeRequestID()
    loading = requestID
    failure = nil
    return [Self.run(.loadInbox(requestID: requestID))]
  }
}

extension NavigationRequest {
  /// Shows the inbox's list (the Feed's `i`).
  public static var openInbox: NavigationRequest { .open(InboxFeature.self, .show) }
}

extension AppState {
  /// The Inbox area's state (kept in `features`: adding it added no stored property).
  public var inbox: InboxFeature {
    get { features[InboxFeature.self] }
    set { features[InboxFeature.self] = newValue }
  }
}

extension AppAction {
  public static func inbox(_ action: InboxAction) -> AppAction { .feature(InboxFeature.self, action) }
}

extension AppEffect {
  /// The Inbox effect inside, if this is one.
  public var inboxEffect: InboxEffect? { effect(of: InboxFeature.self) }
}
