import Foundation
import VibesCore
import VibesServices
import VibesStorage

extension EffectRunner {
  var appStoreConnect: AppStoreConnectDependencies { dependencies.appStoreConnect }

  /// Runs the AppStoreConnect feature's effects. Logs say what happened, never a key, token or URL.
  func runAppStoreConnect(
    _ effect: AppStoreConnectEffect, send: @escaping @Sendable (AppAction) -> Void
  ) async {
    switch effect {
    case .loadStoredState:
      send(.appStoreConnect(.storedStateLoaded(loadAppStoreConnectState())))

    case .inspectPrivateKey(let requestID, let text):
      let result = resolvePrivateKey(text.value).map { resolved in
        PrivateKeySummary(
          curve: resolved.fingerprint.curve, fingerprint: resolved.fingerprint.short,
          keyIDFromFileName: resolved.keyIDFromFileName)
      }
      send(.appStoreConnect(.privateKeyInspected(requestID: requestID, result)))

    case .connect(let requestID, let submission):
      if let result = await connectAppStoreConnect(submission) {
        send(.appStoreConnect(.connectFinished(requestID: requestID, result)))
      }

    case .sync(let requestID):
      if let result = await syncAppStoreConnect(requestID: requestID, send: send) {
        send(.appStoreConnect(.syncFinished(requestID: requestID, result)))
      }

    case .removeCredentials:
      do {
        try dependencies.secrets.delete(.appStoreConnectCredentials)
        try dependencies.database.clearAppStoreConnect()
        if let paths = appStoreConnect.paths { try AppStoreConnectWidgetSnapshot.delete(paths) }
        log.info("app store connect credentials removed")
        send(.appStoreConnect(.credentialsRemoved))
      } catch {
        log.error("removing app store connect credentials failed: \(String(describing: error))")
        send(.appStoreConnect(.credentialsRemovalFailed))
      }
    }
  }

  func loadAppStoreConnectState() -> AppStoreConnectStoredState {
    do {
      let configured = try dependencies.secrets.contains(.appStoreConnectCredentials)
      guard configured else { return AppStoreConnectStoredState(isConfigured: false) }
      return AppStoreConnectStoredState(
        isConfigured: true, apps: try dependencies.database.appStoreConnectApps(),
        lastSync: try dependencies.database.appStoreConnectLastSync())
    } catch {
      log.error("reading app store connect state failed: \(String(describing: error))")
      return AppStoreConnectStoredState(isConfigured: false)
    }
  }

  struct ResolvedPrivateKey {
    var pem: String
    var fingerprint: PrivateKeyFingerprint
    var keyIDFromFileName: String?
  }

  /// Reads a pasted key or a key file path into a normalised PEM, checked to be a P-256 key.
  func resolvePrivateKey(_ raw: String) -> Result<ResolvedPrivateKey, AppStoreConnectFailure> {
    var text = raw
    var keyID: String?
    if PrivateKeyText.looksLikePath(raw) {
      let path = PrivateKeyText.expandPath(raw, home: appStoreConnect.home)
      guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
        (attributes[.size] as? NSNumber)?.intValue ?? 0 < 64 * 1024,
        let data = FileManager.default.contents(atPath: path)
      else { return .failure(.keyFileUnreadable) }
      text = String(decoding: data, as: UTF8.self)
      keyID = PrivateKeyText.keyID(fromPath: path)
    }
    guard let pem = PrivateKeyText.normalize(text) else { return .failure(.malformedKey) }
    let probe = AppStoreConnectCredentials(issuerID: "", keyID: "", privateKeyPEM: pem)
    guard let key = try? probe.signingKey() else { return .failure(.malformedKey) }
    return .success(
      ResolvedPrivateKey(
        pem: pem, fingerprint: PrivateKeyFingerprint(key), keyIDFromFileName: keyID))
  }

