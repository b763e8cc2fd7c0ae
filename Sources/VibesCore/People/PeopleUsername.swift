import Foundation

/// What the "choose your @username" form knows about the name in its field.
public enum UsernameCheck: Sendable, Hashable {
  /// Nothing asked yet (the field is empty, invalid, or a pause in typing is awaited).
  case idle
  case checking(requestID: Int, name: String)
  case available(String)
  case taken(String)
  case failed(name: String, PeopleFailure)
}

/// Why claiming a @username did not work (nothing changed then).
public enum UsernameClaimFailure: Error, Sendable, Hashable {
  /// Someone else holds it (the atomic claim lost, or it was taken meanwhile).
  case taken
  /// The name breaks the rule (the client checks first; the rules check again).
  case invalid(UsernameRule.Problem)
  case failed(PeopleFailure)
}

/// The one-field "choose your @username" form: availability is asked after a pause in typing and said before
/// saving; Enter claims the name (atomically; a rename frees the old one).
public struct UsernameForm: Sendable, Hashable {
  /// The pause in typing after which availability is asked.
  public static let checkDelay = 0.4

  public var field: TextField
  public var pendingTimerID: Int?
  public var check = UsernameCheck.idle
  /// The claim in flight and the name it claims.
  public var claiming: UsernameClaim?
  /// Why the last claim failed (Enter tries again).
  public var failure: PeopleFailure?
  /// The name you hold now (nil before you chose one).
  public var current: String?
  /// Opened after signing in from the tutorial: a claimed name leads on to the Feed.
  public var landsOnFeed = false

  public init(current: String?) {
    self.current = current
    field = TextField(
      TextInput(current ?? "", maxLength: UsernameRule.maxLength + 1),
      placeholder: LocalizedText(PeopleL10n.peopleUsernamePlaceholder))
  }

  /// The field's text as the rule sees it.
  public var name: String { UsernameRule.normalize(field.text) }
  /// What breaks the rule in the field's text (nil when valid or empty).
  public var problem: UsernameRule.Problem? { name.isEmpty ? nil : UsernameRule.problem(name) }
}

/// A claim in flight.
public struct UsernameClaim: Sendable, Hashable {
  public var id: Int
  public var name: String

  public init(id: Int, name: String) {
    self.id = id
    self.name = name
  }
}

extension UsernameRule.Problem {
  /// The rule in words for this problem.
  public var text: PeopleL10n {
    switch self {
    case .tooShort: return .peopleUsernameTooShort
    case .tooLong: return .peopleUsernameTooLong
    case .mustStartWithLetter: return .peopleUsernameStartLetter
    case .invalidCharacter: return .peopleUsernameCharacters
    }
  }
}

extension PeopleFeature {
  /// `n` (or Enter on an empty list without a name): the form, holding your current name if any.
  mutating func openUsernameForm(_ context: inout AppContext) -> [AppEffect] {
    guard let lists, usernameForm == nil else { return [] }
    usernameForm = UsernameForm(current: lists.username)
    return []
  }

  func usernameBindings(_ form: UsernameForm) -> [KeyBinding<PeopleCommand>] {
    guard form.claiming == nil else { return [] }
    let key: PeopleL10n = form.failure == nil ? .peopleHelpClaim : .peopleHelpRetry
    return [KeyBinding([.enter], "Enter", .key(key), .claimUsername)]
  }

  /// Typing in the form: stop the check that ran, then wait for a pause before asking again.
  mutating func usernameEdited(_ context: inout AppContext) -> [AppEffect] {
    guard var form = usernameForm else { return [] }
    var effects = cancelUsernameCheck(&form)
    form.failure = nil
    let name = form.name
    if !name.isEmpty, form.problem == nil, name != form.current {
      let timerID = context.makeRequestID()
      form.pendingTimerID = timerID
      effects.append(Self.run(.scheduleUsernameCheck(timerID: timerID, seconds: UsernameForm.checkDelay)))
    }
    usernameForm = form
    return effects
  }

  func cancelUsernameCheck(_ form: inout UsernameForm) -> [AppEffect] {
    var effects: [AppEffect] = []
    if let timerID = form.pendingTimerID {
      effects.append(.cancel(requestID: timerID))
      form.pendingTimerID = nil
    }
    if case .checking(let id, _) = form.check { effects.append(.cancel(requestID: id)) }
    form.check = .idle
    return effects
  }

  mutating func usernameCheckDue(_ timerID: Int, _ context: inout AppContext) -> [AppEffect] {
    guard var form = usernameForm, form.pendingTimerID == timerID else { return [] }
    form.pendingTimerID = nil
    let requestID = context.makeRequestID()
    form.check = .checking(requestID: requestID, name: form.name)
    usernameForm = form
    return [Self.run(.checkUsername(requestID: requestID, name: form.name))]
  }

  mutating func usernameChecked(_ requestID: Int, _ name: String, _ result: Result<Bool, PeopleFailure>) {
    guard var form = usernameForm, case .checking(requestID, _) = form.check else { return }
    switch result {
    case .success(true): form.check = .available(name)
    case .success(false): form.check = .taken(name)
    case .failure(let failure): form.check = .failed(name: name, failure)
    }
    usernameForm = form
  }

  /// Enter: claims the name in the field (a taken or invalid one is refused here, with the reason on screen).
  mutating func claimUsername(_ context: inout AppContext) -> [AppEffect] {
    guard var form = usernameForm, form.claiming == nil else { return [] }
    let name = form.name
    guard !name.isEmpty, form.problem == nil else { return [] }
    if case .taken(name) = form.check { return [] }
    if name == form.current {
      usernameForm = nil
      return []
    }
    var effects = cancelUsernameCheck(&form)
    let requestID = context.makeRequestID()
    form.claiming = UsernameClaim(id: requestID, name: name)
    form.failure = nil
    usernameForm = form
    effects.append(Self.run(.claimUsername(requestID: requestID, name: name)))
    return effects
  }

  mutating func usernameClaimed(
    _ requestID: Int, _ result: Result<String, UsernameClaimFailure>, _ context: inout AppContext
  ) {
    guard var form = usernameForm, let claiming = form.claiming, claiming.id == requestID else { return }
    form.claiming = nil
    switch result {
    case .success(let name):
      usernameForm = nil
      lists?.username = name
      lists?.me?.username = name
      context.notice = .localized(LocalizedText(PeopleL10n.peopleUsernameClaimed, ["name": name]), isWarning: false)
      if form.landsOnFeed { context.navigationRequest = .selectTab(.feed) }
      return
    case .failure(.taken):
      form.check = .taken(claiming.name)
    case .failure(.invalid):
      form.check = .idle
      form.failure = .refused
    case .failure(.failed(let failure)):
      form.failure = failure
    }
    usernameForm = form
  }
}
