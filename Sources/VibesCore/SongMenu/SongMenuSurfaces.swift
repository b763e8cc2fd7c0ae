/// "Which song is selected" on every song surface, for the one key (`.`, like a "⋯ more" button; every letter is
/// taken on one song screen or another: `m` is Profile's 6-month range) that opens the song menu there. Each
/// surface's binding calls `SongMenuKey.binding(_:)` and its command asks `NavigationRequest.openSongMenu` for the
/// song its accessor here names; nil means no song is selected (a heading, an album row, a text message).
public enum SongMenuKey {
  /// The key, the same on every surface.
  public static let key = Key.character(".")

  /// The binding every song surface adds (kept out of the footer, whose entries each screen already fills; `?` help
  /// lists it).
  public static func binding<Command: Sendable & Hashable>(_ command: Command) -> KeyBinding<Command> {
    KeyBinding([key], ".", .key(SongMenuL10n.songMenuHelpKey), footer: false, command)
  }

  /// Opens the song menu for `song` (nothing happens without one).
  public static func open(_ song: SharedTrack?, _ context: inout AppContext) -> [AppEffect] {
    guard let song else { return [] }
    context.navigationRequest = .openSongMenu(song)
    return []
  }
}

extension SharedTrack {
  /// A track known by its Spotify id and names only (a release's track, a For You pick, a generated song).
  public static func spotify(id: String, title: String, artists: [String], album: String = "") -> SharedTrack {
    SharedTrack(
      trackId: id, trackName: title, artistName: artists.joined(separator: ", "), albumName: album,
      trackUri: SpotifyLink(kind: .track, id: id).uri)
  }
}

extension ExploreState {
  /// The track of the selected row (search results, a detail screen's rows or its track, your library, For You).
  public var selectedSong: SharedTrack? {
    if path.isEmpty, libraryScreen == nil, let screen = forYouScreen {
      guard let entries = screen.loaded?.entries, entries.indices.contains(screen.list.selected) else { return nil }
      let entry = entries[screen.list.selected]
      return .spotify(id: entry.trackID, title: entry.title, artists: [entry.artist])
    }
    guard case .track(let track)? = actionItem() else { return nil }
    return track.sharedTrack
  }
}

extension ReleaseDetailState {
  /// The highlighted track of the release's tracklist, when Spotify gave its id.
  public var selectedSong: SharedTrack? {
    let tracks = loadedTracks
    guard tracks.indices.contains(list.selected), let id = tracks[list.selected].id, !id.isEmpty else { return nil }
    let track = tracks[list.selected]
    return .spotify(
      id: id, title: track.name, artists: track.artists.isEmpty ? card.artists : track.artists, album: card.name)
  }
}

extension InboxThreadScreen {
  /// The song of the selected message, if it carries one.
  public var selectedSong: SharedTrack? {
    guard !isReplying, messages.indices.contains(list.selected) else { return nil }
    return messages[list.selected].song
  }

  /// The selected message's song when someone else sent it: "Reply with a song" answers it in this thread.
  public var replyTarget: SongReplyTarget? {
    guard !isReplying, messages.indices.contains(list.selected) else { return nil }
    let message = messages[list.selected]
    guard !message.isMine, message.song != nil else { return nil }
    return SongReplyTarget(threadID: thread.id, personID: thread.otherId, name: thread.otherName)
  }
}

extension ProfileState {
  /// The selected top track (Profile's rows are the top artists, then the top tracks, then the settings).
  public var selectedSong: SharedTrack? {
    let rows = rows
    guard rows.indices.contains(list.selected), case .track(let track) = rows[list.selected] else { return nil }
    return track.sharedTrack
  }
}

extension CreateState {
  /// The selected song of a preview or of Grow's suggestions, once Spotify has it.
  public var selectedSong: SharedTrack? {
    func song(_ songs: [ResolvedSong], _ index: Int) -> SharedTrack? {
      guard songs.indices.contains(index), case .found(let track) = songs[index].resolution else { return nil }
      return SharedTrack(
        trackId: track.id, trackName: track.name, artistName: track.artists.joined(separator: ", "),
        albumName: track.album, trackUri: track.uri)
    }
    if let preview, preview.focus == .tracks { return song(preview.playlist.songs, preview.list.selected) }
    if let grow, grow.phase == .ready { return song(grow.suggestions, grow.suggestionList.selected) }
    return nil
  }
}
