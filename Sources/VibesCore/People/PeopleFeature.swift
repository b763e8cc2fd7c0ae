import Foundation

extension TabID {
  public static let people = TabID("people")
}

/// What the find field has found.
public enum PeopleSearch: Sendable, Hashable {
  case idle
  case loading(requestID: Int, query: String)
  case loaded(query: String, [PersonSummary])
  case failed(query: String, PeopleFailure)
}

/// Which part of the root list a row belongs to.
public enum PeopleSection: Sendable, Hashable {
  case found, following, followers, suggested
}

/// One row of the root list.
public struct PeopleRow: Sendable, Hashable {
  public var section: PeopleSection
  public var person: PersonSummary

  public init(section: PeopleSection, person: PersonSummary) {
    self.section = section
    self.person = person
  }
}

/// A request of a person's screen in flight.
public struct PersonRequest: Sendable, Hashable {
  public var id: Int
  public var operation: PersonOperation

  public init(id: Int, operation: PersonOperation) {
    self.id = id
    self.operation = operation
  }
}

/// Another user's screen: their profile, what runs, what is asked, what failed.
public struct PersonScreen: Sendable, Hashable {
  public var person: PersonSummary
  public var profile: PersonProfile?
  public var request: PersonRequest?
  /// Unfollow or block, asked before it is done.
  public var confirming: PersonOperation?
  public var failure: PersonFailure?

  public init(person: PersonSummary) { self.person = person }
}

/// What failed on a person's screen (`r` tries that again).
public struct PersonFailure: Sendable, Hashable {
  public var operation: PersonOperation
  public var failure: PeopleFailure

  public init(operation: PersonOperation, failure: PeopleFailure) {
    self.operation = operation
    self.failure = failure
  }
}

/// The People area of Profile: your account line, a find field (by @username or name, as you type), your Following
/// and Followers lists in one list, and another user's profile with follow, unfollow and block. It has no tab-bar
/// place (`home` is Profile): it opens through `NavigationRequest.openPeople`, and Esc at its root goes back.
public struct PeopleFeature: Sendable, Hashable {
  /// The pause in typing after which the find field searches.
  public static let findDelay = 0.3
  public static let findLimit = 20

  /// The lists shown (fresh, or the SQLite copy with its age).
  public var lists: PeopleLists?
  public var loading: Int?
  /// Why the last load failed (a cached copy may still show).
  public var failure: PeopleFailure?
  public var find = TextField(
    TextInput("", maxLength: 100), placeholder: LocalizedText(PeopleL10n.peopleFindPlaceholder))
  public var isEditing = false
  public var pendingTimerID: Int?
  public var search = PeopleSearch.idle
  public var list = ListState()
  public var path: [PersonScreen] = []
  /// "Choose your @username", over the root while open.
  public var usernameForm: UsernameForm?
  /// "Edit your profile", over the root while open.
  public var profileForm: ProfileForm?
  /// Signing in from here (`s`), over the signed-out root while it runs or after it failed.
  public var signIn: PeopleSignIn?
  /// The people you blocked (`B`), over the root while open.
  public var blocked: BlockedPeople?
  /// Why the photo in "Edit your profile" was not uploaded (shown under its field).
  public var photoProblem: PhotoProblem?
  /// The photo removal in flight.
  public var photoRemoval: Int?
  /// Suggested people (FR-8.4), fresh or the SQLite copy.
  public var suggestions: PeopleSuggestions?
  /// The suggestion refresh in flight.
  public var suggesting: Int?
  /// Why the last suggestion refresh failed (the copy, if any, still shows).
  public var suggestionFailure: PeopleFailure?
  /// The next suggestion refresh goes past the SQLite copy's age (`r`).
  public var forceSuggestions = false
  /// A follow started with `f` on a suggested row, in flight.
  public var suggestFollow: Int?

  public init() {}

  public var trimmedQuery: String { find.text.trimmingCharacters(in: .whitespacesAndNewlines) }

  /// The root list: what the field found while it holds text (then the suggestions it did not find), else the
  /// suggestions, Following, then Followers.
  public var rows: [PeopleRow] {
    if !trimmedQuery.isEmpty {
      guard case .loaded(_, let found) = search else { return [] }
      let foundIDs = Set(found.map(\.uid))
      return found.map { PeopleRow(section: .found, person: $0) }
        + visibleSuggestions.filter { !foundIDs.contains($0.person.uid) }.map {
          PeopleRow(section: .suggested, person: $0.person)
        }
    }
    guard let lists else { return [] }
    return visibleSuggestions.map { PeopleRow(section: .suggested, person: $0.person) }
      + lists.following.map { PeopleRow(section: .following, person: $0) }
      + lists.followers.map { PeopleRow(section: .followers, person: $0) }
  }

