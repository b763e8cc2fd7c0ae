import Foundation

extension TabID {
  public static let songMenu = TabID("songMenu")
}

/// What the one song menu offers, in its order (a reply first when one is pending).
public enum SongMenuItem: Sendable, Hashable, CaseIterable {
  case replyTo, shareToAll, sendToOne, addToLibrary, addToPlaylist, playPreview, openInSpotify, copyLink

  /// The items that need Spotify connected (the others need a vibes account or nothing).
  public var needsSpotify: Bool { self == .addToLibrary || self == .addToPlaylist }
}

/// The Send-to-one picker: the people you follow (most talked-to first), a filter field over them.
public struct SongPeoplePicker: Sendable, Hashable {
  public var people: [SongMenuPerson] = []
  public var filter = TextField(
    TextInput("", maxLength: SocialTextLimits.displayName), placeholder: LocalizedText(SongMenuL10n.songMenuFilterHint))
  public var list = ListState()
  public var loading: Int?
  public var failure: SongMenuFailure?

  public init(loading: Int?) { self.loading = loading }

  /// The people the filter keeps, in the picker's order.
  public var shown: [SongMenuPerson] { SongMenuPerson.filtered(people, by: filter.text) }
}

/// The optional message of a share, send or reply, with its live count (graphemes, `ShareMessageRule`).
public struct SongComposer: Sendable, Hashable {
  /// Typing past the limit is allowed (the count says so and Enter refuses), so nothing typed is lost.
  public static let fieldLimit = 4 * ShareMessageRule.maxLength

  public var recipient: SongRecipient
  public var message = TextField(
    TextInput("", maxLength: SongComposer.fieldLimit), placeholder: LocalizedText(SongMenuL10n.songMenuMessageHint))
  public var sending: Int?
  public var failure: SongMenuFailure?
  /// The document id and message of an attempt whose answer did not arrive: the same message again reuses the id.
  public var pending: PendingShare?

  public init(recipient: SongRecipient) { self.recipient = recipient }

  /// Characters as the user sees them.
  public var count: Int { ShareMessageRule.count(message.text) }
  public var isOverLimit: Bool { !ShareMessageRule.isValid(message.text) }
}

/// An attempt's document id, kept for a retry of the same message.
public struct PendingShare: Sendable, Hashable {
  public var id: String
  public var message: String?

  public init(id: String, message: String?) {
    self.id = id
    self.message = message
  }
}

/// The screens of the song menu.
public enum SongMenuPage: Sendable, Hashable {
  /// The items.
  case menu
  /// "Reply with a song" before a song is chosen: what to search for in Explore.
  case findReply(TextField)
  case people(SongPeoplePicker)
  case compose(SongComposer)
  /// Share/Send need a vibes account: why, and Enter opens People's sign-in.
  case needsAccount(SongMenuFailure)
  /// Library and playlist need Spotify: Enter opens the setup step.
  case needsSpotify
}

/// The one song menu (FR-2.3): an area any song surface opens with `NavigationRequest.openSongMenu(_:)` (the same
/// key, `.`, everywhere a song is shown). It offers Share to all and Send to one with an optional message,
/// Reply to @name when a reply is pending, Add to library, Add to playlist, Play preview, Open in Spotify and Copy
/// link, each confirmed on the status line. Esc at its root goes back to the screen it was opened from.
public struct SongMenuFeature: Sendable, Hashable {
  static let chromeRows = 9

  public var song: SharedTrack?
  /// A "Reply with a song" in progress: the menu offers "Reply to @name with this song" first.
  public var reply: SongReplyTarget?
  public var list = ListState()
  public var page = SongMenuPage.menu
  public var libraryRequest: Int?
  /// Shares waiting in the social outbox (nil: not counted yet this run).
  public var queued: Int?
  public var flushing: Int?

  public init() {}

  /// The items offered for the song shown.
  public var items: [SongMenuItem] {
    guard song != nil else { return [] }
    return SongMenuItem.allCases.filter { $0 != .replyTo || reply != nil }
  }

  static func visibleRows(_ context: AppContext) -> Int { max(1, context.size.height - chromeRows) }

  static func spotifyConnected(_ context: AppContext) -> Bool {
    context.facts?.storedSecrets.contains(.spotify) ?? false
  }

