import VibesCore

/// Every tab, in tab-bar order (the number keys follow it): the one place a tab is registered.
public enum AppTabs {
  public static let modules: [any TabModule.Type] = [
    FeedModule.self,
    ExploreModule.self,
    CreateModule.self,
    ProfileModule.self,
    PeopleModule.self,
    GamifyModule.self,
    AppStoreConnectModule.self,
    TrackerModule.self,
    InboxModule.self,
    SongMenuModule.self,
  ]

  /// The list the core and the UI read (`AppState.tabs`).
  public static let list = TabList(modules: modules)
}

extension AppState {
  /// A first-launch state with every registered tab.
  public init(size: ScreenSize = ScreenSize(width: 80, height: 24)) {
    self.init(size: size, tabs: AppTabs.list)
  }
}
