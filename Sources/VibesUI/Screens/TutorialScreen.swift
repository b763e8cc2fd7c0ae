import VibesCore

/// The first-launch tutorial's card: progress dots, the title, one paragraph and, on the last card, the
/// two choices. Drawn in place of the tab's screen while the tutorial shows.
enum TutorialScreen {
  static func render(_ tutorial: TutorialState, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    let card = tutorial.card
    let width = min(72, area.width - 2)
    let left = area.column + max(1, (area.width - width) / 2)
    let inner = width - 4
    var lines: [(String, CellStyle)] = []
    let (index, count) = tutorial.position
    let dots = (0..<count).map { $0 == index ? "●" : "○" }.joined(separator: " ")
    lines.append(("\(dots)  \(index + 1)/\(count)", Theme.hint))
    lines.append(("", .plain))
    lines.append((t[card.title], Theme.title))
    lines.append(("", .plain))
    for line in WordWrap.lines(t[card.text], width: inner) { lines.append((line, .plain)) }
    if card == .signIn {
      lines.append(("", .plain))
      lines.append((t[.tutorialChoiceSignIn], Theme.complete))
      lines.append((t[.tutorialChoiceSignInCode], .plain))
      lines.append((t[.tutorialChoiceNotNow], Theme.hint))
    }
    if card == .connectSpotify {
      lines.append(("", .plain))
      lines.append((t[.tutorialChoiceConnect], Theme.complete))
      lines.append((t[.tutorialChoiceSkip], Theme.hint))
    }
    let box = Rect(row: area.row, column: left, width: width, height: lines.count + 2)
    grid.box(box, style: Theme.focusedBorder)
    for (offset, line) in lines.enumerated() {
      grid.write(line.0, row: box.row + 1 + offset, column: left + 2, style: line.1, maxWidth: inner)
    }
  }
}
