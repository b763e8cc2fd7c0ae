import Foundation

/// Which Gemini model generates playlists: `VIBES_GEMINI_MODEL`, else a `gemini-model = …` line in the config file
/// (`$XDG_CONFIG_HOME/vibes/config`), else `gemini-flash-latest`.
public struct GeminiModelSetting: Sendable, Equatable {
  public static let defaultModel = "gemini-flash-latest"
  public static let environmentVariable = "VIBES_GEMINI_MODEL"
  public static let configKey = "gemini-model"

  /// A valid model id (letters, digits, `-`, `.`, `_`; an optional leading "models/" is dropped).
  public var model: String
  /// The configured value that was refused (not a valid model name), so the UI can say why the default is used.
  public var rejectedValue: String?

  public init(model: String = defaultModel, rejectedValue: String? = nil) {
    self.model = model
    self.rejectedValue = rejectedValue
  }

  /// Environment first, then the config file (same `key = value` reader as the Spotify settings).
  public static func load(environment: [String: String], configFile: URL?) -> GeminiModelSetting {
    let fromEnvironment = environment[environmentVariable]?.trimmingCharacters(in: .whitespacesAndNewlines)
    let raw: String?
    if let fromEnvironment, !fromEnvironment.isEmpty {
      raw = fromEnvironment
    } else {
      let file = configFile.flatMap { try? String(contentsOf: $0, encoding: .utf8) }
      raw = file.map(SpotifyConfiguration.parseConfig)?[configKey].flatMap { $0.isEmpty ? nil : $0 }
    }
    guard let raw else { return GeminiModelSetting() }
    guard let model = validModelName(raw) else {
      return GeminiModelSetting(rejectedValue: String(raw.prefix(80)))
    }
    return GeminiModelSetting(model: model)
  }

  /// The model id if `raw` is one (1–100 of letters, digits, `-._`, optional "models/" prefix), else nil.
  public static func validModelName(_ raw: String) -> String? {
    var name = raw.trimmingCharacters(in: .whitespaces)
    if name.hasPrefix("models/") { name.removeFirst("models/".count) }
    let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._")
    guard (1...100).contains(name.count), name.allSatisfy({ allowed.contains($0) }),
      name.first != ".", !name.contains("..")
    else { return nil }
    return name
  }
}
