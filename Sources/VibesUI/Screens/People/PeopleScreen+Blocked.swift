import Foundation
import VibesCore

extension PeopleScreen {
  /// The people you blocked: what blocking means, the list (names sanitised and cut to the row), the unblock
  /// question, an unblock in flight, a failed load with how to retry.
  static func renderBlocked(_ blocked: BlockedPeople, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    var row = area.row
    let count = blocked.people.map { "\($0.count)" } ?? "…"
    row = section(t.format(.peopleBlockedTitle, ["count": count]), row: row, area, into: &grid)
    row = paragraph(t[.peopleBlockedExplain], row: row, area, style: Theme.hint, into: &grid) + 1
    if let failure = blocked.failure {
      row = paragraph(
        t.format(.peopleFailedBlocked, ["reason": t[failure.reason]]) + " " + t[.peopleRetryHint], row: row, area,
        style: Theme.error, into: &grid)
      grid.attentionRow = row - 1
    }
    if let person = blocked.confirming {
      row = paragraph(
        t.format(.peopleConfirmUnblock, ["name": clean(person.shortName)]), row: row, area, style: Theme.warning,
        into: &grid)
      grid.attentionRow = row - 1
      row += 1
    } else if blocked.unblocking != nil {
      grid.write(t[.peopleUnblocking], row: row, column: area.column + 2, style: Theme.pending)
      row += 2
    }
    guard let people = blocked.people else {
      if blocked.loading != nil {
        grid.write(t[.peopleLoading], row: row, column: area.column + 2, style: Theme.pending)
      }
      return
    }
    guard !people.isEmpty else {
      paragraph(t[.peopleBlockedNobody], row: row, area, into: &grid)
      return
    }
    ListView.render(
      count: people.count, selected: blocked.list.selected, first: 0, top: row, markerColumn: area.column + 1,
      into: &grid
    ) { grid, item in
      grid.write(
        clean(people[item.index].label), row: item.row, column: area.column + 3, style: item.style(),
        maxWidth: area.width - 5)
    }
  }
}
