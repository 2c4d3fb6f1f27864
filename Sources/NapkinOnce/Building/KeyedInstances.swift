/// One instance per key of any `Hashable` type, under the same contract as `Component.shared`:
/// built once whatever the concurrency, re-entrant, cycles reported by name. Airframe's `PerKey`
/// is built on it.
///
/// A read is a short lock and a hash lookup; a build runs under ``BuildLock``, where a key marked
/// as building is a cycle, because only the lock's holder builds.
///
/// Threading: `Sendable`; call any member from any thread.
package final class KeyedInstances<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private enum Entry: Sendable {
    case building
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
    return BuildLock.process.run {
      switch entries.withLock({ $0[key] }) {
      case .built(let value):
        return value
      case .building:
        BuildLock.process.cycle(at: build(of: key))
      case nil:
        entries.withLock { $0[key] = .building }
        let value = BuildLock.process.building(build(of: key), factory)
        entries.withLock { $0[key] = .built(value) }
        return value
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
