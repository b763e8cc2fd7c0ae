import VibesCore

/// `!`: the status line's message whole, over the screen, scrolled by the ScrollView like any tall screen.
enum NoticeOverlay {
  static func render(_ notice: Notice, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    let style = StatusLine.style(notice)
    var row = area.row
    grid.write(t[.noticeOverlayTitle], row: row, column: 2, style: Theme.title, maxWidth: area.width - 4)
    row += 2
    for line in StatusLine.wrap(t.notice(notice), width: area.width - 4) where row < area.bottom {
      grid.write(line, row: row, column: 2, style: style, maxWidth: area.width - 4)
      row += 1
    }
  }
}
