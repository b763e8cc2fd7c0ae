import Foundation

/// What storage says about each setup step. Completion is always derived from these facts
/// (secret present, city saved), never from a stored "done" flag that could drift from the truth.
public struct SetupFacts: Sendable, Hashable {
  /// Steps whose secret is present in the secret store.
  public var storedSecrets: Set<SetupStep>
  /// The saved Ticketmaster city, if any.
  public var ticketmasterCity: String?

  public init(storedSecrets: Set<SetupStep> = [], ticketmasterCity: String? = nil) {
    self.storedSecrets = storedSecrets
    self.ticketmasterCity = ticketmasterCity
  }

  public func isComplete(_ step: SetupStep) -> Bool {
    switch step {
    case .spotify, .gemini:
      return storedSecrets.contains(step)
    case .ticketmaster:
      let city = ticketmasterCity?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
      return storedSecrets.contains(step) && !city.isEmpty
    }
  }

  public var completedCount: Int { SetupStep.allCases.filter(isComplete).count }
  public var totalCount: Int { SetupStep.allCases.count }
  public var isAllComplete: Bool { completedCount == totalCount }
}