  /// The track's page on open.spotify.com.
  public static func webURL(_ track: SharedTrack) -> String {
    SpotifyLink(kind: .track, id: track.trackId).webURL
  }
}

public enum SongMenuAction: Sendable, Hashable {
  /// Show the menu for this song (from any song surface).
  case show(SharedTrack)
  /// Start a "Reply with a song" to this conversation: search for the song first.
  case replyWithSong(SongReplyTarget)
  case peopleLoaded(requestID: Int, Result<[SongMenuPerson], SongMenuFailure>)
  /// A share, send or reply ended; `draftID` is the document id the attempt used.
  case shareFinished(requestID: Int, draftID: String, SongShareOutcome)
  case libraryFinished(requestID: Int, MusicActionOutcome)
  /// The social outbox was sent: how many went, how many were refused, how many still wait, badges unlocked.
  case outboxFlushed(requestID: Int, sent: Int, refused: Int, waiting: Int, badges: [Achievement])
}

public enum SongMenuEffect: CancellableEffect {
  /// The people you follow, blocked users left out, with how often you talk.
  case loadPeople(requestID: Int)
  /// Share to all, send to one or reply; offline it waits in the social outbox.
  case share(requestID: Int, SongShareRequest)
  /// Save the track to your Spotify library (offline: Explore's action queue).
  case saveToLibrary(requestID: Int, uri: String)
  /// Send what waits in the social outbox, once.
  case flushOutbox(requestID: Int)

  public var cancellationID: Int? {
    switch self {
    case .loadPeople(let id), .share(let id, _), .saveToLibrary(let id, _), .flushOutbox(let id): return id
    }
  }
}

public enum SongMenuCommand: Sendable, Hashable {
  case move(ListState.Move)
  case choose
  case send
  case signIn
  case setUpSpotify
  case search
}

extension SongMenuFeature: TabFeature {
  public static let id = TabID.songMenu
  public static var home: TabID? { .explore }
  public static var wantsClock: Bool { true }
  public typealias Action = SongMenuAction
  public typealias Effect = SongMenuEffect
  public typealias Command = SongMenuCommand

  public var depth: Int {
    switch page {
    case .menu: return 0
    case .findReply: return song == nil ? 0 : 1
    default: return 1
    }
  }

  public var isEditingText: Bool {
    switch page {
    case .findReply: return true
    case .people(let picker): return picker.loading == nil
    case .compose(let composer): return composer.sending == nil
    default: return false
    }
  }

  public var unsavedWork: LocalizedText? {
    guard case .compose(let composer) = page, !composer.message.isEmpty else { return nil }
    return LocalizedText(SongMenuL10n.songMenuUnsavedMessage)
  }

  public var runningRequestIDs: [Int] {
    var ids = [libraryRequest, flushing].compactMap { $0 }
    switch page {
    case .people(let picker): ids += [picker.loading].compactMap { $0 }
    case .compose(let composer): ids += [composer.sending].compactMap { $0 }
    default: break
    }
    return ids
  }