  /// True when `r` asks Firebase again at the root.
  var canRetry: Bool {
    if case .failed = search, !trimmedQuery.isEmpty { return true }
    return failure != nil || lists?.isCached == true
  }

  static func visibleRows(_ context: AppContext) -> Int { max(1, context.size.height - 9) }
}

public enum PeopleAction: Sendable, Hashable {
  /// Show the area's root and load the lists (Profile's People key).
  case show
  /// Show this person's profile (the Feed's song sender or new follower: `NavigationRequest.openPerson`).
  case openPerson(PersonSummary)
  /// Show the area's root with the find field focused (the Feed's "Find people to follow").
  case showFind
  /// The lists: `final` false for the SQLite copy sent before Firebase answers.
  case listsLoaded(requestID: Int, PeopleLists, final: Bool)
  case listsFailed(requestID: Int, PeopleFailure)
  /// Suggested people (the SQLite copy, fresh ones, or why none came).
  case suggestionsLoaded(requestID: Int, Result<PeopleSuggestions, PeopleFailure>)
  case findDue(timerID: Int)
  case found(requestID: Int, query: String, Result<[PersonSummary], PeopleFailure>)
  case profileLoaded(requestID: Int, uid: String, Result<PersonProfile, PeopleFailure>)
  /// A follow, unfollow or block finished; a follow or unfollow sends the profile as it is now.
  case changed(requestID: Int, PersonSummary, PersonOperation, Result<PersonProfile?, PeopleFailure>)
  case usernameCheckDue(timerID: Int)
  /// Whether the name is free (true) or held by someone else (false).
  case usernameChecked(requestID: Int, name: String, Result<Bool, PeopleFailure>)
  case usernameClaimed(requestID: Int, Result<String, UsernameClaimFailure>)
  /// The profile edit finished: what was sent, or why nothing changed.
  case profileSaved(requestID: Int, displayName: String?, bio: String?, failure: PeopleFailure?)
  case signInPrompted(requestID: Int, SignInPrompt)
  /// Signed in (with your @username if you have one), or why not.
  case signedIn(requestID: Int, Result<String?, SignInProblem>)
  /// The tutorial's sign-in card: sign in at once; a new account then chooses its @username, a returning one lands
  /// on the Feed (`NavigationRequest.signInAtStart`).
  case signInAtStart(device: Bool)
  case blockedLoaded(requestID: Int, Result<[PersonSummary], PeopleFailure>)
  /// The unblock finished (nil) or why not (nothing changed then).
  case unblocked(requestID: Int, PersonSummary, PeopleFailure?)
  /// The photo was uploaded and its URL stored on your profile, or why not.
  case photoUploaded(requestID: Int, Result<String, PhotoProblem>)
  /// The photo was removed (nil) or why not.
  case photoRemoved(requestID: Int, PeopleFailure?)
  /// No connection: the follow, unfollow or block was queued to be sent later (shown as done, waiting to sync).
  case queued(requestID: Int, PersonSummary, PersonOperation)
  /// Queued changes the service refused when they were sent: dropped.
  case changesDropped([DroppedChange])
  /// The SQLite copy of the lists, read ahead (`preloadLists`) so that opening People draws it in its first frame;
  /// kept only while nothing newer is there.
  case listsPreloaded(PeopleLists)
}

