/// The vault recovery screen's text (English and German).
public enum VaultRecoveryL10n: String, LocalizedKey {
  case title
  case keyMissing
  case keyInvalid
  case corrupted
  case effect
  case offer
  case confirm
  case resetting
  case failed
  case done
  case helpReset
  case helpResetConfirm
  case helpLater
  case setupCard
  case insecureMode
  case insecureOwner
  case insecureEffect
  case insecureModeFix
  case insecureOwnerFix
  case setupCardInsecure

  public static func table(for language: Language) -> [VaultRecoveryL10n: String] {
    switch language {
    case .en: return english
    case .de: return german
    }
  }

  static let english: [VaultRecoveryL10n: String] = [
    .title: "The secret vault cannot be opened",
    .keyMissing:
      "The vault {vault} is there, but its key file {key} is gone. Without it the saved keys cannot be read.",
    .keyInvalid: "The vault's key file {key} is not a valid key, so the vault {vault} cannot be read.",
    .corrupted: "The vault {vault} does not decrypt with its key {key}: it is damaged or from another key.",
    .effect:
      "Until this is solved every step shows \"not configured\" and nothing can be saved. If you have a backup of the key file, quit (Ctrl-C), put it back at {key} and start vibes again.",
    .offer: "Or reset the vault: vibes deletes it and its key and starts a fresh, empty one.",
    .confirm:
      "Delete {vault} and {key}? Every key saved in it is lost (Gemini, Ticketmaster, the Spotify connection, App Store Connect, Tracker); you will enter them again. y deletes, n keeps them.",
    .resetting: "Resetting the vault…",
    .failed: "The vault could not be deleted. See the log, or run `vibes reset-vault --yes` in a shell.",
    .done: "Vault reset: a fresh vault is used. Set up your services again.",
    .helpReset: "reset the vault",
    .helpResetConfirm: "delete the vault",
    .helpLater: "later",
    .setupCard: "Setup · the secret vault cannot be opened (restart vibes to reset it)",
    .setupCardInsecure: "Setup · a secret store file is refused for its permissions (restart vibes to see the fix)",
    .insecureMode:
      "The key file {file} has mode {mode}: other users on this computer may read it, so vibes refuses to use it.",
    .insecureOwner:
      "The file {file} belongs to another user ({owner}), not to you ({you}), so vibes refuses to use it: someone else could have put it there.",
    .insecureEffect:
      "Until this is fixed every step shows \"not configured\" and nothing can be saved. Nothing was changed or deleted: your saved keys are still in the vault.",
    .insecureModeFix:
      "Fix: quit (Ctrl-C), run `chmod 600 {file}` in a shell and start vibes again. If someone else may have read the file, also replace the keys at each service.",
    .insecureOwnerFix:
      "Fix: if the file is yours, quit (Ctrl-C), run `sudo chown {you} {file}` and `chmod 600 {file}` in a shell and start vibes again.",
  ]

  static let german: [VaultRecoveryL10n: String] = [
    .title: "Der Geheimnis-Tresor lässt sich nicht öffnen",
    .keyMissing:
      "Der Tresor {vault} ist da, aber seine Schlüsseldatei {key} fehlt. Ohne sie lassen sich die gespeicherten Schlüssel nicht lesen.",
    .keyInvalid:
      "Die Schlüsseldatei {key} ist kein gültiger Schlüssel, daher lässt sich der Tresor {vault} nicht lesen.",
    .corrupted:
      "Der Tresor {vault} lässt sich mit dem Schlüssel {key} nicht entschlüsseln: er ist beschädigt oder gehört zu einem anderen Schlüssel.",
    .effect:
      "Solange das so ist, zeigt jeder Schritt „nicht eingerichtet“ und nichts kann gespeichert werden. Hast du eine Sicherung der Schlüsseldatei, beende vibes (Strg-C), lege sie nach {key} zurück und starte vibes neu.",
    .offer: "Oder setze den Tresor zurück: vibes löscht ihn und seinen Schlüssel und beginnt einen neuen, leeren.",
    .confirm:
      "{vault} und {key} löschen? Alle darin gespeicherten Schlüssel gehen verloren (Gemini, Ticketmaster, die Spotify-Verbindung, App Store Connect, Tracker); du gibst sie neu ein. y löscht, n behält sie.",
    .resetting: "Der Tresor wird zurückgesetzt…",
    .failed:
      "Der Tresor konnte nicht gelöscht werden. Sieh ins Log oder führe `vibes reset-vault --yes` in einer Shell aus.",
    .done: "Tresor zurückgesetzt: ein neuer Tresor wird verwendet. Richte deine Dienste neu ein.",
    .helpReset: "Tresor zurücksetzen",
    .helpResetConfirm: "Tresor löschen",
    .helpLater: "später",
    .setupCard: "Einrichtung · der Geheimnis-Tresor lässt sich nicht öffnen (starte vibes neu zum Zurücksetzen)",
    .setupCardInsecure:
      "Einrichtung · eine Datei des Geheimnis-Speichers wird wegen ihrer Rechte abgelehnt (starte vibes neu für die Lösung)",
    .insecureMode:
      "Die Schlüsseldatei {file} hat die Rechte {mode}: andere Benutzer dieses Rechners können sie lesen, daher verwendet vibes sie nicht.",
    .insecureOwner:
      "Die Datei {file} gehört einem anderen Benutzer ({owner}), nicht dir ({you}), daher verwendet vibes sie nicht: jemand anderes könnte sie dort abgelegt haben.",
    .insecureEffect:
      "Bis das behoben ist, zeigt jeder Schritt „nicht eingerichtet“ und nichts kann gespeichert werden. Nichts wurde geändert oder gelöscht: deine gespeicherten Schlüssel sind noch im Tresor.",
    .insecureModeFix:
      "Behebung: beende vibes (Strg-C), führe `chmod 600 {file}` in einer Shell aus und starte vibes neu. Könnte jemand anderes die Datei gelesen haben, ersetze außerdem die Schlüssel bei jedem Dienst.",
    .insecureOwnerFix:
      "Behebung: wenn die Datei dir gehört, beende vibes (Strg-C), führe `sudo chown {you} {file}` und `chmod 600 {file}` in einer Shell aus und starte vibes neu.",
  ]
}

extension Localizer {
  public subscript(_ key: VaultRecoveryL10n) -> String { text(key) }
  public func format(_ key: VaultRecoveryL10n, _ values: [String: String]) -> String { text(key, values) }
}
