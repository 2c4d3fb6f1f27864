import Synchronization

/// The shared instances of one component: the storage behind `Component.shared`.
///
/// Two words inline in the component: the slots, one per key, behind a lock held for a short
/// search, never while a factory runs. A slot is added when its key's build begins and gets its
/// instance when the factory returns. Builds run under ``BuildLock``, where a key whose slot has
/// no instance yet is a cycle, because only the lock's holder builds.
///
/// Threading: `Sendable`; call ``instance(forKey:type:owner:factory:)`` from any thread.
@usableFromInline
package struct InstanceStore: ~Copyable, Sendable {
  private let slots = Mutex<[Slot]>([])
  private let handOff = HandOff()

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
    let built: (any AnyObject & Sendable)? = withSlots { slots in
      var index = 0
      while index < slots.count {
        if slots[index].key == key && slots[index].type == type {
          return slots[index].instance
        }
        index += 1
      }
      return nil
    }
    return built ?? build(forKey: key, type: type, owner: owner, factory: factory)
  }

  /// The build path: everything but the read of a built instance of the right type.
  private func build(
    forKey key: String, type: Any.Type, owner: AnyObject,
    factory: () -> any AnyObject & Sendable
  ) -> any AnyObject & Sendable {
    BuildLock.process.run {
      let build = Build(owner: ObjectIdentifier(owner), ownerType: Swift.type(of: owner), key: key)
      switch find(key, type: type, owner: owner) {
      case .built(let instance):
        // Built by another thread while this one waited for the lock.
        return instance
      case .building:
        BuildLock.process.cycle(at: build)
      case .added(let index):
        let instance = BuildLock.process.building(build, factory)
        withSlots { $0[index].instance = instance }
        return instance
      }
    }
  }

  private enum Found: Sendable {
    case built(any AnyObject & Sendable)
    /// Only ``BuildLock``'s holder builds, so for it a slot without an instance is a cycle.
    case building
    /// A slot for the key was added at this index: the caller builds it.
    case added(Int)
  }

  /// What the slot of `key` holds, adding it if there is none; stops the program if it was
  /// begun as another type.
  private func find(_ key: String, type: Any.Type, owner: AnyObject) -> Found {
    let found: Found? = withSlots { slots in
      // By index, so that no slot is copied (a copy retains its instance).
      var index = 0
      while index < slots.count {
        if slots[index].key == key {
          guard slots[index].type == type else { return nil }
          return slots[index].instance.map { .built($0) } ?? .building
        }
        index += 1
      }
      slots.append(Slot(key: key, type: type))
      return .added(slots.count - 1)
    }
    guard let found else {
      let stored = withSlots { slots in slots.first { $0.key == key }!.type }
      OnceFailure.typeClash(
        key: key, ownerType: Swift.type(of: owner), storedType: stored, requestedType: type)
    }
    return found
  }

  private func withSlots<Result: Sendable>(_ body: (inout [Slot]) -> Result) -> Result {
    slots.withLock { slots in
      let entered = handOff.enter()
      defer { handOff.leave(entered) }
      return body(&slots)
    }
  }

  /// The built instances, in the order their builds began: for a debugging view of a running app
  /// (Napkin's `treeSnapshot()`).
  package var builtInstances: [(key: String, type: Any.Type, value: any Sendable)] {
    withSlots { $0 }.compactMap { slot in
      slot.instance.map { (slot.key, slot.type, ($0 as? any Boxing)?.boxedValue ?? $0) }
    }
  }
}

/// One key of an ``InstanceStore``. Not private: a component's layout includes its store's, and
/// the compiler needs the type to lay it out in the component's module.
@usableFromInline
struct Slot: Sendable {
  let key: String
  let type: Any.Type
  /// Set once, when the factory returns.
  var instance: (any AnyObject & Sendable)?
}
