import Foundation

/// What the Create tab's bindings do.
public enum CreateCommand: Sendable, Hashable {
  case nextFocus
  case previousFocus
  /// ↑/↓ in the prompt field: the previous/next example prompt.
  case example(Int)
  /// ←/→ (or ↑/↓) on the length: fewer/more songs.
  case changeLength(Int)
  /// A move in the list that has the focus (history, preview tracks, Grow), as every list moves.
  case move(ListState.Move)
  case generate
  case openHistory
  case openSetup(SetupStep)
  case grow
  // Preview
  case editName
  case finishName
  case openTrack
  case removeTrack
  /// Puts the last removed song back at its place.
  case undoRemove
  case regenerate
  case save
  case openLink
  case copyLink
  // Grow
  case choosePlaylist
  case addSong
  case suggestAgain
  case cancel
  /// `.` on a preview's or a Grow suggestion's song: the one song menu.
  case songMenu
}

extension CreateState: TabFeature {
  public static let id = TabID.create
  public typealias Action = CreateAction
  public typealias Effect = CreateEffect
  public typealias Command = CreateCommand

  public var depth: Int { path.count }

  public var isEditingText: Bool {
    switch path.last {
    case .preview(let preview)?: return preview.focus == .name
    case .grow?: return false
    case nil:
      if case .generating = phase { return false }
      return form.isEditingText
    }
  }

  /// The prompt is the root's job: arriving there (number key, Alt+number, a link from another tab) puts typed
  /// text into the prompt, so letters never run commands by surprise. Without a Gemini key, or while Gemini
  /// works, there is no field to type into.
  public mutating func arrive(_ context: inout AppContext) -> [AppEffect] {
    guard path.isEmpty else { return [] }
    if case .generating = phase {
      focus = .length
      return []
    }
    var usable = hasGeminiKey(context) == true
    if case .failed(let failure) = phase, failure.pointsToGeminiSetup { usable = false }
    focus = usable ? .prompt : .length
    return []
  }

  /// What `q` would throw away: a running generation, a typed prompt, a preview not saved to Spotify.
  public var unsavedWork: LocalizedText? {
    if case .generating = phase { return LocalizedText(CreateL10n.createUnsavedGenerating) }
    for case .preview(let preview) in path where preview.playlist.saveState == .notSaved {
      if preview.phase == .queued || queuedSaves.contains(preview.playlist.id) { continue }
      return LocalizedText(CreateL10n.createUnsavedPreview, ["name": TerminalText.sanitize(preview.playlist.name)])
    }
    let typed = prompt.text.trimmingCharacters(in: .whitespacesAndNewlines)
    // A prompt already generated from lives on in the history; an example was never the user's own.
    if !typed.isEmpty, exampleIndex == nil, typed != lastRequest?.prompt {
      return LocalizedText(CreateL10n.createUnsavedPrompt)
    }
    return nil
  }

  /// ↑/↓ offer example prompts only while the field holds no text of the user's own (empty, or an example
  /// not edited): they never replace what was typed.
  var offersExamples: Bool { prompt.text.isEmpty || exampleIndex != nil }

  static func help(_ key: CreateL10n) -> HelpText { .key(key) }

  public func bindings(_ context: AppContext) -> [KeyBinding<CreateCommand>] {
    switch path.last {
    case .preview(let preview)?: return previewBindings(preview, context)
    case .grow(let grow)?: return growBindings(grow)
    case nil: return rootBindings(context)
    }
  }

