import VibesCore

/// The frame around every screen: tab bar on top, status line and key footer at the bottom.
enum Chrome {
  static func renderTabBar(into grid: inout Grid, selected: Tab, _ t: Localizer) {
    var column = 1
    column += grid.write(t[.appName], row: 0, column: column, style: Theme.title) + 2
    for tab in Tab.allCases {
      let label = " \(tab.rawValue) \(title(tab, t)) "
      let style = tab == selected ? Theme.selected : Theme.hint
      column += grid.write(label, row: 0, column: column, style: style) + 1
    }
    grid.write(String(repeating: "─", count: grid.width), row: 1, column: 0, style: Theme.hint)
  }

  static func title(_ tab: Tab, _ t: Localizer) -> String {
    switch tab {
    case .feed: return t[.tabFeed]
    case .appStoreConnect: return t[.tabAppStoreConnect]
    case .tracker: return t[.tabTracker]
    }
  }

  static func renderStatus(into grid: inout Grid, _ state: AppState, _ t: Localizer) {
    guard let notice = state.notice else { return }
    let style: CellStyle
    switch notice {
    case .noBrowser, .storageUnavailable: style = Theme.warning
    case .saved, .savedCityWithEvents, .savedCityWithoutEvents, .removed: style = Theme.complete
    default: style = .plain
    }
    grid.write(t.notice(notice), row: grid.height - 2, column: 1, style: style, maxWidth: grid.width - 2)
  }

  static func renderFooter(into grid: inout Grid, _ text: String) {
    grid.write(text, row: grid.height - 1, column: 1, style: Theme.hint, maxWidth: grid.width - 2)
  }

  static func footer(for state: AppState, _ t: Localizer) -> String {
    switch state.router.selectedTab {
    case .appStoreConnect: return AppStoreConnectScreen.footer(state, t)
    case .tracker: return TrackerScreen.footer(state, t)
    case .feed:
      switch state.router.feedPath.last {
      case nil: return t[.footerFeed]
      case .checklist: return t[.footerChecklist]
      case .spotify(let connect): return SpotifyScreen.footer(state, connect, t)
      case .credentialForm(let form):
        switch form.phase {
        case .validating, .saving, .removing: return t[.footerFormBusy]
        case .confirmingRemoval: return t[.footerConfirm]
        default: return t[.footerForm]
        }
      }
    }
  }
}
