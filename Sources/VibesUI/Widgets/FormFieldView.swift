import VibesCore

/// The one way a form's field row is drawn (credential, App Store Connect and Tracker forms): the focus
/// marker, the label, and the input by the field's kind — drawn by the one ``TextFieldView`` (multi-line with
/// ⏎ for line breaks, secrets as bullets), or a stored secret's preview. Pickers and the App Store Connect key
/// field add their own lines.
enum FormFieldView {
  /// Draws the focus marker (column 1) and the label (column 3).
  static func drawLabel(_ label: String, focused: Bool, into grid: inout Grid, row: Int) {
    ListView.mark(focused, row: row, column: 1, into: &grid)
    grid.write(label, row: row, column: 3, style: focused ? Theme.title : .plain)
  }

  /// Draws the input of a text, secret or multi-line field; returns the cursor's column.
  @discardableResult
  static func drawInput<ID>(
    _ field: Field<ID>, _ t: Localizer, into grid: inout Grid, row: Int, column: Int, width: Int
  ) -> Int {
    switch field.kind {
    case .secret:
      if field.keepsStoredValue, let preview = field.storedPreview {
        grid.write(String(repeating: " ", count: width), row: row, column: column, style: Theme.field)
        let used = grid.write(preview, row: row, column: column, style: Theme.field)
        grid.write(
          "  " + t[.fieldStoredHint], row: row, column: column + used, style: Theme.field.merged(Theme.hint),
          maxWidth: width - used)
        return column
      }
      return TextFieldView.draw(field.textField, into: &grid, row: row, column: column, width: width)
    case .text, .multiline:
      return TextFieldView.draw(
        field.textField, lineBreakSymbol: "⏎", into: &grid, row: row, column: column, width: width)
    case .picker, .button:
      return column
    }
  }

  /// Draws `[ label ]`; returns its width.
  @discardableResult
  static func drawButton(_ label: String, focused: Bool, into grid: inout Grid, row: Int, column: Int) -> Int {
    grid.write("[ \(label) ]", row: row, column: column, style: focused ? Theme.selected : Theme.title)
  }
}