  func rootBindings(_ context: AppContext) -> [KeyBinding<CreateCommand>] {
    guard let hasKey = hasGeminiKey(context) else { return [] }
    if case .generating = phase {
      return [KeyBinding([.escape], "Esc", .common(.helpCancel), .cancel)]
    }
    let setup = KeyBinding<CreateCommand>(
      [.enter], "Enter", Self.help(.createHelpSetUpGemini), .openSetup(.gemini))
    if !hasKey { return [setup] }
    if case .failed(let failure) = phase, failure.pointsToGeminiSetup { return [setup] }
    var bindings: [KeyBinding<CreateCommand>] = [
      KeyBinding([.tab], "Tab", .common(.helpNextField), .nextFocus),
      KeyBinding([.backTab], "Tab", .common(.helpNextField), footer: false, .previousFocus),
      KeyBinding([.ctrl("g")], "Ctrl-G", Self.help(.createHelpGrow), .grow),
    ]
    switch focus {
    case .prompt:
      if offersExamples {
        bindings += [
          KeyBinding([.up], "↑ ↓", Self.help(.createHelpExamples), .example(-1)),
          KeyBinding([.down], "↑ ↓", Self.help(.createHelpExamples), .example(1)),
        ]
      }
      bindings.append(KeyBinding([.enter], "Enter", Self.help(.createHelpGenerate), .generate))
    case .length:
      bindings += [
        KeyBinding(
          [.left, .down, .character("-"), .character("h")], "← →", Self.help(.createHelpSongs), .changeLength(-1)),
        KeyBinding(
          [.right, .up, .character("+"), .character("l")], "← →", Self.help(.createHelpSongs), .changeLength(1)),
        KeyBinding([.enter], "Enter", Self.help(.createHelpGenerate), .generate),
        KeyBinding(
          [.character("g")], "g", Self.help(.createHelpGrow), footer: false,
          .grow),
      ]
    case .history:
      bindings +=
        ListState.bindings { .move($0) } + [
          KeyBinding([.enter], "Enter", .common(.helpOpen), .openHistory)
        ]
    }
    return bindings
  }

  func previewBindings(_ preview: CreatePreview, _ context: AppContext) -> [KeyBinding<CreateCommand>] {
    if preview.focus == .name {
      return [
        KeyBinding([.enter, .tab, .backTab], "Enter", Self.help(.createHelpKeepName), .finishName)
      ]
    }
    var bindings = ListState.bindings { CreateCommand.move($0) }
    if case .resolving = preview.phase { return bindings }
    if case .saving = preview.phase { return bindings }
    let spotifyMissing = !isSpotifyConnected(context)
    if spotifyMissing || preview.phase == .failed(.spotifyNotConnected) {
      bindings.append(
        KeyBinding(
          [.enter], "Enter", Self.help(.createHelpConnect), .openSetup(.spotify)))
    } else {
      bindings.append(KeyBinding([.enter], "Enter", Self.help(.createHelpOpenTrack), .openTrack))
    }
    bindings += [
      KeyBinding([.tab, .character("e")], "Tab", Self.help(.createHelpRename), .editName),
      KeyBinding([.delete, .character("x")], "x", Self.help(.createHelpRemove), .removeTrack),
    ]
    if !preview.removed.isEmpty {
      bindings.append(KeyBinding([.character("u")], "u", Self.help(.createHelpUndoRemove), .undoRemove))
    }
    bindings += [
      KeyBinding([.character("r")], "r", Self.help(.createHelpRegenerate), .regenerate)
    ]
    if let url = preview.savedURL, !url.isEmpty {
      bindings += [
        KeyBinding([.character("o")], "o", .common(.helpOpen), .openLink),
        KeyBinding([.character("c")], "c", Self.help(.createHelpCopyLink), .copyLink),
      ]
    } else if !spotifyMissing {
      bindings.append(KeyBinding([.character("s")], "s", Self.help(.createHelpSave), .save))
    }
    if selectedSong != nil { bindings.append(SongMenuKey.binding(.songMenu)) }
    return bindings
  }

