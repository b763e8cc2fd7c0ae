/// A tab as a feature module: it owns its state and its navigation stack, answers keys before the root
/// does, and declares its key bindings as data (from which the footer and the help overlay are drawn).
/// Shared things go through `AppContext`. Register it once in `TabRegistry`. Features return `AppEffect`s:
/// their own effects boxed with `run(_:)`, plus the shared ones (open a link, copy, cancel).
public protocol TabFeature: Sendable, Hashable {
  associatedtype Action: Sendable & Hashable
  associatedtype Effect: CancellableEffect
  associatedtype Command: Sendable & Hashable

  static var id: TabID { get }

  /// True when typed characters go into a text field on the screen on top (digits, q and ? are text).
  var isEditingText: Bool { get }
  /// What quitting now would throw away (a typed text, a result not saved yet), in words; nil: nothing.
  /// `q` asks before quitting while any tab has some.
  var unsavedWork: LocalizedText? { get }
  /// How many screens are pushed above the tab's root (0 = the root shows).
  var depth: Int { get }

  /// Effects to run once at start-up.
  mutating func start(_ context: inout AppContext) -> [AppEffect]
  /// The user arrived on this tab. A text field must not take the next key by surprise: leave editing.
  mutating func arrive(_ context: inout AppContext) -> [AppEffect]
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
}

extension TabFeature {
  /// Boxes one of this feature's effects for the runtime.
  public static func run(_ effect: Effect) -> AppEffect { .feature(Self.self, effect) }

  public mutating func start(_ context: inout AppContext) -> [AppEffect] { [] }
  public var unsavedWork: LocalizedText? { nil }
  public mutating func arrive(_ context: inout AppContext) -> [AppEffect] { [] }
  public mutating func contextChanged(_ change: ContextChange, _ context: inout AppContext) -> [AppEffect] { [] }
  public mutating func handleUnbound(_ event: InputEvent, _ context: inout AppContext) -> [AppEffect]? { nil }
}
