/// Names a tab. Each feature module declares its own id (`extension TabID { static let tracker … }`);
/// the order and the number keys come from the app's `TabList`, so no central enum grows with every tab.
public struct TabID: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }
  public var description: String { rawValue }
}