public enum PeopleEffect: CancellableEffect {
  /// Your account line, following and followers (the SQLite copy first, then Firebase; cached again).
  case loadLists(requestID: Int)
  /// Only the SQLite copy of the lists (no request), answered as `listsPreloaded` when there is one. Profile asks
  /// for it on its first visit, so `p` (People, usually opened from Profile) draws the saved lists at once.
  case preloadLists
  /// Suggested people (`SocialRepository.suggestions`): the SQLite copy while it is younger than a refresh
  /// interval (unless `force`), else at most five bounded Firestore queries over the first 30 of `following`;
  /// cached again. Offline: the copy, marked with its age.
  case loadSuggestions(requestID: Int, following: [PersonSummary], force: Bool)
  case scheduleFind(timerID: Int, seconds: Double)
  case find(requestID: Int, query: String)
  case loadProfile(requestID: Int, PersonSummary)
  /// Follow, unfollow or block (`load` is `loadProfile`). Writes are not cancelled half-way. Without a connection
  /// the change is queued in SQLite (answers `queued`) and sent once by a later `loadLists`.
  case perform(requestID: Int, PersonOperation, PersonSummary)
  case scheduleUsernameCheck(timerID: Int, seconds: Double)
  /// `SocialRepository.isUsernameAvailable`.
  case checkUsername(requestID: Int, name: String)
  /// `SocialRepository.claimUsername` (atomic; a rename frees the old name). Not cancelled half-way.
  case claimUsername(requestID: Int, name: String)
  /// `SocialRepository.edit` with only the changed fields (nil: unchanged). Not cancelled half-way.
  case saveProfile(requestID: Int, displayName: String?, bio: String?)
  /// Google sign-in (the browser with the loopback listener, or the device flow when `device` or over ssh), the
  /// Firebase session into the secret store only. Cancelled by Esc.
  case signIn(requestID: Int, device: Bool)
  /// The people you blocked (`SocialRepository.blockSets`, their profiles in batches).
  case loadBlocked(requestID: Int)
  /// `SocialRepository.unblock`. Not cancelled half-way.
  case unblock(requestID: Int, PersonSummary)
  /// Reads the file at `path` (`~` expanded), checks it (size, type) before any request, uploads it to Storage and
  /// stores its download URL on your profile (masked: nothing else changes). Not cancelled half-way.
  case uploadPhoto(requestID: Int, path: String)
  /// Deletes the photo from Storage and `photoUrl` from your profile (masked). Not cancelled half-way.
  case removePhoto(requestID: Int)

  public var cancellationID: Int? {
    switch self {
    case .loadLists(let id), .scheduleFind(let id, _), .find(let id, _), .loadProfile(let id, _): return id
    case .scheduleUsernameCheck(let id, _), .checkUsername(let id, _), .signIn(let id, _): return id
    case .loadBlocked(let id), .loadSuggestions(let id, _, _): return id
    case .perform, .claimUsername, .saveProfile, .unblock, .uploadPhoto, .removePhoto, .preloadLists: return nil
    }
  }
}

public enum PeopleCommand: Sendable, Hashable {
  case focusFind
  case findNow
  case toList
  case move(ListState.Move)
  case open
  case retry
  case follow
  case askUnfollow
  case askBlock
  case confirm
  case keep
  case chooseUsername
  case claimUsername
  case editProfile
  case nextField
  case previousField
  case saveProfile
  case signIn
  case signInWithCode
  case showBlocked
  case moveBlocked(ListState.Move)
  case askUnblock
  case confirmUnblock
  case keepBlocked
  case retryBlocked
  case askRemovePhoto
  case confirmRemovePhoto
  case keepPhoto
  /// The Blend with the followed user on screen (`GamifyFeature`).
  case blend
  /// Every achievement with its date or progress (`GamifyFeature`).
  case achievements
  /// Follow the selected suggested person.
  case followSuggestion
}

extension PeopleFeature: TabFeature {
  public static let id = TabID.people
  public static var home: TabID? { .profile }
  public typealias Action = PeopleAction
  public typealias Effect = PeopleEffect
  public typealias Command = PeopleCommand

  public var depth: Int {
    path.count + (usernameForm == nil && profileForm == nil && signIn == nil ? 0 : 1) + (blocked == nil ? 0 : 1)
  }
  public var isEditingText: Bool {
    usernameForm != nil || profileForm?.isEditingText == true || (path.isEmpty && blocked == nil && isEditing)
  }

  public var runningRequestIDs: [Int] {
    var ids = [loading, pendingTimerID, signIn?.requestID, blocked?.loading, suggesting].compactMap { $0 }
    if case .loading(let id, _) = search { ids.append(id) }
    if let form = usernameForm {
      ids += [form.pendingTimerID].compactMap { $0 }
      if case .checking(let id, _) = form.check { ids.append(id) }
    }
    return ids + path.compactMap { $0.request?.operation == .load ? $0.request?.id : nil }
  }

  public mutating func arrive(_ context: inout AppContext) -> [AppEffect] {
    isEditing = false
    return []
  }

