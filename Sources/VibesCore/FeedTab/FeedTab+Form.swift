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
  /// ↑/↓ under the City field: pick the previous/next suggested city.
  case pickCity(Int)
  /// Enter on a picked city: it becomes the field's text.
  case takeCity
  /// ←/→ on the Radius field: the previous/next radius.
  case cycleRadius(Int)
}

/// The Gemini and Ticketmaster forms: editing, submit -> live check -> save -> pop, and removal.
extension FeedTab {
  /// What Enter really does where the focus is: press the button, save from the last field, or go to the next.
  func enterHelp(_ form: CredentialForm) -> HelpText {
    switch form.focus {
    case .save: return .common(.helpEnterSave)
    case .remove: return .common(.helpActivate)
    case .field: return savesOnEnter(form) ? .common(.helpEnterSave) : .common(.helpEnterNext)
    }
  }

  /// Enter in the last field saves, and so does Enter in City: "type the key, Tab, type the city, Enter" saves as it
  /// always did, with the radius (Tab from City) left as chosen.
  func savesOnEnter(_ form: CredentialForm) -> Bool {
    form.form.isLastInput(form.focus) || form.focus == .field(.city)
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
    var bindings: [KeyBinding<FeedCommand>] = []
    if form.focus == .field(.city), !form.citySuggestions.isEmpty {
      bindings += [
        KeyBinding([.up], "↑ ↓", .key(FeedL10n.helpPickCity), .form(.pickCity(-1))),
        KeyBinding([.down], "↑ ↓", .key(FeedL10n.helpPickCity), .form(.pickCity(1))),
      ]
      if form.pickedSuggestion != nil {
        bindings.append(KeyBinding([.enter], "Enter", .key(FeedL10n.helpTakeCity), .form(.takeCity)))
      }
    }
    if form.focus == .field(.radius) {
      bindings += [
        KeyBinding([.left, .character("h")], "← →", .key(FeedL10n.helpRadius), .form(.cycleRadius(-1))),
        KeyBinding(
          [.right, .character("l"), .character(" ")], "← →", .key(FeedL10n.helpRadius), .form(.cycleRadius(1))),
      ]
    }
    bindings += FormBindings.focus(next: FeedCommand.form(.nextField), previous: .form(.previousField))
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
      updateCitySuggestions()
    case .previousField:
      updateTopForm { $0.form.moveFocus(by: -1) }
      updateCitySuggestions()
    case .pickCity(let offset):
      updateTopForm { form in
        let count = form.citySuggestions.count
        guard count > 0 else { return }
        // From the typed text, ↓ picks the first and ↑ the last; past either end the typed text stands again.
        let next = (form.pickedSuggestion ?? (offset > 0 ? -1 : count)) + offset
        form.pickedSuggestion = (0..<count).contains(next) ? next : nil
      }
    case .takeCity:
      updateTopForm { form in
        guard let index = form.pickedSuggestion, form.citySuggestions.indices.contains(index),
          let field = form.form.fields.firstIndex(where: { $0.id == .field(.city) })
        else { return }
        form.form.fields[field].input = TextInput(form.citySuggestions[index].label)
        // Kept with the step on save: its coordinates are searched, so a refresh need not look the name up.
        form.takenPlace = form.citySuggestions[index]
        form.citySuggestions = []
        form.pickedSuggestion = nil
      }
    case .cycleRadius(let offset):
      updateTopForm { $0.form.cycleChoice(.field(.radius), by: offset) }
    case .activate:
      switch form.focus {
      case .field:
        if savesOnEnter(form) { return submit(&context) }
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
    guard outcome != nil else { return nil }
    guard topForm?.step == .ticketmaster, topForm?.focus == .field(.city) else { return [] }
    updateCitySuggestions()
    // The city list is read the first time the City field is typed into, never at start-up.
    guard cityIndex == nil, !isCityIndexRequested else { return [] }
    isCityIndexRequested = true
    return [Self.run(.loadCityIndex)]
  }

  /// The top form's city suggestions for what its City field holds (none when another field has the focus).
  mutating func updateCitySuggestions() {
    let index = cityIndex
    updateTopForm { form in
      guard form.step == .ticketmaster, form.focus == .field(.city), let index,
        let field = form.form.fields.first(where: { $0.id == .field(.city) })
      else {
        form.citySuggestions = []
        form.pickedSuggestion = nil
        return
      }
      let found = index.suggestions(for: field.input.text, limit: CredentialForm.citySuggestionLimit)
      // A city already taken (or typed exactly as listed) needs no list under it.
      form.citySuggestions = found.count == 1 && found[0].label == field.input.text ? [] : found
      form.pickedSuggestion = nil
    }
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
