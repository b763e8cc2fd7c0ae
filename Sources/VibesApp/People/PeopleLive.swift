import Foundation
import VibesCore
import VibesServices
import VibesStorage

/// The People area's live Firebase clients, built from `AppDependencies.environment` (the `VIBES_FIREBASE_*` and
/// `VIBES_GOOGLE_*` settings and the config file) and the app's secret store. One set per data folder and
/// configuration for the whole process, so the 1-hour ID token is refreshed once, not on every request.
final class PeopleLive: @unchecked Sendable {
  // @unchecked: `built` is only read and written under `lock`.
  private static let shared = PeopleLive()
  private let lock = NSLock()
  private var built: [String: FirebaseDependencies] = [:]

  static func firebase(_ dependencies: AppDependencies) -> FirebaseDependencies {
    let environment = dependencies.environment
    let paths = AppPaths(environment: environment)
    let configFile = paths.configDirectory.appendingPathComponent("config")
    let configuration = FirebaseConfiguration.load(environment: environment, configFile: configFile)
    let key = [
      paths.dataDirectory.path, configuration.projectID ?? "",
      configuration.authURL.absoluteString, configuration.tokenURL.absoluteString,
      configuration.firestoreURL.absoluteString,
    ].joined(separator: "\n")
    return shared.lock.withLock {
      if let existing = shared.built[key] { return existing }
      let made = FirebaseDependencies.live(environment: environment, paths: paths, secrets: dependencies.secrets)
      shared.built[key] = made
      return made
    }
  }
}

extension PeopleFailure {
  /// A repository error in the user's terms.
  init(_ error: SocialError) {
    switch error {
    case .blocked: self = .blocked
    case .cannotFollowYourself: self = .refused
    case .noProfile: self = .notFound
    case .firebase(let error):
      switch error {
      case .notSignedIn: self = .notSignedIn
      case .signInAgain, .unauthenticated, .invalidGrant: self = .signInAgain
      case .auth(let code) where code.endsSession: self = .signInAgain
      case .permissionDenied: self = .refused
      case .notFound: self = .notFound
      case .service(.network): self = .offline
      default: self = .service
      }
    default: self = .service
    }
  }
}

extension PersonSummary {
  /// From a profile the repository already sanitised and capped; sanitised again (cheap) so nothing raw passes.
  init(_ profile: SocialProfile) {
    self.init(
      uid: profile.uid, displayName: TerminalText.sanitize(profile.displayName),
      username: profile.username.map { TerminalText.sanitize($0) }, bio: TerminalText.sanitize(profile.bio))
  }
}