  public mutating func reduce(_ action: PeopleAction, _ context: inout AppContext) -> [AppEffect] {
    switch action {
    case .show:
      let effects = path.compactMap { $0.request?.operation == .load ? $0.request?.id : nil }.map {
        AppEffect.cancel(requestID: $0)
      }
      path = []
      return effects + loadLists(&context)
    case .openPerson(let person):
      return openPerson(person, &context)
    case .showFind:
      return showFind(&context)
    case .listsLoaded(let requestID, let lists, let final):
      guard loading == requestID else { return [] }
      let selected = rows.indices.contains(list.selected) ? rows[list.selected].person.uid : nil
      self.lists = lists
      if final {
        loading = nil
        failure = nil
      }
      list.keep(selected, in: rows.map(\.person.uid), visibleRows: Self.visibleRows(context))
      return final ? startSuggestions(&context) : []
    case .listsFailed(let requestID, let failure):
      guard loading == requestID else { return [] }
      loading = nil
      self.failure = failure
      if failure.needsAccount {
        lists = nil
        suggestions = nil
      }
      list.clamp(count: rows.count, visibleRows: Self.visibleRows(context))
      return []
    case .suggestionsLoaded(let requestID, let result):
      suggestionsLoaded(requestID, result, &context)
      return []
    case .findDue(let timerID):
      guard timerID == pendingTimerID else { return [] }
      pendingTimerID = nil
      return startFind(&context)
    case .found(let requestID, let query, let result):
      guard case .loading(requestID, _) = search else { return [] }
      switch result {
      case .success(let people): search = .loaded(query: query, people)
      case .failure(let failure): search = .failed(query: query, failure)
      }
      list = ListState()
      return []
    case .profileLoaded(let requestID, let uid, let result):
      guard let index = path.lastIndex(where: { $0.request?.id == requestID }) else { return [] }
      path[index].request = nil
      switch result {
      case .success(let profile):
        path[index].profile = profile
        path[index].person = profile.person
        path[index].failure = nil
      case .failure(.blocked), .failure(.notFound):
        // Blocked either way, or gone: they show nowhere.
        path.remove(at: index)
        forget(uid)
        if case .failure(let failure) = result {
          context.notice = .localized(
            LocalizedText(PeopleL10n.peopleFailedProfile) { t in ["reason": t[failure.reason]] }, isWarning: true)
        }
      case .failure(let failure):
        path[index].failure = PersonFailure(operation: .load, failure: failure)
      }
      return []
    case .changed(let requestID, let person, let operation, let result):
      return changed(requestID, person, operation, result, &context)
    case .usernameCheckDue(let timerID):
      return usernameCheckDue(timerID, &context)
    case .usernameChecked(let requestID, let name, let result):
      usernameChecked(requestID, name, result)
      return []
    case .usernameClaimed(let requestID, let result):
      usernameClaimed(requestID, result, &context)
      return []
    case .profileSaved(let requestID, let displayName, let bio, let failure):
      profileSaved(requestID, displayName, bio, failure, &context)
      return []
    case .signInPrompted(let requestID, let prompt):
      signInPrompted(requestID, prompt)
      return []
    case .signedIn(let requestID, let result):
      return signedIn(requestID, result, &context)
    case .signInAtStart(let device):
      return signInAtStart(device: device, &context)
    case .blockedLoaded(let requestID, let result):
      blockedLoaded(requestID, result, &context)
      return []
    case .unblocked(let requestID, let person, let failure):
      unblocked(requestID, person, failure, &context)
      return []
    case .photoUploaded(let requestID, let result):
      return photoUploaded(requestID, result, &context)
    case .photoRemoved(let requestID, let failure):
      photoRemoved(requestID, failure, &context)
      return []
    case .queued(let requestID, let person, let operation):
      queued(requestID, person, operation, &context)
      return []
    case .changesDropped(let dropped):
      changesDropped(dropped, &context)
      return []
    case .listsPreloaded(let copy):
      guard lists == nil else { return [] }
      lists = copy
      list.clamp(count: rows.count, visibleRows: Self.visibleRows(context))
      return []
    }
  }

