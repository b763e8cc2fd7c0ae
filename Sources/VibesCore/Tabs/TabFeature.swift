import Foundation

/// A tab's pure part: it owns its state and its navigation stack, answers keys before the root does, and
/// declares its key bindings as data (from which the footer and the help overlay are drawn). Shared things go
/// through `AppContext`. A tab is registered once, as a `TabModule` in the app (Sources/VibesApp/AppTabs.swift),
/// which ties this feature to its screen and its runtime. Features return `AppEffect`s: their own effects boxed
/// with `run(_:)`, plus the shared ones (open a link, copy, cancel).
///
/// What the root needs to know of a tab is asked here, never by name: that the user arrives on it and leaves it
/// (`arrive`, `leave`), what to cancel on quit (`runningRequestIDs`), whether it wants the clock (`wantsClock`, `clockTicked`), what quitting would lose
/// (`unsavedWork`), and another tab's screens open through `NavigationRequest.open` with a way back.
public protocol TabFeature: Sendable, Hashable {
  associatedtype Action: Sendable & Hashable
  associatedtype Effect: CancellableEffect
  associatedtype Command: Sendable & Hashable

  static var id: TabID { get }

  /// The tab as it is at the first launch (and after signing out).
  init()

  /// True when typed characters go into a text field on the screen on top (digits, q and ? are text).
  var isEditingText: Bool { get }
  /// What quitting now would throw away (a typed text, a result not saved yet), in words; nil: nothing.
  /// `q` asks before quitting while any tab has some.
  var unsavedWork: LocalizedText? { get }
  /// How many screens are pushed above the tab's root (0 = the root shows).
  var depth: Int { get }
  /// The requests in flight that quitting (or signing out) cancels.
  var runningRequestIDs: [Int] { get }
  /// nil for a tab in the tab bar. An area (People, Inbox) names the tab it belongs to instead: it has no number
  /// key and no place in the tab bar (its home tab shows as selected), it opens only through a `NavigationRequest`,
  /// and Esc or q at its root goes back to where it was opened from.
  static var home: TabID? { get }
  /// True when the tab wants the runtime's clock (`clockTicked` at most every 30 s while the UI runs).
  static var wantsClock: Bool { get }

  /// Effects to run whether or not the tab is ever shown, once at launch (and again after signing out): work in the
  /// background such as a reminder's first read or a publish. Not for the screen's own loads: those go in `start`.
  mutating func launch(_ context: inout AppContext) -> [AppEffect]
  /// The screen's first loads, run once: at launch for the tab shown first, else when the tab is first selected
  /// (before its `arrive`). Signing out forgets which tabs started.
  mutating func start(_ context: inout AppContext) -> [AppEffect]
  /// The user arrived on this tab. A text field must not take the next key by surprise: leave editing.
  mutating func arrive(_ context: inout AppContext) -> [AppEffect]
  /// The user left this tab: another tab or an area (People, Inbox, the song menu) now shows instead. Work that only
  /// matters on screen (a poll) stops here and resumes in `arrive`.
  mutating func leave(_ context: inout AppContext) -> [AppEffect]
  mutating func reduce(_ action: Action, _ context: inout AppContext) -> [AppEffect]
  /// The shared context changed (size, setup facts).
  mutating func contextChanged(_ change: ContextChange, _ context: inout AppContext) -> [AppEffect]
  /// The bindings in force on the screen on top, in footer order.
  func bindings(_ context: AppContext) -> [KeyBinding<Command>]
  mutating func perform(_ command: Command, _ context: inout AppContext) -> [AppEffect]
  /// Keys no binding took (text editing) and pastes. nil: not handled here.
  mutating func handleUnbound(_ event: InputEvent, _ context: inout AppContext) -> [AppEffect]?
  /// Esc: cancel what runs, leave a field, or pop. nil at the root with nothing to undo.
  mutating func goBack(_ context: inout AppContext) -> [AppEffect]?
  /// The runtime's clock ticked (only for a tab whose `wantsClock` is true).
  mutating func clockTicked(_ date: Date, _ context: inout AppContext) -> [AppEffect]
  /// True for the answers a clock tick asked for: the runtime redraws after them only when the frame changed.
  static func isClockDriven(_ action: Action) -> Bool
}

extension TabFeature {
  /// Boxes one of this feature's effects for the runtime.
  public static func run(_ effect: Effect) -> AppEffect { .feature(Self.self, effect) }

  public mutating func launch(_ context: inout AppContext) -> [AppEffect] { [] }
  public mutating func start(_ context: inout AppContext) -> [AppEffect] { [] }
  public var unsavedWork: LocalizedText? { nil }
  public mutating func arrive(_ context: inout AppContext) -> [AppEffect] { [] }
  public mutating func leave(_ context: inout AppContext) -> [AppEffect] { [] }
  public mutating func contextChanged(_ change: ContextChange, _ context: inout AppContext) -> [AppEffect] { [] }
  public mutating func handleUnbound(_ event: InputEvent, _ context: inout AppContext) -> [AppEffect]? { nil }
  public var runningRequestIDs: [Int] { [] }
  public static var home: TabID? { nil }
  public static var wantsClock: Bool { false }
  public mutating func clockTicked(_ date: Date, _ context: inout AppContext) -> [AppEffect] { [] }
  public static func isClockDriven(_ action: Action) -> Bool { false }
}
