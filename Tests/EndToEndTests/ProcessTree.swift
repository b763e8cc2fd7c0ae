import Foundation

/// Finds a pane's child processes through /proc, to signal the app and not the shell around it.
enum ProcessTree {
  static func parent(of pid: Int32) -> Int32? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    return fields.count > 1 ? Int32(fields[1]) : nil
  }

  static func name(of pid: Int32) -> String {
    ((try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? "")
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  static func descendants(of root: Int32) -> [Int32] {
    let all = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { Int32($0) }
    var result: [Int32] = []
    var frontier: Set<Int32> = [root]
    while !frontier.isEmpty {
      let children = all.filter { pid in parent(of: pid).map(frontier.contains) ?? false }
      result += children
      frontier = Set(children)
    }
    return result
  }
}
