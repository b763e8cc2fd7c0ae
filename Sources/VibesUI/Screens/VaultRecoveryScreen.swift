import VibesCore

/// "The secret vault cannot be opened": what happened, what it means, the way out and its confirmation.
enum VaultRecoveryScreen {
  typealias V = VaultRecoveryL10n

  static func render(_ recovery: VaultRecovery, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    var writer = LineWriter(grid: grid, area: area)
    let paths = [
      "vault": TerminalText.sanitize(recovery.damage.vaultPath), "key": TerminalText.sanitize(recovery.damage.keyPath),
    ]
    writer.line(Theme.incompleteSymbol + " " + t[V.title], style: Theme.error)
    writer.skip()
    let what: V =
      switch recovery.damage.kind {
      case .keyMissing: .keyMissing
      case .keyInvalid: .keyInvalid
      case .corrupted: .corrupted
      }
    writer.paragraph(t.format(what, paths))
    writer.skip()
    writer.paragraph(t.format(V.effect, paths), style: Theme.hint)
    writer.skip()
    switch recovery.phase {
    case .explaining, .postponed:
      writer.paragraph(t[V.offer])
    case .confirming:
      writer.paragraph(t.format(V.confirm, paths), style: Theme.warning)
    case .resetting:
      writer.paragraph(t[V.resetting], style: Theme.pending)
    case .failed:
      writer.paragraph(t[V.failed], style: Theme.error)
    }
    grid = writer.grid
  }
}
