/// The Gemini and Ticketmaster forms: editing, submit -> live check -> save -> pop, and removal.
extension AppReducer {
  static func handleFormKey(_ state: inout AppState, _ key: Key) -> [AppEffect] {
    guard let form = state.router.topForm else { return [] }

    switch form.phase {
    case .validating, .saving, .removing:
      // Busy: only Esc (cancel) and help get through; typing would change what is being checked.
      switch key {
      case .escape: return goBack(&state)
      case .function(1): state.isHelpVisible = true
      default: break
      }
      return []
    case .confirmingRemoval:
      switch key {
      case .character("y"), .character("Y"), .enter:
        state.router.updateTopForm { $0.phase = .removing }
        return [.removeCredential(form.step)]
      case .character("n"), .character("N"), .escape:
        state.router.updateTopForm { $0.phase = .editing }
      default: break
      }
      return []
    case .editing, .failed, .removalFailed:
      break
    }

    // Keys that work wherever the focus is.
    switch key {
    case .ctrl("s"):
      return submit(&state)
    case .ctrl("r"):
      if case .failed(let failure) = form.phase, failure.isRetryable, let submission = form.lastSubmission {
        return startValidation(&state, submission)
      }
      return []
    case .ctrl("o"):
      return [.openURL(form.step.credentialsURL)]
    case .ctrl("y"):
      state.notice = .linkCopied
      return [.copyToClipboard(form.step.credentialsURL)]
    case .tab, .down:
      state.router.updateTopForm { $0.moveFocus(by: 1) }
      return []
    case .backTab, .up:
      state.router.updateTopForm { $0.moveFocus(by: -1) }
      return []
    case .escape:
      return goBack(&state)
    case .function(1):
      state.isHelpVisible = true
      return []
    default:
      break
    }

    switch form.focus {
    case .field(let index):
      return handleFieldKey(&state, form, index, key)
    case .save:
      switch key {
      case .enter, .character(" "): return submit(&state)
      default: return handleGlobalKey(&state, key) ?? []
      }
    case .remove:
      switch key {
      case .enter, .character(" "):
        state.router.updateTopForm { $0.phase = .confirmingRemoval }
        return []
      default: return handleGlobalKey(&state, key) ?? []
      }
    }
  }

  static func handleFieldKey(_ state: inout AppState, _ form: CredentialForm, _ index: Int, _ key: Key)
    -> [AppEffect]
  {
    let kind = form.fields[index].kind
    switch key {
    case .enter:
      if index == form.fields.count - 1 { return submit(&state) }
      state.router.updateTopForm { $0.moveFocus(by: 1) }
      return []
    case .altEnter, .ctrl("j"):
      if kind == .multiline {
        editField(&state, index) { $0.insert("\n") }
      } else if index == form.fields.count - 1 {
        return submit(&state)
      } else {
        state.router.updateTopForm { $0.moveFocus(by: 1) }
      }
      return []
    case .character(let character):
      editField(&state, index) { $0.insert(String(character)) }
    case .backspace, .ctrl("h"):
      editField(&state, index) { $0.deleteBackward() }
    case .delete, .ctrl("d"):
      editField(&state, index) { $0.deleteForward() }
    case .left, .ctrl("b"):
      editField(&state, index, clearsError: false) { $0.moveLeft() }
    case .right, .ctrl("f"):
      editField(&state, index, clearsError: false) { $0.moveRight() }
    case .home, .ctrl("a"):
      editField(&state, index, clearsError: false) { $0.moveToStart() }
    case .end, .ctrl("e"):
      editField(&state, index, clearsError: false) { $0.moveToEnd() }
    case .ctrl("u"):
      editField(&state, index) { $0.clear() }
    default:
      break
    }
    return []
  }

  static func editField(
    _ state: inout AppState, _ index: Int, clearsError: Bool = true, _ body: (inout TextInput) -> Void
  ) {
    state.router.updateTopForm { form in
      body(&form.fields[index].input)
      if clearsError {
        form.fields[index].error = nil
        if case .failed = form.phase { form.phase = .editing }
        if case .removalFailed = form.phase { form.phase = .editing }
      }
    }
  }

  /// Ctrl-S, Enter on the last field or on Save: validate locally, then ask for the live check.
  static func submit(_ state: inout AppState) -> [AppEffect] {
    var submission: CredentialSubmission?
    state.router.updateTopForm { form in submission = form.makeSubmission() }
    guard let submission else { return [] }
    return startValidation(&state, submission)
  }

  static func startValidation(_ state: inout AppState, _ submission: CredentialSubmission) -> [AppEffect] {
    let requestID = state.makeRequestID()
    state.router.updateTopForm { form in
      form.phase = .validating(requestID: requestID)
      form.lastSubmission = submission
      form.focus = .save
    }
    return [.validate(requestID: requestID, submission)]
  }

  static func validationFinished(
    _ state: inout AppState, requestID: Int, result: Result<ValidationSuccess, ValidationFailure>
  ) -> [AppEffect] {
    guard let form = state.router.topForm, form.phase == .validating(requestID: requestID),
      let submission = form.lastSubmission
    else { return [] }
    switch result {
    case .success(let success):
      state.router.updateTopForm { $0.phase = .saving(requestID: requestID) }
      return [.save(requestID: requestID, submission, success)]
    case .failure(let failure):
      state.router.updateTopForm { form in
        form.phase = .failed(failure)
        if failure == .invalidCredentials || failure == .forbidden(reason: nil) {
          form.focus = .field(0)
        } else if case .forbidden = failure {
          form.focus = .field(0)
        }
      }
      return []
    }
  }

  static func credentialSaved(
    _ state: inout AppState, requestID: Int, facts: SetupFacts, success: ValidationSuccess
  ) -> [AppEffect] {
    state.facts = facts
    guard let form = state.router.topForm, form.phase == .saving(requestID: requestID) else { return [] }
    switch success {
    case .gemini:
      state.notice = .saved(.gemini)
    case .ticketmaster(let events):
      let city = facts.ticketmasterCity ?? ""
      state.notice =
        events == 0 ? .savedCityWithoutEvents(city: city) : .savedCityWithEvents(city: city, count: events)
    }
    state.router.popToChecklist()
    if case .checklist? = state.router.feedPath.last {
      state.router.feedPath[state.router.feedPath.count - 1] = .checklist(ChecklistState(selection: form.step))
    }
    return []
  }
}
