import Foundation
import VibesCore

extension PeopleScreen {
  /// Signing in from People: starting, "finish in your browser" with the address, or the device code and where to
  /// enter it, then why it failed with how to retry. Addresses and codes come sanitised from the edge and are
  /// sanitised again; a long address is broken across rows, never cut.
  static func renderSignIn(_ signIn: PeopleSignIn, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    var row = area.row
    grid.write(t[.peopleSignInTitle], row: row, column: area.column + 2, style: Theme.title, maxWidth: area.width - 4)
    row += 2
    if let problem = signIn.problem {
      row = paragraph(
        t.format(.peopleSignInFailed, ["reason": t[problem.text]]) + " " + t[.peopleSignInRetryHint], row: row, area,
        style: Theme.error, into: &grid)
      grid.attentionRow = row - 1
      return
    }
    switch signIn.prompt {
    case nil:
      grid.write(t[.peopleSignInStarting], row: row, column: area.column + 2, style: Theme.pending)
      return
    case .browser(let url, let opened)?:
      row = paragraph(t[opened ? .peopleSignInBrowserOpened : .peopleSignInBrowser], row: row, area, into: &grid)
      row = address(clean(url), row: row, area, into: &grid)
    case .device(let url, let code)?:
      row = paragraph(
        t.format(.peopleSignInDevice, ["url": clean(url), "code": clean(code)]), row: row, area, into: &grid)
    }
    grid.write(t[.peopleSignInWaiting], row: row + 1, column: area.column + 2, style: Theme.pending)
  }

  /// An address in slices of the row's width (at most six rows).
  static func address(_ text: String, row: Int, _ area: Rect, into grid: inout Grid) -> Int {
    let width = max(8, area.width - 4)
    var row = row
    var rest = Substring(text)
    var rows = 0
    while !rest.isEmpty, rows < 6 {
      let slice = rest.prefix(width)
      grid.write(String(slice), row: row, column: area.column + 2, style: Theme.link, maxWidth: width)
      rest = rest.dropFirst(slice.count)
      row += 1
      rows += 1
    }
    return row
  }
}