  public mutating func reduce(_ action: SongMenuAction, _ context: inout AppContext) -> [AppEffect] {
    switch action {
    case .show(let track):
      let cancels = runningRequestIDs.filter { $0 != flushing }.map { AppEffect.cancel(requestID: $0) }
      song = track
      page = .menu
      libraryRequest = nil
      list = ListState()
      return cancels + flushIfWaiting(&context, unknownToo: true)

    case .replyWithSong(let target):
      reply = target
      song = nil
      list = ListState()
      page = .findReply(TextField(placeholder: LocalizedText(SongMenuL10n.songMenuReplySearchHint)))
      return []

    case .peopleLoaded(let requestID, let result):
      guard case .people(var picker) = page, picker.loading == requestID else { return [] }
      picker.loading = nil
      switch result {
      case .success(let people):
        picker.people = SongMenuPerson.sorted(people)
        picker.list.clamp(count: picker.shown.count, visibleRows: Self.visibleRows(context))
      case .failure(.notSignedIn):
        page = .needsAccount(.notSignedIn)
        return []
      case .failure(let failure):
        picker.failure = failure
      }
      page = .people(picker)
      return []

    case .shareFinished(let requestID, let draftID, let outcome):
      guard case .compose(var composer) = page, composer.sending == requestID else { return [] }
      composer.sending = nil
      switch outcome {
      case .sent(_, let badges):
        context.notice = .localized(Self.sentText(composer.recipient, song, badges: badges), isWarning: false)
        if case .reply = composer.recipient { reply = nil }
        page = .menu
        list = ListState()
      case .queued:
        queued = (queued ?? 0) + 1
        context.notice = .localized(
          LocalizedText(SongMenuL10n.songMenuQueued, ["waiting": "\(queued ?? 1)"]), isWarning: true)
        if case .reply = composer.recipient { reply = nil }
        page = .menu
        list = ListState()
      case .failed(let failure):
        switch failure {
        case .notSignedIn, .notConfigured, .noUsername:
          page = .needsAccount(failure)
          return []
        case .refused, .tooLong:
          // Nothing was written: a new attempt is a new share.
          composer.pending = nil
        case .offline, .failed:
          composer.pending = PendingShare(id: draftID, message: ShareMessageRule.normalize(composer.message.text))
        }
        composer.failure = failure
        page = .compose(composer)
      }
      return []

    case .libraryFinished(let requestID, let outcome):
      guard libraryRequest == requestID else { return [] }
      libraryRequest = nil
      let title = TerminalText.sanitize(song?.trackName ?? "")
      switch outcome {
      case .done:
        context.notice = .localized(LocalizedText(SongMenuL10n.songMenuSaved, ["title": title]), isWarning: false)
      case .queued:
        context.notice = .localized(LocalizedText(SongMenuL10n.songMenuSavedQueued, ["title": title]), isWarning: true)
      case .failed(let failure):
        context.notice = failure.notice
      }
      return []

    case .outboxFlushed(let requestID, let sent, let refused, let waiting, let badges):
      guard flushing == requestID else { return [] }
      flushing = nil
      queued = waiting
      if refused > 0 {
        context.notice = .localized(
          LocalizedText(SongMenuL10n.songMenuOutboxRefused, ["count": "\(refused)"]), isWarning: true)
      } else if sent > 0 {
        context.notice = .localized(Self.outboxSentText(sent, badges: badges), isWarning: false)
      }
      return []
    }
  }

  /// "Shared “Song” with your followers." / "Sent “Song” to @name." / "Replied to @name with “Song”.", and a new
  /// badge when one was unlocked.
  static func sentText(_ recipient: SongRecipient, _ song: SharedTrack?, badges: [Achievement]) -> LocalizedText {
    let title = TerminalText.sanitize(song?.trackName ?? "")
    let key: SongMenuL10n
    var values = ["title": title]
    switch recipient {
    case .everyone: key = badges.isEmpty ? .songMenuSharedAll : .songMenuSharedAllBadge
    case .person(let person):
      key = badges.isEmpty ? .songMenuSentTo : .songMenuSentToBadge
      values["name"] = TerminalText.sanitize(person.name)
    case .reply(let target):
      key = badges.isEmpty ? .songMenuRepliedTo : .songMenuRepliedToBadge
      values["name"] = TerminalText.sanitize(target.name)
    }
    guard !badges.isEmpty else { return LocalizedText(key, values) }
    return LocalizedText(
      key,
      values: { t in
        values.merging(["badge": badges.map { t.text($0.title) }.joined(separator: ", ")]) { $1 }
      })
  }

  static func outboxSentText(_ sent: Int, badges: [Achievement]) -> LocalizedText {
    guard !badges.isEmpty else { return LocalizedText(SongMenuL10n.songMenuOutboxSent, ["count": "\(sent)"]) }
    return LocalizedText(
      SongMenuL10n.songMenuOutboxSentBadge,
      values: { t in
        ["count": "\(sent)", "badge": badges.map { t.text($0.title) }.joined(separator: ", ")]
      })
  }

  /// Flushes the social outbox when shares wait (or, with `unknownToo`, when it was not counted yet this run).
  mutating func flushIfWaiting(_ context: inout AppContext, unknownToo: Bool = false) -> [AppEffect] {
    guard flushing == nil else { return [] }
    let waiting = queued.map { $0 > 0 } ?? unknownToo
    guard waiting else { return [] }
    let requestID = context.makeRequestID()
    flushing = requestID
    return [Self.run(.flushOutbox(requestID: requestID))]
  }

  public mutating func clockTicked(_ date: Date, _ context: inout AppContext) -> [AppEffect] {
    flushIfWaiting(&context)
  }

