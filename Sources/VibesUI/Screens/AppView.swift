import VibesCore

/// The view is a pure function of state and size: `AppView.render(state, localizer)` -> Grid.
public enum AppView {
  public static func render(_ state: AppState, _ t: Localizer) -> Grid {
    var grid = Grid(width: state.size.width, height: state.size.height)
    if ScreenLayout.isTooSmall(state.size) {
      TooSmallScreen.render(into: &grid, size: state.size, t)
      return grid
    }
    Chrome.renderTabBar(into: &grid, selected: state.router.selectedTab, t)
    let content = Rect(
      row: ScreenLayout.headerRows, column: 0, width: grid.width,
      height: grid.height - ScreenLayout.headerRows - ScreenLayout.footerRows)

    switch state.router.selectedTab {
    case .feed:
      switch state.router.feedPath.last {
      case nil: FeedScreen.render(state, into: &grid, content, t)
      case .checklist(let checklist): ChecklistScreen.render(state, checklist, into: &grid, content, t)
      case .spotify(let connect): SpotifyScreen.render(state, connect, into: &grid, content, t)
      case .credentialForm(let form): FormScreen.render(state, form, into: &grid, content, t)
      }
    case .appStoreConnect:
      AppStoreConnectScreen.render(state, into: &grid, content, t)
    case .tracker:
      TrackerScreen.render(state, into: &grid, content, t)
    }

    Chrome.renderStatus(into: &grid, state, t)
    Chrome.renderFooter(into: &grid, Chrome.footer(for: state, t))
    if state.isHelpVisible {
      grid.cursor = nil
      HelpOverlay.render(into: &grid, entries: HelpOverlay.entries(for: state, t), t)
    }
    return grid
  }
}
