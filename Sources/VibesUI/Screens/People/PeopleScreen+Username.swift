import Foundation
import VibesCore

extension PeopleScreen {
  /// "Choose your @username": the rule, the one field, then what is known about the name (the rule it breaks,
  /// checking, free, taken, yours) and a failed check or claim with how to retry.
  static func renderUsername(_ form: UsernameForm, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    var row = area.row
    grid.write(t[.peopleUsernameTitle], row: row, column: area.column + 2, style: Theme.title, maxWidth: area.width - 4)
    row = paragraph(t[.peopleUsernameRule], row: row + 1, area, style: Theme.hint, into: &grid) + 1
    let used = grid.write("@", row: row, column: area.column + 2, style: Theme.title)
    let fieldColumn = area.column + 2 + used
    let editing = form.claiming == nil
    let cursor = TextFieldView.draw(
      form.field, placeholder: form.field.placeholder.map { t[$0] },
      style: editing ? Theme.focusedBorder : Theme.field, into: &grid, row: row, column: fieldColumn,
      width: max(4, min(UsernameRule.maxLength + 2, area.width - fieldColumn - 2)))
    if editing { grid.cursor = GridPosition(row: row, column: cursor) }
    row += 2
    let name = ["name": clean(form.name)]
    if let claiming = form.claiming {
      grid.write(
        t.format(.peopleUsernameSaving, ["name": clean(claiming.name)]), row: row, column: area.column + 2,
        style: Theme.pending, maxWidth: area.width - 4)
      return
    }
    if let problem = form.problem {
      row = paragraph(t[problem.text], row: row, area, style: Theme.error, into: &grid)
      grid.attentionRow = row - 1
    } else if !form.name.isEmpty, form.name == form.current {
      paragraph(t.format(.peopleUsernameYours, name), row: row, area, style: Theme.hint, into: &grid)
    } else {
      switch form.check {
      case .idle:
        break
      case .checking(_, let checked):
        paragraph(
          t.format(.peopleUsernameChecking, ["name": clean(checked)]), row: row, area, style: Theme.pending,
          into: &grid)
      case .available(let free):
        paragraph(
          t.format(.peopleUsernameFree, ["name": clean(free)]), row: row, area, style: Theme.complete,
          into: &grid)
      case .taken(let taken):
        row = paragraph(
          t.format(.peopleUsernameTaken, ["name": clean(taken)]), row: row, area, style: Theme.error,
          into: &grid)
        grid.attentionRow = row - 1
      case .failed(let checked, let failure):
        row = paragraph(
          t.format(.peopleUsernameFailedCheck, ["name": clean(checked), "reason": t[failure.reason]]) + " "
            + t[.peopleUsernameRetryHint], row: row, area, style: Theme.error, into: &grid)
        grid.attentionRow = row - 1
      }
    }
    if let failure = form.failure {
      row = paragraph(
        t.format(.peopleUsernameFailedClaim, ["name": clean(form.name), "reason": t[failure.reason]]) + " "
          + t[.peopleUsernameRetryHint], row: row + 1, area, style: Theme.error, into: &grid)
      grid.attentionRow = row - 1
    }
  }
}
