/// The checklist: three large rows, one per setup step.
extension FeedTab {
  var checklistBindings: [KeyBinding<FeedCommand>] {
    [
      KeyBinding([.up, .character("k"), .backTab], "↑ ↓ / j k", .common(.helpMove), .checklist(.up)),
      KeyBinding([.down, .character("j"), .tab], "↑ ↓ / j k", .common(.helpMove), .checklist(.down)),
      KeyBinding([.home, .character("g")], "g / G", .common(.helpTop), footer: false, .checklist(.home)),
      KeyBinding([.end, .character("G")], "g / G", .common(.helpTop), footer: false, .checklist(.end)),
      KeyBinding([.enter, .right, .character("l"), .character(" ")], "Enter", .common(.helpOpen), .openStep),
    ]
  }

  mutating func moveInChecklist(_ move: ListState.Move) -> [AppEffect] {
    guard case .checklist(let checklist)? = path.last else { return [] }
    let steps = SetupStep.allCases
    var list = ListState(selected: steps.firstIndex(of: checklist.selection) ?? 0)
    list.apply(move, count: steps.count, visibleRows: steps.count)
    path[path.count - 1] = .checklist(ChecklistState(selection: steps[list.selected]))
    return []
  }

  mutating func openSelectedStep(_ context: inout AppContext) -> [AppEffect] {
    guard case .checklist(let checklist)? = path.last else { return [] }
    return openStep(checklist.selection, &context)
  }

  /// Opens a step's screen, whether the step is complete or not.
  mutating func openStep(_ step: SetupStep, _ context: inout AppContext) -> [AppEffect] {
    guard step.usesCredentialForm else {
      path.append(.spotify(SpotifyConnectState()))
      return reduceSpotify(.screenOpened, &context)
    }
    let facts = context.facts ?? SetupFacts()
    let hasSecret = facts.storedSecrets.contains(step)
    let city = step == .ticketmaster ? facts.ticketmasterCity : nil
    path.append(
      .credentialForm(
        CredentialForm(
          step: step, isConfigured: hasSecret, city: city, radiusKm: facts.concertRadiusKm,
          place: step == .ticketmaster ? facts.concertPlace : nil)))
    return hasSecret ? [Self.run(.loadCredentialPreview(step))] : []
  }
}
