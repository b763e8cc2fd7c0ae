/// A feature's form: the one `Form` engine plus the feature's own state (a step, a key summary, an event kind).
/// Conformers read and write the engine's properties (`focus`, `phase`, `fields`, `focusOrder`, ...) directly
/// through dynamic member lookup, so each feature declares only what is its own.
@dynamicMemberLookup
public protocol FormConfiguration {
  associatedtype EngineFocus: Sendable & Hashable
  associatedtype EngineFailure: Sendable & Hashable
  var form: Form<EngineFocus, EngineFailure> { get set }
}

extension FormConfiguration {
  /// The engine's properties, read and written through the form.
  public subscript<T>(dynamicMember path: WritableKeyPath<Form<EngineFocus, EngineFailure>, T>) -> T {
    get { form[keyPath: path] }
    set { form[keyPath: path] = newValue }
  }

  /// The engine's read-only properties.
  public subscript<T>(dynamicMember path: KeyPath<Form<EngineFocus, EngineFailure>, T>) -> T {
    form[keyPath: path]
  }
}
