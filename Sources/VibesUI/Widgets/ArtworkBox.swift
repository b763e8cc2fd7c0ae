import VibesCore

/// Where a screen puts a picture: a box at the right of its header, decided by the area's width and whether the
/// terminal draws pictures at all (never by whether the picture has loaded), so the text does not move when it arrives.
public enum ArtworkBox {
  /// Narrower areas reserve no box.
  public static let minimumWidth = 60

  /// False while a frame is drawn for a terminal that shows no pictures (`ArtworkState.isShown`, scoped by
  /// `AppView.render`): then no box is reserved at all.
  @TaskLocal public static var isShown = true

  /// True while a frame is drawn for a terminal with a picture protocol (kitty, sixel, iTerm2) and pictures on
  /// (`AppState.showsThumbnails`, scoped by `AppView.render`): lists then give each row a thumbnail.
  @TaskLocal public static var thumbnailsShown = false

  /// A list row's thumbnail: 2 columns × 1 row (about a square on a cell twice as tall as wide).
  public static let thumbnailColumns = 2
  /// How much later a row's text starts when lists show thumbnails: the box and one blank.
  public static let thumbnailIndent = thumbnailColumns + 1

  /// Reserves a row's thumbnail box at `column` for `address` when lists show thumbnails, and returns how far the
  /// row's text moves right: `thumbnailIndent` whenever thumbnails are shown (a row without a picture keeps its
  /// box blank, so the text of every row starts in the same column and never moves when a picture arrives), else 0.
  /// An area narrower than `minimumWidth` gets none (the presenter draws no picture there either).
  @discardableResult
  public static func thumbnail(_ address: String?, in grid: inout Grid, _ area: Rect, row: Int, column: Int) -> Int {
    guard thumbnailsShown, area.width >= minimumWidth else { return 0 }
    if let address, !address.isEmpty {
      grid.placeImage(address, in: Rect(row: row, column: column, width: thumbnailColumns, height: 1))
    }
    return thumbnailIndent
  }

  /// The box's size for an area `width` columns wide: a square picture in cells about twice as tall as wide.
  public static func size(forWidth width: Int, large: Bool = true) -> (columns: Int, rows: Int)? {
    guard width >= minimumWidth else { return nil }
    let columns = large ? (width >= 100 ? 24 : width >= 80 ? 16 : 12) : (width >= 100 ? 12 : 8)
    return (columns, columns / 2)
  }

  /// Reserves the box at the right edge of `area`, from `row`, for `address` (none without an address or in a
  /// narrow area). Returns the box, so the screen can keep its text left of it.
  @discardableResult
  public static func place(
    _ address: String?, in grid: inout Grid, _ area: Rect, row: Int, large: Bool = true
  ) -> Rect? {
    guard isShown, let address, !address.isEmpty, let size = size(forWidth: area.width, large: large) else {
      return nil
    }
    let box = Rect(row: row, column: area.right - 2 - size.columns, width: size.columns, height: size.rows)
    grid.placeImage(address, in: box)
    return box
  }

  /// Columns the text beside a box at the right may use (`width` when there is none).
  public static func textWidth(_ width: Int, beside box: Rect?) -> Int {
    guard let box else { return width }
    return max(1, width - box.width - 2)
  }
}

extension MusicDetail {
  /// The picture a detail screen shows: the album cover (a track's album), the playlist cover, the artist's photo.
  public var artworkAddress: String? {
    switch self {
    case .track(let track): return track.album?.imageURL
    case .album(let detail): return detail.album.imageURL
    case .playlist(let detail): return detail.playlist.imageURL
    case .artist(let detail): return detail.artist.imageURL
    }
  }
}
