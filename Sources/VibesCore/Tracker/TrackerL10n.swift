/// Every user-facing text of the Tracker tab, by key (English and German; a test audits both).
public enum TrackerL10n: String, LocalizedKey {
  case trackerSetupTitle
  case trackerSettingsTitle
  case trackerIntro
  case trackerFieldAPIKey
  case trackerFieldBrandID
  case trackerFieldUserID
  case trackerFieldEnvironment
  case trackerOptionalHint
  case trackerEnvQC
  case trackerEnvProduction
  case trackerSelectedWord
  case trackerButtonInitialize
  case trackerInitializeDisabled
  case trackerErrorAPIKeyRequired
  case trackerErrorBrandIDRequired
  case trackerInitializing
  case trackerFailureConnect
  case trackerFailureAPIKey
  case trackerFailureBrandID
  case trackerFailureServer
  case trackerFailureRejected
  case trackerFailureUnreadable
  case trackerFailureRateLimited
  case trackerFailureRateLimitedFor
  case trackerRetryHint
  case trackerFailureStorage
  case trackerKeptHint
  case trackerLoading
  case trackerDemoTitle
  case trackerStatusEnvironment
  case trackerStatusAPIURL
  case trackerStatusBrandID
  case trackerStatusUserID
  case trackerStatusInitializedAt
  case trackerStatusLastError
  case trackerStatusQueue
  case trackerNone
  case trackerNotInitialized
  case trackerInitializingShort
  case trackerActionCustom
  case trackerActionScreen
  case trackerActionIdentify
  case trackerActionFlush
  case trackerActionSettings
  case trackerActionReset
  case trackerLogTitle
  case trackerLogEmpty
  case trackerLogInitialized
  case trackerLogInitFailed
  case trackerLogSent
  case trackerLogQueued
  case trackerLogDropped
  case trackerLogStopped
  case trackerLogFlushed
  case trackerLogQueueUnavailable
  case trackerLogKeptForSession
  case trackerConfirmReset
  case trackerResetting
  case trackerEventCustomTitle
  case trackerEventScreenTitle
  case trackerEventIdentifyTitle
  case trackerFieldEventName
  case trackerFieldScreenName
  case trackerFieldIdentifyUser
  case trackerFieldProperties
  case trackerFieldTraits
  case trackerPropertiesHint
  case trackerButtonSend
  case trackerErrorEventNameRequired
  case trackerErrorScreenRequired
  case trackerErrorUserRequired
  case trackerErrorProperties
  case trackerHelpNextField
  case trackerHelpSubmitForm
  case trackerHelpClear
  case trackerHelpEnvironment
  case trackerHelpBack
  case trackerHelpSelect
  case trackerHelpRun
  case trackerHelpSend
  case trackerRetryNowHint

  public static func table(for language: Language) -> [TrackerL10n: String] {
    switch language {
    case .en: return english
    case .de: return german
    }
  }

