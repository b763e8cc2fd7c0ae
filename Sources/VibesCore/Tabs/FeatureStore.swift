/// Where a tab added later keeps its feature, so adding a tab adds no stored property to `AppState`: the tab
/// declares `extension AppState { var people: PeopleFeature { get { features[PeopleFeature.self] } set { … } } }`
/// in its own folder and registers `\AppState.people` in its `TabModule`. (The first six tabs keep their stored
/// properties.) Only the feature's own type goes in and comes out; a missing entry reads as the feature's start.
public struct FeatureStore: @unchecked Sendable, Hashable {
  // @unchecked: `values` holds only `TabFeature` values, which are Sendable (the subscript is the only way in).
  private var values: [TabID: AnyHashable] = [:]

  public init() {}

  public subscript<Feature: TabFeature>(_ type: Feature.Type) -> Feature {
    get { values[Feature.id]?.base as? Feature ?? Feature() }
    set { values[Feature.id] = AnyHashable(newValue) }
  }
}
