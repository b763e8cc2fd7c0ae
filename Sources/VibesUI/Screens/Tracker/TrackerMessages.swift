import Foundation
import VibesCore

extension Localizer {
  func trackerFailure(_ failure: TrackerFailure) -> String {
    switch failure {
    case .transport(let transport):
      // The protocol's sentence first (Docs/tracker-protocol.md), then what exactly failed.
      return self[TrackerL10n.trackerFailureConnect] + " " + transportFailure(transport, service: "API")
    case .invalidAPIKey: return self[TrackerL10n.trackerFailureAPIKey]
    case .invalidBrandID: return self[TrackerL10n.trackerFailureBrandID]
    case .server(let status):
      return format(TrackerL10n.trackerFailureServer, ["status": String(status)])
    case .rateLimited(let seconds?):
      return format(TrackerL10n.trackerFailureRateLimitedFor, ["seconds": String(seconds)])
    case .rateLimited(nil): return self[TrackerL10n.trackerFailureRateLimited]
    case .rejected(let status):
      return format(TrackerL10n.trackerFailureRejected, ["status": String(status)])
    case .unreadableAnswer: return self[TrackerL10n.trackerFailureUnreadable]
    case .storageFailed: return self[TrackerL10n.trackerFailureStorage]
    }
  }

  func trackerEnvironment(_ environment: TrackerEnvironment) -> String {
    switch environment {
    case .qc: return self[TrackerL10n.trackerEnvQC]
    case .production: return self[TrackerL10n.trackerEnvProduction]
    }
  }

  /// One log line; event names are the user's text and are sanitised here.
  func trackerLog(_ entry: TrackerLogEntry) -> String {
    func clean(_ text: String) -> String { TerminalText.sanitize(text) }
    switch entry {
    case .initialized(let environment):
      return format(
        TrackerL10n.trackerLogInitialized, ["environment": trackerEnvironment(environment)])
    case .initializationFailed(let failure):
      return format(TrackerL10n.trackerLogInitFailed, ["reason": trackerFailure(failure)])
    case .sent(let event, let status):
      return format(TrackerL10n.trackerLogSent, ["event": clean(event), "status": String(status)])
    case .queued(let event):
      return format(TrackerL10n.trackerLogQueued, ["event": clean(event)])
    case .dropped(let event, let status):
      return format(
        TrackerL10n.trackerLogDropped, ["event": clean(event), "status": String(status)])
    case .stopped(let failure):
      return format(TrackerL10n.trackerLogStopped, ["reason": trackerFailure(failure)])
    case .flushed(let sent, let remaining):
      return format(
        TrackerL10n.trackerLogFlushed, ["sent": String(sent), "remaining": String(remaining)])
    case .queueUnavailable:
      return self[TrackerL10n.trackerLogQueueUnavailable]
    case .keptForSession:
      return self[TrackerL10n.trackerLogKeptForSession]
    case .invalidProperties(let pair):
      return format(TrackerL10n.trackerErrorProperties, ["pair": clean(pair)])
    }
  }

  func trackerAction(_ action: TrackerDemoAction) -> String {
    switch action {
    case .customEvent: return self[TrackerL10n.trackerActionCustom]
    case .screenView: return self[TrackerL10n.trackerActionScreen]
    case .identify: return self[TrackerL10n.trackerActionIdentify]
    case .flush: return self[TrackerL10n.trackerActionFlush]
    case .settings: return self[TrackerL10n.trackerActionSettings]
    case .reset: return self[TrackerL10n.trackerActionReset]
    }
  }

  static func trackerTimestamp(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: date)
  }
}
