import Foundation

extension CreateState {
  public mutating func start(_ context: inout AppContext) -> [AppEffect] { [.create(.loadHistory)] }

  public mutating func reduce(_ action: CreateAction, _ context: inout AppContext) -> [AppEffect] {
    switch action {
    case .historyLoaded(let playlists, let queued):
      history = playlists
      historyList.clamp(count: history.count, visibleRows: Self.historyRows(context))
      queuedSaves = queued
      return scheduleQueueRetry(afterSeconds: 2)

    case .tick(let requestID):
      return tick(requestID)

    case .generated(let requestID, let result):
      guard case .generating(requestID, _, _) = phase else { return [] }
      switch result {
      case .success(let playlist):
        phase = .idle
        remember(playlist)
        path = [.preview(CreatePreview(playlist))]
        if let asked = lastRequest?.count, playlist.songs.count < asked {
          // A short answer is kept, not thrown away; say so once.
          context.notice = .localized(
            LocalizedText(
              CreateL10n.createShortAnswerNotice, ["kept": "\(playlist.songs.count)", "asked": "\(asked)"]),
            isWarning: false)
        }
        return startResolve(&context)
      case .failure(let failure):
        phase = .failed(failure)
        if case .rateLimitedPerMinute(let seconds) = failure {
          let id = context.makeRequestID()
          let wait = min(max(1, seconds ?? Self.defaultRetrySeconds), Self.maxCountdownSeconds)
          countdown = CreateCountdown(requestID: id, secondsLeft: wait)
          return [.create(.tick(requestID: id))]
        }
        return []
      }

    case .resolveProgress(let requestID, let resolved, let total):
      updatePreview { preview in
        guard case .resolving(requestID, _, _) = preview.phase else { return }
        preview.phase = .resolving(requestID: requestID, resolved: resolved, total: total)
      }
      return []

    case .resolved(let requestID, let result):
      guard case .resolving(requestID, _, _)? = preview?.phase else { return [] }
      switch result {
      case .success(let playlist):
        remember(playlist)
        let rows = Self.previewRows(context)
        updatePreview {
          $0.playlist = playlist
          $0.phase = .idle
          $0.list.clamp(count: playlist.songs.count, visibleRows: rows)
        }
      case .failure(let failure):
        updatePreview { $0.phase = .failed(failure) }
      }
      return []

    case .saved(let requestID, let result):
      return saved(requestID, result, &context)

    case .queueRetried(let savedPlaylists, let remaining):
      isQueueRetryScheduled = false
      queuedSaves = remaining
      var effects: [AppEffect] = []
      for playlist in savedPlaylists {
        remember(playlist)
        if preview?.playlist.id == playlist.id {
          updatePreview {
            $0.playlist = playlist
            $0.phase = .idle
          }
        }
        context.notice = .localized(
          LocalizedText(CreateL10n.createSavedNotice, ["name": TerminalText.sanitize(playlist.name)]), isWarning: false)
      }
      effects += scheduleQueueRetry(afterSeconds: Self.queueRetrySeconds)
      return effects

    case .myPlaylistsLoaded(let requestID, let result):
      updateGrow { grow in
        guard case .loadingPlaylists(requestID) = grow.phase else { return }
        switch result {
        case .success(let playlists):
          grow.playlists = playlists
          grow.phase = .choosing
        case .failure(let failure):
          grow.phase = .failed(failure)
        }
      }
      return []

    case .growSuggested(let requestID, let result):
      guard case .suggesting(requestID)? = grow?.phase else { return [] }
      updateGrow { grow in
        switch result {
        case .success(let answer):
          grow.suggestions = answer.songs
          grow.suggestedBefore += answer.songs.map(\.song)
          grow.suggestionList = ListState()
          // A short answer is kept, not thrown away; the screen says what was left out and why.
          grow.leftOut = answer.droppedCount > 0 ? GrowLeftOut(answer) : nil
          grow.phase = .ready
        case .failure(let failure):
          grow.phase = .failed(failure)
        }
      }
      return []

    case .growAdded(let uri, let failure):
      let rows = Self.growRows(context)
      updateGrow { grow in
        guard grow.adding == uri else { return }
        grow.adding = nil
        if let failure {
          grow.phase = .failed(failure)
          return
        }
        grow.suggestions.removeAll { $0.uri == uri }
        grow.suggestionList.clamp(count: grow.suggestions.count, visibleRows: rows)
      }
      return []
    }
  }

