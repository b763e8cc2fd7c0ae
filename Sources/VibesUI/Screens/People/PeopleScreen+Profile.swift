import Foundation
import VibesCore

extension PeopleScreen {
  /// "Edit your profile": name, bio and the photo's file path on the one form engine, "Remove photo" while you have
  /// one, then saving, a refused photo with its reason, the removal question, or a failed save with how to retry.
  static func renderProfileForm(
    _ form: ProfileForm, _ people: PeopleFeature, into grid: inout Grid, _ area: Rect, _ t: Localizer
  ) {
    var row = area.row
    grid.write(t[.peopleProfileTitle], row: row, column: area.column + 2, style: Theme.title, maxWidth: area.width - 4)
    row += 2
    let labels: [(ProfileField, String)] = [
      (.name, t[.peopleProfileName]), (.bio, t[.peopleProfileBio]), (.photo, t[.peoplePhotoLabel]),
    ]
    let labelWidth = labels.map { DisplayWidth.of($0.1) }.max() ?? 0
    let column = area.column + 3 + labelWidth + 2
    for (id, label) in labels {
      guard let field = form.field(id) else { continue }
      let focused = form.focus == id && !form.phase.isBusy
      FormFieldView.drawLabel(label, focused: focused, into: &grid, row: row)
      let cursor = FormFieldView.drawInput(
        field, t, into: &grid, row: row, column: column, width: max(4, area.width - column - 2))
      if focused { grid.cursor = GridPosition(row: row, column: cursor) }
      row += 2
    }
    if form.field(.removePhoto) != nil {
      FormFieldView.drawButton(
        t[.peopleRemovePhoto], focused: form.focus == .removePhoto && !form.phase.isBusy, into: &grid, row: row,
        column: column)
      row += 2
    }
    if let problem = people.photoProblem {
      row = paragraph(photoText(problem, t), row: row, area, style: Theme.error, into: &grid)
      grid.attentionRow = row - 1
    } else {
      let hint = people.lists?.photoURL == nil ? t[.peoplePhotoHint] : t[.peoplePhotoSet] + " " + t[.peoplePhotoHint]
      row = paragraph(hint, row: row, area, style: Theme.hint, into: &grid)
    }
    row = paragraph(t[.peopleProfileNewline], row: row, area, style: Theme.hint, into: &grid) + 1
    switch form.phase {
    case .saving:
      let text = form.trimmed(.photo).isEmpty ? t[.peopleProfileSaving] : t[.peoplePhotoUploading]
      grid.write(text, row: row, column: area.column + 2, style: Theme.pending)
    case .failed(let failure):
      row = paragraph(
        t.format(.peopleProfileFailed, ["reason": t[failure.reason]]) + " " + t[.peopleUsernameRetryHint], row: row,
        area, style: Theme.error, into: &grid)
      grid.attentionRow = row - 1
    case .confirmingRemoval:
      row = paragraph(t[.peopleConfirmRemovePhoto], row: row, area, style: Theme.warning, into: &grid)
      grid.attentionRow = row - 1
    case .removing:
      grid.write(t[.peopleProfileSaving], row: row, column: area.column + 2, style: Theme.pending)
    default:
      break
    }
  }

  /// Why the photo was not uploaded, in words (the path and size as the user knows them).
  static func photoText(_ problem: PhotoProblem, _ t: Localizer) -> String {
    switch problem {
    case .notFound(let path): return t.format(.peoplePhotoNotFound, ["path": clean(path)])
    case .unreadable(let path): return t.format(.peoplePhotoUnreadable, ["path": clean(path)])
    case .tooLarge(let bytes):
      let megabytes = Double(bytes) / 1_048_576
      return t.format(.peoplePhotoTooLarge, ["size": String(format: "%.1f MB", megabytes)])
    case .notImage: return t[.peoplePhotoNotImage]
    case .failed(let failure): return t.format(.peoplePhotoFailed, ["reason": t[failure.reason]])
    }
  }
}
