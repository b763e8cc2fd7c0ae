import Foundation

/// The App Store Connect tab: setup (mandatory until verified credentials exist), then the dashboard of
/// the account's apps; settings (remove credentials) is pushed from the dashboard.
public struct AppStoreConnectState: Sendable, Hashable {
  /// Whether verified credentials are stored; nil until storage has answered.
  public var isConfigured: Bool?
  public var setup = AppStoreConnectSetupForm()
  public var dashboard = AppStoreConnectDashboard()
  /// Screens pushed above the root (settings).
  public var path: [AppStoreConnectDestination] = []

  public init() {}
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
  /// The highlighted app and the first visible row.
  public var list = ListState()

  public init() {}

  /// New apps from storage or a sync: the highlight stays on the app it was on while that app is still listed.
  public mutating func replaceApps(_ newApps: [AppStoreConnectApp], visibleRows: Int) {
    let previous = apps.indices.contains(list.selected) ? apps[list.selected].id : nil
    apps = newApps
    list.keep(previous, in: newApps.map(\.id), visibleRows: visibleRows)
  }

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
  case storedStateLoaded(AppStoreConnectStoredState)
  case privateKeyInspected(requestID: Int, Result<PrivateKeySummary, AppStoreConnectFailure>)
  /// Verify & Connect finished: on success the credentials are stored and `verifiedAt` saved.
  case connectFinished(requestID: Int, Result<Date, AppStoreConnectFailure>)
  case syncProgress(requestID: Int, fetched: Int)
  case syncFinished(requestID: Int, Result<AppStoreConnectStoredState, AppStoreConnectFailure>)
  case credentialsRemoved
  case credentialsRemovalFailed
}

public enum AppStoreConnectEffect: CancellableEffect {
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

/// Screens pushed on the App Store Connect tab's stack (`AppStoreConnectState.path`). The root is
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

extension AppStoreConnectState {
  public mutating func start(_ context: inout AppContext) -> [AppEffect] {
    [.appStoreConnect(.loadStoredState)]
  }

  public mutating func reduce(_ action: AppStoreConnectAction, _ context: inout AppContext) -> [AppEffect] {
    switch action {
    case .storedStateLoaded(let stored):
      isConfigured = stored.isConfigured
      if !stored.isConfigured { path = [] }
      dashboard.replaceApps(stored.apps, visibleRows: Self.visibleRows(context.size))
      dashboard.lastSync = stored.lastSync
      // The tab starts when first shown, so the form appears after the arrival: as on arriving, no field takes the
      // next key (a digit still switches tabs).
      return arrive(&context)

    case .privateKeyInspected(let requestID, let result):
      guard setup.inspectionID == requestID else { return [] }
      setup.inspectionID = nil
      switch result {
      case .success(let summary):
        setup.keySummary = summary
        setup.keyProblem = nil
        if let keyID = summary.keyIDFromFileName, setup.keyID.isEmpty {
          setup.keyID = TextInput(keyID)
        }
      case .failure(let failure):
        setup.keySummary = nil
        setup.keyProblem = failure
      }
      return []

    case .connectFinished(let requestID, let result):
      guard case .checking(let waiting) = setup.phase, waiting == requestID
      else { return [] }
      switch result {
      case .success:
        // The key leaves memory with the form; from now on only the secret store holds it.
        setup = AppStoreConnectSetupForm()
        isConfigured = true
        path = []
        dashboard = AppStoreConnectDashboard()
        return startSync(&context)
      case .failure(let failure):
        setup.phase = .failed(failure)
        if failure == .malformedKey || failure == .keyFileUnreadable {
          setup.keyProblem = failure
          setup.keySummary = nil
        }
      }
      return []

    case .syncProgress(let requestID, let fetched):
      guard dashboard.syncRequestID == requestID else { return [] }
      dashboard.sync = .syncing(requestID: requestID, fetched: fetched)
      return []

    case .syncFinished(let requestID, let result):
      guard dashboard.syncRequestID == requestID else { return [] }
      switch result {
      case .success(let stored):
        dashboard.sync = .idle
        dashboard.replaceApps(stored.apps, visibleRows: Self.visibleRows(context.size))
        dashboard.lastSync = stored.lastSync
      case .failure(let failure):
        dashboard.sync = .failed(failure)
      }
      return []

    case .credentialsRemoved:
      // Exactly as on a fresh install: no dashboard, no settings, an empty setup form.
      self = AppStoreConnectState()
      isConfigured = false
      // The fresh form must not take the next key by surprise (a `6` typed into Issuer ID): its focus rests on
      // Verify & Connect until the user moves into a field.
      setup.focus = .connect
      context.notice = .message(.appStoreConnect(.ascBannerRemoved))
      return []

    case .credentialsRemovalFailed:
      updateSettings { $0.removal = .failed }
      return []
    }
  }

  mutating func startSync(_ context: inout AppContext) -> [AppEffect] {
    guard dashboard.syncRequestID == nil else { return [] }
    let id = context.makeRequestID()
    dashboard.sync = .syncing(requestID: id, fetched: 0)
    return [.appStoreConnect(.sync(requestID: id))]
  }

  mutating func updateSettings(_ body: (inout AppStoreConnectSettingsState) -> Void) {
    guard case .settings(var settings)? = path.last else { return }
    body(&settings)
    path[path.count - 1] = .settings(
      settings)
  }
}
