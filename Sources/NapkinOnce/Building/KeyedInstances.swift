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
  private enum Entry: Sendable {
    case building(Pending)
    case built(Value)
  }

  private let entries = Locked<[Key: Entry]>([:])
  private let ownerType: Any.Type

  /// Creates an empty store whose failure messages name `ownerType`.
  package init(ownerType: Any.Type) {
    self.ownerType = ownerType
  }

  /// The instance for `key`, built by `factory` on first use.
  package func instance(for key: Key, _ factory: () -> Value) -> Value {
    if case .built(let value)? = entries.withLock({ $0[key] }) {
      return value
    }
    let build = build(of: key)
    let thread = BuildingThread.current
    while true {
      switch claim(key, as: build, by: thread) {
      case .built(let value):
        return value
      case .wait(let record):
        BuildWaits.wait(thread, for: record)
      case .cycle:
        OnceFailure.cycle(thread.cycle(closedBy: build))
      case .claimed:
        thread.begin(build)
        let value = factory()
        thread.end()
        let pending: Pending? = entries.withLock { entries in
          guard case .building(let pending) = entries[key] else { return nil }
          entries[key] = .built(value)
          return pending
        }
        pending?.finish()
        return value
      }
    }
  }

  /// What the entry of `key` holds, under the lock: claims it for `thread` if there is none,
  /// joins the waiters of another thread's build.
  private func claim(_ key: Key, as build: Build, by thread: BuildingThread) -> Claim<Value> {
    entries.withLock { entries in
      switch entries[key] {
      case .built(let value):
        return .built(value)
      case .building(var pending):
        guard pending.builder != thread.id else { return .cycle }
        let record = pending.join(as: build)
        entries[key] = .building(pending)
        return .wait(record)
      case nil:
        entries[key] = .building(Pending(builder: thread.id))
        return .claimed
      }
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
    let removed: Entry? = entries.withLock { entries in
      guard case .built = entries[key] else { return nil }
      return entries.removeValue(forKey: key)
    }
    return removed != nil
  }

  /// The keys that have a built instance.
  package var keys: [Key] {
    entries.withLock { entries in
      entries.compactMap { key, entry in
        if case .built = entry { key } else { nil }
      }
    }
  }
}
