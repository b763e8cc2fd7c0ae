import Foundation

/// How many Gemini generation requests this computer made today with the key in use, counted locally (Gemini does
/// not report the quota left), and whether Google said the daily quota is used up. Shown on For You, Create and
/// Blend only when near the free tier's daily limit or past it.
public struct GeminiUsage: Sendable, Hashable, Codable {
  /// Requests made today (the user's local day) with this key.
  public var requests: Int
  /// A 429 RESOURCE_EXHAUSTED with a per-day quota id arrived today.
  public var exhausted: Bool
  /// The model in use (its free limit decides what "near" means).
  public var model: String

  public init(requests: Int, exhausted: Bool, model: String) {
    self.requests = max(0, requests)
    self.exhausted = exhausted
    self.model = model
  }

  /// The hint to show, or nil while far from the limit (or the limit of the model is not documented).
  public var hint: LocalizedText? {
    if exhausted { return LocalizedText(GamifyL10n.geminiQuotaUsedUp) }
    guard let limit = GeminiQuota.dailyFreeLimit(model: model), GeminiQuota.isNear(requests, limit: limit) else {
      return nil
    }
    return LocalizedText(GamifyL10n.geminiQuotaNear, ["used": "\(min(requests, limit))", "limit": "\(limit)"])
  }
}

/// The free tier's documented daily limits (../shared/docs/service-facts.md: "Free tier on Flash is about 20
/// requests per day (Flash-Lite more)"), and when a count is near one.
public enum GeminiQuota {
  /// Within this share of the limit counts as near (the last 20 %).
  public static let nearShare = 0.8

  /// About 20 a day for the Flash models (`gemini-2.5-flash`, `gemini-flash-latest`); nil where no number is
  /// documented (Flash-Lite "more", Pro, others): no near hint then, only the used-up one after a 429.
  public static func dailyFreeLimit(model: String) -> Int? {
    let name = model.lowercased()
    guard name.contains("flash"), !name.contains("lite") else { return nil }
    return 20
  }

  /// True from `ceil(limit × nearShare)` requests on (16 of 20).
  public static func isNear(_ requests: Int, limit: Int) -> Bool {
    limit > 0 && requests >= Int((Double(limit) * nearShare).rounded(.up))
  }

  /// A stable, non-reversible id for a key (FNV-1a, 64 bits, hex), so requests are counted per key without the key
  /// ever being stored.
  public static func keyID(_ key: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    return String(hash, radix: 16)
  }
}
