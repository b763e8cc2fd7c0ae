import Foundation

/// Remembers what a pure piece of rendering computed for the inputs it was given, so a frame that draws the same
/// chrome as the last one (the footer's fitted key line, the tab bar's fitted labels: the same on nearly every key)
/// looks it up instead of measuring and shortening strings again. Keyed by the whole input value, so a hit returns
/// exactly what computing would; at most `capacity` entries (all dropped when full: the working set is a handful).
final class RenderMemo<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
  // @unchecked: every access to `entries` holds `lock` (views may render off the main actor in tests).
  private let lock = NSLock()
  private var entries: [Key: Value] = [:]
  private let capacity: Int

  init(capacity: Int = 32) { self.capacity = capacity }

  /// The value remembered for `key`, else `compute()`'s, remembered.
  func value(_ key: Key, _ compute: () -> Value) -> Value {
    if let hit = lock.withLock({ entries[key] }) { return hit }
    let value = compute()
    lock.withLock {
      if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
      entries[key] = value
    }
    return value
  }
}
