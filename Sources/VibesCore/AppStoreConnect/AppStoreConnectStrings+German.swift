extension AppStoreConnectStrings {
  static let german: [AppStoreConnectL10n: String] = [
    .ascLoading: "App-Store-Connect-Einstellungen werden gelesen…",
    .ascSetupTitle: "App Store Connect verbinden",
    .ascSetupIntro:
      "Mit einem App-Store-Connect-API-Schlüssel liest vibes deine Apps bei Apple. Erstelle einen Teamschlüssel (Benutzer und Zugriff › Integrationen › App Store Connect API) und gib dann Issuer-ID, Schlüssel-ID und die geladene .p8-Datei ein.",
    .ascSetupLocalOnly:
      "Der Schlüssel bleibt nur auf diesem Gerät: Er liegt in deinem Geheimnisspeicher und wird nie verschickt; vibes schickt Apple nur kurzlebige, damit signierte Token.",
    .ascSetupDelay: "Verkaufsdaten kommen mit ein bis zwei Tagen Verzögerung (T+1 / T+2).",
    .ascLinkLabel: "Schlüssel erstellen:",
    .ascLinkKeys: "Strg-O öffnet den Link · Strg-Y kopiert ihn",
    .ascFieldIssuerID: "Issuer-ID",
    .ascFieldKeyID: "Schlüssel-ID",
    .ascFieldPrivateKey: "Privater Schlüssel",
    .ascPlaceholderIssuerID: "z. B. 57246542-96fe-1a63-e053-0824d011072a",
    .ascPlaceholderKeyID: "z. B. 2X9R4HXF34",
    .ascPlaceholderPrivateKey: ".p8-Inhalt einfügen oder den Pfad zu AuthKey_….p8 tippen",
    .ascHelperIssuerID: "Steht in App Store Connect über der Liste der Schlüssel.",
    .ascHelperKeyID:
      "Die 10-stellige ID des Schlüssels (wird aus einem Dateinamen AuthKey_<KEYID>.p8 übernommen).",
    .ascHelperPrivateKey: "Der Schlüssel wird nie wieder angezeigt, nur sein Fingerabdruck.",
    .ascKeyLoaded: "Privater Schlüssel geladen · {curve} · SHA256-Fingerabdruck {fingerprint}",
    .ascKeyReading: "Schlüssel wird gelesen…",
    .ascKeyEntered:
      "Schlüsseltext eingegeben ({count} Zeichen) · wird beim Verlassen des Felds geprüft",
    .ascKeyFromFile: "aus {file}",
    .ascButtonConnect: "Prüfen & verbinden",
    .ascButtonRetry: "Erneut versuchen",
    .ascVerifying: "Prüfung bei App Store Connect läuft…",
    .ascErrorRequired: "Pflichtfeld.",
    .ascErrorIssuerFormat: "Eine Issuer-ID sieht so aus: 57246542-96fe-1a63-e053-0824d011072a.",
    .ascErrorKeyIDFormat:
      "Eine Schlüssel-ID besteht aus etwa 10 Buchstaben und Ziffern, z. B. 2X9R4HXF34.",
    .ascFailureMalformedKey:
      "Das ist kein gültiger privater App-Store-Connect-Schlüssel. Füge die ganze .p8-Datei (mit BEGIN/END-Zeilen) oder ihren Pfad ein.",
    .ascFailureKeyFileUnreadable:
      "Die Schlüsseldatei ließ sich nicht lesen. Prüfe den Pfad und die Zugriffsrechte.",
    .ascFailureNotAuthorized:
      "App Store Connect hat diese Zugangsdaten nicht angenommen. Prüfe Issuer-ID und Schlüssel-ID, oder ob der Schlüssel widerrufen wurde.",
    .ascFailureRoleTooLow:
      "Die Rolle dieses Schlüssels darf keine Apps lesen. Erstelle einen Schlüssel mit höherer Rolle (z. B. App-Manager).",
    .ascFailureAgreement:
      "Apple verlangt, dass du in App Store Connect eine aktualisierte Vereinbarung akzeptierst, bevor die API nutzbar ist.",
    .ascFailureRateLimited:
      "App Store Connect begrenzt gerade die Anfragen. Versuche es in ein paar Minuten erneut.",
    .ascFailureRateLimitedFor:
      "App Store Connect begrenzt gerade die Anfragen. Versuche es in {seconds} s erneut.",
    .ascFailureServer: "App Store Connect hat gerade ein Problem. Versuche es später erneut.",
    .ascFailureUnexpected:
      "App Store Connect hat unerwartet geantwortet. Versuche es später erneut.",
    .ascFailureStorage: "Die Zugangsdaten konnten auf diesem Gerät nicht gespeichert werden.",
    .ascFailureNotConfigured: "Es sind keine App-Store-Connect-Zugangsdaten gespeichert.",
    .ascNothingSaved: "Es wurde nichts gespeichert.",
    .ascRetryHint: "Strg-R versucht es erneut.",
    .ascDashboardTitle: "App Store Connect",
    .ascAppsCount: "{count} Apps",
    .ascAppsCountOne: "1 App",
    .ascLastSync: "Zuletzt synchronisiert: {time}",
    .ascNeverSynced: "Noch nicht synchronisiert",
    .ascSyncing: "Synchronisiere… bisher {apps}",
    .ascSyncFailed: "Synchronisierung fehlgeschlagen: {reason}",
    .ascDelayNote: "Hinweis: Verkaufs- und Trenddaten kommen ein bis zwei Tage später (T+1 / T+2).",
    .ascColumnName: "Name",
    .ascColumnBundleID: "Bundle-ID",
    .ascColumnSKU: "SKU",
    .ascNoApps: "In diesem Konto gibt es noch keine Apps.",
    .ascSettingsTitle: "App-Store-Connect-Einstellungen",
    .ascRemoveButton: "App-Store-Connect-Zugangsdaten entfernen",
    .ascRemoveExplain:
      "Löscht den Schlüssel aus deinem Geheimnisspeicher und alle zwischengespeicherten App-Store-Connect-Daten auf diesem Gerät. Danach musst du die Einrichtung wiederholen.",
    .ascConfirmRemoval:
      "Zugangsdaten und alle zwischengespeicherten Daten entfernen? y entfernt, n behält sie.",
    .ascRemoving: "Wird entfernt…",
    .ascRemovalFailed: "Die Zugangsdaten konnten nicht entfernt werden. Versuche es erneut.",
    .ascBannerRemoved: "App-Store-Connect-Zugangsdaten entfernt.",
    .ascBannerLinkCopied: "Link kopiert.",
    .ascHelpSync: "synchronisieren",
    .ascHelpSettings: "Einstellungen",
    .ascHelpRemove: "entfernen",
    .ascHelpConnect: "Prüfen & verbinden",
    .ascHelpNewline: "Neue Zeile im Schlüsselfeld",
    .ascHelpPath: "Oder den Pfad zur .p8-Datei tippen",
    .ascWidgetNotConfigured: "App Store Connect: nicht eingerichtet",
    .ascWidgetSynced: "App Store Connect: {apps} · synchronisiert {time}",
    .ascWidgetNotSynced: "App Store Connect: verbunden · noch nicht synchronisiert",
    .ascWidgetSyncFailed:
      "App Store Connect: {apps} · Synchronisierung fehlgeschlagen {time}",
  ]
}
