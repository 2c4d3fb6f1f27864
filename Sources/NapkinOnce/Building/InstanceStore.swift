import Synchronization

/// The shared instances of one component: the storage behind `Component.shared`.
///
/// One word: the first ``Slot`` of a list that only grows. A slot is appended when its key's build
/// begins and gets its instance when the factory returns. A read walks the list without a lock; a
/// build runs under ``BuildLock``, where a key whose slot has no instance yet is a cycle, because
/// only the lock's holder builds.
///
/// Threading: `Sendable`; call ``instance(forKey:type:owner:factory:)`` from any thread.
@usableFromInline
package struct InstanceStore: ~Copyable, Sendable {
  private let first = AtomicLazyReference<Slot>()

  /// Creates an empty store; it allocates nothing until a key is built.
  package init() {}

  /// The instance for `key`, built by `factory` on first use; see `Component.shared`.
  ///
  /// - Parameters:
  ///   - type: the type the caller will unwrap; asking one key for two types stops the program.
  ///   - owner: the component, named in failure messages.
  ///   - factory: builds the instance (boxed by the caller), under ``BuildLock``.
  @usableFromInline
  package func instance(
    forKey key: String, type: Any.Type, owner: AnyObject,
    factory: () -> any AnyObject & Sendable
  ) -> any AnyObject & Sendable {
    if let slot = slot(for: key, type: type, owner: owner), let built = slot.instance.load() {
      return built
    }
    return BuildLock.process.run {
      let build = Build(owner: ObjectIdentifier(owner), ownerType: Swift.type(of: owner), key: key)
      if let slot = slot(for: key, type: type, owner: owner) {
        // Built by another thread while this one waited for the lock, or begun by this one.
        if let built = slot.instance.load() { return built }
        BuildLock.process.cycle(at: build)
      }
      let slot = Slot(key: key, type: type)
      append(slot)
      return slot.instance.storeIfNil(BuildLock.process.building(build, factory))
    }
  }

  /// The slot of `key`, if its build has begun; stops the program if it was built as another type.
  private func slot(for key: String, type: Any.Type, owner: AnyObject) -> Slot? {
    var candidate = first.load()
    while let slot = candidate {
      if slot.key == key {
        if slot.type != type {
          OnceFailure.typeClash(
            key: key, ownerType: Swift.type(of: owner), storedType: slot.type, requestedType: type)
        }
        return slot
      }
      candidate = slot.next.load()
    }
    return nil
  }

  /// Adds `slot` at the end of the list; only ``BuildLock``'s holder appends.
  private func append(_ slot: Slot) {
    guard var last = first.load() else {
      _ = first.storeIfNil(slot)
      return
    }
    while let next = last.next.load() {
      last = next
    }
    _ = last.next.storeIfNil(slot)
  }

  /// The built instances, in the order their builds began: for a debugging view of a running app
  /// (Napkin's `treeSnapshot()`). A build that finishes during the walk is listed or not, never
  /// half.
  package var builtInstances: [(key: String, type: Any.Type, value: any Sendable)] {
    var entries: [(key: String, type: Any.Type, value: any Sendable)] = []
    var candidate = first.load()
    while let slot = candidate {
      if let built = slot.instance.load() {
        entries.append((slot.key, slot.type, (built as? any Boxing)?.boxedValue ?? built))
      }
      candidate = slot.next.load()
    }
    return entries
  }
}

/// One key of an ``InstanceStore``: immutable but for its instance and its successor, each set
/// once.
final class Slot: Sendable {
  let key: String
  let type: Any.Type
  /// Set once, when the factory returns.
  let instance = AtomicLazyReference<any AnyObject & Sendable>()
  /// The slot of the next key whose build began.
  let next = AtomicLazyReference<Slot>()

  init(key: String, type: Any.Type) {
    self.key = key
    self.type = type
  }
}
