/// What the credential form's bindings do.
public enum FormCommand: Sendable, Hashable {
  case nextField
  case previousField
  /// Enter: next field, or submit from the last field, or press the focused button.
  case activate
  case submit
  case retry
  case openLink
  case copyLink
  case confirmRemoval
  case keep
  /// Esc while a check runs.
  case cancel
}

/// The Gemini and Ticketmaster forms: editing, submit -> live check -> save -> pop, and removal.
extension FeedTab {
  /// What Enter really does where the focus is: press the button, save from the last field, or go to the next.
  func enterHelp(_ form: CredentialForm) -> HelpText {
    switch form.focus {
    case .save: return .common(.helpEnterSave)
    case .remove: return .common(.helpActivate)
    case .field: return form.form.isLastInput(form.focus) ? .common(.helpEnterSave) : .common(.helpEnterNext)
    }
  }

  func formBindings(_ form: CredentialForm) -> [KeyBinding<FeedCommand>] {
    switch form.phase {
    case .checking:
      return [KeyBinding([.escape], "Esc", .common(.helpCancel), .form(.cancel))]
    case .saving, .removing:
      return []
    case .confirmingRemoval:
      return [
        KeyBinding([.character("y"), .character("Y"), .enter], "y", .common(.helpConfirm), .form(.confirmRemoval)),
        KeyBinding([.character("n"), .character("N")], "n", .common(.helpKeep), .form(.keep)),
      ]
    case .editing, .failed, .removalFailed:
      break
    }
    var bindings = FormBindings.focus(next: FeedCommand.form(.nextField), previous: .form(.previousField))
    bindings.append(KeyBinding(form.form.activateKeys, "Enter", enterHelp(form), .form(.activate)))
    // Footer order is priority (a narrow footer drops entries from the end): retry before Ctrl-S.
    if case .failed(let failure) = form.phase, failure.isRetryable {
      bindings.append(KeyBinding([.ctrl("r")], "Ctrl-R", .common(.helpRetry), .form(.retry)))
    }
    bindings.append(KeyBinding([.ctrl("s")], "Ctrl-S", .common(.helpSubmit), .form(.submit)))
    bindings += [
      KeyBinding([.ctrl("o")], "Ctrl-O", .common(.helpOpenLink), footer: false, .form(.openLink)),
      KeyBinding([.ctrl("y")], "Ctrl-Y", .common(.helpCopyLink), footer: false, .form(.copyLink)),
    ]
    return bindings
  }

  mutating func performForm(_ command: FormCommand, _ context: inout AppContext) -> [AppEffect] {
    guard let form = topForm else { return [] }
    switch command {
    case .nextField:
      updateTopForm { $0.form.moveFocus(by: 1) }
    case .previousField:
      updateTopForm { $0.form.moveFocus(by: -1) }
    case .activate:
      switch form.focus {
      case .field:
        if form.form.isLastInput(form.focus) { return submit(&context) }
        updateTopForm { $0.form.moveFocus(by: 1) }
      case .save:
        return submit(&context)
      case .remove:
        updateTopForm { $0.phase = .confirmingRemoval }
      }
    case .submit:
      return submit(&context)
    case .retry:
      if case .failed(let failure) = form.phase, failure.isRetryable, let submission = form.lastSubmission {
        return startValidation(submission, &context)
      }
    case .openLink:
      return [.openURL(form.step.credentialsURL)]
    case .copyLink:
      context.notice = .linkCopied
      return [.copyToClipboard(form.step.credentialsURL)]
    case .confirmRemoval:
      updateTopForm { $0.phase = .removing }
      return [Self.run(.removeCredential(form.step))]
    case .keep:
      updateTopForm { $0.phase = .editing }
    case .cancel:
      return goBack(&context) ?? []
    }
    return []
  }

  /// Text keys and pastes for the focused field.
  mutating func handleFormText(_ event: InputEvent, _ context: inout AppContext) -> [AppEffect]? {
    guard topForm?.isEditingText == true else { return nil }
    var outcome: TextEditing.Outcome?
    updateTopForm { outcome = $0.form.edit(event) }
    if outcome == .truncated { context.notice = .fieldFull }
    return outcome == nil ? nil : []
  }

  /// Ctrl-S, Enter on the last field or on Save: validate locally, then ask for the live check.
  mutating func submit(_ context: inout AppContext) -> [AppEffect] {
    var submission: CredentialSubmission?
    updateTopForm { form in submission = form.makeSubmission() }
    guard let submission else { return [] }
    return startValidation(submission, &context)
  }

  mutating func startValidation(_ submission: CredentialSubmission, _ context: inout AppContext) -> [AppEffect] {
    let requestID = context.makeRequestID()
    updateTopForm { form in
      form.phase = .checking(requestID: requestID)
      form.lastSubmission = submission
      form.focus = .save
    }
    return [Self.run(.validate(requestID: requestID, submission))]
  }

  mutating func validationFinished(requestID: Int, result: Result<ValidationSuccess, ValidationFailure>)
    -> [AppEffect]
  {
    guard let form = topForm, form.phase == .checking(requestID: requestID), let submission = form.lastSubmission
    else { return [] }
    switch result {
    case .success(let success):
      updateTopForm { $0.phase = .saving(requestID: requestID) }
      return [Self.run(.save(requestID: requestID, submission, success))]
    case .failure(let failure):
      updateTopForm { form in
        form.phase = .failed(failure)
        switch failure {
        case .invalidCredentials, .forbidden: form.focus = .field(.apiKey)
        default: break
        }
      }
      return []
    }
  }

  mutating func credentialSaved(
    requestID: Int, facts: SetupFacts, success: ValidationSuccess, _ context: inout AppContext
  ) -> [AppEffect] {
    context.facts = facts
    guard let form = topForm, form.phase == .saving(requestID: requestID) else { return [] }
    switch success {
    case .gemini:
      context.notice = .saved(.gemini)
    case .ticketmaster(let events):
      let city = facts.ticketmasterCity ?? ""
      context.notice =
        events == 0 ? .savedCityWithoutEvents(city: city) : .savedCityWithEvents(city: city, count: events)
    }
    popToChecklist()
    if case .checklist? = path.last { path[path.count - 1] = .checklist(ChecklistState(selection: form.step)) }
    return []
  }
}
