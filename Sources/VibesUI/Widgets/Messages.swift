import VibesCore

/// Maps the core's message values to localized text.
extension Localizer {
  public func stepTitle(_ step: SetupStep) -> String {
    switch step {
    case .spotify: return self[.stepSpotifyTitle]
    case .gemini: return self[.stepGeminiTitle]
    case .ticketmaster: return self[.stepTicketmasterTitle]
    }
  }

  public func stepSubtitle(_ step: SetupStep) -> String {
    switch step {
    case .spotify: return self[.stepSpotifySubtitle]
    case .gemini: return self[.stepGeminiSubtitle]
    case .ticketmaster: return self[.stepTicketmasterSubtitle]
    }
  }

  public func stepStatus(_ step: SetupStep, complete: Bool) -> String {
    guard complete else { return self[.statusNotConfigured] }
    return step == .spotify ? self[.statusConnected] : self[.statusConfigured]
  }

  public func fieldLabel(_ id: FieldID) -> String {
    switch id {
    case .apiKey: return self[.fieldAPIKey]
    case .city: return self[.fieldCity]
    case .radius: return self[FeedL10n.fieldRadius]
    }
  }

  public func fieldError(_ error: FieldError) -> String {
    switch error {
    case .required: return self[.errorRequired]
    case .containsWhitespace: return self[.errorWhitespace]
    case .tooShort(let minimum): return format(.errorTooShort, ["count": "\(minimum)"])
    case .tooLong(let maximum): return format(.errorTooLong, ["count": "\(maximum)"])
    case .invalidCharacters: return self[.errorInvalidCharacters]
    // Only App Store Connect uses these checks today; its messages name the expected format.
    case .notUUID: return self[.ascErrorIssuerFormat]
    case .notAlphanumeric: return self[.ascErrorKeyIDFormat]
    }
  }

  public func failure(_ failure: ValidationFailure, step: SetupStep) -> String {
    switch failure {
    case .invalidCredentials:
      return step == .ticketmaster ? self[.failureInvalidTicketmaster] : self[.failureInvalidGemini]
    case .forbidden(let reason):
      guard let reason, !reason.isEmpty else { return self[.failureForbiddenNoReason] }
      return format(.failureForbidden, ["reason": TerminalText.sanitize(reason)])
    case .quotaExceeded(let seconds):
      guard let seconds else { return self[.failureQuota] }
      return format(.failureQuotaRetryAfter, ["seconds": "\(seconds)"])
    case .transport(let transport): return transportFailure(transport, service: stepTitle(step))
    case .serverError(let status): return format(.failureServer, ["status": "\(status)"])
    case .unexpectedStatus(let status): return format(.failureUnexpected, ["status": "\(status)"])
    case .invalidResponse: return self[.failureInvalidResponse]
    case .storageFailed: return self[.failureStorage]
    }
  }

  public func notice(_ notice: Notice) -> String {
    switch notice {
    case .saved(.spotify): return self[.noticeSpotifyConnected]
    case .saved(let step): return format(.noticeSaved, ["step": stepTitle(step)])
    case .savedCityWithoutEvents(let city):
      return format(.noticeSavedCityNoEvents, ["city": TerminalText.sanitize(city)])
    case .savedCityWithEvents(let city, let count):
      return format(.noticeSavedCityEvents, ["city": TerminalText.sanitize(city), "count": "\(count)"])
    case .removed(let step): return format(.noticeRemoved, ["step": stepTitle(step)])
    case .linkOpened: return self[.noticeLinkOpened]
    case .linkCopied: return self[.noticeLinkCopied]
    case .noBrowser: return self[.noticeNoBrowser]
    case .storageUnavailable: return self[.noticeStorageUnavailable]
    case .fieldFull: return self[.noticeFieldFull]
    case .localized(let text, _): return TerminalText.sanitize(self[text])
    case .message(let text): return help(text)
    }
  }
}