  static let english: [TrackerL10n: String] = [
    .trackerSetupTitle: "Tracking SDK · configuration",
    .trackerSettingsTitle: "Tracking SDK · settings",
    .trackerIntro:
      "Enter the credentials of your tracking API, pick the environment and initialize the SDK.",
    .trackerFieldAPIKey: "API Key",
    .trackerFieldBrandID: "Brand ID",
    .trackerFieldUserID: "User ID",
    .trackerFieldEnvironment: "Environment",
    .trackerOptionalHint: "optional, for testing",
    .trackerEnvQC: "QC",
    .trackerEnvProduction: "Production",
    .trackerSelectedWord: "selected",
    .trackerButtonInitialize: "Initialize",
    .trackerInitializeDisabled: "needs API Key and Brand ID",
    .trackerErrorAPIKeyRequired: "API Key is required",
    .trackerErrorBrandIDRequired: "Brand ID is required",
    .trackerInitializing: "Initializing the SDK…",
    .trackerFailureConnect: "Failed to connect to API. Check your API URL and network connection.",
    .trackerFailureAPIKey: "Invalid API Key. Please check your credentials.",
    .trackerFailureBrandID: "Invalid Brand ID. Please verify and try again.",
    .trackerFailureServer: "The tracking API had a problem (HTTP {status}). Try again later.",
    .trackerFailureRejected: "The tracking API refused the request (HTTP {status}).",
    .trackerFailureUnreadable: "The tracking API sent an answer that could not be read. Try again in a moment.",
    .trackerFailureRateLimited: "The tracking API is limiting requests (HTTP 429). Try again in a moment.",
    .trackerFailureRateLimitedFor: "The tracking API is limiting requests (HTTP 429). Try again in {seconds} s.",
    .trackerRetryHint: "Your entries are fine and kept: press Initialize again after the wait.",
    .trackerFailureStorage: "The configuration could not be saved or cleared.",
    .trackerKeptHint: "Your entries are kept: correct them and initialize again.",
    .trackerLoading: "Reading the saved configuration…",
    .trackerDemoTitle: "Tracking SDK · demo",
    .trackerStatusEnvironment: "Environment",
    .trackerStatusAPIURL: "API URL",
    .trackerStatusBrandID: "Brand ID",
    .trackerStatusUserID: "User ID",
    .trackerStatusInitializedAt: "Initialized at",
    .trackerStatusLastError: "Last error",
    .trackerStatusQueue: "Queued events",
    .trackerNone: "none",
    .trackerNotInitialized: "✗ not initialized",
    .trackerInitializingShort: "… initializing",
    .trackerActionCustom: "Track a custom event",
    .trackerActionScreen: "Track a screen view",
    .trackerActionIdentify: "Identify a user",
    .trackerActionFlush: "Flush the queue",
    .trackerActionSettings: "Settings",
    .trackerActionReset: "Reset configuration",
    .trackerLogTitle: "Log",
    .trackerLogEmpty: "Nothing sent yet.",
    .trackerLogInitialized: "✓ SDK initialized ({environment})",
    .trackerLogInitFailed: "✗ initialization failed: {reason}",
    .trackerLogSent: "✓ {event} accepted (HTTP {status})",
    .trackerLogQueued: "⏸ {event} queued: it is sent when the API answers again",
    .trackerLogDropped: "✗ {event} refused (HTTP {status}) and dropped",
    .trackerLogStopped: "✗ sending paused: {reason}",
    .trackerLogFlushed: "Flush: {sent} sent, {remaining} still queued",
    .trackerLogQueueUnavailable: "✗ the local queue cannot be written",
    .trackerLogKeptForSession: "! the configuration could not be saved: it is used for this session only",
    .trackerConfirmReset:
      "Reset clears the API key, the settings and {count} queued events. Reset? y / n",
    .trackerResetting: "Resetting…",
    .trackerEventCustomTitle: "Track a custom event",
    .trackerEventScreenTitle: "Track a screen view",
    .trackerEventIdentifyTitle: "Identify a user",
    .trackerFieldEventName: "Event name",
    .trackerFieldScreenName: "Screen name",
    .trackerFieldIdentifyUser: "User ID",
    .trackerFieldProperties: "Properties",
    .trackerFieldTraits: "Traits",
    .trackerPropertiesHint: "key=value, key2=value2 (optional)",
    .trackerButtonSend: "Send",
    .trackerErrorEventNameRequired: "Event name is required",
    .trackerErrorScreenRequired: "Screen name is required",
    .trackerErrorUserRequired: "User ID is required",
    .trackerErrorProperties: "Cannot read \"{pair}\": write key=value",
    .trackerHelpNextField: "Next / previous field",
    .trackerHelpSubmitForm: "initialize",
    .trackerHelpClear: "Clear the field",
    .trackerHelpEnvironment: "environment",
    .trackerHelpBack: "Back / cancel",
    .trackerHelpSelect: "Select an action",
    .trackerHelpRun: "run",
    .trackerHelpSend: "send",
    .trackerRetryNowHint: "Your entries are kept; this was not about them: press Initialize again to retry.",
  ]

