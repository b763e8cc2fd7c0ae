/// The three services the Feed's setup checklist walks a user through, in checklist order.
public enum SetupStep: String, CaseIterable, Sendable, Hashable, Codable {
  case spotify
  case gemini
  case ticketmaster
}
