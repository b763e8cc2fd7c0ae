import Foundation
import VibesCore
import VibesServices
import VibesStorage

/// The Inbox area's live side: your conversations and a thread's messages from Firestore through
/// `ShareRepository` (blocked users filtered there), written to the SQLite cache so the inbox opens offline with its
/// age; a text reply sent once. `shares` is nil when the Firebase project is not configured.
public struct InboxService: Sendable {
  public let shares: ShareRepository?
  public let database: AppDatabase
  public let now: @Sendable () -> Date

  public init(shares: ShareRepository?, database: AppDatabase, now: @escaping @Sendable () -> Date = Date.init) {
    self.shares = shares
    self.database = database
    self.now = now
  }

  /// Built on the app's one set of Firebase clients (`FirebaseDependencies.shared`: the environment vibes started
  /// with and the secret store), so an inbox load does not sign in afresh.
  static func live(_ dependencies: AppDependencies) -> InboxService {
    let firebase = FirebaseDependencies.shared(dependencies)
    return InboxService(
      shares: firebase.repository().map(ShareRepository.init(social:)), database: dependencies.database,
      now: dependencies.now)
  }

  /// What a social failure means on the inbox's screen.
  static func failure(_ error: SocialError) -> InboxFailure {
    switch error {
    case .firebase(.notSignedIn), .firebase(.signInAgain), .firebase(.unauthenticated), .firebase(.invalidGrant):
      return .notSignedIn
    case .firebase(.service): return .offline
    case .blocked, .firebase(.permissionDenied), .firebase(.notFound), .cannotFollowYourself: return .refused
    default: return .failed
    }
  }

  /// The signed-in uid (read locally, no network), or why there is none.
  func owner() async -> Result<(String, ShareRepository), InboxFailure> {
    guard let shares else { return .failure(.notConfigured) }
    do {
      return .success((try await shares.social.me(), shares))
    } catch {
      return .failure(Self.failure(error))
    }
  }

  /// Your conversations, newest first, each named by the other person's @username; on a failure the cached copy
  /// with its age.
  public func loadInbox() async -> InboxLoad<InboxThread> {
    let (uid, shares): (String, ShareRepository)
    switch await owner() {
    case .success(let found): (uid, shares) = found
    case .failure(let failure): return InboxLoad(snapshot: nil, failure: failure)
    }
    do {
      let threads = try await shares.inbox()
      let others = threads.compactMap { $0.other(than: uid) }
      let profiles = try await shares.social.profiles(others)
      let names = Dictionary(profiles.map { ($0.uid, Self.name($0)) }, uniquingKeysWith: { a, _ in a })
      let read = (try? database.inboxLastRead(owner: uid)) ?? [:]
      let items = threads.compactMap { thread -> InboxThread? in
        guard let other = thread.other(than: uid) else { return nil }
        return InboxThread(
          id: thread.id, otherId: other, otherName: names[other] ?? "?", lastMessageAt: thread.lastMessageAt,
          isUnread: AppDatabase.isUnread(last: thread.lastMessageAt, read: read[thread.id]))
      }
      let date = now()
      try? database.saveInboxThreads(items, owner: uid, at: date)
      return InboxLoad(snapshot: InboxSnapshot(items: items, fetchedAt: date), failure: nil, now: date)
    } catch {
      return InboxLoad(
        snapshot: try? database.inboxThreads(owner: uid), failure: Self.failure(error), now: now())
    }
  }

  static func name(_ profile: SocialProfile) -> String {
    let name = profile.username.map { "@" + $0 } ?? profile.displayName
    return TerminalText.sanitize(name)
  }

  /// One thread's messages in order (each song with who sent it and its message), marked read; on a failure the
  /// cached copy with its age.
  public func loadThread(_ thread: InboxThread) async -> InboxLoad<InboxMessage> {
    let (uid, shares): (String, ShareRepository)
    switch await owner() {
    case .success(let found): (uid, shares) = found
    case .failure(let failure): return InboxLoad(snapshot: nil, failure: failure)
    }
    do {
      let snapshot = try await fetchThread(thread, uid: uid, shares: shares)
      try? database.markInboxThreadRead(thread.id, owner: uid, upTo: thread.lastMessageAt)
      return InboxLoad(snapshot: snapshot, failure: nil, now: snapshot.fetchedAt)
    } catch {
      return InboxLoad(
        snapshot: try? database.inboxMessages(threadID: thread.id, owner: uid), failure: Self.failure(error),
        now: now())
    }
  }

  func fetchThread(_ thread: InboxThread, uid: String, shares: ShareRepository) async throws(SocialError)
    -> InboxSnapshot<InboxMessage>
  {
    let messages = try await shares.messages(in: thread.id)
    let items = messages.map { message -> InboxMessage in
      let mine = message.senderId == uid
      let name =
        mine ? "" : message.share.map { "@" + $0.senderUsername } ?? thread.otherName
      return InboxMessage(
        id: message.id, senderId: message.senderId, senderName: TerminalText.sanitize(name), isMine: mine,
        song: message.share?.track, text: message.share?.message ?? message.text, createdAt: message.createdAt)
    }
    let date = now()
    try? database.saveInboxMessages(items, threadID: thread.id, owner: uid, at: date)
    return InboxSnapshot(items: items, fetchedAt: date)
  }

  /// Sends `text` into the thread once (`id` kept for every retry), then reads the thread again.
  public func reply(_ text: String, in thread: InboxThread, id: String) async
    -> Result<InboxSnapshot<InboxMessage>, InboxFailure>
  {
    let (uid, shares): (String, ShareRepository)
    switch await owner() {
    case .success(let found): (uid, shares) = found
    case .failure(let failure): return .failure(failure)
    }
    do {
      try await shares.sendText(text, to: thread.otherId, id: id)
      let snapshot = try await fetchThread(thread, uid: uid, shares: shares)
      try? database.markInboxThreadRead(thread.id, owner: uid, upTo: snapshot.items.last?.createdAt)
      return .success(snapshot)
    } catch {
      return .failure(Self.failure(error))
    }
  }

  /// Runs one of the Inbox's effects, sending back what happened.
  public func run(_ effect: InboxEffect, send: @escaping @Sendable (AppAction) -> Void) async {
    switch effect {
    case .loadInbox(let requestID):
      send(.inbox(.inboxLoaded(requestID: requestID, await loadInbox())))
    case .loadThread(let requestID, let thread):
      send(.inbox(.threadLoaded(requestID: requestID, threadID: thread.id, await loadThread(thread))))
    case .sendReply(let requestID, let thread, let text, let earlier):
      var generator = SystemRandomNumberGenerator()
      let id = earlier ?? ShareDraft.newID(using: &generator)
      let result = await reply(text, in: thread, id: id)
      send(.inbox(.replyFinished(requestID: requestID, threadID: thread.id, id: id, text: text, result)))
    }
  }
}
