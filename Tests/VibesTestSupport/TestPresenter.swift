import Foundation
import VibesApp
import VibesCore
import VibesTerminal
import VibesUI

/// A screen for `AppRuntime` without a terminal: keeps every frame it is handed (so tests count what was drawn),
/// the text copied, and how often a resize was handled; the test sends the events a terminal would.
@MainActor
public final class TestPresenter: AppPresenter {
  public var size: (width: Int, height: Int)
  /// Every frame presented, oldest first.
  public private(set) var frames: [Grid] = []
  public private(set) var copied: [String] = []
  public private(set) var resizesHandled = 0
  /// Bytes handed over besides the frames, each with the number of frames presented when it went out (after them).
  public private(set) var sentAfterFrames: [SentBytes] = []
  private var pendingBytes: [[UInt8]] = []

  public struct SentBytes: Equatable, Sendable {
    public var afterFrame: Int
    public var bytes: [UInt8]

    public init(afterFrame: Int, bytes: [UInt8]) {
      self.afterFrame = afterFrame
      self.bytes = bytes
    }
  }
  /// Called with each frame as it is presented (to look at the runtime at that moment).
  public var onPresent: (@MainActor (Grid) -> Void)?
  /// Events sent so far (what `AppRuntime.settle(afterEvents:)` waits for the loop to take).
  public private(set) var sent = 0
  private let stream: AsyncStream<TerminalEvent>
  private let continuation: AsyncStream<TerminalEvent>.Continuation

  public init(width: Int = 80, height: Int = 24) {
    size = (width, height)
    (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
  }

  /// A key, paste, resize or signal, as the terminal would report it.
  public func send(_ event: TerminalEvent) {
    sent += 1
    continuation.yield(event)
  }

  /// The text of the last frame ("" before the first).
  public var screen: String { frames.last?.text ?? "" }

  public func events() -> AsyncStream<TerminalEvent> { stream }
  public func present(_ grid: Grid) {
    frames.append(grid)
    sentAfterFrames += pendingBytes.map { SentBytes(afterFrame: frames.count, bytes: $0) }
    pendingBytes = []
    onPresent?(grid)
  }
  public func sendAfterFrame(_ bytes: [UInt8]) { pendingBytes.append(bytes) }
  public func copyToClipboard(_ text: String) { copied.append(text) }
  public func handleResize() { resizesHandled += 1 }

  /// What the graphics probe finds when the runtime starts it (nil: nothing changes), and what a `.reply` event
  /// then makes of the terminal.
  public var probeAnswer: Bool?
  public var replyAnswer: Bool?
  /// Whether the protocol found draws thumbnails (kitty, sixel, iTerm2).
  public var drawsThumbnails = false
  /// How many frames had been presented each time the runtime started the probe.
  public private(set) var probeStartedAfterFrames: [Int] = []
  /// The replies handed back to the presenter.
  public private(set) var replies: [[UInt8]] = []
  public func startGraphicsProbe(tmuxPassthrough: Bool?) -> Bool? {
    probeStartedAfterFrames.append(frames.count)
    return probeAnswer
  }
  public func graphicsReply(_ bytes: [UInt8]) -> Bool? {
    replies.append(bytes)
    return replyAnswer
  }
}
