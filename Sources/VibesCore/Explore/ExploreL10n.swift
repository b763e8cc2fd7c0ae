/// The Explore tab's text (its bindings, notices, screens and the Spotify failures it shares with
/// Profile), English and German.
public enum ExploreL10n: String, LocalizedKey {
  // Bindings
  case exploreHelpConnect, exploreHelpSearch, exploreHelpResults, exploreHelpSaveRemove, exploreHelpAddToPlaylist
  case exploreHelpOpenInSpotify, exploreHelpCopyLink, exploreHelpNewSearch, exploreHelpAddHere, exploreHelpAddAnyway
  case exploreHelpRetry
  // Notices
  case exploreOfflineCopyNotice, exploreNoOwnPlaylists, exploreQueueFlushed, exploreOpenAlbumFirst
  case exploreSaved, exploreSavedQueued, exploreRemoved, exploreRemovedQueued
  case exploreCreated, exploreCreatedQueued, exploreAdded, exploreAddedQueued
  // Spotify failures (MusicFailure)
  case musicNotConnected, musicReconnect, musicNotRegistered, musicPremium, musicNotFound
  case musicRateLimitedSeconds, musicRateLimited, musicServer, musicOffline, musicTimedOut, musicRefusedReason,
    musicRefused
  case musicInvalidResponse
  // Search screen
  case exploreSearchLabel, explorePressSlash, exploreQueuedWaiting, exploreTypeMore, exploreSearching
  case exploreNoResults, exploreRecentHint, exploreRecentTitle, exploreRetryHint
  case exploreTracks, exploreArtists, exploreAlbums, explorePlaylists, exploreLoadingMore, exploreMore
  // Shared music rows
  case musicBy, musicOfflineCopy, musicConnectText, musicConnectPress, musicLoading
  // Detail screens
  case exploreEscBack, exploreOthersPlaylist, exploreKindTrack, exploreKindArtist, exploreKindAlbum
  case exploreInLibrary, exploreExplicit, exploreTrackCount, explorePopular, exploreSingles
  case exploreTrackCountOne, exploreQueuedWaitingOne
  // Your library
  case exploreHelpLibrary, exploreLibraryTitle, exploreLibrarySavedSongs, exploreLibrarySavedAlbums
  case exploreLibraryPlaylists, exploreLibraryEmpty
  // For You
  case exploreForYouTitle, exploreHelpForYouRefresh, exploreHelpForYouDismiss, exploreHelpSetUpGemini
  case exploreForYouAsking, exploreForYouEmpty, exploreForYouSetupHint, exploreForYouSpotifyFallback
  case exploreForYouTryAgainIn, exploreForYouPickedAt
  // Editing your own playlists
  case exploreHelpRemoveFromPlaylist, exploreHelpMoveSong, exploreHelpRemoveYes, exploreHelpRemoveNo
  case exploreRemoveQuestion, exploreRemovedFromPlaylist, exploreRemovedFromPlaylistQueued
  case exploreMovedInPlaylist, exploreMovedInPlaylistQueued
  // Playlist picker
  case explorePickerTitle, explorePickerLoading, explorePickerDuplicate, explorePickerAdding

  public static func table(for language: Language) -> [ExploreL10n: String] {
    switch language {
    case .en: return english
    case .de: return german
    }
  }
}

extension Localizer {
  /// An Explore text.
  public subscript(_ key: ExploreL10n) -> String { text(key) }
  /// An Explore text with its `{placeholders}` filled.
  public func format(_ key: ExploreL10n, _ values: [String: String]) -> String { text(key, values) }
}