  public static func isClockDriven(_ action: SongMenuAction) -> Bool {
    if case .outboxFlushed = action { return true }
    return false
  }

  public func bindings(_ context: AppContext) -> [KeyBinding<SongMenuCommand>] {
    switch page {
    case .menu:
      guard !items.isEmpty else { return [] }
      return [KeyBinding([.enter], "Enter", .key(SongMenuL10n.songMenuHelpChoose), .choose)]
        + ListState.bindings { SongMenuCommand.move($0) }
    case .findReply:
      return [KeyBinding([.enter], "Enter", .key(SongMenuL10n.songMenuHelpSearch), .search)]
    case .people(let picker):
      guard picker.loading == nil, !picker.shown.isEmpty else { return [] }
      return [KeyBinding([.enter], "Enter", .key(SongMenuL10n.songMenuHelpPick), .choose)]
        + ListState.bindings(paging: false) { SongMenuCommand.move($0) }
    case .compose(let composer):
      guard composer.sending == nil else { return [] }
      return [KeyBinding([.enter], "Enter", .key(SongMenuL10n.songMenuHelpSend), .send)]
    case .needsAccount(let failure):
      guard failure == .notSignedIn || failure == .noUsername else { return [] }
      return [KeyBinding([.enter], "Enter", .key(SongMenuL10n.songMenuHelpSignIn), .signIn)]
    case .needsSpotify:
      return [KeyBinding([.enter], "Enter", .key(SongMenuL10n.songMenuHelpSetUpSpotify), .setUpSpotify)]
    }
  }

  public mutating func perform(_ command: SongMenuCommand, _ context: inout AppContext) -> [AppEffect] {
    let rows = Self.visibleRows(context)
    switch command {
    case .move(let move):
      switch page {
      case .menu: list.apply(move, count: items.count, visibleRows: rows)
      case .people(var picker):
        picker.list.apply(move, count: picker.shown.count, visibleRows: rows)
        page = .people(picker)
      default: break
      }
      return []
    case .choose:
      switch page {
      case .menu:
        guard items.indices.contains(list.selected) else { return [] }
        return choose(items[list.selected], &context)
      case .people(let picker):
        let shown = picker.shown
        guard shown.indices.contains(picker.list.selected) else { return [] }
        page = .compose(SongComposer(recipient: .person(shown[picker.list.selected])))
        return []
      default:
        return []
      }
    case .send:
      return send(&context)
    case .signIn:
      context.navigationRequest = .openPeople
      return []
    case .setUpSpotify:
      context.navigationRequest = .openSetupStep(.spotify)
      return []
    case .search:
      guard case .findReply(let field) = page else { return [] }
      let text = field.text.trimmingCharacters(in: .whitespacesAndNewlines)
      context.navigationRequest = .searchExplore(text)
      return []
    }
  }

  mutating func choose(_ item: SongMenuItem, _ context: inout AppContext) -> [AppEffect] {
    guard let song else { return [] }
    if item.needsSpotify, !Self.spotifyConnected(context) {
      page = .needsSpotify
      return []
    }
    switch item {
    case .replyTo:
      guard let reply else { return [] }
      page = .compose(SongComposer(recipient: .reply(reply)))
      return []
    case .shareToAll:
      page = .compose(SongComposer(recipient: .everyone))
      return []
    case .sendToOne:
      let requestID = context.makeRequestID()
      page = .people(SongPeoplePicker(loading: requestID))
      return [Self.run(.loadPeople(requestID: requestID))]
    case .addToLibrary:
      guard libraryRequest == nil else { return [] }
      let requestID = context.makeRequestID()
      libraryRequest = requestID
      return [Self.run(.saveToLibrary(requestID: requestID, uri: SpotifyLink(kind: .track, id: song.trackId).uri))]
    case .addToPlaylist:
      context.navigationRequest = .openSpotifyItem(SpotifyLink(kind: .track, id: song.trackId), then: .addToPlaylist)
      return []
    case .playPreview:
      context.navigationRequest = .openSpotifyItem(SpotifyLink(kind: .track, id: song.trackId), then: .playPreview)
      return []
    case .openInSpotify:
      context.notice = .localized(
        LocalizedText(SongMenuL10n.songMenuOpened, ["title": TerminalText.sanitize(song.trackName)]),
        isWarning: false)
      return [.openURL(Self.webURL(song))]
    case .copyLink:
      context.notice = .linkCopied
      return [.copyToClipboard(Self.webURL(song))]
    }
  }

