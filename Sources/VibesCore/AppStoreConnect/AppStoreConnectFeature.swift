import Foundation

/// The App Store Connect tab: setup (mandatory until verified credentials exist), then the dashboard of
/// the account's apps; settings (remove credentials) is pushed from the dashboard.
public struct AppStoreConnectState: Sendable, Hashable {
  /// Whether verified credentials are stored; nil until storage has answered.
  public var isConfigured: Bool?
  public var setup = AppStoreConnectSetupForm()
  public var dashboard = AppStoreConnectDashboard()
  /// A one-time message on the tab's root (cleared by the next key).
  public var banner: AppStoreConnectBanner?

  public init() {}
}

public enum AppStoreConnectBanner: Sendable, Hashable {
  case credentialsRemoved
  case linkCopied
}

public enum AppStoreConnectSyncPhase: Sendable, Hashable {
  case idle
  case syncing(requestID: Int, fetched: Int)
  case failed(AppStoreConnectFailure)
}

/// The cached apps, the last sync time and the sync in progress.
public struct AppStoreConnectDashboard: Sendable, Hashable {
  public var apps: [AppStoreConnectApp] = []
  public var lastSync: Date?
  public var sync: AppStoreConnectSyncPhase = .idle
  public var selected = 0
  public var scrollTop = 0

  public init() {}

  public var syncRequestID: Int? {
    if case .syncing(let id, _) = sync { return id }
    return nil
  }
}

public enum AppStoreConnectRemovalPhase: Sendable, Hashable {
  case idle
  case confirming
  case removing
  case failed
}

public struct AppStoreConnectSettingsState: Sendable, Hashable {
  public var removal: AppStoreConnectRemovalPhase
  public init(removal: AppStoreConnectRemovalPhase = .idle) { self.removal = removal }
}

public enum AppStoreConnectAction: Sendable, Hashable {
  /// The user switched to this tab.
  case tabSelected
  case storedStateLoaded(AppStoreConnectStoredState)
  case privateKeyInspected(requestID: Int, Result<PrivateKeySummary, AppStoreConnectFailure>)
  /// Verify & Connect finished: on success the credentials are stored and `verifiedAt` saved.
  case connectFinished(requestID: Int, Result<Date, AppStoreConnectFailure>)
  case syncProgress(requestID: Int, fetched: Int)
  case syncFinished(requestID: Int, Result<AppStoreConnectStoredState, AppStoreConnectFailure>)
  case credentialsRemoved
  case credentialsRemovalFailed
}

public enum AppStoreConnectEffect: Sendable, Hashable {
  /// Are credentials stored? Plus the cached apps and last sync time.
  case loadStoredState
  /// Reads a pasted key or key file only to describe it (curve, fingerprint, Key ID from the file name).
  case inspectPrivateKey(requestID: Int, RedactedText)
  /// Verify the credentials with a live call; on success save them (secret store + verified time).
  case connect(requestID: Int, AppStoreConnectSubmission)
  /// Fetch every app (paged), cache them, write the widget snapshot.
  case sync(requestID: Int)
  /// Delete the credentials, the cached data and the widget snapshot.
  case removeCredentials

  /// The request id this effect can be cancelled by (AppEffect.cancel), if any.
  public var cancellationID: Int? {
    switch self {
    case .connect(let id, _), .sync(let id), .inspectPrivateKey(let id, _): return id
    case .loadStoredState, .removeCredentials: return nil
    }
  }
}

/// Screens pushed on the App Store Connect tab's stack (Router.appStoreConnectPath). The root is
/// derived: the setup screen until credentials are verified, then the dashboard.
public enum AppStoreConnectDestination: Sendable, Hashable {
  case settings(AppStoreConnectSettingsState)
}

/// What the tab's root shows.
public enum AppStoreConnectRoot: Sendable, Hashable {
  case loading
  case setup
  case dashboard
}

extension AppStoreConnectState {
  public var root: AppStoreConnectRoot {
    switch isConfigured {
    case nil: return .loading
    case false?: return .setup
    case true?: return .dashboard
    }
  }
}

extension AppReducer {
  static func appStoreConnectStarted(_ state: inout AppState) -> [AppEffect] {
    [.appStoreConnect(.loadStoredState)]
  }

