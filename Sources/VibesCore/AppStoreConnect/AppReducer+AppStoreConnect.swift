import Foundation

/// Keys of the App Store Connect screens: the setup form, the dashboard and the settings.
extension AppReducer {
  /// Where users create an App Store Connect API key.
  public static let appStoreConnectKeysURL =
    "https://appstoreconnect.apple.com/access/integrations/api"

  static func handleAppStoreConnectSetupKey(_ state: inout AppState, _ key: Key) -> [AppEffect] {
    state.appStoreConnect.banner = nil
    let setup = state.appStoreConnect.setup
    if setup.isVerifying {
      // Busy: only Esc (cancel) and help; typing would change what is being checked.
      switch key {
      case .escape: return goBack(&state)
      case .function(1): state.isHelpVisible = true
      default: break
      }
      return []
    }
    switch key {
    case .ctrl("s"):
      return submitAppStoreConnectSetup(&state)
    case .ctrl("r"):
      if case .failed(let failure) = setup.phase, failure.isRetryable {
        return submitAppStoreConnectSetup(&state)
      }
      return []
    case .ctrl("o"):
      return [.openURL(appStoreConnectKeysURL)]
    case .ctrl("y"):
      state.appStoreConnect.banner = .linkCopied
      return [.copyToClipboard(appStoreConnectKeysURL)]
    case .tab, .down:
      return moveAppStoreConnectFocus(&state, by: 1)
    case .backTab, .up:
      return moveAppStoreConnectFocus(&state, by: -1)
    case .escape:
      return goBack(&state)
    case .function(1):
      state.isHelpVisible = true
      return []
    default:
      break
    }
    guard let field = setup.focusedField else {
      switch key {
      case .enter, .character(" "): return submitAppStoreConnectSetup(&state)
      default: return handleGlobalKey(&state, key) ?? []
      }
    }
    switch key {
    case .enter:
      if field == .privateKey { return submitAppStoreConnectSetup(&state) }
      return moveAppStoreConnectFocus(&state, by: 1)
    case .altEnter, .ctrl("j"):
      if field == .privateKey { return editAppStoreConnectField(&state, field) { $0.insert("\n") } }
      return moveAppStoreConnectFocus(&state, by: 1)
    case .character(let character):
      return editAppStoreConnectField(&state, field) { $0.insert(String(character)) }
    case .backspace, .ctrl("h"):
      return editAppStoreConnectField(&state, field) { $0.deleteBackward() }
    case .delete, .ctrl("d"):
      return editAppStoreConnectField(&state, field) { $0.deleteForward() }
    case .left, .ctrl("b"):
      state.appStoreConnect.setup.edit(field) { $0.moveLeft() }
    case .right, .ctrl("f"):
      state.appStoreConnect.setup.edit(field) { $0.moveRight() }
    case .home, .ctrl("a"):
      state.appStoreConnect.setup.edit(field) { $0.moveToStart() }
    case .end, .ctrl("e"):
      state.appStoreConnect.setup.edit(field) { $0.moveToEnd() }
    case .ctrl("u"):
      return editAppStoreConnectField(&state, field) { $0.clear() }
    default:
      break
    }
    return []
  }

  /// Edits a field; the key's summary is stale after any change, and a paste into the key field asks
  /// the edge to read it at once (typed text is read when the focus leaves the field).
  static func editAppStoreConnectField(
    _ state: inout AppState, _ field: AppStoreConnectField, pasted: Bool = false,
    _ body: (inout TextInput) -> Void
  ) -> [AppEffect] {
    state.appStoreConnect.setup.edit(field, body)
    state.appStoreConnect.setup.errors[field] = nil
    if case .failed = state.appStoreConnect.setup.phase {
      state.appStoreConnect.setup.phase = .editing
    }
    guard field == .privateKey else { return [] }
    state.appStoreConnect.setup.keySummary = nil
    state.appStoreConnect.setup.keyProblem = nil
    state.appStoreConnect.setup.inspectionID = nil
    return pasted ? inspectAppStoreConnectKey(&state) : []
  }

