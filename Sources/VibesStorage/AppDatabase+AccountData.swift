import Foundation
import GRDB

extension AppDatabase {
  /// Everything read from or waiting for one Spotify account, besides its tokens (secrets) and its connection
  /// row: cached stats and detail screens, recent and cached searches, library/playlist actions and playlist
  /// saves queued while offline, and the preview matches (which songs were looked at). Signing out of Spotify must
  /// not leave the account's listening data behind.
  public func clearSpotifyAccountData() throws {
    try writer.write { db in
      for table in [
        "spotifyConnection", "musicCache", "recentSearch", "searchCache", "spotifyActionQueue", "createSaveQueue",
        "previewMatch", "forYouCache",
      ]
      where try db.tableExists(table) {
        try db.execute(sql: "DELETE FROM \(table)")
      }
    }
  }

  /// The playlists generated in the Create tab (prompts, names, songs) and the song-match cache.
  public func clearCreateHistory() throws {
    try writer.write { db in
      for table in ["createPlaylistSong", "createSaveQueue", "createPlaylist", "createSongResolution"]
      where try db.tableExists(table) {
        try db.execute(sql: "DELETE FROM \(table)")
      }
    }
  }
}
