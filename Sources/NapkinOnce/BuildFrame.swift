/// One factory run in progress: which owner and key it builds, on which thread, inside which other
/// factory, and who waits for it.
///
/// Ownership: a frame belongs to its builder thread's pool (see ``ThreadState/beginFrame(_:)``),
/// which reuses it for the next build at the same nesting depth. Stores, parents and the wait
/// graph refer to it without retaining it: a frame is in the pool for as long as it is building.
/// A thread that waits for a frame retains it (the only strong reference besides the pool's), and
/// a builder whose frame had waiters gives that frame up to them instead of reusing it.
///
/// - Note: `@unchecked Sendable` is sound. The identity fields are written only by the builder
///   thread, before the frame is linked into a store (under the store's lock) and after it is
///   unlinked with no waiters, that is, while no other thread can reach it. `nextBuilding` and
///   `waiters` are guarded by the lock of the store that lists the frame; `isDone` by
///   ``WaitGraph``'s lock. Those locks are what order every access, which is also why the
///   dynamic exclusivity checks are off for these fields: they cost more than the build itself.
@usableFromInline
package final class BuildFrame: @unchecked Sendable {
  /// The key as the user wrote it (a property name for a component).
  @exclusivity(unchecked) var label: String = ""
  /// The component or registry type whose key this is; named in failure messages.
  @exclusivity(unchecked) var ownerType: Any.Type = Void.self
  /// Identifies the store instance, so two components of one type are told apart.
  @exclusivity(unchecked) var storeIdentity = ObjectIdentifier(Void.self)
  /// The type the factory returns; a second request for the key with another type is a clash.
  @exclusivity(unchecked) var valueType: Any.Type = Void.self
  /// The thread running the factory; it outlives every frame it builds.
  unowned(unsafe) let builder: ThreadState
  /// The factory that was running on `builder` when this one started (the frame below on its
  /// stack); it cannot finish before this one does.
  @exclusivity(unchecked) unowned(unsafe) var parent: BuildFrame?

  /// The next frame under construction in the same store.
  @exclusivity(unchecked) unowned(unsafe) var nextBuilding: BuildFrame?
  /// Threads that asked for the key while it was being built; each is signalled once.
  @exclusivity(unchecked) var waiters: [ThreadState] = []
  /// Set, under ``WaitGraph``'s lock, when the value is published and waiters may wake.
  @exclusivity(unchecked) var isDone = false

  init(builder: ThreadState) {
    self.builder = builder
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
