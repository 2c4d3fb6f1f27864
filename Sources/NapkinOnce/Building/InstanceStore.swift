import Synchronization

/// The shared instances of one component: the storage behind `Component.shared`.
///
/// Two words inline in the component: the slots, one per key, behind a lock held for a short
/// search, never while a factory runs. A slot is added when its key's build begins and gets its
/// instance when the factory returns. Builds run under ``BuildLock``, where a key whose slot has
/// no instance yet is a cycle, because only the lock's holder builds.
///
/// Threading: `Sendable`; call ``value(forKey:owner:factory:)`` from any thread.
@usableFromInline
package struct InstanceStore: ~Copyable, Sendable {
  private let slots = Mutex<[Slot]>([])
  private let handOff = HandOff()

  /// Creates an empty store; it allocates nothing until a key is built.
  package init() {}

  /// The value for `key`, built by `factory` on first use; see `Component.shared`.
  ///
  /// Deliberately not `@inlinable`: a client calls it unspecialized, passing the key, the factory
  /// and `T`'s metadata, so that each `shared` property compiles to one call rather than a copy of
  /// the read (Benchmarks/README.md, "The component's shape for the compiler").
  ///
  /// - Parameters:
  ///   - owner: the component, named in failure messages.
  ///   - factory: builds the value, under ``BuildLock``.
  @usableFromInline
  package func value<T: Sendable>(forKey key: String, owner: AnyObject, factory: () -> T) -> T {
    if let (stored, isObject) = built(forKey: key, type: T.self) {
      // SAFETY: `stored` outlives this call without a retain of its own. A slot keeps its
      // instance from the moment it is set until the store is destroyed (nothing replaces or
      // removes one), and the store lives inline in its owner, which the caller holds for the
      // whole call. The retain and release this saves are 46 instructions per read (callgrind,
      // `--profile hot-napkin`, 186 against 232; hand wiring 88): 210 now, 2.39x hand wiring,
      // against 2.9x with them, the difference between meeting the read bound of issue 28 (2.5x)
      // and not.
      return stored._withUnsafeGuaranteedRef {
        Self.unwrap($0, isObject: isObject, as: T.self)
      }
    }
    let stored = build(forKey: key, type: T.self, owner: owner) { Self.wrap(factory()) }
    return Self.unwrap(stored, isObject: Self.keepsAsItself(T.self), as: T.self)
  }

  /// Whether a slot of `type` keeps its value as itself rather than in a `OnceBox`: the one test
  /// that `wrap(_:)`, `unwrap(_:isObject:as:)` and a new slot's `isObject` must agree on.
  /// Only a class type's metatype is an `AnyObject.Type`.
  private static func keepsAsItself(_ type: Any.Type) -> Bool {
    type is AnyObject.Type
  }

  /// How a slot keeps `value`: a class instance as itself, any other value in a ``OnceBox``.
  ///
  /// A box costs a first build an allocation and, in this unspecialized code, a look-up of
  /// `OnceBox<T>`'s generic metadata: about 600 of a chain node's 2,898 instructions
  /// (`--profile chain-napkin`), which is why a class instance, the usual shared value, goes
  /// without one.
  private static func wrap<T: Sendable>(_ value: T) -> any AnyObject & Sendable {
    guard keepsAsItself(T.self) else { return OnceBox(value) }
    // SAFETY: `T` is a class type (only a class type's metatype is an `AnyObject.Type`), so a `T`
    // is one strong reference, which is also the whole representation of `any AnyObject &
    // Sendable` (`Sendable` is a marker: no witness table); `T: Sendable` makes the claim true.
    // `unsafeBitCast` checks the sizes too.
    return unsafeBitCast(value, to: (any AnyObject & Sendable).self)
  }

  /// The `T` that ``wrap(_:)`` kept as `stored`, for a slot whose type is `T`.
  private static func unwrap<T: Sendable>(
    _ stored: any AnyObject & Sendable, isObject: Bool, as _: T.Type
  ) -> T {
    // SAFETY: `stored` is what `wrap` made of a `T`. A slot is found only by its key and its type
    // together, and gets its instance only from the factory of the `build` that added it;
    // `build` is private and its one caller, `value`, always passes `wrap` of a `T` of the slot's
    // type. `isObject` is `keepsAsItself` of the slot's type, the test `wrap` made: so `stored`
    // is the `T` itself (the representation argument in `wrap`, reversed), or a `OnceBox<T>`.
    // Unchecked because this code is unspecialized: a checked `as! OnceBox<T>` looks up the box's
    // generic metadata on every read, 602 instructions per read against 238 (callgrind;
    // NapkinOnce.docc, "The unchecked steps"). A debug build still checks both casts.
    isObject ? unsafeBitCast(stored, to: T.self) : unsafeDowncast(stored, to: OnceBox<T>.self).value
  }

  /// What the slot of `key` keeps if it is built, unretained (see `value`), and whether it is a
  /// class instance kept as itself: a short search under the store's lock, never the build lock.
  private func built(
    forKey key: String, type: Any.Type
  ) -> (Unmanaged<any AnyObject & Sendable>, isObject: Bool)? {
    withSlots { slots in
      var index = 0
      while index < slots.count {
        if slots[index].key == key && slots[index].type == type {
          return slots[index].instance.map {
            (Unmanaged.passUnretained($0), slots[index].isObject)
          }
        }
        index += 1
      }
      return nil
    }
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
      slots.append(Slot(key: key, type: type, isObject: Self.keepsAsItself(type)))
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
  /// Whether `type` is a class, whose instances the slot keeps as themselves, not boxed. Stored,
  /// though `type` gives it, because the test costs a read 35 instructions (NapkinOnce.docc).
  let isObject: Bool
  /// Set once, when the factory returns.
  var instance: (any AnyObject & Sendable)?
}
