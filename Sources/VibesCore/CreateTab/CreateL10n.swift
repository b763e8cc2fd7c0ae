/// The Create tab's text (its bindings, notices, screens and failures), English and German.
public enum CreateL10n: String, LocalizedKey {
  // Bindings
  case createHelpSetUpGemini, createHelpGrow, createHelpExamples, createHelpGenerate, createHelpSongs
  case createHelpKeepName, createHelpConnect, createHelpOpenTrack, createHelpRename, createHelpRemove
  case createHelpRegenerate, createHelpCopyLink, createHelpSave, createHelpTryAgain, createHelpSetUp
  case createHelpGrowThis, createHelpAdd, createHelpNewSuggestions, createHelpUndoRemove
  // Notices
  case createSavedNotice, createShortAnswerNotice
  // Root screen
  case createTitle, createLoading, createPrompt, createSongs, createExampleHint, createAsking, createRetryIn
  case createRetryNow, createPromptEmpty, createWaitCountdown, createHistory, createHistoryEmpty
  case createSaved, createPartlySaved, createWaitingForNetwork, createNotSaved, createSongCount, createSongCountOne
  // Grow
  case createGrowTitle, createGrowPlaylist, createLoadingPlaylists, createAskingForSongs, createNoOwnPlaylists
  case createAllAdded, createAdding, createNotFound, createGrowLeftOut
  // Preview
  case createName, createFinding, createFoundSummary, createSaving, createQueuedOffline, createSavedToSpotify
  case createLinkKeys
  // Failures (CreateFailure)
  case createFailureKeyMissing, createFailureKeyRejected, createFailureKeyForbidden, createFailureModelNotFound
  case createFailureInvalidModel, createFailurePerMinute, createFailureQuota, createFailureTokens
  case createFailureAnswerBlocked, createFailurePromptBlocked, createFailureEmptyReply, createFailureMalformed
  case createFailureTooFewSongs, createFailureServer, createFailureOffline, createFailureTimedOut
  case createFailureSpotifyNotConnected, createFailureSpotifyWaitSeconds, createFailureSpotifyWait
  case createFailureStorage, createFailureNoSongsFound
  // Keys: what `q` would lose; the examples' hint
  case createUnsavedPrompt, createUnsavedPreview, createUnsavedGenerating
  // Example prompts (↑/↓ in the empty field), in the screen's language
  case createExampleRoadTrip, createExampleRainyPiano, createExampleHipHopParty, createExampleDeepWork
  case createExampleNightWalk

  public static func table(for language: Language) -> [CreateL10n: String] {
    switch language {
    case .en: return english
    case .de: return german
    }
  }
}

extension Localizer {
  /// A Create text.
  public subscript(_ key: CreateL10n) -> String { text(key) }
  /// A Create text with its `{placeholders}` filled.
  public func format(_ key: CreateL10n, _ values: [String: String]) -> String { text(key, values) }
}
