/// A feature's own action or effect, carried through `AppAction.feature` / `AppEffect.feature` with the
/// tab it belongs to, so adding a feature adds no case to the central enums. Only the owning feature (and
/// its effect runner) opens the box, with the type it declared.
public struct FeatureMessage: @unchecked Sendable, Hashable, CustomStringConvertible {
  // @unchecked: `base` only ever holds the Sendable value given to `init`.
  public let tab: TabID
  private let base: AnyHashable
  /// For effects: the request id `AppEffect.cancel` stops it by.
  public let cancellationID: Int?

  public init<Value: Sendable & Hashable>(_ tab: TabID, _ value: Value, cancellationID: Int? = nil) {
    self.tab = tab
    self.base = AnyHashable(value)
    self.cancellationID = cancellationID
  }

  /// The carried value, if it is a `Value`.
  public func value<Value>(as type: Value.Type = Value.self) -> Value? { base.base as? Value }

  public var description: String { "\(tab)(\(base.base))" }
}

/// A feature effect that may be cancellable.
public protocol CancellableEffect: Sendable, Hashable {
  /// The request id `AppEffect.cancel` stops this effect by, if any.
  var cancellationID: Int? { get }
}