  static func reduceAppStoreConnect(_ state: inout AppState, _ action: AppStoreConnectAction)
    -> [AppEffect]
  {
    switch action {
    case .tabSelected:
      return []

    case .storedStateLoaded(let stored):
      state.appStoreConnect.isConfigured = stored.isConfigured
      if !stored.isConfigured { state.router.appStoreConnectPath = [] }
      state.appStoreConnect.dashboard.apps = stored.apps
      state.appStoreConnect.dashboard.lastSync = stored.lastSync
      clampAppStoreConnectScroll(&state)
      return []

    case .privateKeyInspected(let requestID, let result):
      guard state.appStoreConnect.setup.inspectionID == requestID else { return [] }
      state.appStoreConnect.setup.inspectionID = nil
      switch result {
      case .success(let summary):
        state.appStoreConnect.setup.keySummary = summary
        state.appStoreConnect.setup.keyProblem = nil
        if let keyID = summary.keyIDFromFileName, state.appStoreConnect.setup.keyID.isEmpty {
          state.appStoreConnect.setup.keyID = TextInput(keyID)
          state.appStoreConnect.setup.errors[.keyID] = nil
        }
      case .failure(let failure):
        state.appStoreConnect.setup.keySummary = nil
        state.appStoreConnect.setup.keyProblem = failure
      }
      return []

    case .connectFinished(let requestID, let result):
      guard case .verifying(let waiting) = state.appStoreConnect.setup.phase, waiting == requestID
      else { return [] }
      switch result {
      case .success:
        // The key leaves memory with the form; from now on only the secret store holds it.
        state.appStoreConnect.setup = AppStoreConnectSetupForm()
        state.appStoreConnect.isConfigured = true
        state.router.appStoreConnectPath = []
        state.appStoreConnect.dashboard = AppStoreConnectDashboard()
        return startAppStoreConnectSync(&state)
      case .failure(let failure):
        state.appStoreConnect.setup.phase = .failed(failure)
        if failure == .malformedKey || failure == .keyFileUnreadable {
          state.appStoreConnect.setup.keyProblem = failure
          state.appStoreConnect.setup.keySummary = nil
        }
      }
      return []

    case .syncProgress(let requestID, let fetched):
      guard state.appStoreConnect.dashboard.syncRequestID == requestID else { return [] }
      state.appStoreConnect.dashboard.sync = .syncing(requestID: requestID, fetched: fetched)
      return []

    case .syncFinished(let requestID, let result):
      guard state.appStoreConnect.dashboard.syncRequestID == requestID else { return [] }
      switch result {
      case .success(let stored):
        state.appStoreConnect.dashboard.sync = .idle
        state.appStoreConnect.dashboard.apps = stored.apps
        state.appStoreConnect.dashboard.lastSync = stored.lastSync
        clampAppStoreConnectScroll(&state)
      case .failure(let failure):
        state.appStoreConnect.dashboard.sync = .failed(failure)
      }
      return []

    case .credentialsRemoved:
      // Exactly as on a fresh install: no dashboard, no settings, an empty setup form.
      state.appStoreConnect = AppStoreConnectState()
      state.appStoreConnect.isConfigured = false
      state.router.appStoreConnectPath = []
      state.appStoreConnect.banner = .credentialsRemoved
      return []

    case .credentialsRemovalFailed:
      updateAppStoreConnectSettings(&state) { $0.removal = .failed }
      return []
    }
  }

  static func startAppStoreConnectSync(_ state: inout AppState) -> [AppEffect] {
    guard state.appStoreConnect.dashboard.syncRequestID == nil else { return [] }
    let id = state.makeRequestID()
    state.appStoreConnect.dashboard.sync = .syncing(requestID: id, fetched: 0)
    return [.appStoreConnect(.sync(requestID: id))]
  }

  static func updateAppStoreConnectSettings(
    _ state: inout AppState, _ body: (inout AppStoreConnectSettingsState) -> Void
  ) {
    guard case .settings(var settings)? = state.router.appStoreConnectPath.last else { return }
    body(&settings)
    state.router.appStoreConnectPath[state.router.appStoreConnectPath.count - 1] = .settings(
      settings)
  }

  /// Keys on this tab that no global binding took.
  static func handleAppStoreConnectKey(_ state: inout AppState, _ key: Key) -> [AppEffect] {
    if case .settings(let settings)? = state.router.appStoreConnectPath.last {
      return handleAppStoreConnectSettingsKey(&state, settings, key)
    }
    switch state.appStoreConnect.root {
    case .loading: return []
    case .setup: return handleAppStoreConnectSetupKey(&state, key)
    case .dashboard: return handleAppStoreConnectDashboardKey(&state, key)
    }
  }

  static func handleAppStoreConnectPaste(_ state: inout AppState, _ text: String) -> [AppEffect] {
    guard appStoreConnectIsEditingText(state), let field = state.appStoreConnect.setup.focusedField
    else {
      return []
    }
    let cleaned = PastedText.clean(text, for: field == .privateKey ? .multiline : .text)
    return editAppStoreConnectField(&state, field, pasted: true) { $0.insert(cleaned) }
  }

  /// True when a text field of this tab has the focus (so 1/2/3, q and ? are typed, not commands).
  static func appStoreConnectIsEditingText(_ state: AppState) -> Bool {
    guard state.router.appStoreConnectPath.isEmpty, state.appStoreConnect.root == .setup else {
      return false
    }
    let setup = state.appStoreConnect.setup
    return setup.focusedField != nil && !setup.isVerifying
  }

  /// Esc on this tab; nil means "pop the tab's stack".
  static func appStoreConnectGoBack(_ state: inout AppState) -> [AppEffect]? {
    if case .settings(let settings)? = state.router.appStoreConnectPath.last {
      switch settings.removal {
      case .confirming, .failed:
        updateAppStoreConnectSettings(&state) { $0.removal = .idle }
        return []
      case .removing:
        return []
      case .idle:
        return nil
      }
    }
    if state.appStoreConnect.root == .setup, state.router.appStoreConnectPath.isEmpty {
      if case .verifying(let id) = state.appStoreConnect.setup.phase {
        state.appStoreConnect.setup.phase = .editing
        return [.cancel(requestID: id)]
      }
      // The setup screen is the tab's root: Esc leaves the field, so 1/2/3, q and ? work again.
      if state.appStoreConnect.setup.focusedField != nil {
        return moveAppStoreConnectFocusToConnect(&state)
      }
    }
    return nil
  }
}
