import VibesCore

/// The view is a pure function of state and size: `AppView.render(state, localizer)` -> Grid.
public enum AppView {
  public static func render(_ state: AppState, _ t: Localizer) -> Grid {
    ArtworkBox.$isShown.withValue(state.showsArtwork) {
      ArtworkBox.$thumbnailsShown.withValue(state.showsThumbnails) { renderFrame(state, t) }
    }
  }

  static func renderFrame(_ state: AppState, _ t: Localizer) -> Grid {
    var grid = Grid(width: state.size.width, height: state.size.height)
    if ScreenLayout.isTooSmall(state.size) {
      TooSmallScreen.render(into: &grid, size: state.size, t)
      return grid
    }
    Chrome.renderTabBar(
      into: &grid, state.tabs, selected: state.tabs.tabBarTab(for: state.selectedTab), demo: state.isDemo, t)
    // A warning wraps onto up to three status rows; the body gives up those rows and scrolls as it must.
    let status = StatusLine.rows(state, width: grid.width - 2, t)
    let statusRows = max(1, status.count)
    let content = Rect(
      row: ScreenLayout.headerRows, column: 0, width: grid.width,
      height: grid.height - ScreenLayout.headerRows - (ScreenLayout.footerRows - 1) - statusRows)
    // The overlay on top (in `Overlay`'s one order) replaces the tab's screen; else the tab draws.
    let screen = state.tabs.registration(state.selectedTab)?.part(TabScreenPart.self)
    grid.viewport = ScrollView.render(into: &grid, content, scroll: state.context.scroll) { canvas, area in
      switch state.coveringOverlay {
      case .notice?:
        if let notice = state.notice { NoticeOverlay.render(notice, into: &canvas, area, t) }
      case .vaultRecovery?:
        if let recovery = state.vaultRecovery { VaultRecoveryScreen.render(recovery, into: &canvas, area, t) }
      case .tutorial?:
        TutorialScreen.render(state.tutorial, into: &canvas, area, t)
      case .help?, .quitQuestion?, nil:
        screen?.render(state, &canvas, area, t)
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
    // Pictures go where their box is still blank (an overlay drawn over one hides it), with what has loaded.
    grid.resolveImages(state.artwork)
    return grid
  }
}