  /// Enter in the composer: refuses an over-long message (keeping it), else sends once.
  mutating func send(_ context: inout AppContext) -> [AppEffect] {
    guard case .compose(var composer) = page, composer.sending == nil, let song else { return [] }
    if composer.isOverLimit {
      composer.failure = .tooLong(composer.count)
      page = .compose(composer)
      return []
    }
    let message = ShareMessageRule.normalize(composer.message.text)
    let draftID = composer.pending.flatMap { $0.message == message ? $0.id : nil }
    let requestID = context.makeRequestID()
    composer.sending = requestID
    composer.failure = nil
    page = .compose(composer)
    let request = SongShareRequest(
      track: song, recipientID: composer.recipient.personID, message: message, draftID: draftID)
    return [Self.run(.share(requestID: requestID, request))]
  }

  /// Typing into the reply search, the people filter or the message.
  public mutating func handleUnbound(_ event: InputEvent, _ context: inout AppContext) -> [AppEffect]? {
    switch page {
    case .findReply(var field):
      guard field.edit(event) != nil else { return nil }
      page = .findReply(field)
      return []
    case .people(var picker):
      guard picker.loading == nil, picker.filter.edit(event) != nil else { return nil }
      picker.list = ListState()
      page = .people(picker)
      return []
    case .compose(var composer):
      guard composer.sending == nil, composer.message.edit(event) != nil else { return nil }
      if case .tooLong? = composer.failure, !composer.isOverLimit { composer.failure = nil }
      page = .compose(composer)
      return []
    default:
      return nil
    }
  }

  /// Esc: a send in flight is cancelled, a message goes back to the person picker or the menu; at the menu nil (the
  /// root goes back to where the menu was opened from). A reply search being typed is dropped.
  public mutating func goBack(_ context: inout AppContext) -> [AppEffect]? {
    switch page {
    case .menu:
      return nil
    case .findReply:
      reply = nil
      page = .menu
      return song == nil ? nil : []
    case .people(let picker):
      page = .menu
      return picker.loading.map { [.cancel(requestID: $0)] } ?? []
    case .compose(let composer):
      if let sending = composer.sending {
        var stopped = composer
        stopped.sending = nil
        page = .compose(stopped)
        return [.cancel(requestID: sending)]
      }
      if case .person = composer.recipient {
        let requestID = context.makeRequestID()
        page = .people(SongPeoplePicker(loading: requestID))
        return [Self.run(.loadPeople(requestID: requestID))]
      }
      page = .menu
      return []
    case .needsAccount, .needsSpotify:
      page = .menu
      return []
    }
  }
}

extension NavigationRequest {
  /// The one song menu for `track` (every song surface's `.`).
  public static func openSongMenu(_ track: SharedTrack) -> NavigationRequest {
    .open(SongMenuFeature.self, .show(track))
  }

  /// "Reply with a song" to a conversation (the Inbox's received song, the Feed's Song Detail): search for a song
  /// in Explore, then its song menu offers "Reply to @name with this song" first; it lands in the same thread.
  public static func replyWithSong(thread threadID: String, to personID: String, name: String) -> NavigationRequest {
    .open(SongMenuFeature.self, .replyWithSong(SongReplyTarget(threadID: threadID, personID: personID, name: name)))
  }
}

extension AppState {
  /// The song menu's state (kept in `features`).
  public var songMenu: SongMenuFeature {
    get { features[SongMenuFeature.self] }
    set { features[SongMenuFeature.self] = newValue }
  }
}

extension AppAction {
  public static func songMenu(_ action: SongMenuAction) -> AppAction { .feature(SongMenuFeature.self, action) }
}

extension AppEffect {
  /// The song menu's effect inside, if this is one.
  public var songMenuEffect: SongMenuEffect? { effect(of: SongMenuFeature.self) }
}

extension MusicTrack {
  /// The track as a share carries it (the one song the menu acts on).
  public var sharedTrack: SharedTrack {
    SharedTrack(
      trackId: id, trackName: name, artistName: artistNames, albumName: album?.name ?? "", trackUri: uri)
  }
}
