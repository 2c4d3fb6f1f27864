/// One instance per key of any `Hashable` type, under the same contract as `Component.shared`:
/// built once whatever the concurrency, re-entrant, cycles reported by name. Airframe's
/// `shared(for:)` is built on it.
///
/// Reads of a built instance take the store's lock for a dictionary lookup; the lock is never held
/// while a factory runs.
package final class KeyedInstances<Key: Hashable & Sendable>: Sendable {
  private struct State: ~Copyable {
    var built: [Key: OnceValue] = [:]
    /// The addresses of the frames building each key; a frame is on its builder's stack, and
    /// its address is kept as a plain integer so the state stays `Sendable` for its lock.
    var building: [Key: UInt] = [:]
  }

  private let state = Locked(State())
  private let ownerType: Any.Type

  /// Creates an empty store whose failure messages name `ownerType`.
  package init(ownerType: Any.Type) {
    self.ownerType = ownerType
  }

  /// The instance for `key`, built by `factory` on first use.
  package func instance<T: Sendable>(for key: Key, _ factory: () -> T) -> T {
    // The common case first: a built key is a lock and a hash lookup, nothing more.
    if let built = state.withLock({ $0.built[key] }), built.type == T.self {
      return OnceValue.unwrap(built.object, as: T.self)
    }
    let object = Once.resolve(
      in: self, key: key, owner: self, valueType: T.self,
      factory: { OnceValue(wrapping: factory()) })
    return OnceValue.unwrap(object, as: T.self)
  }

  /// Drops the instance for `key`, if built; the next request builds a new one.
  ///
  /// - Returns: whether an instance was dropped.
  @discardableResult
  package func remove(_ key: Key) -> Bool {
    // The value is released after the lock: its deinit may use this store.
    let removed = state.withLock { $0.built.removeValue(forKey: key) }
    return removed != nil
  }

  /// The keys that have a built instance.
  package var keys: [Key] {
    state.withLock { Array($0.built.keys) }
  }
}

extension KeyedInstances: OnceStore {
  package func label(of key: Key) -> String { String(describing: key) }

  package func ownerType(of _: KeyedInstances) -> Any.Type { ownerType }

  package func identity(of owner: KeyedInstances) -> ObjectIdentifier { ObjectIdentifier(owner) }

  package func decide(key: Key, frame: FramePointer) -> Once.Step {
    // A frame's address is kept as a plain integer so that the state stays `Sendable`.
    let frameAddress = UInt(bitPattern: frame)
    return state.withLock { state in
      // SAFETY: `UInt(bitPattern:)` and `FramePointer(bitPattern:)` are inverse bit copies, so
      // the pointer that comes back is `frame` itself (non-nil, hence the `!`), and the integers
      // in `building` come back the same way. Each frame stays valid while its integer is in
      // `building`: it lives on its builder's stack for the whole build and is removed, in
      // `publish`, under this lock before the builder's call returns (see ``FramePointer``).
      Once.decide(
        FramePointer(bitPattern: frameAddress)!, built: state.built[key],
        building: state.building[key].flatMap(FramePointer.init(bitPattern:)),
        link: { state.building[key] = UInt(bitPattern: $0) })
    }
  }

  package func publish(key: Key, frame _: FramePointer, value: OnceValue) {
    state.withLock { state in
      state.built[key] = value
      state.building[key] = nil
    }
  }
}
