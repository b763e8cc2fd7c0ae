import VibesCore

/// The Tracker tab: the configuration form while nothing is configured, else the demo screen;
/// Settings and the event forms are pushed on top.
enum TrackerScreen {
  static func render(_ state: AppState, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    switch state.router.trackerPath.last {
    case .settings(let form)?:
      TrackerFormScreen.render(state, form, isSettings: true, into: &grid, area, t)
    case .event(let form)?:
      TrackerEventFormScreen.render(state, form, into: &grid, area, t)
    case nil:
      if state.tracker.isLoading {
        grid.write(
          t[TrackerL10n.trackerLoading], row: area.row + 1, column: 2, style: Theme.pending)
      } else if let configuration = state.tracker.configuration {
        TrackerDemoScreen.render(state, configuration, into: &grid, area, t)
      } else {
        TrackerFormScreen.render(
          state, state.tracker.setupForm, isSettings: false, into: &grid, area, t)
      }
    }
  }

  static func footer(_ state: AppState, _ t: Localizer) -> String {
    switch state.router.trackerPath.last {
    case .settings(let form)?:
      return form.isBusy ? t[TrackerL10n.trackerFooterBusy] : t[TrackerL10n.trackerFooterSettings]
    case .event?:
      return t[TrackerL10n.trackerFooterEvent]
    case nil:
      if state.tracker.configuration == nil {
        return state.tracker.setupForm.isBusy
          ? t[TrackerL10n.trackerFooterBusy] : t[TrackerL10n.trackerFooterSetup]
      }
      return state.tracker.isConfirmingReset
        ? t[TrackerL10n.trackerFooterConfirm] : t[TrackerL10n.trackerFooterDemo]
    }
  }

  /// Key help for the overlay, screen-specific entries first.
  static func helpEntries(_ state: AppState, _ t: Localizer) -> [(String, String)] {
    switch state.router.trackerPath.last {
    case .event?:
      return [
        ("Tab / Shift-Tab", t[TrackerL10n.trackerHelpNextField]),
        ("Enter / Ctrl-S", t[TrackerL10n.trackerHelpSend]),
        ("Ctrl-U", t[TrackerL10n.trackerHelpClear]), ("Esc", t[TrackerL10n.trackerHelpBack]),
      ]
    case .settings?:
      return formHelp(t) + [("Esc", t[TrackerL10n.trackerHelpBack])]
    case nil:
      if state.tracker.configuration == nil { return formHelp(t) }
      return [
        ("↑ ↓ / j k", t[TrackerL10n.trackerHelpSelect]), ("Enter", t[TrackerL10n.trackerHelpRun]),
      ]
        + TrackerDemoAction.allCases.map { (String($0.shortcut), t.trackerAction($0)) }
    }
  }

  static func formHelp(_ t: Localizer) -> [(String, String)] {
    [
      ("Tab / Shift-Tab", t[TrackerL10n.trackerHelpNextField]),
      ("← → Space", t[TrackerL10n.trackerHelpEnvironment]),
      ("Enter / Ctrl-S", t[TrackerL10n.trackerHelpSubmitForm]),
      ("Ctrl-U", t[TrackerL10n.trackerHelpClear]), ("F1", t[L10n.helpHelp]),
    ]
  }
}
