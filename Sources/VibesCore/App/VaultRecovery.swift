/// The secret vault cannot be opened: what is wrong, with the paths (never a secret).
public struct SecretStoreDamage: Sendable, Hashable {
  /// What the edge found.
  public enum Kind: Sendable, Hashable {
    /// The vault file exists, its key file does not.
    case keyMissing
    /// The key file is not a usable key.
    case keyInvalid
    /// The vault does not decrypt or parse.
    case corrupted
    /// `file` (the key file or the vault) is refused because others could read or plant it. Nothing is wrong
    /// with its contents: the fix is its mode or owner, never a reset.
    case insecure(file: String, problem: InsecureFileProblem)
  }

  public var kind: Kind
  public var vaultPath: String
  public var keyPath: String

  public init(kind: Kind, vaultPath: String, keyPath: String) {
    self.kind = kind
    self.vaultPath = vaultPath
    self.keyPath = keyPath
  }
}

/// Why a vault file is refused.
public enum InsecureFileProblem: Sendable, Hashable {
  /// Group or others have access; `mode` in octal as `ls -l` and `chmod` mean it ("644").
  case openToOthers(mode: String)
  /// It belongs to another user (`owner`, a name or uid), not to `you` (who runs vibes).
  case ownedByOther(owner: String, you: String)
}

extension SecretStoreDamage.Kind {
  /// True when a reset (deleting the vault and its key) is a way out; never for a file refused for its mode
  /// or owner, whose secrets are fine.
  public var offersReset: Bool {
    if case .insecure = self { return false }
    return true
  }
}

/// The root's "the vault cannot be opened" state: it explains, offers the reset, confirms naming what is lost,
/// and runs the reset as an effect. Shown over every tab until resolved or put off (Esc).
public struct VaultRecovery: Sendable, Hashable {
  public enum Phase: Sendable, Hashable {
    case explaining
    case confirming
    case resetting
    case failed
    /// Put off with Esc: the app runs on without the vault's secrets; the Feed's setup card says why.
    case postponed
  }

  /// True while the recovery screen covers the tabs (not put off).
  public var isShown: Bool { phase != .postponed }

  public var damage: SecretStoreDamage
  public var phase: Phase = .explaining

  public init(damage: SecretStoreDamage) { self.damage = damage }
}

/// What the recovery screen's keys do.
public enum VaultRecoveryCommand: Sendable, Hashable {
  case askReset
  case confirmReset
  case keep
  /// Put it off: the app runs on, without the vault's secrets.
  case later
}

extension VaultRecovery {
  /// The bindings in force on the recovery screen (the footer and help are drawn from them).
  public var bindings: [KeyBinding<VaultRecoveryCommand>] {
    switch phase {
    case .resetting, .postponed:
      return []
    case .confirming:
      return [
        KeyBinding([.character("y"), .character("Y")], "y", .vault(.helpResetConfirm), .confirmReset),
        KeyBinding([.character("n"), .character("N"), .escape], "n", .common(.helpKeep), .keep),
      ]
    case .explaining, .failed:
      guard damage.kind.offersReset else {
        return [KeyBinding([.escape], "Esc", .vault(.helpLater), .later)]
      }
      return [
        KeyBinding([.character("r"), .enter], "r", .vault(.helpReset), .askReset),
        KeyBinding([.escape], "Esc", .vault(.helpLater), .later),
      ]
    }
  }

  /// Applies a command; returns the effects (the reset runs at the edge).
  mutating func perform(_ command: VaultRecoveryCommand) -> [AppEffect] {
    switch command {
    case .askReset:
      guard damage.kind.offersReset else { return [] }
      phase = .confirming
    case .keep:
      phase = .explaining
    case .confirmReset:
      guard damage.kind.offersReset else { return [] }
      phase = .resetting
      return [.resetVault(vaultPath: damage.vaultPath, keyPath: damage.keyPath)]
    case .later:
      phase = .postponed
    }
    return []
  }
}

extension HelpText {
  /// A key of the vault recovery table.
  public static func vault(_ key: VaultRecoveryL10n) -> HelpText { .key(key) }
}
