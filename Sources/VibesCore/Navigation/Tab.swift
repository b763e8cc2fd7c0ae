/// The top-level tabs, in the order of their number keys (1, 2, 3).
public enum Tab: Int, CaseIterable, Sendable, Hashable {
  case feed = 1
  case appStoreConnect = 2
  case tracker = 3
}
