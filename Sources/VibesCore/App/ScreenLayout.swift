/// Layout numbers the reducer needs (how many feed rows are visible) and the renderer uses,
/// kept in one place so scrolling and drawing agree.
public enum ScreenLayout {
  public static let minimumWidth = 48
  public static let minimumHeight = 20
  /// Tab bar and its rule.
  public static let headerRows = 2
  /// Status line and key footer.
  public static let footerRows = 2
  /// The SetupCard box.
  public static let setupCardRows = 3
  /// A blank line and the feed's heading between the card and the list.
  public static let feedHeadingRows = 2

  public static func isTooSmall(_ size: ScreenSize) -> Bool {
    size.width < minimumWidth || size.height < minimumHeight
  }

  /// Rows left for feed items below the SetupCard.
  public static func feedVisibleRows(_ size: ScreenSize) -> Int {
    max(1, size.height - headerRows - footerRows - setupCardRows - feedHeadingRows)
  }
}

public struct ScreenSize: Sendable, Hashable {
  public var width: Int
  public var height: Int
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
}
