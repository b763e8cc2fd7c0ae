import Foundation

/// People's doors to issue 24's screens (`GamifyFeature`): `m` on a followed user's profile opens the Blend with
/// them, `a` at the root opens the achievements list. Kept apart from the People reducer: the keys and where they
/// lead, nothing more.
extension PeopleFeature {
  /// `a` at the root once the lists came (you are signed in).
  var gamifyRootBindings: [KeyBinding<PeopleCommand>] {
    [KeyBinding([.character("a")], "a", .key(GamifyL10n.gamifyHelpAchievements), .achievements)]
  }

  /// `m` on the profile of someone you follow (a Blend is with a friend).
  func blendBindings(_ profile: PersonProfile) -> [KeyBinding<PeopleCommand>] {
    guard profile.isFollowing else { return [] }
    return [KeyBinding([.character("m")], "m", .key(GamifyL10n.gamifyHelpBlend), .blend)]
  }

  mutating func openGamify(_ command: PeopleCommand, _ context: inout AppContext) {
    switch command {
    case .blend:
      guard let screen = path.last, let profile = screen.profile, profile.isFollowing, screen.request == nil else {
        return
      }
      context.navigationRequest = .openBlend(profile.person)
    case .achievements:
      guard path.isEmpty, lists != nil else { return }
      context.navigationRequest = .openAchievements
    default:
      return
    }
  }
}
