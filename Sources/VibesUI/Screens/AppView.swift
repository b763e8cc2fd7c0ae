import VibesCore

/// The view is a pure function of state and size: `AppView.render(state, localizer)` -> Grid.
public enum AppView {
  public static func render(_ state: AppState, _ t: Localizer) -> Grid {
    var grid = Grid(width: state.size.width, height: state.size.height)
    if ScreenLayout.isTooSmall(state.size) {
      TooSmallScreen.render(into: &grid, size: state.size, t)
      return grid
    }
    Chrome.renderTabBar(into: &grid, selected: state.selectedTab, demo: state.isDemo, t)
    // A warning wraps onto up to three status rows; the body gives up those rows and scrolls as it must.
    let status = StatusLine.rows(state, width: grid.width - 2, t)
    let statusRows = max(1, status.count)
    let content = Rect(
      row: ScreenLayout.headerRows, column: 0, width: grid.width,
      height: grid.height - ScreenLayout.headerRows - (ScreenLayout.footerRows - 1) - statusRows)
    if state.isNoticeOpen, let notice = state.notice {
      grid.viewport = ScrollView.render(into: &grid, content, scroll: state.context.scroll) { canvas, area in
        NoticeOverlay.render(notice, into: &canvas, area, t)
      }
    } else if let recovery = state.vaultRecovery, recovery.isShown {
      grid.viewport = ScrollView.render(into: &grid, content, scroll: state.context.scroll) { canvas, area in
        VaultRecoveryScreen.render(recovery, into: &canvas, area, t)
      }
    } else if state.tutorial.isVisible {
      grid.viewport = ScrollView.render(into: &grid, content, scroll: state.context.scroll) { canvas, area in
        TutorialScreen.render(state.tutorial, into: &canvas, area, t)
      }
    } else if let screen = TabScreens.screen(state.selectedTab) {
      grid.viewport = ScrollView.render(into: &grid, content, scroll: state.context.scroll) { canvas, area in
        screen.render(state, &canvas, area, t)
      }
    }
    // The viewport decides whether PgUp/PgDn scroll, so the footer is drawn from the state it will have.
    var drawn = state
    if let viewport = grid.viewport { drawn.context.viewport = viewport }
    Chrome.renderStatus(into: &grid, status)
    Chrome.renderFooter(into: &grid, drawn.keyHints, t)
    if state.isHelpVisible {
      grid.cursor = nil
      HelpOverlay.render(into: &grid, hints: drawn.keyHints, t)
    }
    return grid
  }
}
