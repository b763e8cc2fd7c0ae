/// The checklist (three large rows); the Spotify screen is in Spotify/SpotifyFeature.swift.
extension AppReducer {
  static func handleChecklistKey(_ state: inout AppState, _ checklist: ChecklistState, _ key: Key)
    -> [AppEffect]
  {
    let steps = SetupStep.allCases
    let index = steps.firstIndex(of: checklist.selection) ?? 0
    var selection = checklist.selection
    switch key {
    case .down, .character("j"), .tab:
      selection = steps[min(index + 1, steps.count - 1)]
    case .up, .character("k"), .backTab:
      selection = steps[max(index - 1, 0)]
    case .home, .character("g"):
      selection = steps[0]
    case .end, .character("G"):
      selection = steps[steps.count - 1]
    case .enter, .right, .character("l"), .character(" "):
      return openStep(&state, checklist.selection)
    default:
      return []
    }
    state.router.feedPath[state.router.feedPath.count - 1] = .checklist(ChecklistState(selection: selection))
    return []
  }

  /// Opens a step's screen, whether the step is complete or not.
  static func openStep(_ state: inout AppState, _ step: SetupStep) -> [AppEffect] {
    guard step.usesCredentialForm else {
      state.router.push(.spotify(SpotifyConnectState()))
      return reduceSpotify(&state, .screenOpened)
    }
    let facts = state.facts ?? SetupFacts()
    let hasSecret = facts.storedSecrets.contains(step)
    let city = step == .ticketmaster ? facts.ticketmasterCity : nil
    state.router.push(.credentialForm(CredentialForm(step: step, isConfigured: hasSecret, city: city)))
    return hasSecret ? [.loadCredentialPreview(step)] : []
  }
}
