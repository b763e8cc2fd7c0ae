extension SetupStep {
  /// Where a user gets the credential for this step; shown in full and offered as a link.
  public var credentialsURL: String {
    switch self {
    case .spotify: return "https://developer.spotify.com/dashboard"
    case .gemini: return "https://aistudio.google.com/app/apikey"
    case .ticketmaster: return "https://developer.ticketmaster.com/"
    }
  }

  /// Whether this step is set up through a credential form (Spotify uses OAuth instead).
  public var usesCredentialForm: Bool { self != .spotify }
}