  static let german: [TrackerL10n: String] = [
    .trackerSetupTitle: "Tracking-SDK · Konfiguration",
    .trackerSettingsTitle: "Tracking-SDK · Einstellungen",
    .trackerIntro:
      "Gib die Zugangsdaten deiner Tracking-API ein, wähle die Umgebung und initialisiere das SDK.",
    .trackerFieldAPIKey: "API-Schlüssel",
    .trackerFieldBrandID: "Brand-ID",
    .trackerFieldUserID: "User-ID",
    .trackerFieldEnvironment: "Umgebung",
    .trackerOptionalHint: "optional, zum Testen",
    .trackerEnvQC: "QC",
    .trackerEnvProduction: "Produktion",
    .trackerSelectedWord: "ausgewählt",
    .trackerButtonInitialize: "Initialisieren",
    .trackerInitializeDisabled: "braucht API-Schlüssel und Brand-ID",
    .trackerErrorAPIKeyRequired: "API-Schlüssel ist erforderlich",
    .trackerErrorBrandIDRequired: "Brand-ID ist erforderlich",
    .trackerInitializing: "Das SDK wird initialisiert…",
    .trackerFailureConnect:
      "Keine Verbindung zur API. Prüfe die API-URL und die Netzwerkverbindung.",
    .trackerFailureAPIKey: "Ungültiger API-Schlüssel. Bitte prüfe deine Zugangsdaten.",
    .trackerFailureBrandID: "Ungültige Brand-ID. Bitte prüfen und erneut versuchen.",
    .trackerFailureServer:
      "Die Tracking-API hatte ein Problem (HTTP {status}). Versuche es später erneut.",
    .trackerFailureRejected: "Die Tracking-API hat die Anfrage abgelehnt (HTTP {status}).",
    .trackerFailureUnreadable:
      "Die Tracking-API hat eine Antwort geschickt, die sich nicht lesen ließ. Versuche es gleich erneut.",
    .trackerFailureRateLimited:
      "Die Tracking-API begrenzt gerade die Anfragen (HTTP 429). Versuche es gleich erneut.",
    .trackerFailureRateLimitedFor:
      "Die Tracking-API begrenzt gerade die Anfragen (HTTP 429). Versuche es in {seconds} s erneut.",
    .trackerRetryHint: "Deine Eingaben sind in Ordnung und bleiben erhalten: initialisiere nach der Wartezeit erneut.",
    .trackerFailureStorage: "Die Konfiguration konnte nicht gespeichert oder gelöscht werden.",
    .trackerKeptHint: "Deine Eingaben bleiben erhalten: korrigiere sie und initialisiere erneut.",
    .trackerLoading: "Die gespeicherte Konfiguration wird gelesen…",
    .trackerDemoTitle: "Tracking-SDK · Demo",
    .trackerStatusEnvironment: "Umgebung",
    .trackerStatusAPIURL: "API-URL",
    .trackerStatusBrandID: "Brand-ID",
    .trackerStatusUserID: "User-ID",
    .trackerStatusInitializedAt: "Initialisiert um",
    .trackerStatusLastError: "Letzter Fehler",
    .trackerStatusQueue: "Wartende Events",
    .trackerNone: "keiner",
    .trackerNotInitialized: "✗ nicht initialisiert",
    .trackerInitializingShort: "… wird initialisiert",
    .trackerActionCustom: "Eigenes Event senden",
    .trackerActionScreen: "Screen-View senden",
    .trackerActionIdentify: "Nutzer identifizieren",
    .trackerActionFlush: "Warteschlange senden",
    .trackerActionSettings: "Einstellungen",
    .trackerActionReset: "Konfiguration zurücksetzen",
    .trackerLogTitle: "Protokoll",
    .trackerLogEmpty: "Noch nichts gesendet.",
    .trackerLogInitialized: "✓ SDK initialisiert ({environment})",
    .trackerLogInitFailed: "✗ Initialisierung fehlgeschlagen: {reason}",
    .trackerLogSent: "✓ {event} angenommen (HTTP {status})",
    .trackerLogQueued: "⏸ {event} wartet: es wird gesendet, sobald die API wieder antwortet",
    .trackerLogDropped: "✗ {event} abgelehnt (HTTP {status}) und verworfen",
    .trackerLogStopped: "✗ Senden pausiert: {reason}",
    .trackerLogFlushed: "Senden: {sent} gesendet, {remaining} warten noch",
    .trackerLogQueueUnavailable: "✗ die lokale Warteschlange kann nicht geschrieben werden",
    .trackerLogKeptForSession:
      "! die Konfiguration konnte nicht gespeichert werden: sie gilt nur für diese Sitzung",
    .trackerConfirmReset:
      "Zurücksetzen löscht den API-Schlüssel, die Einstellungen und {count} wartende Events. Zurücksetzen? y / n",
    .trackerResetting: "Wird zurückgesetzt…",
    .trackerEventCustomTitle: "Eigenes Event senden",
    .trackerEventScreenTitle: "Screen-View senden",
    .trackerEventIdentifyTitle: "Nutzer identifizieren",
    .trackerFieldEventName: "Event-Name",
    .trackerFieldScreenName: "Screen-Name",
    .trackerFieldIdentifyUser: "User-ID",
    .trackerFieldProperties: "Eigenschaften",
    .trackerFieldTraits: "Merkmale",
    .trackerPropertiesHint: "schlüssel=wert, schlüssel2=wert2 (optional)",
    .trackerButtonSend: "Senden",
    .trackerErrorEventNameRequired: "Event-Name ist erforderlich",
    .trackerErrorScreenRequired: "Screen-Name ist erforderlich",
    .trackerErrorUserRequired: "User-ID ist erforderlich",
    .trackerErrorProperties: "\"{pair}\" ist unlesbar: schreibe schlüssel=wert",
    .trackerHelpNextField: "Nächstes / voriges Feld",
    .trackerHelpSubmitForm: "initialisieren",
    .trackerHelpClear: "Feld leeren",
    .trackerHelpEnvironment: "Umgebung",
    .trackerHelpBack: "Zurück / abbrechen",
    .trackerHelpSelect: "Aktion wählen",
    .trackerHelpRun: "ausführen",
    .trackerHelpSend: "senden",
    .trackerRetryNowHint:
      "Deine Eingaben bleiben erhalten; an ihnen lag es nicht: initialisiere erneut, um es noch einmal zu versuchen.",
  ]
}

extension Localizer {
  public subscript(_ key: TrackerL10n) -> String { text(key) }
  public func format(_ key: TrackerL10n, _ values: [String: String]) -> String { text(key, values) }
}
