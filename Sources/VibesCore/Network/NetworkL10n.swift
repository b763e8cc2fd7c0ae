/// The text for a `TransportFailure` (English and German): what failed, naming the host.
public enum NetworkL10n: String, LocalizedKey {
  case hostNotFound
  case connectionRefused
  case timedOut
  case secureConnectionFailed
  case proxyFailed
  case connectionLost
  case redirectRefused
  case offline
  case other

  public static func table(for language: Language) -> [NetworkL10n: String] {
    switch language {
    case .en: return english
    case .de: return german
    }
  }

  static let english: [NetworkL10n: String] = [
    .hostNotFound: "Could not find {host}: the name did not resolve (DNS). Check the address and your network.",
    .connectionRefused: "{host} refused the connection: nothing answers at that address and port.",
    .timedOut: "{host} did not answer in time. Try again in a moment.",
    .secureConnectionFailed:
      "The secure connection to {host} failed (TLS or certificate problem). Check the address, the clock and any proxy.",
    .proxyFailed: "The proxy did not pass the connection to {host} through. Check the proxy settings (https_proxy).",
    .connectionLost: "The connection to {host} was lost before an answer came.",
    .redirectRefused:
      "{host} sent the request on to another address. vibes did not follow, so your key or sign-in stayed with {host}. Try again later.",
    .offline: "This computer is not connected to a network (trying {host}).",
    .other: "Could not reach {host}. Check your network connection.",
  ]

  static let german: [NetworkL10n: String] = [
    .hostNotFound:
      "{host} wurde nicht gefunden: der Name ließ sich nicht auflösen (DNS). Prüfe die Adresse und dein Netzwerk.",
    .connectionRefused: "{host} hat die Verbindung abgelehnt: unter dieser Adresse und diesem Port antwortet nichts.",
    .timedOut: "{host} hat nicht rechtzeitig geantwortet. Versuche es gleich noch einmal.",
    .secureConnectionFailed:
      "Die sichere Verbindung zu {host} ist fehlgeschlagen (TLS- oder Zertifikatsproblem). Prüfe die Adresse, die Uhrzeit und einen Proxy.",
    .proxyFailed:
      "Der Proxy hat die Verbindung zu {host} nicht durchgelassen. Prüfe die Proxy-Einstellungen (https_proxy).",
    .connectionLost: "Die Verbindung zu {host} ist abgebrochen, bevor eine Antwort kam.",
    .redirectRefused:
      "{host} hat die Anfrage an eine andere Adresse weitergeleitet. vibes ist ihr nicht gefolgt, dein Schlüssel oder deine Anmeldung blieb bei {host}. Versuche es später noch einmal.",
    .offline: "Dieser Computer ist mit keinem Netzwerk verbunden (Ziel: {host}).",
    .other: "{host} ist nicht erreichbar. Prüfe deine Netzwerkverbindung.",
  ]
}

extension Localizer {
  /// The one message for a request that got no HTTP answer. `service` names the target when the host is unknown.
  public func transportFailure(_ failure: TransportFailure, service: String) -> String {
    let key: NetworkL10n =
      switch failure.kind {
      case .hostNotFound: .hostNotFound
      case .connectionRefused: .connectionRefused
      case .timedOut: .timedOut
      case .secureConnectionFailed: .secureConnectionFailed
      case .proxyFailed: .proxyFailed
      case .connectionLost: .connectionLost
      case .redirectRefused: .redirectRefused
      case .offline: .offline
      case .other: .other
      }
    let host = failure.host.map { TerminalText.sanitize($0) }.flatMap { $0.isEmpty ? nil : $0 } ?? service
    return text(key, ["host": host])
  }
}