  func growBindings(_ grow: GrowState) -> [KeyBinding<CreateCommand>] {
    switch grow.phase {
    case .loadingPlaylists, .suggesting:
      return [KeyBinding([.escape], "Esc", .common(.helpCancel), .cancel)]
    case .failed(let failure):
      var bindings = [
        KeyBinding<CreateCommand>([.character("r")], "r", Self.help(.createHelpTryAgain), .suggestAgain)
      ]
      if failure.pointsToSpotifySetup || failure.pointsToGeminiSetup {
        let step: SetupStep = failure.pointsToSpotifySetup ? .spotify : .gemini
        bindings.insert(KeyBinding([.enter], "Enter", Self.help(.createHelpSetUp), .openSetup(step)), at: 0)
      }
      return bindings
    case .choosing:
      return ListState.bindings { CreateCommand.move($0) } + [
        KeyBinding([.enter], "Enter", Self.help(.createHelpGrowThis), .choosePlaylist)
      ]
    case .ready:
      return ListState.bindings { CreateCommand.move($0) } + [
        KeyBinding(
          [.enter, .character("a")], "a", Self.help(.createHelpAdd), .addSong),
        KeyBinding([.character("r")], "r", Self.help(.createHelpNewSuggestions), .suggestAgain),
      ] + (selectedSong == nil ? [] : [SongMenuKey.binding(.songMenu)])
    }
  }

  public mutating func perform(_ command: CreateCommand, _ context: inout AppContext) -> [AppEffect] {
    if command == .songMenu { return SongMenuKey.open(selectedSong, &context) }
    switch path.last {
    case .preview?: return performPreview(command, &context)
    case .grow?: return performGrow(command, &context)
    case nil: return performRoot(command, &context)
    }
  }

  mutating func performRoot(_ command: CreateCommand, _ context: inout AppContext) -> [AppEffect] {
    switch command {
    case .nextFocus, .previousFocus:
      let all = CreateRootFocus.allCases.filter { $0 != .history || !history.isEmpty }
      let index = all.firstIndex(of: focus) ?? 0
      focus = all[(index + (command == .nextFocus ? 1 : all.count - 1)) % all.count]
    case .example(let offset):
      // The examples and, past either end, the empty field again: cycling never loses the way back.
      guard offersExamples else { return [] }
      let count = Self.examples.count
      let next = (exampleIndex ?? (offset > 0 ? -1 : count)) + offset
      if Self.examples.indices.contains(next) {
        exampleIndex = next
        // The example becomes the user's text to edit, so it is put in as the screen's language writes it.
        prompt.replace(with: Self.examples[next].resolved(context.language))
      } else {
        exampleIndex = nil
        prompt.clear()
      }
      hint = nil
    case .changeLength(let offset):
      length = min(max(length + offset, Self.lengthRange.lowerBound), Self.lengthRange.upperBound)
    case .move(let move):
      historyList.apply(move, count: history.count, visibleRows: Self.historyRows(context))
    case .generate:
      let text = prompt.text.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !text.isEmpty else {
        hint = .promptEmpty
        focus = .prompt
        return []
      }
      return generate(CreateRequest(prompt: text, count: length), &context)
    case .openHistory:
      guard history.indices.contains(historyList.selected) else { return [] }
      path = [.preview(CreatePreview(history[historyList.selected]))]
      return startResolve(&context)
    case .openSetup(let step):
      if case .failed(let failure) = phase, failure.pointsToGeminiSetup { phase = .idle }
      context.navigationRequest = .openSetupStep(step)
    case .grow:
      return openGrow(&context)
    case .cancel:
      return goBack(&context) ?? []
    default:
      break
    }
    return []
  }

  mutating func openGrow(_ context: inout AppContext) -> [AppEffect] {
    guard isSpotifyConnected(context) else {
      var grow = GrowState(phase: .failed(.spotifyNotConnected))
      grow.phase = .failed(.spotifyNotConnected)
      path = [.grow(grow)]
      return []
    }
    let requestID = context.makeRequestID()
    path = [.grow(GrowState(phase: .loadingPlaylists(requestID: requestID)))]
    return [.create(.loadMyPlaylists(requestID: requestID))]
  }

