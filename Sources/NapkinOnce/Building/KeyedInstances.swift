/// One instance per key of any `Hashable` type, under the same contract as `Component.shared`:
/// built once whatever the concurrency, re-entrant, cycles reported by name. Airframe's `PerKey`
/// is built on it.
///
/// A read is a short lock and a hash lookup. A build runs with no lock held: a thread that finds
/// its key claimed by another waits for that build alone (``BuildWaits``); one that finds it
/// claimed by itself has met a cycle.
///
/// Threading: `Sendable`; call any member from any thread.
package final class KeyedInstances<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  /// Two dictionaries rather than one of an enum with a payload for each state, which this
  /// unspecialized code copies whole through its metadata: a read of a built key costs 1,948
  /// instructions against 2,736 (`--profile per-key-airframe`; 2,431 with issue 28's enum,
  /// whose building state had no payload), and 1,616 with the build's loop called
  /// (`BuildingThread.claim`) rather than written in `instance(for:_:)`.
  private struct State: Sendable {
    var built: [Key: Value] = [:]
    var building: [Key: Pending] = [:]
  }

  private let state = Locked(State())
  private let ownerType: Any.Type

  /// Creates an empty store whose failure messages name `ownerType`.
  package init(ownerType: Any.Type) {
    self.ownerType = ownerType
  }

  /// The instance for `key`, built by `factory` on first use.
  package func instance(for key: Key, _ factory: () -> Value) -> Value {
    if let value = state.withLock({ $0.built[key] }) {
      return value
    }
    let build = build(of: key)
    let thread = BuildingThread.current
    if let value = thread.claim(build, { claim(key, as: build, by: thread) }) {
      return value
    }
    let value = factory()
    thread.end()
    let pending = state.withLock { state in
      state.built[key] = value
      return state.building.removeValue(forKey: key)
    }
    pending?.finish()
    return value
  }

  /// What `key` holds, under the lock: claims it for `thread` if it has neither a value nor a
  /// build in progress, joins the waiters of another thread's build.
  private func claim(_ key: Key, as build: Build, by thread: BuildingThread) -> Claim<Value> {
    state.withLock { state in
      if let value = state.built[key] {
        return .built(value)
      }
      guard var pending = state.building[key] else {
        state.building[key] = Pending(builder: thread.id)
        return .claimed
      }
      guard pending.builder != thread.id else { return .cycle }
      let record = pending.join(as: build)
      state.building[key] = pending
      return .wait(record)
    }
  }

  private func build(of key: Key) -> Build {
    Build(owner: ObjectIdentifier(self), ownerType: ownerType, key: String(describing: key))
  }

  /// Drops the instance for `key`, if built; the next request builds a new one. A build in
  /// progress is not dropped.
  ///
  /// - Returns: whether an instance was dropped.
  @discardableResult
  package func remove(_ key: Key) -> Bool {
    // The value is released after the lock: its deinit may use this store.
    let removed: Value? = state.withLock { $0.built.removeValue(forKey: key) }
    return removed != nil
  }

  /// The keys that have a built instance.
  package var keys: [Key] {
    state.withLock { Array($0.built.keys) }
  }
}
