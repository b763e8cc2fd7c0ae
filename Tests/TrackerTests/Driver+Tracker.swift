import VibesCore
import VibesTestSupport
import VibesUI

extension Driver {
  /// The shared driver on the Tracker tab once the saved configuration (nil: none) has loaded; the caller says
  /// how strictly its own steps are checked (loading the configuration is the premise, not checked).
  static func tracker(_ exhaustivity: Exhaustivity, configuration: TrackerConfiguration? = nil) -> Driver {
    var driver = Driver(exhaustivity)
    driver.state.selectedTab = .tracker
    driver.arrange {
      $0.send(
        .tracker(
          .configurationLoaded(
            configuration, apiURLs: [.qc: "http://qc.test/api", .production: "http://prod.test/api"])))
      // The premise of the form's tests: the user went into the form's first field (the load leaves the focus on
      // Initialize, as arriving does).
      if configuration == nil { $0.state.tracker.setupForm.focus = TrackerForm().focus }
    }
    return driver
  }

  /// The screen as the user sees it, in English.
  var screen: String { AppView.render(state, Localizer(.en)).lines.joined(separator: "\n") }

  /// The Tracker form in front: the settings form, or the setup form while nothing is configured.
  var form: TrackerForm? {
    if case .settings(let form)? = state.tracker.path.last { return form }
    return state.tracker.path.isEmpty && state.tracker.configuration == nil ? state.tracker.setupForm : nil
  }

  /// Fills the setup form and presses Ctrl-S; returns the request id of the initialization asked for.
  mutating func submit(key: String, brand: String) -> Int? {
    type(key)
    press(.tab)
    type(brand)
    let produced = press(.ctrl("s"))
    guard case .initialize(let id, _, true)? = produced.first?.trackerEffect else { return nil }
    return id
  }
}