  mutating func performPreview(_ command: CreateCommand, _ context: inout AppContext) -> [AppEffect] {
    guard let preview else { return [] }
    switch command {
    case .move(let move):
      let rows = Self.previewRows(context)
      updatePreview { $0.list.apply(move, count: $0.playlist.songs.count, visibleRows: rows) }
    case .editName:
      updatePreview { $0.focus = .name }
    case .finishName:
      let name = preview.name.text.trimmingCharacters(in: .whitespacesAndNewlines)
      updatePreview { $0.focus = .tracks }
      guard !name.isEmpty else {
        updatePreview { $0.name.replace(with: $0.playlist.name) }
        return []
      }
      guard name != preview.playlist.name else { return [] }
      updatePreview { $0.playlist.name = name }
      if let updated = self.preview?.playlist { remember(updated) }
      return [.create(.rename(playlistID: preview.playlist.id, name: name))]
    case .openTrack:
      let index = preview.list.selected
      guard preview.playlist.songs.indices.contains(index),
        case .found(let track) = preview.playlist.songs[index].resolution
      else { return [] }
      context.navigationRequest = .openSpotifyItem(SpotifyLink(kind: .track, id: track.id))
    case .removeTrack:
      let index = preview.list.selected
      guard preview.playlist.songs.indices.contains(index), preview.playlist.saveState == .notSaved else {
        return []
      }
      let rows = Self.previewRows(context)
      updatePreview {
        let song = $0.playlist.songs.remove(at: index)
        $0.removed.append(RemovedSong(index: index, song: song))
        if $0.removed.count > CreatePreview.undoLimit { $0.removed.removeFirst() }
        $0.list.clamp(count: $0.playlist.songs.count, visibleRows: rows)
      }
      if let updated = self.preview?.playlist { remember(updated) }
      return [.create(.removeSong(playlistID: preview.playlist.id, index: index))]
    case .undoRemove:
      guard let last = preview.removed.last, preview.playlist.saveState == .notSaved else { return [] }
      let index = min(last.index, preview.playlist.songs.count)
      let rows = Self.previewRows(context)
      updatePreview {
        $0.removed.removeLast()
        $0.playlist.songs.insert(last.song, at: index)
        $0.list.selected = index
        $0.list.clamp(count: $0.playlist.songs.count, visibleRows: rows)
      }
      if let updated = self.preview?.playlist { remember(updated) }
      return [.create(.restoreSong(playlistID: preview.playlist.id, index: index, song: last.song))]
    case .regenerate:
      let request =
        lastRequest ?? CreateRequest(prompt: preview.playlist.prompt, count: max(10, preview.playlist.songs.count))
      path = []
      focus = .length
      return generate(CreateRequest(prompt: preview.playlist.prompt, count: request.count), &context)
    case .save:
      let id = preview.playlist.id
      if queuedSaves.contains(id) {
        updatePreview { $0.phase = .queued }
        return []
      }
      guard isSpotifyConnected(context) else {
        updatePreview { $0.phase = .failed(.spotifyNotConnected) }
        return []
      }
      guard !preview.hasPendingSongs || preview.playlist.saveState != .notSaved else {
        return startResolve(&context)
      }
      guard preview.foundCount > 0 else {
        updatePreview { $0.phase = .failed(.noSongsFound) }
        return []
      }
      let requestID = context.makeRequestID()
      updatePreview { $0.phase = .saving(requestID: requestID) }
      return [.create(.save(requestID: requestID, playlistID: id, name: preview.playlist.name))]
    case .openLink:
      return preview.savedURL.map { [.openURL($0)] } ?? []
    case .copyLink:
      return preview.savedURL.map { [.copyToClipboard($0)] } ?? []
    case .openSetup(let step):
      context.navigationRequest = .openSetupStep(step)
    default:
      break
    }
    return []
  }