  /// Verify first (a malformed key fails before any network call); only on success the credentials go to
  /// the secret store and the verified time to SQLite. A failed save puts the previous secret back.
  func connectAppStoreConnect(_ submission: AppStoreConnectSubmission) async -> Result<
    Date, AppStoreConnectFailure
  >? {
    let resolved: ResolvedPrivateKey
    switch resolvePrivateKey(submission.privateKey.value) {
    case .success(let value): resolved = value
    case .failure(let failure):
      log.notice("app store connect key rejected locally: \(failure)")
      return .failure(failure)
    }
    let credentials = AppStoreConnectCredentials(
      issuerID: submission.issuerID, keyID: submission.keyID, privateKeyPEM: resolved.pem)
    do {
      try await appStoreConnect.client.verify(credentials)
    } catch {
      if error == .cancelled {
        log.info("app store connect verify: cancelled")
        return nil
      }
      log.notice("app store connect verify failed: \(String(describing: error))")
      return .failure(error)
    }
    if Task.isCancelled { return nil }
    let now = dependencies.now()
    do {
      try dependencies.secrets.write(credentials.encoded(), for: .appStoreConnectCredentials) {
        try dependencies.database.saveAppStoreConnectVerified(at: now)
      }
    } catch {
      log.error("saving app store connect credentials failed: \(String(describing: error))")
      return .failure(.storageFailed)
    }
    log.info(
      "app store connect credentials verified and saved in \(dependencies.secrets.kind.rawValue)")
    writeWidgetSnapshot(
      AppStoreConnectWidgetSnapshot(appsCount: 0, lastSync: nil, status: .connected, updatedAt: now)
    )
    return .success(now)
  }

  /// Every app, page by page (a fresh token per request), then one transaction into SQLite.
  func syncAppStoreConnect(requestID: Int, send: @escaping @Sendable (AppAction) -> Void) async
    -> Result<AppStoreConnectStoredState, AppStoreConnectFailure>?
  {
    guard let stored = try? dependencies.secrets.read(.appStoreConnectCredentials),
      let credentials = AppStoreConnectCredentials.decode(stored)
    else { return .failure(.notConfigured) }
    do {
      let apps = try await appStoreConnect.client.listApps(credentials) { count in
        send(.appStoreConnect(.syncProgress(requestID: requestID, fetched: count)))
      }
      if Task.isCancelled { return nil }
      let now = dependencies.now()
      do {
        try dependencies.database.replaceAppStoreConnectApps(apps, syncedAt: now)
      } catch {
        log.error("caching app store connect apps failed: \(String(describing: error))")
        return .failure(.storageFailed)
      }
      // Removed while this sync was writing: take the rows back out, as the removal promised.
      if (try? dependencies.secrets.contains(.appStoreConnectCredentials)) != true {
        try? dependencies.database.clearAppStoreConnect()
        return nil
      }
      log.info("app store connect sync: \(apps.count) apps")
      writeWidgetSnapshot(
        AppStoreConnectWidgetSnapshot(
          appsCount: apps.count, lastSync: now, status: .synced, updatedAt: now))
      // As stored (SQLite keeps milliseconds), so the dashboard shows what a restart will show.
      let stored = (try? dependencies.database.appStoreConnectLastSync()) ?? now
      return .success(AppStoreConnectStoredState(isConfigured: true, apps: apps, lastSync: stored))
    } catch {
      if error == .cancelled || Task.isCancelled { return nil }
      log.notice("app store connect sync failed: \(String(describing: error))")
      let cached = (try? dependencies.database.appStoreConnectApps().count) ?? 0
      let lastSync = try? dependencies.database.appStoreConnectLastSync()
      writeWidgetSnapshot(
        AppStoreConnectWidgetSnapshot(
          appsCount: cached, lastSync: lastSync ?? nil, status: .syncFailed,
          updatedAt: dependencies.now()))
      return .failure(error)
    }
  }

  /// Only while credentials exist, so a late sync never brings the snapshot back after a removal.
  func writeWidgetSnapshot(_ snapshot: AppStoreConnectWidgetSnapshot) {
    guard let paths = appStoreConnect.paths,
      (try? dependencies.secrets.contains(.appStoreConnectCredentials)) == true
    else { return }
    do {
      try snapshot.write(paths)
    } catch {
      log.error("writing the widget snapshot failed: \(String(describing: error))")
    }
  }
}
