import Foundation
import Synchronization

/// The effects in flight, by the request id that cancels them. Several effects may share an id (a feature that
/// starts a request and its timer under one id): `cancel` stops all of them, and one finishing never drops
/// another's handle. (Keeping one task per id let a second effect replace the first's handle, so Esc could not
/// stop a Gemini call whose elapsed-time timer shared its id; and the first one finishing removed the second's.)
struct RunningEffects {
  private var tasks: [Int: [EffectToken: Task<Void, Never>]] = [:]

  /// Records `task` under `id`; returns the token `finished` takes.
  mutating func add(_ task: Task<Void, Never>, id: Int, token: EffectToken = .next()) {
    tasks[id, default: [:]][token] = task
  }

  /// The task under `token` ended: forget it, and the id once nothing runs under it.
  mutating func finished(_ id: Int, token: EffectToken) {
    tasks[id]?[token] = nil
    if tasks[id]?.isEmpty == true { tasks[id] = nil }
  }

  /// Cancels every effect running under `id`.
  mutating func cancel(_ id: Int) {
    for task in tasks.removeValue(forKey: id)?.values ?? [:].values { task.cancel() }
  }

  /// Cancels everything (the app is quitting).
  mutating func cancelAll() {
    for id in Array(tasks.keys) { cancel(id) }
  }

  /// How many effects run under `id`.
  func count(_ id: Int) -> Int { tasks[id]?.count ?? 0 }
}

/// Names one running effect. A number from a process-wide counter, not a `UUID`: Foundation's `UUID()` opens and
/// reads /dev/urandom on Linux, once per effect — ten times before the first frame (Docs/performance.md, "Issue 26:
/// after `main`").
struct EffectToken: Hashable, Sendable {
  let value: Int

  private static let counter = Atomic<Int>(0)

  /// A token no other call of `next()` in this process returns.
  static func next() -> EffectToken {
    EffectToken(value: counter.add(1, ordering: .relaxed).newValue)
  }
}
