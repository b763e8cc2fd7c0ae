import VibesCore
import VibesGraphics
import VibesTerminal
import VibesUI

/// What `AppRuntime` needs from the screen it runs on: its size, the events that reach the app (keys and pastes,
/// resizes, termination signals), somewhere to show a frame and to copy text to. `TerminalSession` is the real
/// one; tests and the headless demo drive the same runtime with a presenter that keeps the frames it is handed.
@MainActor
public protocol AppPresenter: AnyObject {
  /// Columns and rows the next frame should fill.
  var size: (width: Int, height: Int) { get }
  /// Input, resizes and signals, in order; the runtime asks once.
  func events() -> AsyncStream<TerminalEvent>
  /// Shows `grid` (the runtime hands over each frame it draws).
  func present(_ grid: Grid)
  func copyToClipboard(_ text: String)
  /// Bytes for the terminal besides the frame (a notification's OSC): sent once, after the next frame presented.
  func sendAfterFrame(_ bytes: [UInt8])
  /// A `.resize` event arrived: read the new size before the next frame.
  func handleResize()
  /// After the first frame: ask the terminal what pictures it can draw (`tmuxPassthrough`: what tmux said about
  /// `allow-passthrough`, nil outside tmux). Whether pictures can be drawn, when that changed.
  func startGraphicsProbe(tmuxPassthrough: Bool?) -> Bool?
  /// A `.reply` event arrived (the probe's answer). Whether pictures can be drawn, when the protocol changed.
  func graphicsReply(_ bytes: [UInt8]) -> Bool?
  /// Whether the pictures are drawn with a protocol (kitty, sixel, iTerm2), so lists show thumbnails.
  var drawsThumbnails: Bool { get }
  /// Instead of `events()`: the same events, in order, each handed to `handler` on the main actor as it comes
  /// (no stream, no task between). False when the presenter has only `events()`.
  func handEvents(to handler: @escaping @MainActor @Sendable (TerminalEvent) -> Void) -> Bool
  /// No more events for the handler given to `handEvents(to:)`.
  func stopHandingEvents()
}

extension AppPresenter {
  /// A presenter without a terminal has nobody to ask: its pictures stay as the environment says.
  public func startGraphicsProbe(tmuxPassthrough: Bool?) -> Bool? { nil }
  public func graphicsReply(_ bytes: [UInt8]) -> Bool? { nil }
  public var drawsThumbnails: Bool { false }
  /// A presenter without a terminal gives its events through `events()` (tests feed that stream).
  public func handEvents(to handler: @escaping @MainActor @Sendable (TerminalEvent) -> Void) -> Bool { false }
  public func stopHandingEvents() {}
}

extension TerminalSession: AppPresenter {
  public var drawsThumbnails: Bool { imageCapabilities.graphics.drawsThumbnails }

  /// The input thread queues each event on the main queue itself (`deliverEvents(to:)`).
  public func handEvents(to handler: @escaping @MainActor @Sendable (TerminalEvent) -> Void) -> Bool {
    deliverEvents(to: handler)
    return true
  }

  public func stopHandingEvents() { stopEvents() }
}