  mutating func changed(
    _ requestID: Int, _ person: PersonSummary, _ operation: PersonOperation,
    _ result: Result<PersonProfile?, PeopleFailure>, _ context: inout AppContext
  ) -> [AppEffect] {
    let index = path.lastIndex { $0.request?.id == requestID }
    if let index { path[index].request = nil }
    if suggestFollow == requestID { suggestFollow = nil }
    switch result {
    case .failure(let failure):
      if let index { path[index].failure = PersonFailure(operation: operation, failure: failure) }
      context.notice = .localized(
        LocalizedText(operation.failureText) { t in ["reason": t[failure.reason]] }, isWarning: true)
      return []
    case .success(let profile):
      if let index {
        path[index].failure = nil
        if let profile { path[index].profile = profile }
      }
      let name = ["name": person.shortName]
      switch operation {
      case .follow:
        if var lists, !lists.following.contains(where: { $0.uid == person.uid }) {
          lists.following.append(person)
          lists.following.sort { ($0.displayName.lowercased(), $0.uid) < ($1.displayName.lowercased(), $1.uid) }
          self.lists = lists
        }
        context.notice = .localized(LocalizedText(PeopleL10n.peopleFollowed, name), isWarning: false)
      case .unfollow:
        lists?.following.removeAll { $0.uid == person.uid }
        context.notice = .localized(LocalizedText(PeopleL10n.peopleUnfollowed, name), isWarning: false)
      case .block:
        path.removeAll { $0.person.uid == person.uid }
        forget(person.uid)
        context.notice = .localized(LocalizedText(PeopleL10n.peopleBlocked, name), isWarning: false)
      case .load:
        break
      }
      list.clamp(count: rows.count, visibleRows: Self.visibleRows(context))
      return []
    }
  }

  /// Someone blocked (or gone) leaves every list.
  mutating func forget(_ uid: String) {
    suggestions?.items.removeAll { $0.person.uid == uid }
    lists?.following.removeAll { $0.uid == uid }
    lists?.followers.removeAll { $0.uid == uid }
    if case .loaded(let query, var found) = search {
      found.removeAll { $0.uid == uid }
      search = .loaded(query: query, found)
    }
  }

  mutating func loadLists(_ context: inout AppContext) -> [AppEffect] {
    guard loading == nil else { return [] }
    let requestID = context.makeRequestID()
    loading = requestID
    return [Self.run(.loadLists(requestID: requestID))]
  }

  // MARK: Keys

  public func bindings(_ context: AppContext) -> [KeyBinding<PeopleCommand>] {
    if let form = usernameForm { return usernameBindings(form) }
    if let form = profileForm { return profileBindings(form) }
    if let signIn { return signInBindings(signIn) }
    if let blocked { return blockedBindings(blocked) }
    if let screen = path.last { return personBindings(screen) }
    if lists == nil, failure?.needsAccount == true {
      let signIn: [KeyBinding<PeopleCommand>] =
        isSignedOut
        ? [
          KeyBinding([.character("s")], "s", .key(PeopleL10n.peopleHelpSignIn), .signIn),
          KeyBinding([.character("d")], "d", .key(PeopleL10n.peopleHelpSignInCode), .signInWithCode),
        ] : []
      return signIn + [KeyBinding([.character("r")], "r", .key(PeopleL10n.peopleHelpRetry), .retry)]
    }
    if isEditing {
      return [
        KeyBinding([.enter], "Enter", .key(PeopleL10n.peopleHelpFindNow), .findNow),
        KeyBinding([.down, .tab], "↓", .key(PeopleL10n.peopleHelpToList), .toList),
      ]
    }
    return [KeyBinding([.character("/")], "/", .key(PeopleL10n.peopleHelpFind), .focusFind)]
      + ListState.bindings { .move($0) } + [KeyBinding([.enter], "Enter", .common(.helpOpen), .open)]
      + suggestionBindings
      + [KeyBinding([.character("r")], "r", .key(PeopleL10n.peopleHelpRetry), footer: canRetry, .retry)]
      + (lists == nil
        ? []
        : [
          KeyBinding(
            [.character("n")], "n",
            .key(lists?.username == nil ? PeopleL10n.peopleHelpChooseUsername : PeopleL10n.peopleHelpChangeUsername),
            .chooseUsername),
          KeyBinding([.character("e")], "e", .key(PeopleL10n.peopleHelpEditProfile), .editProfile),
          KeyBinding([.character("B")], "B", .key(PeopleAccountsL10n.peopleHelpBlockedList), .showBlocked),
        ] + gamifyRootBindings)
  }

