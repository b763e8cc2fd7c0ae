import VibesCore
import VibesTestSupport

extension Driver {
  /// The Feed tab's open credential form (Gemini, Ticketmaster), if any.
  var form: CredentialForm? { state.feed.topForm }
}
