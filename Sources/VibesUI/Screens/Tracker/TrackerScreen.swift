import VibesCore

/// The Tracker tab: the configuration form while nothing is configured, else the demo screen;
/// Settings and the event forms are pushed on top.
public enum TrackerScreen {
  static func render(_ state: AppState, into grid: inout Grid, _ area: Rect, _ t: Localizer) {
    switch state.tracker.path.last {
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
}
