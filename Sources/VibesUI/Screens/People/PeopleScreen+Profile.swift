import Foundation
import VibesCore

extension PeopleScreen {
  /// "Edit your profile": the name and bio fields of the one form engine, drawn by the one field view; saving, and a
  /// failed save with how to retry.
  static func renderProfileForm(_ form: ProfileForm, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    var row = area.row
    grid.write(t[.peopleProfileTitle], row: row, column: area.column + 2, style: Theme.title, maxWidth: area.width - 4)
    row += 2
    let labels: [(ProfileField, PeopleL10n)] = [(.name, .peopleProfileName), (.bio, .peopleProfileBio)]
    let labelWidth = labels.map { DisplayWidth.of(t[$0.1]) }.max() ?? 0
    let column = area.column + 3 + labelWidth + 2
    for (id, label) in labels {
      guard let field = form.field(id) else { continue }
      let focused = form.focus == id && !form.phase.isBusy
      FormFieldView.drawLabel(t[label], focused: focused, into: &grid, row: row)
      let cursor = FormFieldView.drawInput(
        field, t, into: &grid, row: row, column: column, width: max(4, area.width - column - 2))
      if focused { grid.cursor = GridPosition(row: row, column: cursor) }
      row += 2
    }
    row = paragraph(t[.peopleProfileNewline], row: row, area, style: Theme.hint, into: &grid) + 1
    switch form.phase {
    case .saving:
      grid.write(t[.peopleProfileSaving], row: row, column: area.column + 2, style: Theme.pending)
    case .failed(let failure):
      row = paragraph(
        t.format(.peopleProfileFailed, ["reason": t[failure.reason]]) + " " + t[.peopleUsernameRetryHint], row: row,
        area, style: Theme.error, into: &grid)
      grid.attentionRow = row - 1
    default:
      break
    }
  }
}
