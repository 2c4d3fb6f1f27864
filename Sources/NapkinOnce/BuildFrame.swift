/// One factory run in progress: which owner and key it builds, on which thread, inside which other
/// factory, and who waits for it.
///
/// A frame is a value record on its builder's own stack, in the call that runs the factory (see
/// ``Once/resolve(in:key:owner:valueType:factory:)``): a deep graph resolved from its leaf nests one
/// factory per level, and a record on the stack costs neither an allocation nor a pool per level,
/// even in the first graph of a fresh process. Stores, parents and the wait graph refer to it by
/// address.
///
/// Why an address stays valid for as long as anyone can use it: a frame is linked into its store
/// (under the store's lock) from the start of its build to its publication, and unlinked under
/// that lock before its call returns. A thread that finds it there registers as a waiter without
/// releasing the store's lock (``WaitGraph/block(_:on:)`` runs under it), so by the time the
/// builder unlinks the frame, every waiter is registered and the builder clears their edges
/// before it returns. Other threads read a frame only under the store's lock or under
/// ``WaitGraph``'s lock while an edge to it exists.
@usableFromInline
package struct BuildFrame {
  /// The key as the user wrote it (a property name for a component).
  var label: String
  /// The component or registry type whose key this is; named in failure messages.
  var ownerType: Any.Type
  /// Identifies the store instance, so two components of one type are told apart.
  var storeIdentity: ObjectIdentifier
  /// The type the factory returns; a second request for the key with another type is a clash.
  var valueType: Any.Type
  /// The thread running the factory. A strong reference: the unretained one it replaces measured
  /// no faster (the `chain` scenario under callgrind).
  let builder: ThreadState
  /// The factory that was running on `builder` when this one started (the frame below on its
  /// stack); it cannot finish before this one does.
  var parent: FramePointer? = nil
  /// The next frame under construction in the same store; guarded by that store's lock.
  var nextBuilding: FramePointer? = nil
  /// Threads that asked for the key while it was being built; guarded by the store's lock
  /// while the frame is linked, final once it is unlinked.
  var waiters: [ThreadState] = []

  /// How the frame is named in a chain: the bare key when it belongs to `owner`, else `Type.key`.
  func chainName(relativeTo owner: ObjectIdentifier) -> String {
    storeIdentity == owner ? label : "\(typeName(of: ownerType)).\(label)"
  }
}

/// The address of a ``BuildFrame`` on its builder's stack.
///
/// SAFETY: a frame lives in its builder's `withUnsafeTemporaryAllocation` for the whole build;
/// other threads reach it only while it is linked into its store's list of builds in progress,
/// under the store's lock, and the builder unlinks it under that lock before the allocation ends
/// (see the design note, "A frame's lifetime").
@usableFromInline
package typealias FramePointer = UnsafeMutablePointer<BuildFrame>