  func personBindings(_ screen: PersonScreen) -> [KeyBinding<PeopleCommand>] {
    if screen.confirming != nil {
      return [
        KeyBinding([.character("y"), .character("Y")], "y", .key(PeopleL10n.peopleHelpYes), .confirm),
        KeyBinding([.character("n"), .character("N")], "n", .common(.helpKeep), .keep),
      ]
    }
    if screen.request != nil { return [] }
    var bindings: [KeyBinding<PeopleCommand>] = []
    if let profile = screen.profile {
      bindings.append(
        profile.isFollowing
          ? KeyBinding([.character("u")], "u", .key(PeopleL10n.peopleHelpUnfollow), .askUnfollow)
          : KeyBinding([.character("f")], "f", .key(PeopleL10n.peopleHelpFollow), .follow))
      bindings.append(KeyBinding([.character("b")], "b", .key(PeopleL10n.peopleHelpBlock), .askBlock))
      bindings += blendBindings(profile)
    }
    if screen.failure != nil || screen.profile?.isCached == true {
      bindings.append(KeyBinding([.character("r")], "r", .key(PeopleL10n.peopleHelpRetry), .retry))
    }
    return bindings
  }

  public mutating func perform(_ command: PeopleCommand, _ context: inout AppContext) -> [AppEffect] {
    switch command {
    case .focusFind:
      isEditing = true
      return []
    case .findNow:
      isEditing = false
      if case .loading(_, let running) = search, running == trimmedQuery { return [] }
      let effects = cancelFind()
      return effects + startFind(&context)
    case .toList:
      isEditing = false
      return []
    case .move(let move):
      list.apply(move, count: rows.count, visibleRows: Self.visibleRows(context))
      return []
    case .open:
      let rows = rows
      if rows.isEmpty, trimmedQuery.isEmpty, let lists, lists.username == nil { return openUsernameForm(&context) }
      guard rows.indices.contains(list.selected) else { return [] }
      return open(rows[list.selected].person, &context)
    case .retry:
      return retry(&context)
    case .follow:
      return start(.follow, &context)
    case .askUnfollow, .askBlock:
      guard let last = path.indices.last, path[last].profile != nil, path[last].request == nil else { return [] }
      path[last].confirming = command == .askBlock ? .block : .unfollow
      return []
    case .confirm:
      guard let last = path.indices.last, let operation = path[last].confirming else { return [] }
      path[last].confirming = nil
      return start(operation, &context)
    case .keep:
      guard let last = path.indices.last else { return [] }
      path[last].confirming = nil
      return []
    case .chooseUsername:
      return openUsernameForm(&context)
    case .claimUsername:
      return claimUsername(&context)
    case .editProfile:
      return openProfileForm()
    case .nextField, .previousField:
      profileForm?.moveFocus(by: command == .nextField ? 1 : -1)
      return []
    case .saveProfile:
      return saveProfile(&context)
    case .blend, .achievements:
      openGamify(command, &context)
      return []
    case .followSuggestion:
      return followSuggestion(&context)
    case .signIn, .signInWithCode:
      return startSignIn(device: command == .signInWithCode || signIn?.device == true && command == .signIn, &context)
    case .showBlocked:
      return showBlocked(&context)
    case .moveBlocked, .askUnblock, .confirmUnblock, .keepBlocked, .retryBlocked:
      return performBlocked(command, &context)
    case .askRemovePhoto, .confirmRemovePhoto, .keepPhoto:
      return performPhoto(command, &context)
    }
  }

  mutating func open(_ person: PersonSummary, _ context: inout AppContext) -> [AppEffect] {
    path.append(PersonScreen(person: person))
    return start(.load, &context)
  }

  /// Starts `operation` on the screen on top.
  mutating func start(_ operation: PersonOperation, _ context: inout AppContext) -> [AppEffect] {
    guard let last = path.indices.last, path[last].request == nil else { return [] }
    let requestID = context.makeRequestID()
    path[last].request = PersonRequest(id: requestID, operation: operation)
    path[last].failure = nil
    let person = path[last].person
    if operation == .load { return [Self.run(.loadProfile(requestID: requestID, person))] }
    return [Self.run(.perform(requestID: requestID, operation, person))]
  }

  mutating func retry(_ context: inout AppContext) -> [AppEffect] {
    if let last = path.indices.last {
      let operation = path[last].failure?.operation ?? .load
      return start(operation, &context)
    }
    if case .failed = search, !trimmedQuery.isEmpty { return cancelFind() + startFind(&context) }
    forceSuggestions = true
    return loadLists(&context)
  }

