import VibesCore

/// Play on Spotify on screen: the now-playing line at the top of the host's area, and the device picker or the
/// re-consent question over it. Network text (titles, artists, device names) is sanitised here.
public enum SpotifyPlayerView {
  /// The rows the line takes at the top of the area (0 when nothing plays from vibes).
  public static func lineHeight(_ player: SpotifyPlayer) -> Int { player.nowPlaying == nil ? 0 : 1 }

  /// "▶ Title — Artist  on Kitchen" (‖ while paused), or "Starting on Spotify…" until the state is read back.
  static func lineText(_ playing: NowPlaying, _ t: Localizer) -> String {
    let title = MusicRows.clean(playing.title)
    guard !title.isEmpty else { return t[.playerStarting] }
    let symbol = playing.isPlaying ? "▶" : "‖"
    var text = "\(symbol) \(title)"
    let artists = MusicRows.clean(playing.artists)
    if !artists.isEmpty { text += " — \(artists)" }
    if let device = playing.deviceName.map(MusicRows.clean), !device.isEmpty {
      text += "  " + t.format(.playerOnDevice, ["device": device])
    }
    return text
  }

  /// Draws the line on `row` (nothing when nothing plays).
  public static func renderLine(
    _ player: SpotifyPlayer, row: Int, column: Int, width: Int, into grid: inout Grid, _ t: Localizer
  ) {
    guard let playing = player.nowPlaying else { return }
    let style = playing.isPlaying ? Theme.complete : Theme.hint
    grid.write(lineText(playing, t), row: row, column: column, style: style, maxWidth: width)
  }

  /// The picker or the question over `area`, if one is open.
  public static func renderOverlay(_ player: SpotifyPlayer, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    if player.consent != nil {
      renderConsent(into: &grid, area, t)
    } else if let picker = player.picker {
      renderPicker(picker, into: &grid, area, t)
    }
  }

  static func box(rows: Int, into grid: inout Grid, _ area: Rect) -> Rect {
    let width = min(area.width - 4, 60)
    let height = min(rows, max(2, area.visibleHeight - 6)) + 4
    let box = Rect(row: area.row + 1, column: area.column + (area.width - width) / 2, width: width, height: height)
    grid.clear(box)
    grid.box(box, style: Theme.focusedBorder)
    return box
  }

  static func renderPicker(_ picker: DevicePicker, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    let frame = box(rows: max(picker.devices.count, 2), into: &grid, area)
    let inner = frame.column + 2
    let innerWidth = frame.width - 4
    grid.write(t[.playerPickerTitle], row: frame.row + 1, column: inner, style: Theme.title, maxWidth: innerWidth)
    let top = frame.row + 2
    switch picker.phase {
    case .loading:
      grid.write(t[.playerPickerLoading], row: top, column: inner, style: Theme.pending, maxWidth: innerWidth)
    case .choosing(let devices):
      let labels = devices.map { device in
        let name = MusicRows.clean(device.name) + "  " + MusicRows.clean(device.type)
        return device.isActive ? name + " " + t[.playerActiveDevice] : name
      }
      ListView.render(
        labels: labels, selected: picker.list.selected, first: picker.list.scrollTop, limit: frame.height - 4,
        top: top, markerColumn: inner - 1, column: inner + 1, width: innerWidth - 1, into: &grid)
    }
  }

  static func renderConsent(into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    let innerWidth = min(area.width - 4, 60) - 4
    let hint = WordWrap.lines(t[.playerConsentHint], width: innerWidth)
    let wanted = WordWrap.lines(t[.playerConsentBody], width: innerWidth).count + 1 + hint.count
    let frame = box(rows: wanted, into: &grid, area)
    let inner = frame.column + 2
    grid.write(t[.playerConsentTitle], row: frame.row + 1, column: inner, style: Theme.title, maxWidth: innerWidth)
    // The hint keeps its rows; a short terminal shortens the explanation (its last line ends in "…").
    let room = frame.height - 4
    let bodyRows = max(1, room - hint.count - 1)
    var row = frame.row + 2
    for line in WordWrap.lines(t[.playerConsentBody], width: innerWidth, maxLines: bodyRows) {
      grid.write(line, row: row, column: inner, maxWidth: innerWidth)
      row += 1
    }
    row += 1
    for line in hint where row < frame.bottom - 1 {
      grid.write(line, row: row, column: inner, style: Theme.hint, maxWidth: innerWidth)
      row += 1
    }
  }
}
