import Foundation
import VibesCore
import VibesServices
import VibesStorage

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