  /// Typing and pasting into the find field (a paste at the root goes there even without the focus).
  public mutating func handleUnbound(_ event: InputEvent, _ context: inout AppContext) -> [AppEffect]? {
    if profileForm != nil {
      return profileForm?.edit(event) == nil ? nil : []
    }
    if usernameForm != nil {
      guard usernameForm?.claiming == nil, let outcome = usernameForm?.field.edit(event) else { return nil }
      return outcome == .moved ? [] : usernameEdited(&context)
    }
    guard path.isEmpty, blocked == nil, lists != nil || failure?.needsAccount != true else { return nil }
    switch event {
    case .key(let key):
      guard isEditing, let outcome = find.edit(.key(key)) else { return nil }
      return outcome == .edited ? findChanged(&context) : []
    case .paste(let text):
      isEditing = true
      _ = find.edit(.paste(text))
      return findChanged(&context)
    }
  }

  /// The text changed: stop what ran, then wait for a pause in typing.
  mutating func findChanged(_ context: inout AppContext) -> [AppEffect] {
    var effects = cancelFind()
    list = ListState()
    guard !trimmedQuery.isEmpty else { return effects }
    let timerID = context.makeRequestID()
    pendingTimerID = timerID
    effects.append(Self.run(.scheduleFind(timerID: timerID, seconds: Self.findDelay)))
    return effects
  }

  mutating func startFind(_ context: inout AppContext) -> [AppEffect] {
    let query = trimmedQuery
    guard !query.isEmpty else { return [] }
    let requestID = context.makeRequestID()
    search = .loading(requestID: requestID, query: query)
    return [Self.run(.find(requestID: requestID, query: query))]
  }

  mutating func cancelFind() -> [AppEffect] {
    var effects: [AppEffect] = []
    if let timerID = pendingTimerID {
      effects.append(.cancel(requestID: timerID))
      pendingTimerID = nil
    }
    if case .loading(let id, _) = search { effects.append(.cancel(requestID: id)) }
    search = .idle
    return effects
  }

  /// Esc: drop a question, pop a person (cancelling their load), or leave the field; nil at the root.
  public mutating func goBack(_ context: inout AppContext) -> [AppEffect]? {
    if let current = signIn {
      // Esc stops the sign-in (its listener and polling end with the effect) or closes its failure.
      signIn = nil
      return current.requestID.map { [.cancel(requestID: $0)] } ?? []
    }
    if var form = profileForm {
      // A save in flight is one masked write: the form waits for its answer.
      guard !form.phase.isBusy else { return [] }
      if form.phase == .confirmingRemoval {
        form.phase = .editing
        profileForm = form
        return []
      }
      profileForm = nil
      return []
    }
    if var form = usernameForm {
      // A claim in flight is one atomic commit: the form waits for its answer.
      guard form.claiming == nil else { return [] }
      let effects = cancelUsernameCheck(&form)
      usernameForm = nil
      return effects
    }
    if blocked != nil { return closeBlocked() }
    if let last = path.indices.last {
      if path[last].confirming != nil {
        path[last].confirming = nil
        return []
      }
      let screen = path.removeLast()
      if let request = screen.request, request.operation == .load { return [.cancel(requestID: request.id)] }
      return []
    }
    guard isEditing else { return nil }
    isEditing = false
    return []
  }
}

extension AppState {
  /// The People area's state (kept in the feature store: no stored property of `AppState` for it).
  public var people: PeopleFeature {
    get { features[PeopleFeature.self] }
    set { features[PeopleFeature.self] = newValue }
  }
}

extension NavigationRequest {
  /// Profile's People key: the People area's root, its lists loaded.
  public static var openPeople: NavigationRequest { .open(PeopleFeature.self, .show) }
}

extension AppAction {
  public static func people(_ action: PeopleAction) -> AppAction { .feature(PeopleFeature.self, action) }
  /// The People action inside, if this is one.
  public var peopleAction: PeopleAction? { action(of: PeopleFeature.self) }
}

extension AppEffect {
  public static func people(_ effect: PeopleEffect) -> AppEffect { PeopleFeature.run(effect) }
  /// The People effect inside, if this is one.
  public var peopleEffect: PeopleEffect? { effect(of: PeopleFeature.self) }
}
