import Synchronization

/// The shared instances of one component: the storage behind `Component.shared`.
///
/// Two words inline in the component: the slots, one per key, behind a lock held for a short
/// search, never while a factory runs. A slot is added when a thread claims its key's build
/// (``Pending`` names that thread) and gets its instance when the factory returns. A thread that
/// finds the key claimed by another waits for that build alone (``BuildWaits``); one that finds
/// it claimed by itself has met a cycle.
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
  /// the read (Benchmarks/HISTORY.md, "Issue 28: the component's shape for the compiler").
  ///
  /// - Parameters:
  ///   - owner: the component, named in failure messages.
  ///   - factory: builds the value, on the calling thread, with no lock held.
  @usableFromInline
  package func value<T: Sendable>(forKey key: String, owner: AnyObject, factory: () -> T) -> T {
    if let found = built(forKey: key, type: T.self) {
      return Self.read(found, as: T.self)
    }
    // The build path. While the factory runs, this is the store's only frame on the stack, so
    // the bookkeeping before and after it happens in calls that have returned (`claim`,
    // `finish`): a chain of nested `shared` properties costs stack per level, and a debug build
    // keeps every local in a slot of its own.
    if let stored = claim(forKey: key, owner: owner, type: T.self) {
      return Self.unwrap(stored, isObject: Self.keepsAsItself(T.self), as: T.self)
    }
    let value = factory()
    finish(forKey: key, with: Self.wrap(value))
    return value
  }

  /// The `T` that the slot `built(forKey:type:)` found keeps. A function of its own so that, in a
  /// debug build, its locals stay out of `value`'s frame, which stays on the stack while a factory
  /// runs (the `stack` benchmark scenario: 609 bytes a level against 785 with the read in
  /// `value`). It returns `T` itself, not a `T?`: an optional of a generic type is handed back
  /// through its metadata and a copy, 43 instructions of a read of 253 (`--profile hot-napkin`).
  private static func read<T: Sendable>(
    _ found: (stored: Unmanaged<any AnyObject & Sendable>, isObject: Bool), as _: T.Type
  ) -> T {
    // SAFETY: `stored` outlives this call without a retain of its own. A slot keeps its
    // instance from the moment it is set until the store is destroyed (nothing replaces or
    // removes one), and the store lives inline in its owner, which the caller of `value` holds
    // for the whole call. The retain and release this saves are 46 instructions per read
    // (callgrind, `--profile hot-napkin`, 186 against 232; hand wiring 88): 210 now, 2.39x hand
    // wiring, against 2.9x with them, the difference between meeting the read bound of issue 28
    // (2.5x) and not.
    found.stored._withUnsafeGuaranteedRef {
      unwrap($0, isObject: found.isObject, as: T.self)
    }
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
  /// class instance kept as itself: a short search under the store's lock.
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

  /// The built instance of `key`; or nil when this thread has claimed the key, and recorded the
  /// build as its own, and must run the factory. Waits while another thread builds the key;
  /// stops the program on a cycle or a type clash.
  private func claim(
    forKey key: String, owner: AnyObject, type: Any.Type
  ) -> (any AnyObject & Sendable)? {
    let build = Build(owner: ObjectIdentifier(owner), ownerType: Swift.type(of: owner), key: key)
    let thread = BuildingThread.current
    // `BuildingThread.claim`'s loop, written here rather than called: through its closure a
    // chain node costs 2,494 instructions against 2,412 (`--profile chain-napkin`; the bound is
    // 2.5x hand wiring's 995, 2,487).
    while true {
      switch find(build, type: type, by: thread) {
      case .built(let instance):
        return instance
      case .claimed:
        thread.begin(build)
        return nil
      case .wait(let record):
        BuildWaits.wait(thread, for: record)
      case .cycle:
        OnceFailure.cycle(thread.cycle(closedBy: build))
      }
    }
  }

  /// What the slot of `build`'s key holds, under the lock: adds a slot claimed by `thread` if
  /// there is none, joins the waiters of another thread's build; stops the program if the key
  /// was begun as another type.
  private func find(_ build: Build, type: Any.Type, by thread: BuildingThread) -> Claim<
    any AnyObject & Sendable
  > {
    let found: Claim<any AnyObject & Sendable>? = withSlots { slots in
      // By index, so that no slot is copied (a copy retains its instance).
      var index = 0
      while index < slots.count {
        if slots[index].key == build.key {
          guard slots[index].type == type else { return nil }
          if let instance = slots[index].instance { return .built(instance) }
          // A slot without an instance has a build in progress.
          if slots[index].pending!.builder == thread.id { return .cycle }
          return .wait(slots[index].pending!.join(as: build))
        }
        index += 1
      }
      slots.append(
        Slot(
          key: build.key, type: type, isObject: Self.keepsAsItself(type),
          pending: Pending(builder: thread.id)))
      return .claimed
    }
    guard let found else {
      let stored = withSlots { slots in slots.first { $0.key == build.key }!.type }
      OnceFailure.typeClash(
        key: build.key, ownerType: build.ownerType, storedType: stored, requestedType: type)
    }
    return found
  }

  /// Ends this thread's build of `key`: stores the factory's value in the slot the thread
  /// claimed, then wakes the build's waiters.
  private func finish(forKey key: String, with instance: any AnyObject & Sendable) {
    BuildingThread.current.end()
    let pending: Pending = withSlots { slots in
      // Keys are unique in the list (a second type for one is a clash), and slots are only
      // ever appended.
      let index = slots.firstIndex { $0.key == key }!
      slots[index].instance = instance
      defer { slots[index].pending = nil }
      return slots[index].pending!
    }
    pending.finish()
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
  /// The build in progress, from its claim until `instance` is set; nil after.
  var pending: Pending?
}
