/// One factory run in progress: which owner and key it builds, on which thread, inside which other
/// factory, and who waits for it.
///
/// - Note: `@unchecked Sendable` is sound: the `let` fields are immutable; `nextBuilding` and
///   `waiters` are guarded by the lock of the store that lists the frame; `isDone` is guarded by
///   ``WaitGraph``'s lock.
package final class BuildFrame: @unchecked Sendable {
  /// The key as the user wrote it (a property name for a component).
  let label: String
  /// The component or registry type whose key this is; named in failure messages.
  let ownerType: Any.Type
  /// Identifies the store instance, so two components of one type are told apart.
  let storeIdentity: ObjectIdentifier
  /// The type the factory returns; a second request for the key with another type is a clash.
  let valueType: Any.Type
  /// The thread running the factory.
  let builder: ThreadState
  /// The factory that was running on `builder` when this one started (the frame below on its stack).
  let parent: BuildFrame?

  /// The next frame under construction in the same store.
  var nextBuilding: BuildFrame?
  /// Threads that asked for the key while it was being built; each is signalled once.
  var waiters: [ThreadState] = []
  /// Set, under ``WaitGraph``'s lock, when the value is published and waiters may wake.
  var isDone = false

  init(
    label: String, ownerType: Any.Type, storeIdentity: ObjectIdentifier, valueType: Any.Type,
    builder: ThreadState
  ) {
    self.label = label
    self.ownerType = ownerType
    self.storeIdentity = storeIdentity
    self.valueType = valueType
    self.builder = builder
    self.parent = builder.current
  }

  /// How the frame is named in a chain: the bare key when it belongs to `owner`, else `Type.key`.
  func chainName(relativeTo owner: ObjectIdentifier) -> String {
    storeIdentity == owner ? label : "\(typeName(ownerType)).\(label)"
  }
}

/// A type's name without its module, as a developer writes it in code.
package func typeName(_ type: Any.Type) -> String {
  String(describing: type)
}
