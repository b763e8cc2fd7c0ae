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
    if case .insecure(let file, let problem) = recovery.damage.kind {
      renderInsecure(file: file, problem, into: &writer, t)
      grid = writer.grid
      return
    }
    let what: V =
      switch recovery.damage.kind {
      case .keyMissing: .keyMissing
      case .keyInvalid: .keyInvalid
      case .corrupted, .insecure: .corrupted
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

  /// A file refused for its mode or owner: which file, what is wrong, the exact command; no reset.
  static func renderInsecure(
    file: String, _ problem: InsecureFileProblem, into writer: inout LineWriter, _ t: Localizer
  ) {
    let file = TerminalText.sanitize(file)
    switch problem {
    case .openToOthers(let mode):
      writer.paragraph(t.format(V.insecureMode, ["file": file, "mode": TerminalText.sanitize(mode)]))
      writer.skip()
      writer.paragraph(t[V.insecureEffect], style: Theme.hint)
      writer.skip()
      writer.paragraph(t.format(V.insecureModeFix, ["file": file]), style: Theme.warning)
    case .ownedByOther(let owner, let you):
      let values = ["file": file, "owner": TerminalText.sanitize(owner), "you": TerminalText.sanitize(you)]
      writer.paragraph(t.format(V.insecureOwner, values))
      writer.skip()
      writer.paragraph(t[V.insecureEffect], style: Theme.hint)
      writer.skip()
      writer.paragraph(t.format(V.insecureOwnerFix, values), style: Theme.warning)
    }
  }
}