  /// The elapsed-time timer while generating, or the per-minute countdown.
  mutating func tick(_ requestID: Int) -> [AppEffect] {
    if case .generating(let generation, requestID, let elapsed) = phase {
      phase = .generating(requestID: generation, timerID: requestID, elapsedSeconds: elapsed + 1)
      return [.create(.tick(requestID: requestID))]
    }
    if var countdown, countdown.requestID == requestID {
      countdown.secondsLeft -= 1
      if countdown.secondsLeft <= 0 {
        self.countdown = nil
        if case .waitForCountdown? = hint { hint = nil }
        return []
      }
      self.countdown = countdown
      return [.create(.tick(requestID: requestID))]
    }
    return []
  }

  /// Starts a generation of the prompt (or repeats the last one).
  mutating func generate(_ request: CreateRequest, _ context: inout AppContext) -> [AppEffect] {
    if let countdown {
      hint = .waitForCountdown(countdown.secondsLeft)
      return []
    }
    guard hasGeminiKey(context) == true else {
      phase = .failed(.geminiKeyMissing)
      return []
    }
    hint = nil
    let requestID = context.makeRequestID()
    lastRequest = request
    let timerID = context.makeRequestID()
    phase = .generating(requestID: requestID, timerID: timerID, elapsedSeconds: 0)
    return [
      .create(.generate(requestID: requestID, prompt: request.prompt, count: request.count)),
      .create(.tick(requestID: timerID)),
    ]
  }

  /// Resolves the preview's pending songs when Spotify is connected.
  mutating func startResolve(_ context: inout AppContext) -> [AppEffect] {
    guard let preview, preview.hasPendingSongs else { return [] }
    guard isSpotifyConnected(context) else { return [] }
    let requestID = context.makeRequestID()
    let total = preview.playlist.songs.count
    let done = total - preview.playlist.songs.filter { $0.resolution == .pending }.count
    updatePreview { $0.phase = .resolving(requestID: requestID, resolved: done, total: total) }
    return [.create(.resolve(requestID: requestID, playlistID: preview.playlist.id))]
  }

  mutating func saved(
    _ requestID: Int, _ result: Result<GeneratedPlaylist, CreateFailure>, _ context: inout AppContext
  ) -> [AppEffect] {
    guard case .saving(requestID)? = preview?.phase else {
      // The preview was left while saving: keep the history right, and retry a queued (offline) save anyway.
      switch result {
      case .success(let playlist): remember(playlist)
      case .failure(let failure) where failure.isOffline && !isQueueRetryScheduled:
        isQueueRetryScheduled = true
        return [.create(.retryQueuedSaves(afterSeconds: Self.queueRetrySeconds))]
      case .failure: break
      }
      return []
    }
    switch result {
    case .success(let playlist):
      remember(playlist)
      queuedSaves.remove(playlist.id)
      updatePreview {
        $0.playlist = playlist
        $0.phase = .idle
      }
      return []
    case .failure(let failure) where failure.isOffline:
      guard let id = preview?.playlist.id else { return [] }
      queuedSaves.insert(id)
      updatePreview { $0.phase = .queued }
      return scheduleQueueRetry(afterSeconds: Self.queueRetrySeconds)
    case .failure(let failure):
      updatePreview { $0.phase = .failed(failure) }
      return []
    }
  }

  mutating func scheduleQueueRetry(afterSeconds seconds: Double) -> [AppEffect] {
    guard !queuedSaves.isEmpty, !isQueueRetryScheduled else { return [] }
    isQueueRetryScheduled = true
    return [.create(.retryQueuedSaves(afterSeconds: seconds))]
  }
}
