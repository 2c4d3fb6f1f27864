/// The once-per-key protocol shared by every store: decide under the store's lock, run the factory
/// with no lock held, publish under the lock, wake waiters after it.
///
/// One name per step, the same at every layer (a store's out-of-line entry to a step shares the
/// step's name), and whatever of store, key, owner, type, frame and value a step takes, in that
/// order: `instance` (a store's entry: the read, then `resolve`), `resolve` (claim, factory,
/// finish), `claim` (before the factory), `decide` (under the store's lock), `finish` (after the
/// factory), `publish` (under the store's lock, from `finish`). The design note walks one call
/// through them.
package enum Once {
  /// What a request for a key must do next, decided under the store's lock.
  package enum Step {
    /// The value exists.
    case found(AnyObject)
    /// The caller's frame is linked and begun: it must run the factory.
    case build
    /// Another thread builds the key; the caller is registered as its waiter, in the frame and in
    /// the wait graph, and must sleep until it is woken.
    case wait
  }

  /// The instance for `key`: found, waited for, or built by `factory` on this thread. The
  /// build-then-publish sequence of every store but one.
  ///
  /// The build's ``BuildFrame`` lives on this call's stack while the factory runs. A graph
  /// resolved from its leaf nests one factory per level, so what stays on the stack across the
  /// factory is kept small: the look-up and the publication run in calls of their own
  /// (``claim(in:key:owner:valueType:frame:)`` and ``finish(in:key:frame:value:)``), whose
  /// frames are gone by the time the factory runs. `SharedInstanceStore` inlines these same
  /// three steps into each property, for one machine frame per level (see its `instance`); the
  /// `BuildSequenceTests` run both copies through the same cases.
  ///
  /// - Parameter factory: builds the value, with no lock held.
  package static func resolve<Store: OnceStore & ~Copyable>(
    in store: borrowing Store, key: Store.Key, owner: Store.Owner, valueType: Any.Type,
    factory: () -> OnceValue
  ) -> AnyObject {
    withUnsafeTemporaryAllocation(of: BuildFrame.self, capacity: 1) { room in
      // SAFETY: a buffer of capacity 1 has a base address; the frame is initialized by `claim`
      // and deinitialized by `claim` (found) or `finish`, all before the allocation ends.
      let frame = room.baseAddress!
      if let found = claim(in: store, key: key, owner: owner, valueType: valueType, frame: frame) {
        return found
      }
      let value = factory()
      finish(in: store, key: key, frame: frame, value: value)
      return value.object
    }
  }

  /// Looks the key up, waiting out other threads' builds of it, until the caller either has the
  /// instance (returned) or has begun the build in `frame` (`nil`).
  @inline(never)
  static func claim<Store: OnceStore & ~Copyable>(
    in store: borrowing Store, key: Store.Key, owner: Store.Owner, valueType: Any.Type,
    frame: FramePointer
  ) -> AnyObject? {
    let thread = ThreadState.calling
    frame.initialize(
      to: BuildFrame(
        label: store.label(of: key), ownerType: store.ownerType(of: owner),
        storeIdentity: store.identity(of: owner), valueType: valueType, builder: thread))
    while true {
      switch store.decide(key: key, frame: frame) {
      case .found(let object):
        frame.deinitialize(count: 1)
        return object
      case .build:
        return nil
      case .wait:
        // Woken once the value is published; the next look-up finds it.
        thread.wakeUp.wait()
      }
    }
  }

  /// Publishes the built value, wakes the threads that waited for it, then pops the frame off
  /// its thread's stack.
  ///
  /// Threads add themselves as waiters only while the frame is linked, under the store's lock, so
  /// once the store has unlinked it the list is final, and the lock the builder took to unlink it
  /// orders every addition before the read here.
  @inline(never)
  static func finish<Store: OnceStore & ~Copyable>(
    in store: borrowing Store, key: Store.Key, frame: FramePointer, value: OnceValue
  ) {
    store.publish(key: key, frame: frame, value: value)
    let waiters = frame.pointee.waiters
    if !waiters.isEmpty {
      WaitGraph.complete(frame, waking: waiters)
    }
    frame.pointee.builder.endFrame(frame)
  }

  /// Decides the next step for the request in `frame`; a store calls it under its lock.
  ///
  /// - Parameters:
  ///   - frame: the caller's frame, describing the request; a build begins it.
  ///   - built: the published value for the key, if any.
  ///   - building: the frame of the build of the key in progress, if any.
  ///   - link: links the begun frame into the store's list of keys under construction.
  package static func decide(
    _ frame: FramePointer, built: OnceValue?, building: FramePointer?,
    link: (FramePointer) -> Void
  ) -> Step {
    if let built {
      checkType(frame, stored: built.type)
      return .found(built.object)
    }
    let thread = frame.pointee.builder
    if let building {
      checkType(frame, stored: building.pointee.valueType)
      if building.pointee.builder === thread {
        OnceFailure.cycle(WaitGraph.stack(of: thread, from: building) + [building])
      }
      // Registered before the store's lock is released: the builder, which needs that lock to
      // finish, then always finds this thread among its waiters and clears its edge before its
      // frame goes away.
      building.pointee.waiters.append(thread)
      WaitGraph.block(thread, on: building)
      return .wait
    }
    thread.beginFrame(frame)
    link(frame)
    return .build
  }

  private static func checkType(_ frame: FramePointer, stored: Any.Type) {
    let requested = frame.pointee.valueType
    if stored != requested {
      OnceFailure.typeClash(
        key: frame.pointee.label, ownerType: frame.pointee.ownerType, storedType: stored,
        requestedType: requested)
    }
  }
}

/// A store's side of ``Once/resolve(in:key:owner:valueType:factory:)``: what happens under its lock.
package protocol OnceStore: ~Copyable {
  /// How the store names an instance.
  associatedtype Key
  /// The object whose identity tells this store apart from others (a component, a registry).
  associatedtype Owner

  /// The identity of the store `owner` owns.
  func identity(of owner: Owner) -> ObjectIdentifier

  /// `key` as failure messages print it.
  func label(of key: Key) -> String

  /// The type failure messages name as the owner of the store.
  func ownerType(of owner: Owner) -> Any.Type

  /// Under the store's lock, calls ``Once/decide(_:built:building:link:)`` with the value
  /// published for `key` and the frame building it.
  func decide(key: Key, frame: FramePointer) -> Once.Step

  /// Under the store's lock, publishes `value` for `key` and unlinks `frame`, which built it.
  func publish(key: Key, frame: FramePointer, value: OnceValue)
}
