import VibesCore
import VibesTestSupport

extension Driver {
  /// Arranges, unchecked, what every People test starts from: Profile, then `p` opens People and its first load
  /// answers with `lists`.
  mutating func arrangePeople(_ lists: PeopleLists) {
    arrange { driver in
      driver.press(.tabKey(.profile))
      driver.press(.character("p"))
      driver.send(.people(.listsLoaded(requestID: driver.state.people.loading ?? 0, lists, final: true)))
    }
  }

  /// A fresh driver in People with `lists` loaded.
  static func inPeople(_ lists: PeopleLists) -> Driver {
    var driver = Driver()
    driver.arrangePeople(lists)
    return driver
  }
}
