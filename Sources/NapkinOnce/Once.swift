/// The once-per-key protocol shared by every store: decide under the store's lock, run the factory
/// with no lock held, publish under the lock, wake waiters after it.
package enum Once {
  /// What a request for a key must do next, decided under the store's lock.
  package enum Step {
    /// The value exists.
    case found(AnyObject)
    /// The caller began its frame and must run the factory.
    case build
    /// Another thread builds the key; the caller is registered as its waiter, in the frame and in
    /// the wait graph, and must sleep until it is woken.
    case wait
  }

  /// A request for one key, as the store's lock-side logic needs it.
  package struct Request {
    /// The key as printed in messages.
    package let label: String
    /// The type of the component or registry that owns the store.
    package let ownerType: Any.Type
    /// Tells apart two stores of one owner type.
    package let storeIdentity: ObjectIdentifier
    /// The type the caller expects.
    package let valueType: Any.Type
    /// The calling thread, unretained (see ``BuildFrame/builder`` for why that is sound): a
    /// request never leaves the thread that made it.
    package let threadHandle: Unmanaged<ThreadState>

    /// The calling thread.
    package var thread: ThreadState { threadHandle.takeUnretainedValue() }

    /// Describes a request made by the calling thread.
    package init(
      label: String, ownerType: Any.Type, storeIdentity: ObjectIdentifier, valueType: Any.Type
    ) {
      self.label = label
      self.ownerType = ownerType
      self.storeIdentity = storeIdentity
      self.valueType = valueType
      self.threadHandle = ThreadState.currentHandle
    }
  }

  /// The instance for `request`: found, waited for, or built by `factory` on this thread. The one
  /// build-then-publish sequence of every store.
  ///
  /// The build's ``BuildFrame`` lives on this call's stack for as long as the factory runs.
  ///
  /// - Parameters:
  ///   - lookUp: under the store's lock, calls ``decide(_:built:building:frame:insert:)`` with
  ///     the given room for the frame.
  ///   - factory: builds the value, with no lock held.
  ///   - publish: under the store's lock, stores the value and unlinks the frame.
  package static func instance(
    _ request: Request, lookUp: (FramePointer) -> Step, factory: () -> OnceValue,
    publish: (FramePointer, OnceValue) -> Void
  ) -> AnyObject {
    withUnsafeTemporaryAllocation(of: BuildFrame.self, capacity: 1) { room in
      let frame = room.baseAddress!
      while true {
        switch lookUp(frame) {
        case .found(let object):
          return object
        case .wait:
          // Woken once the value is published; the next look-up finds it.
          request.thread.wakeUp.wait()
        case .build:
          let value = factory()
          publish(frame, value)
          finish(frame)
          return value.object
        }
      }
    }
  }

  /// Decides the next step for `request`; call it under the store's lock.
  ///
  /// - Parameters:
  ///   - frame: the caller's frame, uninitialized; a build initializes it.
  ///   - insert: links the initialized frame into the store's list of keys under construction.
  package static func decide(
    _ request: Request, built: OnceValue?, building: FramePointer?, frame: FramePointer,
    insert: (FramePointer) -> Void
  ) -> Step {
    if let built {
      checkType(request, stored: built.type)
      return .found(built.object)
    }
    let thread = request.thread
    if let building {
      checkType(request, stored: building.pointee.valueType)
      if building.pointee.builderState === thread {
        OnceFailure.cycle(WaitGraph.stack(of: thread, from: building) + [building])
      }
      // Registered before the store's lock is released: the builder, which needs that lock to
      // finish, then always finds this thread among its waiters and clears its edge before its
      // frame goes away.
      building.pointee.waiters.append(thread)
      WaitGraph.block(thread, on: building)
      return .wait
    }
    thread.beginFrame(at: frame, request)
    insert(frame)
    return .build
  }

  /// Ends a build whose frame the store has unlinked: wakes the threads that waited for it,
  /// then pops the frame off its thread's stack.
  ///
  /// Call it after the store's lock is released. Threads add themselves as waiters only while the
  /// frame is linked, under that lock, so once it is unlinked the list is final and the lock the
  /// builder took to unlink it orders every addition before this read.
  private static func finish(_ frame: FramePointer) {
    let waiters = frame.pointee.waiters
    if !waiters.isEmpty {
      WaitGraph.complete(frame, waking: waiters)
    }
    frame.pointee.builderState.endFrame(frame)
  }

  private static func checkType(_ request: Request, stored: Any.Type) {
    if stored != request.valueType {
      OnceFailure.typeClash(
        key: request.label, ownerType: request.ownerType, storedType: stored,
        requestedType: request.valueType)
    }
  }
}
