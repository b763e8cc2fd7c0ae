import Foundation
import VibesCore
import VibesServices
import VibesStorage

extension EffectRunner {
  /// Runs the Profile tab's effects: one range's top artists and tracks (cached in SQLite for offline reading).
  func runProfile(_ effect: ProfileEffect, send: @escaping @Sendable (AppAction) -> Void) async {
    switch effect {
    case .saveArtwork(let on):
      do {
        try dependencies.database.setArtworkOn(on)
      } catch {
        log.error("saving the artwork setting failed: \(String(describing: error))")
        send(.profile(.artworkSaveFailed))
      }
    case .loadInfo:
      var info = profileInfo()
      info.account = await profileAccount()
      if case .signedIn? = info.account, case .success(let owner) = await peopleOwner() {
        info.sharesTaste = sharesTaste(owner: owner)
      }
      send(.profile(.infoLoaded(info)))
    case .setTasteSharing(let shares):
      let succeeded = await setTasteSharing(shares)
      send(.profile(.tasteSharingSet(shares: shares, failed: !succeeded)))
    case .signOut:
      do {
        try ServiceLogout.forApp(dependencies, environment: ProcessInfo.processInfo.environment).signOutAll()
        await dependencies.spotify.tokens?.reset()
        log.info("signed out of every service")
        send(.profile(.signedOut(success: true)))
      } catch {
        log.error("sign out failed: \(String(describing: error))")
        send(.profile(.signedOut(success: false)))
      }
    case .loadStats(let requestID, let range):
      let key = "stats:\(range.rawValue)"
      guard
        let result = await music({ client throws(SpotifyWebError) in
          let artists = try await client.topArtists(timeRange: range.spotify, limit: ProfileState.topLimit)
          let tracks = try await client.topTracks(timeRange: range.spotify, limit: ProfileState.topLimit)
          return ListeningStats(
            topArtists: artists.items.map(MusicArtist.init), topTracks: tracks.items.map { MusicTrack($0) })
        })
      else { return }
      switch result {
      case .success(let stats):
        let now = dependencies.now()
        if let payload = try? JSONEncoder().encode(stats) {
          try? dependencies.database.saveMusicCache(key, payload: payload, at: now)
        }
        send(.profile(.statsFinished(requestID: requestID, range, .success(CachedStats(stats: stats, fetchedAt: now)))))
      case .failure(let failure):
        if failure.fallsBackToCache, let entry = try? dependencies.database.musicCache(key),
          let stats = try? JSONDecoder().decode(ListeningStats.self, from: entry.payload)
        {
          let cached = CachedStats(stats: stats, fetchedAt: entry.fetchedAt, isStale: true)
          send(.profile(.statsFinished(requestID: requestID, range, .success(cached))))
        } else {
          send(.profile(.statsFinished(requestID: requestID, range, .failure(failure))))
        }
      }
    }
  }
}

extension EffectRunner {
  /// Your vibes account from the stored session (no network; never a token): the account line.
  func profileAccount() async -> ProfileAccount {
    let firebase = FirebaseDependencies.shared(dependencies)
    guard let session = firebase.session, firebase.repository() != nil else { return .notConfigured }
    guard let account = try? await session.account() else { return .signedOut }
    return .signedIn(username: account.username.map { TerminalText.sanitize($0) })
  }

  /// Each service's state as storage tells it, where secrets live, the version and the files.
  func profileInfo() -> ProfileInfo {
    let secrets = dependencies.secrets
    let database = dependencies.database
    func stored(_ key: SecretKey) -> Bool { (try? secrets.contains(key)) ?? false }
    var connections: [ConnectionStatus] = []
    for service in ConnectedService.allCases {
      let state: ConnectionStatus.State
      switch service {
      case .spotify:
        let name = (try? database.spotifyConnection())?.displayName
        state = stored(.spotifyRefreshToken) ? .configured(detail: name.map { "as \($0)" }) : .notConfigured
      case .gemini:
        state = stored(.geminiAPIKey) ? .configured(detail: nil) : .notConfigured
      case .ticketmaster:
        let city = (try? database.city(for: .ticketmaster)) ?? nil
        state = stored(.ticketmasterAPIKey) ? .configured(detail: city) : .notConfigured
      case .appStoreConnect:
        state = stored(.appStoreConnectCredentials) ? .configured(detail: nil) : .notConfigured
      case .tracker:
        switch TrackerConfigurationStore(database: database, secrets: secrets).stored() {
        case .none: state = .notConfigured
        case .configured(let configuration): state = .configured(detail: configuration.environment.rawValue)
        case .unreadable(let problem): state = .unreadable(reason: problem.rawValue)
        }
      }
      connections.append(ConnectionStatus(service: service, state: state))
    }
    let paths = AppPaths(environment: ProcessInfo.processInfo.environment)
    return ProfileInfo(
      connections: connections, version: VibesVersion.string, dataPath: paths.databaseFile.path,
      configPath: paths.configDirectory.path, logPath: paths.logFile.path)
  }
}
