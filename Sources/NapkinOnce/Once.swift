/// The once-per-key protocol shared by every store: decide under the store's lock, run the factory
/// with no lock held, publish under the lock, wake waiters after it.
@usableFromInline
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
    /// The calling thread, unretained: a thread's state lives until the thread exits, and a
    /// request never leaves the thread that made it. (Unretained all along the build path:
    /// retains and releases there cost more than the rest of a build.)
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
    if let building {
      checkType(request, stored: building.pointee.valueType)
      let thread = request.thread
      if building.pointee.builder === thread {
        OnceFailure.cycle(WaitGraph.stack(of: thread, from: building) + [building])
      }
      // Registered before the store's lock is released: the builder, which needs that lock to
      // finish, then always finds this thread among its waiters and clears its edge before its
      // frame goes away.
      _ = thread.wakeUp
      building.pointee.waiters.append(thread)
      WaitGraph.block(thread, on: building)
      return .wait
    }
    request.threadHandle._withUnsafeGuaranteedRef { $0.beginFrame(at: frame, request) }
    insert(frame)
    return .build
  }

  /// What a caller holds once it has claimed a key: the instance, or the duty to build it.
  @usableFromInline
  package enum Claim {
    /// The value exists.
    case found(AnyObject)
    /// The caller's frame is begun: it must run the factory, then call ``finish(_:)``.
    case build
  }

  /// Looks the key up, waiting out other threads' builds of it, until the caller either has the
  /// instance or must build it.
  ///
  /// Kept apart from the factory call, with ``finish(_:)``: a graph resolved from its
  /// leaf nests one factory per level, so the frame that stays on the stack across the factory
  /// must be small (a 10,000-deep graph fits the main thread's default stack).
  ///
  /// - Parameter lookUp: under the store's lock, calls
  ///   ``decide(_:built:building:frame:insert:)``.
  package static func claim(_ request: Request, lookUp: () -> Step) -> Claim {
    while true {
      switch lookUp() {
      case .found(let object):
        return .found(object)
      case .build:
        return .build
      case .wait:
        request.thread.wakeUp.wait()
      // The value is published now; the next lookUp finds it.
      }
    }
  }

  /// Ends a build whose frame the store has unlinked: wakes the threads that waited for it,
  /// then pops the frame off its thread's stack.
  ///
  /// Call it after the store's lock is released. Threads add themselves as waiters only while the
  /// frame is linked, under that lock, so once it is unlinked the list is final and the lock the
  /// builder took to unlink it orders every addition before this read.
  package static func finish(_ frame: FramePointer) {
    let waiters = frame.pointee.waiters
    if !waiters.isEmpty {
      WaitGraph.complete(frame, waking: waiters)
    }
    frame.pointee.builder.endFrame(frame)
  }

  private static func checkType(_ request: Request, stored: Any.Type) {
    if stored != request.valueType {
      OnceFailure.typeClash(
        key: request.label, ownerType: request.ownerType, storedType: stored,
        requestedType: request.valueType)
    }
  }
}