  static func inspectAppStoreConnectKey(_ state: inout AppState) -> [AppEffect] {
    let text = state.appStoreConnect.setup.privateKey.text
    guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return [] }
    let id = state.makeRequestID()
    state.appStoreConnect.setup.inspectionID = id
    return [.appStoreConnect(.inspectPrivateKey(requestID: id, RedactedText(text)))]
  }

  static func moveAppStoreConnectFocus(_ state: inout AppState, by offset: Int) -> [AppEffect] {
    let leaving = state.appStoreConnect.setup.focusedField
    state.appStoreConnect.setup.moveFocus(by: offset)
    let setup = state.appStoreConnect.setup
    if leaving == .privateKey, setup.keySummary == nil, setup.keyProblem == nil,
      setup.inspectionID == nil
    {
      return inspectAppStoreConnectKey(&state)
    }
    return []
  }

  static func moveAppStoreConnectFocusToConnect(_ state: inout AppState) -> [AppEffect] {
    let order = state.appStoreConnect.setup.focusOrder
    let current = order.firstIndex(of: state.appStoreConnect.setup.focus) ?? 0
    return moveAppStoreConnectFocus(&state, by: order.count - 1 - current)
  }

  /// Ctrl-S, Enter on the key field or on Verify & Connect: check locally, then verify live.
  static func submitAppStoreConnectSetup(_ state: inout AppState) -> [AppEffect] {
    guard let submission = state.appStoreConnect.setup.makeSubmission() else { return [] }
    let id = state.makeRequestID()
    state.appStoreConnect.setup.phase = .verifying(requestID: id)
    state.appStoreConnect.setup.focus = .connect
    return [.appStoreConnect(.connect(requestID: id, submission))]
  }

  static func handleAppStoreConnectDashboardKey(_ state: inout AppState, _ key: Key) -> [AppEffect] {
    state.appStoreConnect.banner = nil
    let count = state.appStoreConnect.dashboard.apps.count
    switch key {
    case .character("r"), .ctrl("r"):
      return startAppStoreConnectSync(&state)
    case .character("s"):
      state.router.appStoreConnectPath.append(.settings(AppStoreConnectSettingsState()))
      return []
    case .down, .character("j"):
      state.appStoreConnect.dashboard.selected = min(
        state.appStoreConnect.dashboard.selected + 1, max(0, count - 1))
    case .up, .character("k"):
      state.appStoreConnect.dashboard.selected = max(
        0, state.appStoreConnect.dashboard.selected - 1)
    case .pageDown:
      state.appStoreConnect.dashboard.selected = min(
        state.appStoreConnect.dashboard.selected + appStoreConnectVisibleRows(state.size),
        max(0, count - 1))
    case .pageUp:
      state.appStoreConnect.dashboard.selected = max(
        0, state.appStoreConnect.dashboard.selected - appStoreConnectVisibleRows(state.size))
    case .home, .character("g"):
      state.appStoreConnect.dashboard.selected = 0
    case .end, .character("G"):
      state.appStoreConnect.dashboard.selected = max(0, count - 1)
    default:
      return []
    }
    clampAppStoreConnectScroll(&state)
    return []
  }

  static func handleAppStoreConnectSettingsKey(
    _ state: inout AppState, _ settings: AppStoreConnectSettingsState, _ key: Key
  ) -> [AppEffect] {
    switch settings.removal {
    case .removing:
      return []
    case .confirming:
      switch key {
      case .character("y"), .character("Y"):
        updateAppStoreConnectSettings(&state) { $0.removal = .removing }
        var effects: [AppEffect] = []
        if let id = state.appStoreConnect.dashboard.syncRequestID {
          state.appStoreConnect.dashboard.sync = .idle
          effects.append(.cancel(requestID: id))
        }
        return effects + [.appStoreConnect(.removeCredentials)]
      case .character("n"), .character("N"), .escape, .enter:
        updateAppStoreConnectSettings(&state) { $0.removal = .idle }
      default:
        break
      }
      return []
    case .idle, .failed:
      switch key {
      case .enter, .character(" "), .character("x"):
        updateAppStoreConnectSettings(&state) { $0.removal = .confirming }
        return []
      default:
        return handleGlobalKey(&state, key) ?? []
      }
    }
  }

  /// Rows of apps visible on the dashboard (header, notes and the table heading take the rest).
  public static func appStoreConnectVisibleRows(_ size: ScreenSize) -> Int {
    max(1, size.height - ScreenLayout.headerRows - ScreenLayout.footerRows - 7)
  }

  static func clampAppStoreConnectScroll(_ state: inout AppState) {
    var dashboard = state.appStoreConnect.dashboard
    let rows = appStoreConnectVisibleRows(state.size)
    dashboard.selected = max(0, min(dashboard.selected, dashboard.apps.count - 1))
    if dashboard.selected < dashboard.scrollTop { dashboard.scrollTop = dashboard.selected }
    if dashboard.selected >= dashboard.scrollTop + rows {
      dashboard.scrollTop = dashboard.selected - rows + 1
    }
    dashboard.scrollTop = max(0, min(dashboard.scrollTop, max(0, dashboard.apps.count - rows)))
    state.appStoreConnect.dashboard = dashboard
  }
}