  mutating func performGrow(_ command: CreateCommand, _ context: inout AppContext) -> [AppEffect] {
    guard let grow else { return [] }
    switch command {
    case .move(let move):
      let rows = Self.growRows(context)
      updateGrow {
        if $0.phase == .choosing {
          $0.playlistList.apply(move, count: $0.playlists.count, visibleRows: rows)
        } else {
          $0.suggestionList.apply(move, count: $0.suggestions.count, visibleRows: rows)
        }
      }
    case .choosePlaylist:
      guard grow.playlists.indices.contains(grow.playlistList.selected) else { return [] }
      let chosen = grow.playlists[grow.playlistList.selected]
      updateGrow {
        $0.chosen = chosen
        $0.suggestedBefore = []
      }
      return suggest(&context)
    case .suggestAgain:
      if grow.chosen == nil {
        path.removeLast()
        return openGrow(&context)
      }
      return suggest(&context)
    case .addSong:
      guard grow.adding == nil, let chosen = grow.chosen,
        grow.suggestions.indices.contains(grow.suggestionList.selected),
        let uri = grow.suggestions[grow.suggestionList.selected].uri
      else { return [] }
      updateGrow { $0.adding = uri }
      return [.create(.addToPlaylist(playlistID: chosen.id, uri: uri))]
    case .cancel:
      return goBack(&context) ?? []
    case .openSetup(let step):
      path.removeLast()
      context.navigationRequest = .openSetupStep(step)
    default:
      break
    }
    return []
  }

  mutating func suggest(_ context: inout AppContext) -> [AppEffect] {
    guard let grow, let chosen = grow.chosen else { return [] }
    let requestID = context.makeRequestID()
    updateGrow { $0.phase = .suggesting(requestID: requestID) }
    return [
      .create(
        .grow(requestID: requestID, playlist: chosen, count: Self.growCount, excluding: grow.suggestedBefore))
    ]
  }

  /// Typing and pasting into the prompt or the name.
  public mutating func handleUnbound(_ event: InputEvent, _ context: inout AppContext) -> [AppEffect]? {
    guard isEditingText else { return nil }
    var outcome: TextEditing.Outcome?
    func edit<ID>(_ form: inout Form<ID, Never>) {
      outcome = form.edit(event)
      // A paste counts as typed even when the field could not take all of it.
      if outcome != nil, case .paste = event { outcome = .edited }
    }
    if path.isEmpty {
      edit(&form)
      if outcome == .edited {
        exampleIndex = nil
        hint = nil
        if case .failed = phase { phase = .idle }
      }
    } else {
      updatePreview { edit(&$0.form) }
    }
    return outcome == nil ? nil : []
  }

  /// Esc: cancel what runs, leave a field, or pop.
  public mutating func goBack(_ context: inout AppContext) -> [AppEffect]? {
    switch path.last {
    case .preview(let preview)?:
      if preview.focus == .name {
        updatePreview {
          $0.focus = .tracks
          $0.name.replace(with: $0.playlist.name)
        }
        return []
      }
      if case .resolving(let requestID, _, _) = preview.phase {
        updatePreview { $0.phase = .idle }
        return [.cancel(requestID: requestID)]
      }
      path.removeLast()
      return []
    case .grow(let grow)?:
      switch grow.phase {
      case .loadingPlaylists(let requestID):
        path.removeLast()
        return [.cancel(requestID: requestID)]
      case .suggesting(let requestID):
        updateGrow { $0.phase = $0.suggestions.isEmpty ? .choosing : .ready }
        return [.cancel(requestID: requestID)]
      case .ready where grow.chosen != nil:
        updateGrow {
          $0.chosen = nil
          $0.suggestions = []
          $0.phase = .choosing
        }
        return []
      default:
        path.removeLast()
        return []
      }
    case nil:
      if case .generating(let requestID, let timerID, _) = phase {
        phase = .idle
        return [.cancel(requestID: requestID), .cancel(requestID: timerID)]
      }
      if case .failed = phase {
        phase = .idle
        return []
      }
      if focus == .prompt {
        focus = .length
        return []
      }
      return nil
    }
  }
}
