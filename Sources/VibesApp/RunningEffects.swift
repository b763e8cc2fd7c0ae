import Foundation

/// The effects in flight, by the request id that cancels them. Several effects may share an id (a feature that
/// starts a request and its timer under one id): `cancel` stops all of them, and one finishing never drops
/// another's handle. (Keeping one task per id let a second effect replace the first's handle, so Esc could not
/// stop a Gemini call whose elapsed-time timer shared its id; and the first one finishing removed the second's.)
struct RunningEffects {
  private var tasks: [Int: [UUID: Task<Void, Never>]] = [:]

  /// Records `task` under `id`; returns the token `finished` takes.
  mutating func add(_ task: Task<Void, Never>, id: Int, token: UUID = UUID()) {
    tasks[id, default: [:]][token] = task
  }

  /// The task under `token` ended: forget it, and the id once nothing runs under it.
  mutating func finished(_ id: Int, token: UUID) {
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
